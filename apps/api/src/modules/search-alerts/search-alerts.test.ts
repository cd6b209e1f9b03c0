import {
  EMAIL_TYPE,
  MSG_SEARCH_ALERT,
  ROLE,
  type RoleId,
  type SavedSearch,
  type SearchFiltersInput,
} from '@dm/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centers,
  donors,
  jobRuns,
  notifications,
  searchAlertDigests,
  searchAlertDonors,
  searchAlerts,
  textOutbox,
  users,
} from '../../db/schema/index.js';
import { openText } from '../../platform/sms.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { runSearchAlertPass, SEARCH_ALERT_JOB } from './search-alerts.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
/** A fresh session per call: the tests move the clock by days, which ends idle sessions. */
const session = async (as: string | null | undefined) => (as ? await t.tokenFor(as) : as);
const put = async (url: string, payload: Record<string, unknown>, as?: string | null) =>
  t.request({ method: 'PUT', url, payload, as: await session(as) });
const post = async (url: string, payload: Record<string, unknown>, as?: string | null) =>
  t.request({ method: 'POST', url, payload, as: await session(as) });
const get = async (url: string, as: string) => t.request({ method: 'GET', url, as: await session(as) });
const pass = () => runSearchAlertPass({ db: t.db, clock: t.clock, log: t.app.log }, t);

// --- fixtures: users and donors of the test's own, so the seeded ones are only ever "seen" ------

let seq = 0;
async function makeCenter(settings: Record<string, unknown> = {}): Promise<number> {
  seq += 1;
  const [row] = await t.db
    .insert(centers)
    .values({ name: `Alert ${seq}`, agencyName: `Alert Agency ${seq}`, appTitle: 'Alert', settings })
    .returning({ id: centers.id });
  return row!.id;
}

async function makeUser(
  role: RoleId,
  centerId: number,
  over: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: number; username: string }> {
  seq += 1;
  const username = `alert${seq}@alerts.test`;
  const [row] = await t.db
    .insert(users)
    .values({ username, role, status: 'Active', centerId, firstName: `Ana${seq}`, lastName: 'Lert', ...over })
    .returning({ id: users.id });
  return { id: row!.id, username };
}

/** A donor of 25 years with a complete profile (Available) unless told otherwise. */
async function makeDonor(
  centerId: number,
  over: { availability?: string; firstName?: string; hairColor?: string; allowed?: boolean } = {},
): Promise<{ id: number; label: string }> {
  seq += 1;
  const now = t.clock.now();
  const dob = new Date(Date.UTC(now.getUTCFullYear() - 25, 0, 15)).toISOString().slice(0, 10);
  const user = await makeUser(ROLE.DONOR, centerId, { firstName: over.firstName ?? `Dona${seq}` });
  const displayId = `ALRT-${seq}`;
  await t.db.insert(donors).values({
    userId: user.id,
    centerId,
    availability: over.availability ?? 'Available',
    dateOfBirth: dob,
    displayId,
    hairColor: over.hairColor ?? 'Brown',
    allowedForMatchingTool: over.allowed ?? false,
    createdAt: now,
    availabilityChangedAt: now,
  });
  return { id: user.id, label: displayId };
}

/** Saves a search as the user (through the API) and switches its alert on. */
async function alertedSearch(username: string, filters: SearchFiltersInput = {}, name = 'My alert') {
  const saved = await post('/api/savesearch', { name, filters }, username);
  expect(saved.statusCode, saved.body).toBe(200);
  const id = body<SavedSearch>(saved).data.search_id;
  const on = await put('/api/savedsearchalert', { search_id: id, alert: true }, username);
  expect(on.statusCode, on.body).toBe(200);
  return id;
}

const digestsOf = (userId: number) =>
  t.db
    .select()
    .from(searchAlertDigests)
    .where(eq(searchAlertDigests.userId, userId))
    .orderBy(asc(searchAlertDigests.id));
