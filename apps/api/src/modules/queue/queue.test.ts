import { EMAIL_TYPE, MSG, type MyQueue, QUEUE_MSG, queuePlaceText, takesRequests } from '@dm/shared';
import { and, eq, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donors,
  donorWatches,
  donorWatchSends,
  jobRuns,
  notifications,
  users,
} from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { matchFixtures } from '../../test/match-fixtures.js';
import { donorVisibility } from '../donor-access/index.js';
import { DONOR_WATCH_JOB, runDonorWatchPass } from './queue.jobs.js';

let t: TestApp;
let parentId: number;
const { userId, makeParents, freshDonor, post, get, matchesOf, staffAct } = matchFixtures(() => t);
const put = (payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'PUT', url: '/api/donorwatch', payload, as });
const pass = () => runDonorWatchPass({ db: t.db, clock: t.clock, log: t.app.log }, t);
const setAvailability = (donorId: number, status: string) =>
  post('updatedonorstatus', { user_id: donorId, status }, 'manager@demo.test');

/** A donor of another center that parent@demo.test may not see. */
async function hiddenDonor(): Promise<number> {
  const auth = await resolveSession(t.db, t.clock, await t.tokenFor('parent@demo.test'));
  const [row] = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .where(and(not(eq(donors.centerId, 1)), not(await donorVisibility(t.db, auth))))
    .limit(1);
  return row!.id;
}

/** The donor-available notifications and mails of a parent. */
async function told(username: string, donorId: number) {
  const id = await userId(username);
  const bell = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, id), eq(notifications.kind, 'donor_available')));
  const mails = (await t.outbox(username)).filter(
    (m) => m.emailTypeId === EMAIL_TYPE.DONOR_AVAILABLE_AGAIN && m.text.includes(`/donordetails/${donorId}`),
  );
  return { bell: bell.filter((n) => n.link === `/donordetails/${donorId}`), mails };
}

beforeAll(async () => {
  t = await startTestApp();
  parentId = await userId('parent@demo.test');
});
afterAll(() => t.close());

describe('the queue rules (pure)', () => {
  const limits = { queueSize: 3, combinedRequestLimit: null, maxDonations: 5 };
  const waitingFresh = { queueType: 'Fresh', active: false };
  it('a donor takes requests while available with a free spot of the queue', () => {
    expect(takesRequests({ availability: 'Available', donationCount: 0, open: [] }, limits)).toBe(true);
    expect(takesRequests({ availability: 'Unavailable', donationCount: 0, open: [] }, limits)).toBe(false);
    const full = {
      availability: 'Under Review',
      donationCount: 0,
      open: [waitingFresh, waitingFresh, waitingFresh],
    };
    expect(takesRequests(full, limits)).toBe(false);
    // The frozen queue is its own unless the center combines them.
    expect(takesRequests(full, limits, 'Frozen')).toBe(true);
    expect(takesRequests(full, { ...limits, combinedRequestLimit: 4 }, 'Frozen')).toBe(true);
    expect(takesRequests(full, { ...limits, combinedRequestLimit: 3 }, 'Frozen')).toBe(false);
    expect(takesRequests({ availability: 'Available', donationCount: 5, open: [] }, limits)).toBe(false);
  });
  it('names places as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103].map((n) => queuePlaceText(n, 120))).toEqual([
      '1st of 120',
      '2nd of 120',
      '3rd of 120',
      '4th of 120',
      '11th of 120',
      '12th of 120',
      '13th of 120',
      '21st of 120',
      '22nd of 120',
      '103rd of 120',
    ]);
  });
});

