import { type ClientOption, type IpCacheTime, ROLE, type UserContactDetails } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userById, userMaker } from '../../test/user-fixtures.js';

/** getclientslist, getusercontactdetails, the intended-parent list refresh, the parent type filter. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const userRow = userById(() => t);

const makeUser = userMaker(() => t, {
  prefix: 'tool',
  status: 'Invited',
  lastName: 'Person',
  contactNo: '5551234567',
});

describe('POST /api/getclientslist', () => {
  const url = '/api/getclientslist';
  it('answers 401, 403 and 400', async () => {
    expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(url, {}, 'donor@demo.test')).statusCode).toBe(403);
    const bad = await post(url, { search: 'x'.repeat(201) }, 'manager@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Search must be at most 200 characters.');
  });
  it("lists the caller's center's intended parents only, searchable", async () => {
    const list = body<ClientOption[]>(await post(url, {}, 'admin@demo.test')).data;
    expect(list.map((c) => c.username)).toContain('parent@demo.test');
    expect(list.map((c) => c.username)).not.toContain('parent85@demo.test');
    expect(list.map((c) => c.username)).not.toContain('manager@demo.test');
    const other = body<ClientOption[]>(await post(url, {}, 'admin85@demo.test')).data;
    expect(other.map((c) => c.username)).toContain('parent85@demo.test');
    expect(other.some((c) => list.some((l) => l.userId === c.userId))).toBe(false);
    const found = body<ClientOption[]>(await post(url, { search: 'parent@demo' }, 'manager@demo.test')).data;
    expect(found.map((c) => c.username)).toEqual(['parent@demo.test']);
  });
});

describe('GET /api/getusercontactdetails/:id', () => {
  it('answers 401, 403, 400 and 404', async () => {
    const user = await makeUser({ role: ROLE.CLIENT, status: 'Active' });
    expect((await get(`/api/getusercontactdetails/${user}`)).statusCode).toBe(401);
    expect((await get(`/api/getusercontactdetails/${user}`, 'parent@demo.test')).statusCode).toBe(403);
    const bad = await get('/api/getusercontactdetails/abc', 'admin@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('User is invalid.');
    expect((await get(`/api/getusercontactdetails/${user}`, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await get('/api/getusercontactdetails/999999', 'admin@demo.test')).statusCode).toBe(404);
  });
  it("answers the contact details; a donor's read is audited", async () => {
    const donor = await makeUser({ role: ROLE.DONOR });
    await t.db.insert(donors).values({ userId: donor, centerId: 1 });
    const res = await get(`/api/getusercontactdetails/${donor}`, 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    const details = body<UserContactDetails>(res).data;
    expect(details).toMatchObject({
      userId: donor,
      role: ROLE.DONOR,
      email: (await userRow(donor)).username,
      contactNo: '5551234567',
    });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'donor.contact.read'), eq(auditLog.entityId, String(donor))));
    expect(logged).toHaveLength(1);
  });
});

describe('intended-parent list refresh', () => {
  it('answers 401 and 403', async () => {
    expect((await post('/api/saveintendedparentscache', {})).statusCode).toBe(401);
    expect((await post('/api/saveintendedparentscache', {}, 'manager@demo.test')).statusCode).toBe(403);
    expect((await get('/api/getlastcacheupdatedtime')).statusCode).toBe(401);
    expect((await get('/api/getlastcacheupdatedtime', 'parent@demo.test')).statusCode).toBe(403);
  });
  it("records a refresh per center and answers the last one's time", async () => {
    const before = body<IpCacheTime>(await get('/api/getlastcacheupdatedtime', 'admin85@demo.test')).data;
    expect(before.updatedAt).toBeNull();
    const saved = body<IpCacheTime>(
      await post('/api/saveintendedparentscache', {}, 'admin85@demo.test'),
    ).data;
    expect(saved.updatedAt).not.toBeNull();
    const after = body<IpCacheTime>(await get('/api/getlastcacheupdatedtime', 'admin85@demo.test')).data;
    expect(after.updatedAt).toBe(saved.updatedAt);
    // Another center's refresh is its own.
    const other = body<IpCacheTime>(await get('/api/getlastcacheupdatedtime', 'admin@demo.test')).data;
    expect(other.updatedAt).toBeNull();
  });
});

describe('the primary/secondary intended parent filter', () => {
  it("is the circle center's (session flag parentTypeFilter) and filters the grid", async () => {
    const circle = await t.request({ method: 'GET', url: '/api/me', as: 'admin46@demo.test' });
    expect(body<{ center: { parentTypeFilter: boolean } }>(circle).data.center.parentTypeFilter).toBe(true);
    const main = await t.request({ method: 'GET', url: '/api/me', as: 'admin@demo.test' });
    expect(body<{ center: { parentTypeFilter: boolean } }>(main).data.center.parentTypeFilter).toBe(false);
    const primary = await makeUser({ role: ROLE.CLIENT, centerId: 46, status: 'Active' });
    const [second] = await t.db
      .insert(users)
      .values({
        username: 'second46@users.test',
        role: ROLE.CLIENT,
        status: 'Active',
        centerId: 46,
        parentId: primary,
      })
      .returning({ id: users.id });
    const secondary = await post(
      '/api/getallintendedparents',
      { parent_type: 'secondary' },
      'admin46@demo.test',
    );
    expect(secondary.statusCode).toBe(200);
    const rows = body<{ rows: { userId: number; parentId: number | null }[] }>(secondary).data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.parentId !== null)).toBe(true);
    expect(rows.map((r) => r.userId)).toContain(second!.id);
    const primaries = body<{ rows: { userId: number }[] }>(
      await post('/api/getallintendedparents', { parent_type: 'primary' }, 'admin46@demo.test'),
    ).data.rows;
    expect(primaries.map((r) => r.userId)).not.toContain(second!.id);
  });
});