const listedFor = async (searchId: number) =>
  (
    await t.db
      .select({ id: searchAlertDonors.donorId })
      .from(searchAlertDonors)
      .where(eq(searchAlertDonors.savedSearchId, searchId))
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
const alertMails = async (username: string) =>
  (await t.outbox(username)).filter((m) => m.emailTypeId === EMAIL_TYPE.SAVED_SEARCH_ALERT);

// --- the toggle call ---------------------------------------------------------------------------

describe('PUT /savedsearchalert', () => {
  it('answers 401 without a session, 403 to a role without saved searches', async () => {
    const anonymous = await put('/api/savedsearchalert', { search_id: 1, alert: true }, null);
    expect(anonymous.statusCode).toBe(401);
    for (const as of ['donor@demo.test', 'admin@demo.test', 'master@demo.test']) {
      const res = await put('/api/savedsearchalert', { search_id: 1, alert: true }, as);
      expect(res.statusCode, as).toBe(403);
    }
  });

  it("answers 404 for another user's saved search (and an unknown one), and changes nothing", async () => {
    const owner = await makeUser(ROLE.CLIENT, 1);
    const saved = await post('/api/savesearch', { name: 'Mine', filters: {} }, owner.username);
    const id = body<SavedSearch>(saved).data.search_id;
    // Another parent of the same center, and a case manager of it: neither owns the search.
    for (const as of ['parent@demo.test', 'manager@demo.test']) {
      const res = await put('/api/savedsearchalert', { search_id: id, alert: true }, as);
      expect(res.statusCode, as).toBe(404);
    }
    expect(
      (await put('/api/savedsearchalert', { search_id: 99_999_999, alert: true }, owner.username)).statusCode,
    ).toBe(404);
    expect(await t.db.select().from(searchAlerts).where(eq(searchAlerts.savedSearchId, id))).toEqual([]);
  });

  it('answers 400 with the message for a bad body', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ search_id: 1 }, MSG_SEARCH_ALERT.FLAG],
      [{ search_id: 1, alert: 'yes' }, MSG_SEARCH_ALERT.FLAG],
      [{ alert: true }, 'Search id is required.'],
      [{ search_id: 0, alert: true }, 'Search id is invalid.'],
    ];
    for (const [payload, message] of cases) {
      const res = await put('/api/savedsearchalert', payload, 'parent@demo.test');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toContain(message);
    }
  });

  it('switches the alert on and off; the saved-search list shows it; on twice keeps the first look', async () => {
    const parent = await makeUser(ROLE.CLIENT, 1);
    const id = await alertedSearch(parent.username);
    const list = await get('/api/savedsearches', parent.username);
    expect(body<SavedSearch[]>(list).data.find((s) => s.search_id === id)?.alert).toBe(true);
    const [first] = await t.db.select().from(searchAlerts).where(eq(searchAlerts.savedSearchId, id));
    expect(first!.seen).not.toBe('');

    const again = await put('/api/savedsearchalert', { search_id: id, alert: true }, parent.username);
    expect(body(again)).toMatchObject({ message: MSG_SEARCH_ALERT.ON, data: { search_id: id, alert: true } });
    const [still] = await t.db.select().from(searchAlerts).where(eq(searchAlerts.savedSearchId, id));
    expect(still!.enabledAt).toEqual(first!.enabledAt);

    const off = await put('/api/savedsearchalert', { search_id: id, alert: false }, parent.username);
    expect(body(off)).toMatchObject({ message: MSG_SEARCH_ALERT.OFF, data: { search_id: id, alert: false } });
    const after = await get('/api/savedsearches', parent.username);
    expect(body<SavedSearch[]>(after).data.find((s) => s.search_id === id)?.alert).toBe(false);
  });

  it("a case manager switches one on from the managers' list too", async () => {
    const manager = await makeUser(ROLE.MANAGER, 1);
    const id = await alertedSearch(manager.username);
    expect(await t.db.select().from(searchAlerts).where(eq(searchAlerts.savedSearchId, id))).toHaveLength(1);
  });
});

// --- the digest job ----------------------------------------------------------------------------