describe('access of the queue routes', () => {
  it('answers 401 without a session', async () => {
    for (const res of [
      await get('myqueue'),
      await get('donorqueue/1'),
      await put({ donor_id: 1, notify: true }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(MSG.NO_TOKEN);
    }
  });
  it('answers 403 to staff and donors', async () => {
    for (const as of ['manager@demo.test', 'admin@demo.test', 'master@demo.test', 'donor@demo.test']) {
      expect((await get('myqueue', as)).statusCode, as).toBe(403);
      expect((await get('donorqueue/1', as)).statusCode, as).toBe(403);
      expect((await put({ donor_id: 1, notify: true }, as)).statusCode, as).toBe(403);
    }
  });
  it('answers 404 for a donor of another center the parent may not see', async () => {
    const donorId = await hiddenDonor();
    expect((await get(`donorqueue/${donorId}`, 'parent@demo.test')).statusCode).toBe(404);
    expect((await put({ donor_id: donorId, notify: true }, 'parent@demo.test')).statusCode).toBe(404);
    expect((await put({ donor_id: donorId, notify: false }, 'parent@demo.test')).statusCode).toBe(404);
  });
  it('answers 400 with the message for bad input', async () => {
    const bad = await put({ donor_id: 'abc', notify: true }, 'parent@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Donor id is invalid.');
    const flag = await put({ donor_id: 1, notify: 'yes' }, 'parent@demo.test');
    expect(flag.statusCode).toBe(400);
    expect(body(flag).message).toBe(QUEUE_MSG.FLAG);
    const id = await get('donorqueue/zero', 'parent@demo.test');
    expect(id.statusCode).toBe(400);
    expect(body(id).message).toBe('Donor id is invalid.');
  });
  it('refuses notify-me on a donor who takes requests or whom the parent already requested', async () => {
    const donorId = await freshDonor();
    const open = await put({ donor_id: donorId, notify: true }, 'parent@demo.test');
    expect(open.statusCode).toBe(400);
    expect(body(open).message).toBe(QUEUE_MSG.TAKES_REQUESTS);
    expect((await post('startmatchrequest', { donor_id: donorId }, 'parent@demo.test')).statusCode).toBe(200);
    const mine = await put({ donor_id: donorId, notify: true }, 'parent@demo.test');
    expect(mine.statusCode).toBe(400);
    expect(body(mine).message).toBe(QUEUE_MSG.HAS_MATCH);
  });
});

describe('queue places', () => {
  it('shows each parent her own place and the queue length, kept true through cancel, confirm and complete', async () => {
    const donorId = await freshDonor();
    const [a, b] = await makeParents(1, 2, 'place');
    // parent@demo.test first, then a, then b.
    expect((await post('startmatchrequest', { donor_id: donorId }, 'parent@demo.test')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await staffAct('startmatchrequest', donorId, a!)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await staffAct('startmatchrequest', donorId, b!)).statusCode).toBe(200);
    const mine = async () =>
      body<MyQueue>(await get('myqueue', 'parent@demo.test')).data.places.find((p) => p.donorId === donorId);
    const of = async (as: string) =>
      body<{ place: { place: number | null; of: number } | null }>(await get(`donorqueue/${donorId}`, as))
        .data.place;
    expect(await mine()).toMatchObject({ place: 1, of: 3, status: 'Confirm' });
    // Nothing in the answer names the other parents.
    const raw = (await get('myqueue', 'parent@demo.test')).body;
    expect(raw).not.toContain(`"parentId"`);
    expect(raw).not.toContain('place0');

    // The first confirmed (Active): she leaves the queue, the others move up.
    expect((await staffAct('confirmdonormatch', donorId, parentId)).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ place: null, of: 2, status: 'Active' });
    // The stored positions agree with the places computed at read time.
    const stored = (await matchesOf(donorId)).filter((m) => m.status === 'Confirm');
    expect(stored.map((m) => [m.parentId, m.queuePosition])).toEqual([
      [a, 1],
      [b, 2],
    ]);
    // a cancels: b is 1st of 1.
    expect((await staffAct('canceldonorrequesttomatch', donorId, a!)).statusCode).toBe(200);
    const [bUser] = await t.db.select({ username: users.username }).from(users).where(eq(users.id, b!));
    expect(await of(bUser!.username)).toMatchObject({ place: 1, of: 1 });
    // Completing the cycle without a donation puts parent@demo.test back in front (oldest request).
    expect((await staffAct('completedonormatch', donorId, parentId)).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ place: 1, of: 2 });
    expect(await of(bUser!.username)).toMatchObject({ place: 2, of: 2 });
    const after = (await matchesOf(donorId)).filter((m) => m.status === 'Confirm');
    expect(after.map((m) => [m.parentId, m.queuePosition])).toEqual([
      [parentId, 1],
      [b, 2],
    ]);
  });
});

