import { Readable } from 'node:stream';
import { MSG } from '@dm/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { ok } from './envelope.js';

/**
 * CSV in and out (RFC 4180) through csv-stringify and csv-parse. One cell as text: dates in ISO
 * form, and a cell starting with = + - @ tab or CR gets a leading ' so a spreadsheet never runs it
 * as a formula (CSV injection). csv-stringify quotes it when it holds a comma, quote or line break.
 */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** CRLF line ends; a lone CR or LF in a cell is quoted too (csv-stringify quotes only the delimiter's). */
const STRINGIFY_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/**
 * Streams a CSV download: the header line, then each batch of rows as it is read, so memory
 * stays flat however many rows there are. `batches` yields arrays of already-mapped rows.
 * With no row at all there is nothing to download: the answer is the usual envelope with
 * MSG.NOTHING_TO_DOWNLOAD, which the web app shows as a warning (error catalogue).
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): Promise<FastifyReply> {
  // Reads up to the first non-empty batch before anything is sent, so an empty export can still
  // answer JSON; the rest streams as before.
  const iterator = batches[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) return reply.send(ok(null, MSG.NOTHING_TO_DOWNLOAD));
  const firstBatch = first.value;
  // One chunk per batch of rows, as read.
  const lines = (rows: readonly (readonly unknown[])[]) =>
    stringify(
      rows.map((row) => row.map(cellText)),
      STRINGIFY_OPTIONS,
    );
  async function* chunks() {
    yield lines([header, ...firstBatch]);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield lines(next.value);
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks()));
}

/**
 * Parses CSV text into rows of cells, as leniently as the files agencies export allow: a
 * byte-order mark and empty lines are dropped, rows may differ in length, a quote inside an
 * unquoted cell is kept, and CRLF, LF and CR all end a line. Throws a CsvError (with the line)
 * only for text that is not CSV at all, such as a quoted cell that is never closed.
 */
export function parseCsv(text: string): string[][] {
  const rows = parse(text, {
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
  // A line holding only "" is as empty as an empty line.
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}
