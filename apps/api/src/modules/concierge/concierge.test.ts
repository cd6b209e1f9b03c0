import { type ConciergeRequest, type ConciergeState, EMAIL_TYPE, MSG, MSG_CONCIERGE, ROLE } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  centers,
  conciergeRequests,
  notifications,
  userProfiles,
  users,
} from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userMaker } from '../../test/user-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MANAGER111 = 'manager111@demo.test'; // the consumer center's default case manager
const ADMIN111 = 'admin111@demo.test';
const ADMIN85 = 'admin85@demo.test';

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url: `/api/${url}`, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url: `/api/${url}`, as });
const makeUser = userMaker(() => t, {
  prefix: 'concierge',
  status: 'Pre-Active',
  lastName: 'Concierge',
  contactNo: '5550001234',
});
/** A new client of the consumer center (111 unless named); her username. */
async function client(over: { centerId?: number; managerId?: number | null; parentId?: number } = {}) {
  await makeUser({ role: ROLE.CLIENT, centerId: 111, ...over });
  return `concierge${makeUser.count}@users.test`;
}
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

const VALID = {
  firstname: 'Avery',
  lastname: 'Concierge',
  email: 'avery@example.test',
  contactno: '5550009876',
  newsletter: true,
  voicemail: true,
  privacy_policy: true,
};

describe('concierge membership: who may call', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await get('checkconciergemembershiprequested')).statusCode).toBe(401);
    expect((await post('upgradetoconciergemembership', VALID)).statusCode).toBe(401);
    expect((await get('conciergerequests')).statusCode).toBe(401);
    expect((await post('handleconciergerequest', { id: 1 })).statusCode).toBe(401);
  });

  it('is for clients of a center with payments: staff, other centers and secondary parents are refused', async () => {
    for (const who of [ADMIN111, MANAGER111, 'master@demo.test', 'parent85@demo.test', 'donor@demo.test']) {
      expect((await get('checkconciergemembershiprequested', who)).statusCode, who).toBe(403);
      expect((await post('upgradetoconciergemembership', VALID, who)).statusCode, who).toBe(403);
    }
    // A secondary parent is sent home (the primary holds the membership).
    const primary = await idOf(await client());
    const secondary = await client({ parentId: primary });
    const refused = await post('upgradetoconciergemembership', VALID, secondary);
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ message: MSG.UNAUTHORIZED, data: { redirect: '/' } });
  });

  it('keeps the staff list to admins and case managers', async () => {
    for (const who of ['parent111@demo.test', 'master@demo.test', 'donor@demo.test']) {
      expect((await get('conciergerequests', who)).statusCode, who).toBe(403);
      expect((await post('handleconciergerequest', { id: 1 }, who)).statusCode, who).toBe(403);
    }
  });
});