describe('notify-me', () => {
  it('tells a watching parent once when staff make the donor available, and again after she closes and opens', async () => {
    const donorId = await freshDonor();
    expect((await setAvailability(donorId, 'Unavailable')).statusCode).toBe(200);
    const on = await put({ donor_id: donorId, notify: true }, 'parent@demo.test');
    expect(on.statusCode).toBe(200);
    expect(body(on).message).toBe(QUEUE_MSG.ON);
    expect(
      body<{ watching: boolean }>(await get(`donorqueue/${donorId}`, 'parent@demo.test')).data.watching,
    ).toBe(true);
    // Nothing while she is unavailable.
    await pass();
    expect((await told('parent@demo.test', donorId)).bell).toHaveLength(0);

    expect((await setAvailability(donorId, 'Available')).statusCode).toBe(200);
    const first = await pass();
    expect(first.told).toBe(1);
    await pass();
    let seen = await told('parent@demo.test', donorId);
    expect(seen.bell).toHaveLength(1);
    expect(seen.mails).toHaveLength(1);
    expect(seen.bell[0]!.text).toMatch(/takes match requests again/);
    expect(t.emitted.some((e) => e.event === 'notification' && e.userIds.includes(parentId))).toBe(true);
    const runs = await t.db.select().from(jobRuns).where(eq(jobRuns.job, DONOR_WATCH_JOB));
    expect(runs.some((r) => r.centerId === 1 && r.processed === 1)).toBe(true);

    // The switch stays on: unavailable again (the next round), then available: told once more.
    expect((await setAvailability(donorId, 'Unavailable')).statusCode).toBe(200);
    expect((await pass()).rearmed).toBe(1);
    expect((await setAvailability(donorId, 'Available')).statusCode).toBe(200);
    await pass();
    await pass();
    seen = await told('parent@demo.test', donorId);
    expect(seen.bell).toHaveLength(2);
    expect(seen.mails).toHaveLength(2);

    // Off: nothing more.
    const off = await put({ donor_id: donorId, notify: false }, 'parent@demo.test');
    expect(body(off).message).toBe(QUEUE_MSG.OFF);
    expect((await setAvailability(donorId, 'Unavailable')).statusCode).toBe(200);
    await pass();
    expect((await setAvailability(donorId, 'Available')).statusCode).toBe(200);
    await pass();
    expect((await told('parent@demo.test', donorId)).bell).toHaveLength(2);
  });

  it('tells the watchers of a full queue when a cancelled match frees a spot', async () => {
    const donorId = await freshDonor();
    const ps = await makeParents(1, 3, 'full');
    for (const p of ps) expect((await staffAct('startmatchrequest', donorId, p)).statusCode).toBe(200);
    const [watcher] = await makeParents(1, 1, 'watchfull');
    const [w] = await t.db.select({ username: users.username }).from(users).where(eq(users.id, watcher!));
    const on = await put({ donor_id: donorId, notify: true }, await t.tokenFor(w!.username));
    expect(on.statusCode).toBe(200);
    await pass();
    expect((await told(w!.username, donorId)).bell).toHaveLength(0);
    expect((await staffAct('cancelmatch', donorId, ps[0]!, { comment: 'Withdrew' })).statusCode).toBe(200);
    await pass();
    expect((await told(w!.username, donorId)).bell).toHaveLength(1);
  });

  it('two concurrent passes, and a retried round, send one notice', async () => {
    const donorId = await freshDonor();
    expect((await setAvailability(donorId, 'Unavailable')).statusCode).toBe(200);
    expect((await put({ donor_id: donorId, notify: true }, 'parent@demo.test')).statusCode).toBe(200);
    expect((await setAvailability(donorId, 'Available')).statusCode).toBe(200);
    const results = await Promise.all([pass(), pass(), pass()]);
    expect(results.reduce((n, r) => n + r.told, 0)).toBe(1);
    // A pass that finds the round armed again (as if its flag were lost) sends nothing: the
    // (watch, round) key was taken.
    await t.db.update(donorWatches).set({ armed: true }).where(eq(donorWatches.donorId, donorId));
    expect((await pass()).told).toBe(0);
    const seen = await told('parent@demo.test', donorId);
    expect(seen.bell).toHaveLength(1);
    expect(seen.mails).toHaveLength(1);
    const [watch] = await t.db.select().from(donorWatches).where(eq(donorWatches.donorId, donorId));
    expect(watch!.armed).toBe(false);
    expect(
      await t.db.select().from(donorWatchSends).where(eq(donorWatchSends.watchId, watch!.id)),
    ).toHaveLength(1);
  });

  it('a parent who can no longer see the donor gets nothing', async () => {
    const donorId = await freshDonor();
    expect((await setAvailability(donorId, 'Unavailable')).statusCode).toBe(200);
    expect((await put({ donor_id: donorId, notify: true }, 'parent@demo.test')).statusCode).toBe(200);
    // The donor is archived (copied onto donors by the trigger): parents no longer see her.
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.id, donorId));
    expect((await setAvailability(donorId, 'Available')).statusCode).toBe(200);
    expect((await pass()).told).toBe(0);
    expect((await told('parent@demo.test', donorId)).bell).toHaveLength(0);
    expect(
      body<MyQueue>(await get('myqueue', 'parent@demo.test')).data.watches.map((w) => w.donorId),
    ).not.toContain(donorId);
  });
});
