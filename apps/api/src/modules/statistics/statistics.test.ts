import {
  type AgencyCountTable,
  type CaseManagerRow,
  type CountList,
  DONOR_AVAILABILITY,
  type MonthlyCounts,
  PORTFOLIO_STATUSES,
  ROLE,
} from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, donors, portfolios, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const ADMIN = 'admin@demo.test';
const MASTER = 'master@demo.test';
const OTHER_CENTER = 85;

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsAgo = (n: number, day = 10) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, 12));
};
/** The 12 month keys ending with this month, oldest first, computed without SQL. */
const lastTwelve = () => Array.from({ length: 12 }, (_, i) => monthKey(monthsAgo(11 - i)));

beforeAll(async () => {
  t = await startTestApp();
  // Users and portfolios spread over the window (and before it), in center 1 and center 85.
  const stamp = (n: number) => monthsAgo(n);
  const made = await t.db
    .insert(users)
    .values([
      {
        centerId: 1,
        role: ROLE.MANAGER,
        status: 'Active',
        username: 'cm-old@stats.test',
        createdAt: stamp(20),
      },
      {
        centerId: 1,
        role: ROLE.MANAGER,
        status: 'Invited',
        username: 'cm-new@stats.test',
        createdAt: stamp(3),
      },
      {
        centerId: 1,
        role: ROLE.CLIENT,
        status: 'Pre-Active',
        username: 'ip-a@stats.test',
        createdAt: stamp(5),
      },
      {
        centerId: 1,
        role: ROLE.CLIENT,
        status: 'Archived',
        username: 'ip-b@stats.test',
        createdAt: stamp(5),
      },
      { centerId: 1, role: ROLE.ADMIN, status: 'Active', username: 'ad@stats.test', createdAt: stamp(11) },
      {
        centerId: 85,
        role: ROLE.CLIENT,
        status: 'Active',
        username: 'ip-85@stats.test',
        createdAt: stamp(2),
      },
    ])
    .returning({ id: users.id, username: users.username });
  const cmNew = made.find((u) => u.username === 'cm-new@stats.test')!.id;
  const ipA = made.find((u) => u.username === 'ip-a@stats.test')!.id;
  await t.db.update(users).set({ managerId: cmNew }).where(eq(users.id, ipA));
  await t.db.insert(portfolios).values([
    { centerId: 1, name: 'P old', status: 'Active', managerId: cmNew, clientId: ipA, createdAt: stamp(14) },
    { centerId: 1, name: 'P one', status: 'Follow-up', createdAt: stamp(4) },
    { centerId: 1, name: 'P two', status: 'Upcoming', createdAt: monthsAgo(0, 1) },
    { centerId: 1, name: 'P three', status: 'Active', managerId: cmNew, createdAt: stamp(1) },
    { centerId: 85, name: 'P other', status: 'Archived', createdAt: stamp(1) },
  ]);
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown> = {}, as: string | null = ADMIN) =>
  t.request({ method: 'POST', url, payload, as });

const ROUTES = [
  { url: '/api/usercountbymonth', payload: {} },
  { url: '/api/portfolioCountByMonth', payload: {} },
  { url: '/api/getcasemanagersdetails', payload: {} },
  { url: '/api/donoravailabilitycount', payload: {} },
  { url: '/api/countuserbyagency', payload: { user_type: 9 } },
  { url: '/api/portfolioscount', payload: {} },
  { url: '/api/donorstypescount', payload: {} },
  { url: '/api/usercountbeforecurrentyear', payload: {} },
  { url: '/api/portfoliocountbeforecurrentyear', payload: {} },
] as const;

/** Expected monthly series computed from the rows themselves. */
function expectedMonthly(rows: { key: string; createdAt: Date }[], key: string) {
  const months = lastTwelve();
  const added = months.map((m) => rows.filter((r) => r.key === key && monthKey(r.createdAt) === m).length);
  const end = (m: string) => rows.filter((r) => r.key === key && monthKey(r.createdAt) <= m).length;
  return { added, cumulative: months.map(end) };
}

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    for (const r of ROUTES) expect((await post(r.url, r.payload, null)).statusCode, r.url).toBe(401);
  });

  it('answers 403 to roles without the statistics page', async () => {
    for (const as of ['manager@demo.test', 'parent@demo.test', 'donor@demo.test']) {
      for (const r of ROUTES)
        expect((await post(r.url, r.payload, as)).statusCode, `${as} ${r.url}`).toBe(403);
    }
  });

  it('answers 404 when an admin names another center, or the master an unknown one', async () => {
    for (const r of ROUTES) {
      expect((await post(r.url, { ...r.payload, center_id: OTHER_CENTER })).statusCode, r.url).toBe(404);
      expect((await post(r.url, { ...r.payload, center_id: 99999 }, MASTER)).statusCode, r.url).toBe(404);
      expect((await post(r.url, { ...r.payload, center_id: 1 })).statusCode, r.url).toBe(200);
    }
  });

  it('answers 400 with the message for bad input', async () => {
    for (const r of ROUTES) {
      const res = await post(r.url, { ...r.payload, center_id: 'abc' });
      expect(res.statusCode, r.url).toBe(400);
      expect(body(res).message, r.url).toContain('Center id is invalid.');
    }
    const type = await post('/api/countuserbyagency', { user_type: 5 }, MASTER);
    expect(type.statusCode).toBe(400);
    expect(body(type).message).toContain('User type must be one of 6, 7, 9, 2.');
    const sort = await post('/api/getcasemanagersdetails', { sort: 'password' });
    expect(sort.statusCode).toBe(400);
    expect(body(sort).message).toContain('Sort must be one of');
  });
});

