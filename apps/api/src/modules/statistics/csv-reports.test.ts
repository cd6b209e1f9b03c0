import { MSG } from '@dm/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donors, matches, users } from '../../db/schema/index.js';
import { parseCsv } from '../../platform/csv.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/**
 * Every CSV report of the spec (section 7) streams only the caller's center's data: each row's
 * first column is an id, and the database says which center that id belongs to. The same
 * report asked by another center's staff shares no row with it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // A few matches across centers (the demo has none): the match reports need rows.
  const donorOf = async (centerId: number, skip: number) =>
    (
      await t.db
        .select({ id: donors.userId })
        .from(donors)
        .where(eq(donors.centerId, centerId))
        .orderBy(donors.userId)
        .offset(skip)
        .limit(1)
    )[0]!.id;
  const parentOf = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const at = new Date('2030-01-01T00:00:00Z');
  const match = async (
    donorCenterId: number,
    skip: number,
    parent: string,
    parentCenterId: number,
    status: string,
  ) => ({
    donorId: await donorOf(donorCenterId, skip),
    parentId: await parentOf(parent),
    donorCenterId,
    parentCenterId,
    status,
    requestedAt: at,
    statusChangedAt: at,
  });
  await t.db
    .insert(matches)
    .values([
      await match(1, 0, 'parent111@demo.test', 111, 'Active'),
      await match(85, 0, 'parent@demo.test', 1, 'Pending'),
      await match(1, 1, 'parent85@demo.test', 85, 'Cancel Request'),
    ]);
});
afterAll(() => t.close());

type Owner = 'user' | 'donor' | 'matchDonorCenter' | 'matchParentCenter';
interface Report {
  url: string;
  method: 'GET' | 'POST';
  payload?: Record<string, unknown>;
  /** Two staff of different centers who hold the report's page. */
  as: [string, number];
  other: [string, number];
  owner: Owner;
}

const WIDE = { startdate: '2000-01-01', lastdate: '2100-01-01' };
const REPORTS: Report[] = [
  ...['getalluserscsv', 'getalladminscsv', 'getallcasemanagerscsv', 'getallintendedparentscsv'].map(
    (url): Report => ({
      url,
      method: 'POST',
      payload: {},
      as: ['admin@demo.test', 1],
      other: ['admin85@demo.test', 85],
      owner: 'user',
    }),
  ),
  {
    url: 'getdonorbycentercsv',
    method: 'GET',
    as: ['admin@demo.test', 1],
    other: ['admin85@demo.test', 85],
    owner: 'donor',
  },
  {
    url: 'generateregisteredipcsv',
    method: 'POST',
    payload: { ...WIDE, userstatus: '' },
    as: ['admin@demo.test', 1],
    other: ['admin85@demo.test', 85],
    owner: 'user',
  },
  {
    url: 'getotheragenciesmatchrequestedipcsv',
    method: 'POST',
    payload: {
      match_status_filter: ['Active', 'Queued', 'Completed', 'Confirm', 'Pending', 'Referral Accepted'],
    },
    as: ['manager@demo.test', 1],
    other: ['manager111@demo.test', 111],
    owner: 'matchDonorCenter',
  },
  {
    url: 'getmatchrequestedipwithotheragenciescsv',
    method: 'POST',
    payload: {
      match_status_filter: ['Active', 'Queued', 'Completed', 'Confirm', 'Pending', 'Referral Accepted'],
    },
    as: ['manager111@demo.test', 111],
    other: ['manager@demo.test', 1],
    owner: 'matchParentCenter',
  },
  {
    url: 'generatedonorreportcsv',
    method: 'POST',
    payload: WIDE,
    as: ['admin@demo.test', 1],
    other: ['admin111@demo.test', 111],
    owner: 'matchDonorCenter',
  },
];

async function centersOf(owner: Owner, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  if (owner === 'user') {
    const rows = await t.db.selectDistinct({ c: users.centerId }).from(users).where(inArray(users.id, ids));
    return rows.map((r) => r.c);
  }
  if (owner === 'donor') {
    const rows = await t.db
      .selectDistinct({ c: donors.centerId })
      .from(donors)
      .where(inArray(donors.userId, ids));
    return rows.map((r) => r.c);
  }
  const rows = await t.db
    .selectDistinct({
      c: owner === 'matchDonorCenter' ? matches.donorCenterId : matches.parentCenterId,
    })
    .from(matches)
    .where(inArray(matches.id, ids));
  return rows.map((r) => r.c);
}

async function csvIds(r: Report, as: string): Promise<number[]> {
  const res = await t.request({ method: r.method, url: `/api/${r.url}`, payload: r.payload, as });
  expect(res.statusCode, `${r.url} as ${as}`).toBe(200);
  // An export with no row answers the envelope with the nothing-to-download message instead.
  if (String(res.headers['content-type']).includes('application/json')) {
    expect((res.json() as { message: string }).message, r.url).toBe(MSG.NOTHING_TO_DOWNLOAD);
    return [];
  }
  expect(res.headers['content-type'], r.url).toContain('text/csv');
  expect(res.headers['content-disposition'], r.url).toContain('attachment');
  return parseCsv(res.body)
    .slice(1)
    .map((row) => Number(row[0]));
}

describe("every CSV report contains only the caller's center", () => {
  for (const r of REPORTS) {
    it(r.url, async () => {
      const mine = await csvIds(r, r.as[0]);
      expect(mine.length, `${r.url} has rows`).toBeGreaterThan(0);
      expect(mine.every(Number.isInteger)).toBe(true);
      expect(await centersOf(r.owner, mine)).toEqual([r.as[1]]);
      const theirs = await csvIds(r, r.other[0]);
      expect(theirs.some((id) => mine.includes(id))).toBe(false);
      expect((await centersOf(r.owner, theirs)).every((c) => c === r.other[1])).toBe(true);
    });
  }
});
