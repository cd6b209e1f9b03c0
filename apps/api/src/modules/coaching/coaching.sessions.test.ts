import {
  type AvailableSessionCount,
  type CalendlyCallback,
  COACHING_MSG,
  type CoachingComment,
  type CoachingSession,
  type CoachingSessionPage,
  EMAIL_TYPE,
  MSG,
  ROLE,
} from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coachingCredits } from '../../db/schema/index.js';
import { coachingFixtures } from '../../test/coaching-fixtures.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const f = coachingFixtures(() => t, 'sess');
const { get, post } = f;
const list = (as: string, payload: Record<string, unknown> = {}) =>
  post('getcounsellingsessionlist', payload, as);
const rowsOf = async (as: string, payload: Record<string, unknown> = {}) => {
  const res = await list(as, payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<CoachingSessionPage>(res).data;
};
const audited = async (actor: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, actor), eq(auditLog.action, action)));

/** A manager, her admin, two clients with a session each, and an admin of another payments center. */
async function world() {
  const { manager, client } = await f.coachAndClient(3);
  const second = await f.makeUser(ROLE.CLIENT, { managerId: manager.id });
  await f.grant(second.id, 1);
  const first = await f.booked(client.username, manager.id, 0);
  const other = await f.booked(second.username, manager.id, 2);
  const admin = await f.makeUser(ROLE.ADMIN);
  const colleague = await f.makeUser(ROLE.MANAGER);
  const otherCenter = await f.makeCenter();
  const outsider = await f.makeUser(ROLE.ADMIN, { centerId: otherCenter });
  const outsiderManager = await f.makeUser(ROLE.MANAGER, { centerId: otherCenter });
  return { manager, client, second, first, other, admin, colleague, outsider, outsiderManager };
}

describe('session lists (getcounsellingsessionlist)', () => {
  it('401, 403 for donors and the master admin, 400 with the message', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('donor@demo.test')).statusCode).toBe(403);
    expect((await list('master@demo.test')).statusCode).toBe(403);
    // Staff of a center without payments do not reach the coaching pages.
    expect((await list('manager85@demo.test')).statusCode).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ session_status: 'Lost' }, COACHING_MSG.STATUS_INVALID],
      [{ sortKey: 'secret' }, COACHING_MSG.SORT_INVALID],
      [{ startdate: '2026-13-01' }, COACHING_MSG.FROM_INVALID],
      [{ startdate: '2026-05-02', lastdate: '2026-05-01' }, COACHING_MSG.DATE_RANGE],
      [{ timeZone: 'Moon/Base' }, COACHING_MSG.TIME_ZONE_INVALID],
    ];
    for (const [payload, message] of cases) {
      const res = await list('admin111@demo.test', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toBe(message);
    }
  });

  it("each sees their own: the couple theirs, a manager hers, an admin her center's, another center none", async () => {
    const w = await world();
    const partner = await f.makeUser(ROLE.CLIENT, { parentId: w.client.id });
    const ids = (page: CoachingSessionPage) => page.rows.map((r) => r.sessionId).sort();
    expect(ids(await rowsOf(w.client.username))).toEqual([w.first.sessionId]);
    expect(ids(await rowsOf(partner.username))).toEqual([w.first.sessionId]);
    expect(ids(await rowsOf(w.manager.username))).toEqual([w.first.sessionId, w.other.sessionId].sort());
    expect(ids(await rowsOf(w.colleague.username))).toEqual([]);
    const centerWide = await rowsOf(w.admin.username, { to: 100 });
    expect(ids(centerWide)).toEqual(expect.arrayContaining([w.first.sessionId, w.other.sessionId]));
    expect(ids(await rowsOf(w.outsider.username))).toEqual([]);
    // Staff reads of the details are audited; the couple's own are not.
    expect((await audited(w.manager.id, 'coaching_sessions_read')).at(-1)!.details).toEqual({
      sessions: expect.arrayContaining([w.first.sessionId, w.other.sessionId]),
    });
    expect(await audited(w.client.id, 'coaching_sessions_read')).toEqual([]);
  });

  it('filters by status, name search and days in the viewer zone, sorts, and pages by 10', async () => {
    const w = await world();
    const done = await post(
      'updatesessionstatus',
      { session_id: w.first.sessionId, user_id: w.client.id },
      w.manager.username,
    );
    expect(done.statusCode, done.body).toBe(200);
    const byStatus = await rowsOf(w.manager.username, { session_status: 'Done' });
    expect(byStatus.rows.map((r) => r.sessionId)).toEqual([w.first.sessionId]);
    const second = await rowsOf(w.manager.username, { search: w.second.username.split('@')[0] });
    expect(second.rows.map((r) => r.sessionId)).toEqual([w.other.sessionId]);
    // Days of the sessions as the viewer's zone reads them.
    const day = (iso: string, timeZone: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone });
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const d = day(w.first.scheduledTime, timeZone);
      const found = await rowsOf(w.manager.username, { startdate: d, lastdate: d, timeZone });
      expect(
        found.rows.map((r) => r.sessionId),
        timeZone,
      ).toContain(w.first.sessionId);
      const before = new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const none = await rowsOf(w.manager.username, { startdate: before, lastdate: before, timeZone });
      expect(none.rows.map((r) => r.sessionId)).not.toContain(w.first.sessionId);
    }
    const asc = await rowsOf(w.manager.username, { sortKey: 'scheduledTime', ord: 'asc' });
    expect(asc.rows.map((r) => r.sessionId)).toEqual([w.first.sessionId, w.other.sessionId]);
    const desc = await rowsOf(w.manager.username, { sortKey: 'scheduledTime', ord: 'desc' });
    expect(desc.rows.map((r) => r.sessionId)).toEqual([w.other.sessionId, w.first.sessionId]);
    // Paging: 12 sessions of one client, 10 a page.
    const { manager, client } = await f.coachAndClient(12);
    for (let i = 0; i < 12; i++) await f.booked(client.username, manager.id, i);
    const page1 = await rowsOf(client.username, { from: 0 });
    const page2 = await rowsOf(client.username, { from: 10 });
    expect(page1.total).toBe(12);
    expect(page1.rows).toHaveLength(10);
    expect(page2.rows).toHaveLength(2);
  });
});

