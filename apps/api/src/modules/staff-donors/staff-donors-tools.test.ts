import { type DonorIdMatch, type DonorMessage, MSG } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donorStatusMessages, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

/** searchdonorbyid and getusermessages/{donorId} (/donormessages). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });

async function donorOf(centerId: number, skip = 0) {
  const [row] = await t.db
    .select({ id: donors.userId, displayId: donors.displayId, agencyDisplayId: donors.agencyDisplayId })
    .from(donors)
    .where(eq(donors.centerId, centerId))
    .orderBy(donors.userId)
    .offset(skip)
    .limit(1);
  return row!;
}

describe('GET /api/searchdonorbyid', () => {
  it('answers 401, 403, 400 and 404', async () => {
    const donor = await donorOf(1);
    const url = `/api/searchdonorbyid?id=${donor.id}`;
    expect((await get(url)).statusCode).toBe(401);
    const client = await get(url, 'parent@demo.test');
    expect(client.statusCode).toBe(403);
    expect(body(client).message).toBe(MSG.UNAUTHORIZED);
    const blank = await get('/api/searchdonorbyid?id=', 'admin@demo.test');
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe('Please enter Donor ID');
    // Another center's donor is not found.
    expect((await get(url, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await get('/api/searchdonorbyid?id=no-such-id', 'admin@demo.test')).statusCode).toBe(404);
  });

  it('finds the donor by display id (any case) and by user id', async () => {
    const donor = await donorOf(1, 1);
    await t.db.update(donors).set({ displayId: 'ZZ-4711' }).where(eq(donors.userId, donor.id));
    const byDisplay = await get('/api/searchdonorbyid?id=zz-4711', 'manager@demo.test');
    expect(byDisplay.statusCode).toBe(200);
    expect(body<DonorIdMatch>(byDisplay).data).toMatchObject({ userId: donor.id, donorId: 'ZZ-4711' });
    const byUser = body<DonorIdMatch>(
      await get(`/api/searchdonorbyid?id=${donor.id}`, 'admin@demo.test'),
    ).data;
    expect(byUser.userId).toBe(donor.id);
    expect(byUser.name.length).toBeGreaterThan(0);
  });
});

describe('GET /api/getusermessages/:id', () => {
  it('answers 401, 403, 400 and 404', async () => {
    const donor = await donorOf(1);
    expect((await get(`/api/getusermessages/${donor.id}`)).statusCode).toBe(401);
    // Case managers do not have the donor messages page.
    expect((await get(`/api/getusermessages/${donor.id}`, 'manager@demo.test')).statusCode).toBe(403);
    expect((await get('/api/getusermessages/abc', 'admin@demo.test')).statusCode).toBe(400);
    expect((await get(`/api/getusermessages/${donor.id}`, 'admin85@demo.test')).statusCode).toBe(404);
  });

  it("lists the donor's status messages, newest first, with the sender; the read is audited", async () => {
    const donor = await donorOf(1, 2);
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin@demo.test'));
    await t.db.insert(donorStatusMessages).values([
      {
        donorId: donor.id,
        status: 'Unavailable',
        message: 'Taking a break',
        sentBy: admin!.id,
        createdAt: new Date('2030-01-01T00:00:00Z'),
      },
      {
        donorId: donor.id,
        status: 'Available',
        message: 'Welcome back',
        sentBy: null,
        createdAt: new Date('2030-02-01T00:00:00Z'),
      },
    ]);
    const res = await get(`/api/getusermessages/${donor.id}`, 'admin@demo.test');
    expect(res.statusCode).toBe(200);
    const list = body<DonorMessage[]>(res).data;
    expect(list.map((m) => m.message)).toEqual(['Welcome back', 'Taking a break']);
    expect(list[1]!.sentBy).toBe(`${admin!.firstName} ${admin!.lastName}`.trim());
    expect(list[0]!.sentBy).toBeNull();
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'donor.messages.read'), eq(auditLog.entityId, String(donor.id))));
    expect(logged).toHaveLength(1);
    // Another donor's list is empty, not this one's.
    const other = await donorOf(1, 3);
    expect(
      body<DonorMessage[]>(await get(`/api/getusermessages/${other.id}`, 'admin@demo.test')).data,
    ).toEqual([]);
  });
});
