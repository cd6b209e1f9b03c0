import { AUDIT_MSG, type AuditPage, MSG, ROLE } from '@dm/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const MASTER = 'master@demo.test';
const ADMIN = 'admin@demo.test';
const ADMIN85 = 'admin85@demo.test';
const MANAGER = 'manager@demo.test';
const CALLER_IP = '203.0.113.7';

let donorA: { userId: number; displayId: string | null };
let donor85: { userId: number; displayId: string | null };
const today = () => t.clock.now().toISOString().slice(0, 10);

const list = (query: string, as: string | null = ADMIN) =>
  t.request({ method: 'GET', url: `/api/auditlog${query}`, as });
const page = async (query: string, as: string | null = ADMIN) => {
  const res = await list(query, as);
  expect(res.statusCode, res.body).toBe(200);
  return body<AuditPage>(res).data;
};

async function donorOf(centerId: number) {
  const [row] = await t.db
    .select({ userId: donors.userId, displayId: donors.displayId })
    .from(donors)
    .where(eq(donors.centerId, centerId))
    .orderBy(asc(donors.userId))
    .limit(1);
  return row!;
}

beforeAll(async () => {
  t = await startTestApp();
  const [demoDonor] = await t.db
    .select({ userId: donors.userId, displayId: donors.displayId, centerId: donors.centerId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(eq(users.username, 'donor@demo.test'));
  expect(demoDonor!.centerId).toBe(1);
  donorA = demoDonor!;
  donor85 = await donorOf(85);
  // A case manager of center 1 opens the donor's details from her address.
  const read = await t.request({
    method: 'GET',
    url: `/api/getdonordetails/${donorA.userId}`,
    as: MANAGER,
    remoteAddress: CALLER_IP,
  });
  expect(read.statusCode, read.body).toBe(200);
  const read85 = await t.request({
    method: 'GET',
    url: `/api/getdonordetails/${donor85.userId}`,
    as: 'manager85@demo.test',
    remoteAddress: '198.51.100.85',
  });
  expect(read85.statusCode, read85.body).toBe(200);
});
afterAll(() => t.close());

describe("a staff read of a donor's details", () => {
  it("writes an audit row with the caller's address", async () => {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'donor.read'), eq(auditLog.entityId, String(donorA.userId))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: 'donor', ip: CALLER_IP, centerId: 1 });
  });
});

describe('GET /api/auditlog', () => {
  it('401 without a session', async () => {
    const res = await list('', null);
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it('403 for a case manager, an intended parent and a donor', async () => {
    for (const who of [MANAGER, 'parent@demo.test', 'donor@demo.test']) {
      const res = await list('', who);
      expect(res.statusCode, who).toBe(403);
      expect(body(res).message).toBe(MSG.UNAUTHORIZED);
    }
  });

  it("404 for another center's donor or another center", async () => {
    expect((await list(`?donor=${donor85.userId}`)).statusCode).toBe(404);
    expect((await list(`?donor=${donor85.displayId}`)).statusCode).toBe(404);
    expect((await list('?center=85')).statusCode).toBe(404);
    expect((await list('?center=999999', MASTER)).statusCode).toBe(404);
  });

  it('400 for bad dates, naming the problem', async () => {
    const bad = await list('?from=2026-13-45');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain(AUDIT_MSG.FROM_INVALID);
    const reversed = await list('?from=2026-05-02&to=2026-05-01');
    expect(reversed.statusCode).toBe(400);
    expect(body(reversed).message).toContain(AUDIT_MSG.DATE_RANGE);
    const badPage = await list('?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(body(badPage).message).toContain(AUDIT_MSG.PAGE_INVALID);
  });

  it("an agency admin sees who read her center's donor, with name, role, action and address", async () => {
    const data = await page(`?donor=${donorA.displayId}`);
    const entry = data.rows.find((r) => r.action === 'donor.read');
    expect(entry).toMatchObject({
      ip: CALLER_IP,
      user: { role: ROLE.MANAGER, name: expect.stringMatching(/\S/) },
      donor: { id: donorA.userId, displayId: donorA.displayId, centerId: 1 },
    });
    expect(data.rows.every((r) => r.donor.id === donorA.userId)).toBe(true);
    // By user id too, and only her own center's donors without a donor filter.
    expect((await page(`?donor=${donorA.userId}`)).total).toBe(data.total);
    const all = await page('');
    expect(all.rows.length).toBeGreaterThan(0);
    expect(all.rows.every((r) => r.donor.centerId === 1)).toBe(true);
    const of85 = await page('', ADMIN85);
    expect(of85.rows.some((r) => r.donor.id === donor85.userId && r.ip === '198.51.100.85')).toBe(true);
    expect(of85.rows.every((r) => r.donor.centerId === 85)).toBe(true);
  });

  it('filters by user and by days', async () => {
    const [manager] = await t.db.select().from(users).where(eq(users.username, MANAGER));
    const byName = await page(`?donor=${donorA.userId}&user=${encodeURIComponent(manager!.lastName ?? '')}`);
    expect(byName.rows.length).toBeGreaterThan(0);
    expect(byName.rows.every((r) => r.user?.id === manager!.id)).toBe(true);
    expect((await page(`?donor=${donorA.userId}&user=nobody-like-this`)).total).toBe(0);
    expect((await page(`?donor=${donorA.userId}&from=${today()}&to=${today()}`)).total).toBe(
      (await page(`?donor=${donorA.userId}`)).total,
    );
    expect((await page(`?donor=${donorA.userId}&to=2020-01-01`)).total).toBe(0);
    expect((await page(`?donor=${donorA.userId}&from=2999-01-01`)).total).toBe(0);
  });

  it('the master admin sees every center, or one', async () => {
    const all = await page('', MASTER);
    const centers = new Set(all.rows.map((r) => r.donor.centerId));
    expect(centers.has(85)).toBe(true);
    const only85 = await page('?center=85', MASTER);
    expect(only85.rows.every((r) => r.donor.centerId === 85)).toBe(true);
    expect((await page(`?donor=${donorA.displayId}`, MASTER)).rows[0]?.donor.id).toBe(donorA.userId);
  });

  it('pages 25 at a time, newest first', async () => {
    const first = await page('', MASTER);
    expect(first.pageSize).toBe(25);
    const times = first.rows.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const beyond = await page(`?page=${Math.ceil(first.total / 25) + 1}`, MASTER);
    expect(beyond.rows).toHaveLength(0);
    expect(beyond.total).toBe(first.total);
  });
});