describe('dashboard', () => {
  it('counts users per type per month, cumulative over 12 months, only of the own center', async () => {
    const data = body<MonthlyCounts>(await post('/api/usercountbymonth')).data;
    expect(data.months).toEqual(lastTwelve());
    expect(data.series.map((s) => s.label)).toEqual(['Case manager', 'Admin', 'Intended parent', 'Donor']);
    const rows = (await t.db.select().from(users).where(eq(users.centerId, 1))).map((u) => ({
      key: String(u.role),
      createdAt: u.createdAt,
    }));
    for (const s of data.series) {
      expect({ key: s.key, ...expectedMonthly(rows, s.key) }).toEqual({
        key: s.key,
        added: s.added,
        cumulative: s.cumulative,
      });
    }
    const clients = data.series.find((s) => s.key === '9')!;
    expect(clients.added[6]).toBe(2); // the two intended parents of five months ago
  });

  it('lets the master count every center', async () => {
    const all = body<MonthlyCounts>(await post('/api/usercountbymonth', {}, MASTER)).data;
    const total = (await t.db.select().from(users)).filter((u) => u.role === ROLE.CLIENT).length;
    expect(all.series.find((s) => s.key === '9')!.cumulative[11]).toBe(total);
    const one = body<MonthlyCounts>(await post('/api/usercountbymonth', { center_id: 85 }, MASTER)).data;
    const in85 = (await t.db.select().from(users).where(eq(users.centerId, 85))).filter(
      (u) => u.role === ROLE.CLIENT,
    ).length;
    expect(one.series.find((s) => s.key === '9')!.cumulative[11]).toBe(in85);
  });

  it('counts portfolios per state per month, cumulative', async () => {
    const data = body<MonthlyCounts>(await post('/api/portfolioCountByMonth')).data;
    expect(data.series.map((s) => s.key)).toEqual(['Active', 'Archived', 'Follow-up', 'Upcoming']);
    const rows = (await t.db.select().from(portfolios).where(eq(portfolios.centerId, 1))).map((p) => ({
      key: p.status,
      createdAt: p.createdAt,
    }));
    for (const s of data.series) {
      const e = expectedMonthly(rows, s.key);
      expect(s.added, s.key).toEqual(e.added);
      expect(s.cumulative, s.key).toEqual(e.cumulative);
    }
    expect(data.series.find((s) => s.key === 'Archived')!.cumulative[11]).toBe(
      rows.filter((r) => r.key === 'Archived').length,
    );
  });

  it('lists the case managers with clients and active portfolios, sorted', async () => {
    const data = body<CaseManagerRow[]>(
      await post('/api/getcasemanagersdetails', { sort: 'activePortfolios', ord: 'desc' }),
    ).data;
    const all = await t.db.select().from(users);
    const managers = all.filter((u) => u.centerId === 1 && u.role === ROLE.MANAGER);
    expect(data.map((r) => r.userId).sort()).toEqual(managers.map((m) => m.id).sort());
    const ps = await t.db.select().from(portfolios);
    for (const row of data) {
      expect(row.clients).toBe(
        all.filter((u) => u.role === ROLE.CLIENT && u.managerId === row.userId).length,
      );
      expect(row.activePortfolios).toBe(
        ps.filter((p) => p.status === 'Active' && p.managerId === row.userId).length,
      );
    }
    const counts = data.map((r) => r.activePortfolios);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(data.find((r) => r.email === 'cm-new@stats.test')).toMatchObject({
      clients: 1,
      activePortfolios: 2,
    });
    const byName = body<CaseManagerRow[]>(await post('/api/getcasemanagersdetails', { sort: 'email' })).data;
    expect(byName.map((r) => r.email)).toEqual([...byName.map((r) => r.email)].sort());
    const found = body<CaseManagerRow[]>(
      await post('/api/getcasemanagersdetails', { search: 'CM-NEW' }),
    ).data;
    expect(found.map((r) => r.email)).toEqual(['cm-new@stats.test']);
  });

  it('counts donors per availability', async () => {
    const data = body<CountList>(await post('/api/donoravailabilitycount')).data;
    const rows = (await t.db.select().from(donors).where(eq(donors.centerId, 1))).filter((d) => !d.archived);
    expect(data.items.map((i) => i.key)).toEqual([...DONOR_AVAILABILITY]);
    for (const i of data.items)
      expect(i.count, i.key).toBe(rows.filter((d) => d.availability === i.key).length);
    expect(data.total).toBe(rows.length);
    expect(data.total).toBeGreaterThan(0);
  });
});