describe('concierge membership: the upgrade', () => {
  it('opens prefilled from the profile and not requested', async () => {
    const who = await client();
    await t.db
      .insert(userProfiles)
      .values({ userId: await idOf(who), voicemail: true, receiveEducationEmail: false });
    const res = await get('checkconciergemembershiprequested', who);
    expect(res.statusCode).toBe(200);
    expect(body<ConciergeState>(res).data).toEqual({
      requested: false,
      status: null,
      requestedAt: null,
      prefill: {
        firstname: `Concierge${makeUser.count}`,
        lastname: 'Concierge',
        email: who,
        contactno: '5550001234',
        newsletter: false,
        voicemail: true,
      },
    });
  });

  it('refuses missing mandatory fields and an unaccepted privacy policy, with the message', async () => {
    const who = await client();
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: ' ' }, 'Please enter First Name'],
      [{ lastname: '' }, 'Please enter Last Name'],
      [{ email: '' }, MSG.INVALID_EMAIL],
      [{ email: 'not-an-address' }, MSG.INVALID_EMAIL],
      [{ contactno: '' }, MSG.FILL_CONTACT_NUMBER],
      [{ contactno: '555-000' }, MSG_CONCIERGE.CONTACT_DIGITS],
      [{ contactno: '55500012345' }, MSG_CONCIERGE.CONTACT_DIGITS],
      [{ privacy_policy: false }, MSG_CONCIERGE.PRIVACY],
      [{ privacy_policy: undefined }, MSG_CONCIERGE.PRIVACY],
    ];
    for (const [over, message] of cases) {
      const res = await post('upgradetoconciergemembership', { ...VALID, ...over }, who);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const rows = await t.db
      .select()
      .from(conciergeRequests)
      .where(eq(conciergeRequests.userId, await idOf(who)));
    expect(rows).toEqual([]);
  });

  it('records the request once, tells the default case manager, confirms to the client', async () => {
    const who = await client();
    const userId = await idOf(who);
    const manager = await idOf(MANAGER111);
    const before = t.clock.now().getTime();
    const res = await post('upgradetoconciergemembership', VALID, who);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG_CONCIERGE.REQUESTED);
    const state = body<ConciergeState>(res).data;
    expect(state).toMatchObject({ requested: true, status: 'requested' });
    const at = new Date(state.requestedAt!).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(t.clock.now().getTime());

    const [row] = await t.db.select().from(conciergeRequests).where(eq(conciergeRequests.userId, userId));
    expect(row).toMatchObject({
      centerId: 111,
      firstName: 'Avery',
      email: 'avery@example.test',
      contactNo: '5550009876',
      newsletter: true,
      voicemail: true,
      status: 'requested',
      assignedTo: manager,
    });
    // The privacy policy's acceptance is recorded with the request.
    expect(row!.privacyAcceptedAt.getTime()).toBe(at);
    // The choices are the profile's too.
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    expect(profile).toMatchObject({ voicemail: true, receiveEducationEmail: true });

    const toManager = (await t.outbox(MANAGER111)).filter(
      (m) => m.emailTypeId === EMAIL_TYPE.CONCIERGE_REQUEST && m.html.includes('avery@example.test'),
    );
    expect(toManager).toHaveLength(1);
    expect(toManager[0]!.subject).toBe('Avery Concierge asks for the concierge membership');
    expect(toManager[0]!.html).toContain('/#/conciergerequests');
    const [confirmation] = await t.outbox(who);
    expect(confirmation!.emailTypeId).toBe(EMAIL_TYPE.CONCIERGE_REQUEST_RECEIVED);
    expect(confirmation!.subject).toBe('We received your concierge membership request');
    // Admins are not told when the case manager is.
    expect((await t.outbox(ADMIN111)).filter((m) => m.html.includes('avery@example.test'))).toHaveLength(0);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, manager), eq(notifications.sharedBy, userId)));
    expect(notes).toMatchObject([
      { text: 'Avery Concierge asks for the concierge membership', link: '/conciergerequests' },
    ]);
    expect(t.emitted.some((e) => e.event === 'notification' && e.userIds.includes(manager))).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'concierge_requested'), eq(auditLog.entityId, String(userId))));
    expect(entry!.details).toMatchObject({ requestId: row!.id, toldUsers: [manager] });

    // The flag the menu reads; a second request is refused and nothing is sent twice.
    const check = await get('checkconciergemembershiprequested', who);
    expect(body<ConciergeState>(check).data.requested).toBe(true);
    const again = await post('upgradetoconciergemembership', VALID, who);
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(MSG_CONCIERGE.ALREADY_REQUESTED);
    expect(await t.outbox(who)).toHaveLength(1);
  });

  it('tells the client her own case manager when she has one', async () => {
    await makeUser({ role: ROLE.MANAGER, centerId: 111, status: 'Active' });
    const own = `concierge${makeUser.count}@users.test`;
    const who = await client({ managerId: await idOf(own) });
    expect((await post('upgradetoconciergemembership', VALID, who)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(conciergeRequests)
      .where(eq(conciergeRequests.userId, await idOf(who)));
    expect(row!.assignedTo).toBe(await idOf(own));
    expect((await t.outbox(own)).map((m) => m.emailTypeId)).toEqual([EMAIL_TYPE.CONCIERGE_REQUEST]);
  });

  it("tells the center's admins when no case manager answers for the client", async () => {
    const [center] = await t.db
      .insert(centers)
      .values({
        name: 'Concierge Center',
        agencyName: 'Concierge Center',
        appTitle: 'C',
        payments: true,
        preActiveAccess: true,
      })
      .returning({ id: centers.id });
    await makeUser({ role: ROLE.ADMIN, centerId: center!.id, status: 'Active' });
    const admin = `concierge${makeUser.count}@users.test`;
    const who = await client({ centerId: center!.id });
    expect((await post('upgradetoconciergemembership', VALID, who)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(conciergeRequests)
      .where(eq(conciergeRequests.userId, await idOf(who)));
    expect(row!.assignedTo).toBeNull();
    expect((await t.outbox(admin)).map((m) => m.emailTypeId)).toEqual([EMAIL_TYPE.CONCIERGE_REQUEST]);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, await idOf(admin)));
    expect(note!.link).toBe('/conciergerequests');
  });

  it('records one request when two arrive at once', async () => {
    const who = await client();
    const answers = await Promise.all([
      post('upgradetoconciergemembership', VALID, who),
      post('upgradetoconciergemembership', VALID, who),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const rows = await t.db
      .select()
      .from(conciergeRequests)
      .where(eq(conciergeRequests.userId, await idOf(who)));
    expect(rows).toHaveLength(1);
  });
});

describe('concierge membership: the staff list', () => {
  it("lists the center's requests to its admins and case managers, who mark them handled", async () => {
    const who = await client();
    await post('upgradetoconciergemembership', { ...VALID, firstname: 'Listed' }, who);
    const list = await get('conciergerequests', ADMIN111);
    expect(list.statusCode).toBe(200);
    const mine = body<ConciergeRequest[]>(list).data.find((r) => r.firstname === 'Listed')!;
    expect(mine).toMatchObject({
      clientName: `Concierge${makeUser.count} Concierge`,
      clientStatus: 'Pre-Active',
      email: 'avery@example.test',
      status: 'requested',
      assignedToName: 'Casey Manager111',
      handledByName: null,
    });
    // Another center's staff do not see it and cannot handle it.
    const other = await get('conciergerequests', ADMIN85);
    expect(body<ConciergeRequest[]>(other).data.some((r) => r.id === mine.id)).toBe(false);
    const foreign = await post('handleconciergerequest', { id: mine.id }, ADMIN85);
    expect(foreign.statusCode).toBe(404);
    expect((await post('handleconciergerequest', { id: 999_999 }, MANAGER111)).statusCode).toBe(404);

    const long = await post('handleconciergerequest', { id: mine.id, note: 'x'.repeat(1001) }, MANAGER111);
    expect(long.statusCode).toBe(400);
    expect(body(long).message).toBe(MSG_CONCIERGE.NOTE);

    const done = await post('handleconciergerequest', { id: mine.id, note: 'Called her back.' }, MANAGER111);
    expect(done.statusCode).toBe(200);
    expect(body(done).message).toBe(MSG_CONCIERGE.HANDLED);
    const handled = body<ConciergeRequest[]>(done).data.find((r) => r.id === mine.id)!;
    expect(handled).toMatchObject({
      status: 'handled',
      handledByName: 'Casey Manager111',
      handledNote: 'Called her back.',
    });
    // Handled requests come after the open ones.
    const statuses = body<ConciergeRequest[]>(done).data.map((r) => r.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => (a === b ? 0 : a === 'requested' ? -1 : 1)));
    const twice = await post('handleconciergerequest', { id: mine.id }, ADMIN111);
    expect(twice.statusCode).toBe(400);
    expect(body(twice).message).toBe(MSG_CONCIERGE.ALREADY_HANDLED);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'concierge_request_handled'));
    expect(entry!.details).toMatchObject({ requestId: mine.id, noted: true });

    // The client still sees it requested: the upgrade is not offered again.
    const state = await get('checkconciergemembershiprequested', who);
    expect(body<ConciergeState>(state).data).toMatchObject({ requested: true, status: 'handled' });
  });
});
