import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One CSV cell: quoted when it holds a comma, quote or line break; formula starts are neutralised. */
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
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): FastifyReply {
  async function* lines() {
    yield csvLine(header);
    for await (const batch of batches) yield batch.map(csvLine).join('');
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