describe('Requested to Done by confirmation (updatesessionstatus)', () => {
  it("401, 403 for clients, 404 for another center's staff, another manager or the wrong client, 400", async () => {
    const w = await world();
    const payload = { session_id: w.first.sessionId, user_id: w.client.id };
    expect((await post('updatesessionstatus', payload, null)).statusCode).toBe(401);
    expect((await post('updatesessionstatus', payload, w.client.username)).statusCode).toBe(403);
    for (const who of [w.outsider.username, w.outsiderManager.username, w.colleague.username]) {
      const res = await post('updatesessionstatus', payload, who);
      expect(res.statusCode, who).toBe(404);
      expect(body(res).message).toBe(MSG.NOT_FOUND);
    }
    const wrongClient = await post(
      'updatesessionstatus',
      { ...payload, user_id: w.second.id },
      w.manager.username,
    );
    expect(wrongClient.statusCode).toBe(404);
    const bad = await post('updatesessionstatus', { user_id: w.client.id }, w.manager.username);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(COACHING_MSG.SESSION_INVALID);
  });

  it('the manager (or an admin) marks it Done once; after that 400', async () => {
    const w = await world();
    const res = await post(
      'updatesessionstatus',
      { session_id: w.first.sessionId, user_id: w.client.id },
      w.manager.username,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(COACHING_MSG.DONE);
    expect(body<CoachingSession>(res).data).toMatchObject({ status: 'Done', sessionId: w.first.sessionId });
    expect(body<CoachingSession>(res).data.doneAt).not.toBeNull();
    const again = await post(
      'updatesessionstatus',
      { session_id: w.first.sessionId, user_id: w.client.id },
      w.admin.username,
    );
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(COACHING_MSG.NOT_REQUESTED);
    const byAdmin = await post(
      'updatesessionstatus',
      { session_id: w.other.sessionId, user_id: w.second.id },
      w.admin.username,
    );
    expect(body<CoachingSession>(byAdmin).data.status).toBe('Done');
  });
});

describe('comments (getallsessioncomments, savesessioncomment)', () => {
  it("401, 403 for donors, 404 for another center or another couple's session, 400 'Message can not be blank.'", async () => {
    const w = await world();
    const url = `getallsessioncomments/${w.first.sessionId}`;
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, 'donor@demo.test')).statusCode).toBe(403);
    for (const who of [w.outsider.username, w.second.username, w.colleague.username]) {
      expect((await get(url, who)).statusCode, who).toBe(404);
      expect(
        (await post('savesessioncomment', { session_id: w.first.sessionId, comment: 'hi' }, who)).statusCode,
      ).toBe(404);
    }
    const blank = await post(
      'savesessioncomment',
      { session_id: w.first.sessionId, comment: '  ' },
      w.client.username,
    );
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe(COACHING_MSG.COMMENT_REQUIRED);
    expect((await get('getallsessioncomments/abc', w.client.username)).statusCode).toBe(400);
  });

  it('the couple and the staff write and read one thread; staff reads are audited', async () => {
    const w = await world();
    const saved = await post(
      'savesessioncomment',
      { session_id: w.first.sessionId, comment: 'Can we talk about frozen eggs?' },
      w.client.username,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).message).toBe(COACHING_MSG.COMMENT_SAVED);
    await post(
      'savesessioncomment',
      { session_id: w.first.sessionId, comment: 'Yes, bring your questions.' },
      w.manager.username,
    );
    const thread = body<CoachingComment[]>(
      await get(`getallsessioncomments/${w.first.sessionId}`, w.admin.username),
    ).data;
    expect(thread.map((c) => [c.authorId, c.comment])).toEqual([
      [w.client.id, 'Can we talk about frozen eggs?'],
      [w.manager.id, 'Yes, bring your questions.'],
    ]);
    expect((await audited(w.admin.id, 'coaching_comments_read')).map((e) => e.entityId)).toEqual([
      String(w.first.sessionId),
    ]);
    expect(await audited(w.client.id, 'coaching_comments_read')).toEqual([]);
    const listed = await rowsOf(w.client.username);
    expect(listed.rows[0]!.comments).toBe(2);
  });
});

