import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseCsv, sendCsv } from './csv.js';

async function download(header: string[], batches: unknown[][][]) {
  const app = Fastify();
  app.get('/csv', (_request, reply) =>
    sendCsv(
      reply,
      'export list.csv',
      header,
      (async function* () {
        yield* batches;
      })(),
    ),
  );
  const res = await app.inject({ method: 'GET', url: '/csv' });
  await app.close();
  return res;
}

describe('sendCsv', () => {
  it('writes RFC 4180 lines: CRLF, quotes where needed, ISO dates, empty null cells', async () => {
    const res = await download(
      ['Name', 'Note', 'When'],
      [
        [['Ann', 'a, "quoted" word', new Date('2026-01-02T03:04:05.000Z')]],
        [],
        [
          ['Bea', 'two\nlines', null],
          ['Cat', 'cr\ralone', undefined],
        ],
      ],
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="export_list.csv"');
    expect(res.body).toBe(
      'Name,Note,When\r\nAnn,"a, ""quoted"" word",2026-01-02T03:04:05.000Z\r\nBea,"two\nlines",\r\nCat,"cr\ralone",\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as a formula (CSV injection)', async () => {
    const res = await download(
      ['x'],
      [[['=1+1'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tx'], ['\ry'], ['a=b'], [-3]]],
    );
    expect(res.body).toBe(`x\r\n'=1+1\r\n'+1\r\n'-2\r\n'@SUM(A1)\r\n'\tx\r\n"'\ry"\r\na=b\r\n'-3\r\n`);
  });

  it('answers the nothing-to-download envelope when there is no row', async () => {
    const res = await download(['x'], [[], []]);
    expect(res.json()).toMatchObject({ status: 'success', data: null });
  });
});

describe('parseCsv', () => {
  it('reads quoted cells, any line end, a byte-order mark, and drops empty lines', () => {
    expect(parseCsv('\ufeffa,b\r\nc,"d,e"\n\n"f ""g""","two\nlines"\rh\n""\n')).toEqual([
      ['a', 'b'],
      ['c', 'd,e'],
      ['f "g"', 'two\nlines'],
      ['h'],
    ]);
  });

  it('keeps a quote inside an unquoted cell and rows of any length', () => {
    expect(parseCsv('a,b"c\nd\n,\n')).toEqual([['a', 'b"c'], ['d'], ['', '']]);
  });

  it('throws, naming the line, for a quoted cell that is never closed', () => {
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(expect.objectContaining({ lines: 2 }));
  });
});