describe('the digest job', () => {
  // The passes below move the clock by hours and days: start at 06:00 UTC so an hour never
  // crosses midnight, whenever the suite runs.
  beforeAll(() => {
    const now = t.clock.now().getTime();
    const sixAm = Math.ceil((now - 6 * 3600_000) / DAY) * DAY + 6 * 3600_000;
    t.clock.advance(sixAm - now + DAY);
  });

  it('lists the donors who began to match on the day they do, never twice, none the user may not see', async () => {
    const parent = await makeUser(ROLE.CLIENT, 1);
    const search = await alertedSearch(parent.username, { haircolor: ['Brown'] });

    // Nothing began to match: no digest, no mail (an empty digest is not sent).
    expect((await pass()).digests).toBe(0);
    expect(await digestsOf(parent.id)).toEqual([]);

    const match = await makeDonor(1, { firstName: 'Matchia' });
    const otherHair = await makeDonor(1, { hairColor: 'Red' });
    const applying = await makeDonor(1, { availability: 'Invited' });
    const stranger = await makeCenter();
    const unseen = await makeDonor(stranger, { allowed: true });
    const notShared = await makeDonor(85, { allowed: false });
    await pass();
    expect(await listedFor(search)).toEqual([match.id]);
    const [digest] = await digestsOf(parent.id);
    expect(digest).toMatchObject({ donors: 1, searches: 1, emailed: true, texted: false });
    const [mail] = await alertMails(parent.username);
    expect(mail!.subject).toBe('New donors for your saved searches (1)');
    expect(mail!.html).toContain(`${t.config.publicUrl}/#/donordetails/${match.id}`);
    expect(mail!.html).toContain(`Donor ${match.label} Matchia`);
    expect(mail!.html).toContain(`/#/search?savedsearch=${search}`);
    // Every mail to an account carries the unsubscribe link.
    expect(mail!.text).toMatch(/unsubscribe/i);
    for (const d of [otherHair, applying, unseen, notShared]) expect(mail!.html).not.toContain(d.label);

    // The same day: no second digest, however much begins to match.
    const later = await makeDonor(1);
    t.clock.advance(3600_000);
    await pass();
    expect(await digestsOf(parent.id)).toHaveLength(1);

    // The next day: only the donor who began to match since; the first is not listed again.
    t.clock.advance(DAY);
    await pass();
    expect(await listedFor(search)).toEqual([match.id, later.id].sort((a, b) => a - b));
    const mails = await alertMails(parent.username);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.html).toContain(later.label);
    expect(mails[1]!.html).not.toContain(match.label);

    // An applicant who becomes available (visible to parents) begins to match then.
    await t.db.update(donors).set({ availability: 'Available' }).where(eq(donors.userId, applying.id));
    // The first donor leaves the search and comes back: she began to match again, but a donor is
    // never listed twice for a search.
    await t.db.update(donors).set({ hairColor: 'Red' }).where(eq(donors.userId, match.id));
    t.clock.advance(DAY);
    await pass();
    await t.db.update(donors).set({ hairColor: 'Brown' }).where(eq(donors.userId, match.id));
    t.clock.advance(DAY);
    await pass();
    const third = (await alertMails(parent.username))[2]!;
    expect(third.html).toContain(applying.label);
    expect(third.html).not.toContain(match.label);
    expect((await alertMails(parent.username)).length).toBe(3);
    expect(await listedFor(search)).toEqual([match.id, later.id, applying.id].sort((a, b) => a - b));

    // The bell: one notification per digest's search, linking to the search.
    const bell = await t.db.select().from(notifications).where(eq(notifications.recipientId, parent.id));
    expect(bell).toHaveLength(3);
    expect(bell[0]).toMatchObject({
      kind: 'search_alert',
      link: `/search?savedsearch=${search}`,
      sharedBy: null,
    });
    expect(bell[0]!.text).toBe('1 new donor for your saved search “My alert”');

    // Each pass that sent digests is a run of the job, per center, on /cronjob.
    const runs = await t.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, SEARCH_ALERT_JOB), eq(jobRuns.centerId, 1)));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.every((r) => r.status === 'success')).toBe(true);
  });

  it('switched off and on again, it starts from the search as it is then and lists no donor twice', async () => {
    const parent = await makeUser(ROLE.CLIENT, 1);
    const search = await alertedSearch(parent.username);
    const first = await makeDonor(1);
    t.clock.advance(DAY);
    await pass();
    expect(await listedFor(search)).toEqual([first.id]);
    await put('/api/savedsearchalert', { search_id: search, alert: false }, parent.username);
    // While off: nothing.
    const whileOff = await makeDonor(1);
    t.clock.advance(DAY);
    await pass();
    expect(await digestsOf(parent.id)).toHaveLength(1);
    // On again: the donors the search finds now are seen; one listed before left and comes back.
    await t.db.update(donors).set({ availability: 'Invited' }).where(eq(donors.userId, first.id));
    await put('/api/savedsearchalert', { search_id: search, alert: true }, parent.username);
    await t.db.update(donors).set({ availability: 'Available' }).where(eq(donors.userId, first.id));
    t.clock.advance(DAY);
    await pass();
    expect(await digestsOf(parent.id)).toHaveLength(1);
    expect(await listedFor(search)).toEqual([first.id]);
    expect((await alertMails(parent.username)).map((m) => m.html).join()).not.toContain(whileOff.label);
  });

  it('new filters on an alerted search do not flood the next digest with donors who were there', async () => {
    const parent = await makeUser(ROLE.CLIENT, 1);
    const search = await alertedSearch(parent.username, { haircolor: ['Red'] });
    const brown = await makeDonor(1, { hairColor: 'Brown' });
    const res = await put(
      '/api/savesearch',
      { search_id: search, filters: { haircolor: ['Brown'] } },
      parent.username,
    );
    expect(res.statusCode).toBe(200);
    t.clock.advance(DAY);
    await pass();
    expect(await listedFor(search)).toEqual([]);
    const next = await makeDonor(1, { hairColor: 'Brown' });
    await pass();
    expect(await listedFor(search)).toEqual([next.id]);
    expect(brown.id).not.toBe(next.id);
  });

  it('keeps a first name the donor’s center hides out of the mail, the text and the bell', async () => {
    const hiding = await makeCenter({ isFirstNameVisible: false, receiveTextMessages: true });
    const parent = await makeUser(ROLE.CLIENT, hiding, {
      receiveTextNotification: true,
      mobileVerifiedAt: t.clock.now(),
      countryCode: '+1',
      contactNo: '555 010 7788',
    });
    await alertedSearch(parent.username, {}, 'Hidden names');
    const secret = await makeDonor(hiding, { firstName: 'Secretia' });
    await pass();
    const [mail] = await alertMails(parent.username);
    expect(mail!.html).toContain(`Donor ${secret.label}`);
    expect(`${mail!.subject}${mail!.html}${mail!.text}`).not.toContain('Secretia');
    const texts = await t.db.select().from(textOutbox).where(eq(textOutbox.toUserId, parent.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.toNumber).toBe('+15550107788');
    const text = openText(t.secrets, texts[0]!.sealedContent)!;
    expect(text).toContain(secret.label);
    expect(text).toContain('1 new donor');
    expect(text).not.toContain('Secretia');
    const [digest] = await digestsOf(parent.id);
    expect(digest).toMatchObject({ emailed: true, texted: true });
    const bell = await t.db.select().from(notifications).where(eq(notifications.recipientId, parent.id));
    expect(bell.map((n) => n.text).join()).not.toContain('Secretia');
  });

  it('texts only a user who chose texts with a verified number', async () => {
    const parent = await makeUser(ROLE.CLIENT, 1, {
      receiveTextNotification: true,
      mobileVerifiedAt: null,
      contactNo: '5550107799',
    });
    await alertedSearch(parent.username);
    await makeDonor(1);
    t.clock.advance(DAY);
    await pass();
    expect(await t.db.select().from(textOutbox).where(eq(textOutbox.toUserId, parent.id))).toEqual([]);
    expect((await digestsOf(parent.id))[0]).toMatchObject({ emailed: true, texted: false });
  });

  it('sends no mail to a user who turned notification e-mails off (the digest is still recorded)', async () => {
    const parent = await makeUser(ROLE.CLIENT, 1, { emailNotifications: false });
    const search = await alertedSearch(parent.username);
    const donor = await makeDonor(1);
    t.clock.advance(DAY);
    await pass();
    expect(await alertMails(parent.username)).toEqual([]);
    expect((await digestsOf(parent.id))[0]).toMatchObject({ emailed: false, donors: 1 });
    expect(await listedFor(search)).toEqual([donor.id]);
  });

  it('sends once when two runners race (two API processes)', async () => {
    const parents = await Promise.all([1, 2, 3].map(() => makeUser(ROLE.CLIENT, 1)));
    for (const p of parents) await alertedSearch(p.username);
    const donor = await makeDonor(1);
    t.clock.advance(DAY);
    const [a, b] = await Promise.all([pass(), pass()]);
    expect(a.failed + b.failed).toBe(0);
    for (const p of parents) {
      expect(await digestsOf(p.id)).toHaveLength(1);
      const mails = await alertMails(p.username);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.html).toContain(donor.label);
    }
    // A restart (a new pass the same day) sends nothing again.
    await pass();
    for (const p of parents) expect(await alertMails(p.username)).toHaveLength(1);
  });

  it("a case manager's digest lists her agency's new applicants when her search asks for them", async () => {
    const manager = await makeUser(ROLE.MANAGER, 1);
    const search = await alertedSearch(manager.username, { profiles: 'all' });
    const applicant = await makeDonor(1, { availability: 'Invited', firstName: 'Appla' });
    t.clock.advance(DAY);
    await pass();
    expect(await listedFor(search)).toEqual([applicant.id]);
    const [mail] = await alertMails(manager.username);
    // Staff of the donor's own center see her first name; the link goes to their saved-search list.
    expect(mail!.html).toContain(`Donor ${applicant.label} Appla`);
    expect(mail!.html).toContain('/#/searchlistpage');
  });

  it('sends nothing to a parent who may not search any more (Pre-Active at an agency without access)', async () => {
    const parent = await makeUser(ROLE.CLIENT, 1);
    const search = await alertedSearch(parent.username);
    await t.db.update(users).set({ status: 'Pre-Active' }).where(eq(users.id, parent.id));
    await makeDonor(1);
    t.clock.advance(DAY);
    await pass();
    expect(await listedFor(search)).toEqual([]);
    expect(await digestsOf(parent.id)).toEqual([]);
  });
});

