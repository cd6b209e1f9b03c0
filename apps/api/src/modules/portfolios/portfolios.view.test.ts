import { MSG } from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donors } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { M, P, portfolioFixtures } from '../../test/portfolio-fixtures.js';
import { clampQueue } from './portfolios.view.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { call, visibleTo, demoPortfolio, portfolioFor } = portfolioFixtures(() => t);

let parentDonors: number[];
beforeAll(async () => {
  parentDonors = await visibleTo(P, 1, 12);
});

describe('reading a portfolio', () => {
  it('the demo portfolio is the parent landing portfolio with three donors', async () => {
    const id = await demoPortfolio();
    const res = await call('GET', `/api/getshortlistdonors/${id}/preview/order`, undefined, P);
    expect(res.statusCode).toBe(200);
    const detail = body<{ donors: unknown[]; canGiveFeedback: boolean }>(res).data;
    expect(detail.donors).toHaveLength(3);
    expect(detail.canGiveFeedback).toBe(false);
    const me = body<{ shortlistId: number }>(await call('GET', '/api/me', undefined, P)).data;
    expect(me.shortlistId).toBe(id);
    const first = await call('POST', '/api/checkportfoliofirstview', { portfolioId: id }, P);
    expect(body<{ firstView: boolean }>(first).data.firstView).toBe(true);
    const second = await call('POST', '/api/checkportfoliofirstview', { portfolioId: id }, P);
    expect(body<{ firstView: boolean }>(second).data.firstView).toBe(false);
  });

  it('answers remaining queue places clamped to 0..3', async () => {
    expect([clampQueue(0), clampQueue(2), clampQueue(5), clampQueue(-1)]).toEqual([3, 1, 0, 3]);
    await t.db.update(donors).set({ queueCount: 2 }).where(eq(donors.userId, parentDonors[0]!));
    const res = await call('POST', '/api/getdonorremainingqueuecount', { donors: [parentDonors[0]] }, P);
    expect(body<{ remainingQueue: number }[]>(res).data[0]!.remainingQueue).toBe(1);
    const bad = await call('POST', '/api/getdonorremainingqueuecount', { donors: 'x' }, P);
    expect(bad.statusCode).toBe(400);
  });
});

describe('download', () => {
  it('downloads an .xlsx with the donors in the asked order and first names as allowed', async () => {
    const [a, b, c] = parentDonors;
    const id = await portfolioFor(null, [a!, b!, c!]);
    const res = await call(
      'POST',
      '/api/downloadportfolio',
      { id, sort: 'order', order: 'desc', isFirstNameVisible: false },
      M,
    );
    expect(res.statusCode).toBe(200);
    const file = body<{ fileName: string; data: string }>(res).data;
    expect(file.fileName).toBe('Fixture.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.data, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Portfolio')!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header).not.toContain('First name');
    const displayIds = await t.db
      .select({ id: donors.userId, displayId: donors.displayId, agencyDisplayId: donors.agencyDisplayId })
      .from(donors)
      .where(sql`${donors.userId} in (${a}, ${b}, ${c})`);
    // The one id a donor is shown by: the agency's when set, else the system display id.
    const label = (id: number) => {
      const d = displayIds.find((row) => row.id === id)!;
      return d.agencyDisplayId ?? d.displayId;
    };
    const column = header.indexOf('Donor ID');
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(column).value)).toEqual([
      label(c!),
      label(b!),
      label(a!),
    ]);
    expect(sheet.rowCount).toBe(4);

    const empty = await portfolioFor(null, []);
    const none = await call('POST', '/api/downloadportfolio', { id: empty }, M);
    expect(body(none)).toMatchObject({ message: MSG.NO_DONORS_TO_DOWNLOAD, data: null });
    const cross = await call('POST', '/api/downloadportfolio', { id }, 'manager85@demo.test');
    expect(cross.statusCode).toBe(404);
    const bad = await call('POST', '/api/downloadportfolio', { id, sort: 'zodiac' }, M);
    expect(bad.statusCode).toBe(400);
  });
});