describe('statistics across centers', () => {
  it('counts users of one type per center and status', async () => {
    const data = body<AgencyCountTable>(await post('/api/countuserbyagency', { user_type: 9 }, MASTER)).data;
    expect(data.columns).toEqual(['Active', 'Invited', 'Archived', 'Pre-Active']);
    const all = await t.db.select().from(users);
    const cs = await t.db.select().from(centers);
    expect(data.rows.map((r) => r.centerId).sort()).toEqual(cs.map((c) => c.id).sort());
    for (const row of data.rows) {
      const expected = data.columns.map(
        (status) =>
          all.filter((u) => u.centerId === row.centerId && u.role === 9 && u.status === status).length,
      );
      expect(row.counts, row.name).toEqual(expected);
    }
    const managers = body<AgencyCountTable>(await post('/api/countuserbyagency', { user_type: 6 })).data;
    expect(managers.columns).toEqual(['Active', 'Invited', 'Archived']);
    expect(managers.rows.map((r) => r.centerId)).toEqual([1]);
  });

  it('counts portfolios and donor types per center', async () => {
    const ps = await t.db.select().from(portfolios);
    const data = body<AgencyCountTable>(await post('/api/portfolioscount', {}, MASTER)).data;
    expect(data.columns).toEqual([...PORTFOLIO_STATUSES]);
    for (const row of data.rows) {
      expect(row.counts).toEqual(
        data.columns.map((s) => ps.filter((p) => p.centerId === row.centerId && p.status === s).length),
      );
    }
    const ds = (await t.db.select().from(donors)).filter((d) => !d.archived);
    const types = body<AgencyCountTable>(await post('/api/donorstypescount', { center_id: 1 }, MASTER)).data;
    expect(types.columns).toEqual(['Fresh', 'Frozen', 'Both (Fresh and Frozen)']);
    expect(types.rows).toHaveLength(1);
    expect(types.rows[0]!.counts).toEqual(
      ['Fresh', 'Frozen', 'Both'].map((k) => ds.filter((d) => d.centerId === 1 && d.donorType === k).length),
    );
  });

  it('counts users and portfolios created before 1 January of this year', async () => {
    const year = new Date().getUTCFullYear();
    const cut = new Date(Date.UTC(year, 0, 1));
    const us = await t.db.select().from(users).where(eq(users.centerId, 1));
    const data = body<CountList>(await post('/api/usercountbeforecurrentyear')).data;
    expect(data.year).toBe(year);
    for (const i of data.items) {
      expect(i.count, i.label).toBe(us.filter((u) => String(u.role) === i.key && u.createdAt < cut).length);
    }
    // cm-old (20 months ago) is always before this year
    expect(data.items.find((i) => i.key === '6')!.count).toBeGreaterThan(0);
    const ps = await t.db.select().from(portfolios).where(eq(portfolios.centerId, 1));
    const pd = body<CountList>(await post('/api/portfoliocountbeforecurrentyear')).data;
    for (const i of pd.items) {
      expect(i.count, i.key).toBe(ps.filter((p) => p.status === i.key && p.createdAt < cut).length);
    }
    expect(pd.total).toBeGreaterThan(0);
  });
});