describe('cancelling (cancelcoachingsession, beyond the spec)', () => {
  it("401, 403 for donors, 404 for another center's staff, 400 for a session done", async () => {
    const w = await world();
    const payload = { session_id: w.first.sessionId };
    expect((await post('cancelcoachingsession', payload, null)).statusCode).toBe(401);
    expect((await post('cancelcoachingsession', payload, 'donor@demo.test')).statusCode).toBe(403);
    expect((await post('cancelcoachingsession', payload, w.outsider.username)).statusCode).toBe(404);
    expect((await post('cancelcoachingsession', payload, w.second.username)).statusCode).toBe(404);
    await post(
      'updatesessionstatus',
      { session_id: w.first.sessionId, user_id: w.client.id },
      w.manager.username,
    );
    const done = await post('cancelcoachingsession', payload, w.client.username);
    expect(done.statusCode).toBe(400);
    expect(body(done).message).toBe(COACHING_MSG.CANNOT_CANCEL);
  });

  it('gives the credit back, mails the cancellation to both, frees the slot, closes the comments', async () => {
    const w = await world();
    const before = body<AvailableSessionCount>(await get('getavailablesessioncount', w.client.username)).data
      .prod_available;
    const res = await post('cancelcoachingsession', { session_id: w.first.sessionId }, w.client.username);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<CoachingSession>(res).data.status).toBe('Cancelled');
    expect(
      body<AvailableSessionCount>(await get('getavailablesessioncount', w.client.username)).data
        .prod_available,
    ).toBe(before + 1);
    const back = await t.db
      .select()
      .from(coachingCredits)
      .where(eq(coachingCredits.sessionId, w.first.sessionId));
    expect(back.map((r) => [r.delta, r.reason]).sort()).toEqual([
      [-1, 'booking'],
      [1, 'cancel'],
    ]);
    for (const to of [w.client.username, w.manager.username]) {
      const [mail] = (await t.outbox(to)).filter(
        (m) => m.emailTypeId === EMAIL_TYPE.COACHING_SESSION_CANCELLED,
      );
      const ics = mail!.attachments![0]!.content;
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain(`UID:coaching-session-${w.first.sessionId}@`);
    }
    expect((await f.slotsOf(w.client.username)).slots).toContain(w.first.scheduledTime);
    const closed = await post(
      'savesessioncomment',
      { session_id: w.first.sessionId, comment: 'Still there?' },
      w.client.username,
    );
    expect(closed.statusCode).toBe(400);
    expect(body(closed).message).toBe(COACHING_MSG.COMMENT_CLOSED);
    // The slot can be booked again.
    const again = await f.book(w.second.username, {
      scheduledTime: w.first.scheduledTime,
      details: 'Taking the freed time',
      managerId: w.manager.id,
    });
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(COACHING_MSG.NO_CREDITS);
    await f.grant(w.second.id, 1);
    expect(
      (
        await f.book(w.second.username, {
          scheduledTime: w.first.scheduledTime,
          details: 'Now',
          managerId: w.manager.id,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the booking confirmation poll (fetchcalendlycallback)', () => {
  it('401, 403 for staff, 400 for a bad count, and the newest booking with the credits left', async () => {
    expect((await post('fetchcalendlycallback', { count: 1 }, null)).statusCode).toBe(401);
    expect((await post('fetchcalendlycallback', { count: 1 }, 'manager111@demo.test')).statusCode).toBe(403);
    const { manager, client } = await f.coachAndClient(2);
    const bad = await post('fetchcalendlycallback', { count: -1 }, client.username);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(COACHING_MSG.COUNT_INVALID);
    const none = body<CalendlyCallback>(
      await post('fetchcalendlycallback', { count: 1 }, client.username),
    ).data;
    expect(none).toEqual({ count: 1, confirmed: false, session: null, prod_available: 2 });
    await f.booked(client.username, manager.id, 3);
    const newest = await f.booked(client.username, manager.id, 1);
    const polled = body<CalendlyCallback>(
      await post('fetchcalendlycallback', { count: 2 }, client.username),
    ).data;
    expect(polled).toMatchObject({ count: 2, confirmed: true, prod_available: 0 });
    expect(polled.session!.sessionId).toBe(newest.sessionId);
  });
});
