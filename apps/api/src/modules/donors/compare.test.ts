import { MSG } from '@dm/shared';
import { and, eq, inArray, like, not, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donors, users } from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorVisibility } from '../donor-access/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const compare = (ids: (number | string)[], as?: string) => get(`/api/comparedonors?ids=${ids.join(',')}`, as);

/** Synthetic donors of a center that this user may see (or, `visible` false, may not see). */
async function donorsFor(username: string, centerId: number | null, limit: number, visible = true) {
  const auth = await resolveSession(t.db, t.clock, await t.tokenFor(username));
  const rule = await donorVisibility(t.db, auth);
  const rows = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(
      and(
        centerId === null ? undefined : eq(donors.centerId, centerId),
        like(users.username, '%@synthetic.test'),
        visible ? rule : not(rule),
      ),
    )
    .orderBy(donors.userId)
    .limit(limit);
  return rows.map((r) => r.id);
}

async function compareReads(username: string, donorIds: number[]): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.action, 'donor.read'),
        eq(users.username, username),
        inArray(
          auditLog.entityId,
          donorIds.map((id) => String(id)),
        ),
        sql`${auditLog.details}->>'section' = 'compare'`,
      ),
    );
  return row!.n;
}

type Compared = { donorId: number; firstName: string | null; centerId: number };

describe('GET /api/comparedonors: who may', () => {
  it('answers 401 anonymous and 403 to roles the page table keeps out', async () => {
    const [donor] = await donorsFor('manager@demo.test', 1, 1);
    expect((await compare([donor!])).statusCode).toBe(401);
    // A client of a center without comparison, the donor and the master admin (no donor pages).
    for (const username of ['parent@demo.test', 'donor@demo.test', 'master@demo.test']) {
      const res = await compare([donor!], username);
      expect(res.statusCode, username).toBe(403);
      expect(body(res).message).toBe(MSG.UNAUTHORIZED);
    }
  });

  it('is open to clients of centers with comparison; up to 3 donors', async () => {
    await t.db.update(users).set({ status: 'Active' }).where(eq(users.username, 'parent111@demo.test'));
    const ids = await donorsFor('parent111@demo.test', 111, 4);
    const tooMany = await compare(ids, 'parent111@demo.test');
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).message).toBe(MSG.COMPARE_LIMIT);
    const empty = await get('/api/comparedonors?ids=', 'parent111@demo.test');
    expect(body(empty).message).toBe(MSG.COMPARE_MINIMUM);
    expect((await compare([1, 'x'], 'parent111@demo.test')).statusCode).toBe(400);
    const res = await compare(ids.slice(0, 3), 'parent111@demo.test');
    expect(res.statusCode).toBe(200);
    const list = body<Compared[]>(res).data;
    expect(list.map((d) => d.donorId)).toEqual(ids.slice(0, 3));
    expect(list.every((d) => d.firstName === null)).toBe(true);
    const [archived] = await t.db.select({ id: users.id }).from(users).where(inArray(users.id, ids)).limit(1);
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.id, archived!.id));
    expect((await compare(ids.slice(0, 3), 'parent111@demo.test')).statusCode).toBe(404);
  });
});

describe('GET /api/comparedonors: agency staff', () => {
  for (const username of ['manager@demo.test', 'admin@demo.test']) {
    it(`${username} compares donors of the own center (first names shown), audited`, async () => {
      const ids = await donorsFor(username, 1, 2);
      const before = await compareReads(username, ids);
      const res = await compare(ids, username);
      expect(res.statusCode, res.body).toBe(200);
      const list = body<Compared[]>(res).data;
      expect(list.map((d) => d.donorId)).toEqual(ids);
      expect(list.every((d) => d.centerId === 1 && d.firstName !== null)).toBe(true);
      expect(await compareReads(username, ids)).toBe(before + 2);
    });

    it(`${username}: a donor the staff member may not see is 404, as if it did not exist`, async () => {
      const [own] = await donorsFor(username, 1, 1);
      const [unseen] = await donorsFor(username, null, 1, false);
      expect(unseen).toBeDefined();
      const res = await compare([own!, unseen!], username);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(String(unseen));
    });

    it(`${username}: bad ids answer 400 with the message, more than 3 the limit`, async () => {
      const bad = await get('/api/comparedonors?ids=1,x', username);
      expect(bad.statusCode).toBe(400);
      expect(body(bad).message).toBe('Donor id is invalid.');
      const empty = await get('/api/comparedonors?ids=', username);
      expect(empty.statusCode).toBe(400);
      expect(body(empty).message).toBe(MSG.COMPARE_MINIMUM);
      const four = await donorsFor(username, 1, 4);
      const tooMany = await compare(four, username);
      expect(tooMany.statusCode).toBe(400);
      expect(body(tooMany).message).toBe(MSG.COMPARE_LIMIT);
    });
  }
});
