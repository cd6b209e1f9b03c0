import { Readable } from 'node:stream';
import { MSG } from '@dm/shared';
import type { FastifyReply } from 'fastify';
import { ok } from './envelope.js';

/** CSV in and out (RFC 4180). One CSV cell: quoted when it holds a comma, quote or line break; formula starts are neutralised. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

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
  async function* lines() {
    yield csvLine(header);
    yield firstBatch.map(csvLine).join('');
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value.map(csvLine).join('');
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}

/** Parses CSV text into rows of cells; a byte-order mark and a last empty line are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}