describe('the development digest pass (POST devsearchalertpass)', () => {
  it("runs the caller's pass as if the clock were days ahead", async () => {
    const parent = await makeUser(ROLE.CLIENT, 1);
    const other = await makeUser(ROLE.CLIENT, 1);
    await alertedSearch(parent.username);
    await alertedSearch(other.username);
    const donor = await makeDonor(1);
    const res = await post('/api/devsearchalertpass', { days: 2 }, parent.username);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ digests: number; donors: number }>(res).data).toMatchObject({ digests: 1, donors: 1 });
    expect((await alertMails(parent.username))[0]!.html).toContain(donor.label);
    // Only the caller's digest.
    expect(await alertMails(other.username)).toEqual([]);
    expect((await post('/api/devsearchalertpass', { days: 99 }, parent.username)).statusCode).toBe(400);
    expect((await post('/api/devsearchalertpass', {}, 'admin@demo.test')).statusCode).toBe(403);
    expect((await post('/api/devsearchalertpass', {}, null)).statusCode).toBe(401);
  });

  it('is absent from a production process', async () => {
    const prod = await startTestApp({ production: true });
    try {
      const res = await prod.request({
        method: 'POST',
        url: '/api/devsearchalertpass',
        payload: {},
        as: 'parent@demo.test',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
