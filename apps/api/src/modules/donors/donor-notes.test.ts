import { type DonorNote, MSG } from '@dm/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donorNotes, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * Notes on another agency's donor (search spec section 6: donor notes are for every non-client,
 * non-donor user who can open the donor): each center's staff read and write their own center's
 * notes on any donor they may open, never another center's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const M = 'manager133@demo.test';
const get = (url: string, as?: string) => t.request({ method: 'GET', url: `/api/${url}`, as });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, as?: string) =>
  t.request({ method, url: `/api/${url}`, payload: payload as Record<string, unknown>, as });

async function donorOfCenter(centerId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(and(eq(donors.centerId, centerId), like(users.username, '%@synthetic.test')))
    .orderBy(donors.userId)
    .limit(1);
  return row!.id;
}

/** Center 133 sees center 1's donors (not center 85's). */
let shared: number;
let unseen: number;
beforeAll(async () => {
  shared = await donorOfCenter(1);
  unseen = await donorOfCenter(85);
});

describe("notes on another agency's donor", () => {
  it('401 anonymous, 403 for a client, 404 for a donor the manager may not open, 400 for a blank note', async () => {
    expect((await send('POST', 'donornotes', { donor_id: shared, note: 'x' })).statusCode).toBe(401);
    expect((await get(`getdonornotes/${shared}`)).statusCode).toBe(401);
    expect(
      (await send('POST', 'donornotes', { donor_id: shared, note: 'x' }, 'parent133@demo.test')).statusCode,
    ).toBe(403);
    expect((await get(`getdonornotes/${shared}`, 'parent133@demo.test')).statusCode).toBe(403);
    expect((await send('POST', 'donornotes', { donor_id: unseen, note: 'x' }, M)).statusCode).toBe(404);
    expect((await get(`getdonornotes/${unseen}`, M)).statusCode).toBe(404);
    for (const payload of [{ donor_id: shared, note: '  ' }, { donor_id: shared }]) {
      const res = await send('POST', 'donornotes', payload, M);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Note cannot be blank.');
    }
  });

  it("the manager keeps her center's notes on the donor; the donor's agency keeps its own", async () => {
    const theirs = await send(
      'POST',
      'donornotes',
      { donor_id: shared, note: 'Main agency note' },
      'manager@demo.test',
    );
    expect(theirs.statusCode).toBe(200);
    const added = await send('POST', 'donornotes', { donor_id: shared, note: ' Client likes her ' }, M);
    expect(added.statusCode, added.body).toBe(200);
    expect(body(added).message).toBe(MSG.NOTE_ADDED);
    const mine = body<DonorNote>(added).data;
    expect(mine.note).toBe('Client likes her');
    const [row] = await t.db.select().from(donorNotes).where(eq(donorNotes.id, mine.noteId));
    expect(row!.centerId).toBe(133);

    // Each center reads its own notes, in the list and on the donor page.
    const list = body<DonorNote[]>(await get(`getdonornotes/${shared}`, M)).data;
    expect(list.map((n) => n.note)).toEqual(['Client likes her']);
    const page = body<{ notes: DonorNote[] | null; adminNotes: string | null }>(
      await get(`getdonordetails/${shared}`, M),
    ).data;
    expect(page.notes?.map((n) => n.note)).toEqual(['Client likes her']);
    const own = body<DonorNote[]>(await get(`getdonornotes/${shared}`, 'admin@demo.test')).data;
    expect(own.map((n) => n.note)).toContain('Main agency note');
    expect(own.map((n) => n.note)).not.toContain('Client likes her');

    // The reads and the write are audited on the donor, without the note's text.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'donor'), eq(auditLog.entityId, String(shared))));
    expect(audits.some((a) => a.action === 'donor.note.add' && a.actorUserId !== null)).toBe(true);
    expect(JSON.stringify(audits)).not.toContain('Client likes her');

    // The profile's admin notes stay with the donor's agency.
    expect(
      (await send('PUT', 'savenotes', { donorid: shared, notes: 'x' }, 'admin133@demo.test')).statusCode,
    ).toBe(403);
    // The donor's agency cannot remove another center's note (unknown to it); its author can.
    expect((await send('DELETE', `donornotes/${mine.noteId}`, undefined, 'admin@demo.test')).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `donornotes/${mine.noteId}`, undefined, M)).statusCode).toBe(200);
  });
});
