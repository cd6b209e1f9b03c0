import { EMAIL_TYPE, type EmailSchedulerData, MSG, MSG_REMINDER } from '@dm/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  centers,
  donorReminders,
  donors,
  emailSchedules,
  jobRuns,
  mailOutbox,
  users,
} from '../../db/schema/index.js';
import { NOTIFICATION_EMAIL_TYPES } from '../../platform/mail.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { REMINDER_CENTERS_AT_ONCE, runReminderPass } from './reminders.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const ADMIN = 'admin@demo.test'; // center 1
const ADMIN85 = 'admin85@demo.test'; // center 85
const MASTER = 'master@demo.test';

const valid = (over: Record<string, unknown> = {}) => ({
  durationFirst: 2,
  durationRecurring: 3,
  totalReminders: 3,
  emailFlag: true,
  selectedFirstEmail: EMAIL_TYPE.DONOR_FIRST_REMINDER,
  selectedRecurringEmail: EMAIL_TYPE.DONOR_RECURRING_REMINDER,
  subject: 'Your application with {organization}',
  ...over,
});
const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });

// --- fixtures: a center of the test's own, so seeded donors never count -----------------------

let centerSeq = 0;
async function makeCenter(): Promise<number> {
  centerSeq += 1;
  const [row] = await t.db
    .insert(centers)
    .values({ name: `Remind ${centerSeq}`, agencyName: `Remind Agency ${centerSeq}`, appTitle: 'Remind' })
    .returning({ id: centers.id });
  return row!.id;
}

let donorSeq = 0;
async function makeDonor(
  centerId: number,
  over: { availability?: string; status?: string; preFormStatus?: number | null; archived?: boolean } = {},
): Promise<{ id: number; username: string }> {
  donorSeq += 1;
  const username = `remind${donorSeq}@reminders.test`;
  const now = t.clock.now();
  const [user] = await t.db
    .insert(users)
    .values({
      username,
      role: 2,
      status: over.status ?? 'Active',
      centerId,
      firstName: `Dora${donorSeq}`,
      lastName: 'Remind',
      createdAt: now,
    })
    .returning({ id: users.id });
  await t.db.insert(donors).values({
    userId: user!.id,
    centerId,
    availability: over.availability ?? 'Invited',
    preFormStatus: over.preFormStatus ?? null,
    createdAt: now,
    availabilityChangedAt: now,
  });
  if (over.archived) await t.db.update(donors).set({ archived: true }).where(eq(donors.userId, user!.id));
  return { id: user!.id, username };
}

async function schedule(centerId: number, over: Partial<typeof emailSchedules.$inferInsert> = {}) {
  await t.db
    .insert(emailSchedules)
    .values({
      centerId,
      durationFirst: 2,
      durationRecurring: 3,
      totalReminders: 3,
      emailFlag: true,
      firstEmailTypeId: EMAIL_TYPE.DONOR_FIRST_REMINDER,
      recurringEmailTypeId: EMAIL_TYPE.DONOR_RECURRING_REMINDER,
      subject: 'Finish your application, {recipient}',
      ...over,
    })
    .onConflictDoUpdate({ target: emailSchedules.centerId, set: over });
}

const pass = () => runReminderPass({ db: t.db, clock: t.clock, log: t.app.log }, t);

async function remindersOf(donorIds: number[]) {
  return t.db
    .select()
    .from(donorReminders)
    .where(inArray(donorReminders.donorId, donorIds))
    .orderBy(asc(donorReminders.donorId), asc(donorReminders.sequence));
}

/** Moves the clock a day at a time for `days` days, with a pass after each move. */
async function passDays(days: number, each?: (day: number) => Promise<void>) {
  for (let day = 1; day <= days; day++) {
    t.clock.advance(DAY);
    await each?.(day);
    await pass();
  }
}

describe('the scheduler job', () => {
  it('sends the first reminder after N days, then one every M days, the total and no more', async () => {
    const center = await makeCenter();
    await schedule(center, { durationFirst: 2, durationRecurring: 3, totalReminders: 3 });
    const donor = await makeDonor(center);
    const start = t.clock.now().getTime();
    const days: number[] = [];
    await passDays(15, async (day) => {
      if (day === 1) expect(await remindersOf([donor.id])).toEqual([]);
    });
    const sent = await remindersOf([donor.id]);
    for (const r of sent) days.push(Math.round((r.sentAt.getTime() - start) / DAY));
    expect(days).toEqual([2, 5, 8]);
    expect(sent.map((r) => [r.sequence, r.emailTypeId])).toEqual([
      [1, EMAIL_TYPE.DONOR_FIRST_REMINDER],
      [2, EMAIL_TYPE.DONOR_RECURRING_REMINDER],
      [3, EMAIL_TYPE.DONOR_RECURRING_REMINDER],
    ]);
    const mails = await t.outbox(donor.username);
    expect(mails.map((m) => m.emailTypeId)).toEqual([22, 23, 23]);
    const n = donorSeq;
    for (const m of mails) {
      expect(m.subject).toBe(`Finish your application, Dora${n}`);
      expect(m.html).toContain(`Dear Dora${n}`);
      expect(m.html).toContain(`${t.config.publicUrl}/#/login/${encodeURIComponent(donor.username)}`);
      expect(m.html).toContain('Remind Agency');
      expect(m.text).toContain('unsubscribe');
      expect(m.unsubscribe?.userId).toBe(donor.id);
    }
  });

  it('uses the center own template wording and the chosen types', async () => {
    const center = await makeCenter();
    await schedule(center, {
      durationFirst: 1,
      totalReminders: 1,
      firstEmailTypeId: EMAIL_TYPE.DONOR_RECURRING_REMINDER,
    });
    const donor = await makeDonor(center);
    await passDays(1);
    const [mail] = await t.outbox(donor.username);
    expect(mail!.emailTypeId).toBe(EMAIL_TYPE.DONOR_RECURRING_REMINDER);
    expect(mail!.html).toContain('friendly reminder');
  });

  it('sends nothing more once the donor completes her application', async () => {
    const center = await makeCenter();
    await schedule(center, { durationFirst: 1, durationRecurring: 1, totalReminders: 7 });
    const donor = await makeDonor(center, { availability: 'Initial form Accepted' });
    await passDays(10, async (day) => {
      // She submits her main form on day 3, after the reminders of days 1 and 2.
      if (day === 3)
        await t.db
          .update(donors)
          .set({ availability: 'Main Form Pending Review' })
          .where(eq(donors.userId, donor.id));
    });
    expect((await remindersOf([donor.id])).map((r) => r.sequence)).toEqual([1, 2]);
    expect(await t.outbox(donor.username)).toHaveLength(2);
  });

  it('sends nothing while the schedule is off or its total is None, and starts when turned on', async () => {
    const center = await makeCenter();
    await schedule(center, { durationFirst: 1, emailFlag: false });
    const donor = await makeDonor(center);
    await passDays(3);
    await schedule(center, { emailFlag: true, totalReminders: 0 });
    await passDays(3);
    expect(await remindersOf([donor.id])).toEqual([]);
    await schedule(center, { emailFlag: true, totalReminders: 2, durationRecurring: 1 });
    await passDays(5);
    // One reminder per pass: the days it was off do not come as a burst.
    const sent = await remindersOf([donor.id]);
    expect(sent.map((r) => r.sequence)).toEqual([1, 2]);
    expect(Math.round((sent[1]!.sentAt.getTime() - sent[0]!.sentAt.getTime()) / DAY)).toBe(1);
  });

  it('reminds only donors with an incomplete application and an active account', async () => {
    const center = await makeCenter();
    await schedule(center, { durationFirst: 1, totalReminders: 1 });
    const due = [
      await makeDonor(center, { availability: 'Invited' }),
      await makeDonor(center, { availability: 'Invited', preFormStatus: 1 }),
      await makeDonor(center, { availability: 'Initial form Accepted', preFormStatus: 1 }),
      await makeDonor(center, { availability: 'Rejected Main Form', preFormStatus: 1 }),
    ];
    const notDue = [
      await makeDonor(center, { availability: 'Rejected Initial Form' }),
      await makeDonor(center, { availability: 'General Info Pending Review' }),
      await makeDonor(center, { availability: 'Main Form Pending Review' }),
      await makeDonor(center, { availability: 'Available' }),
      await makeDonor(center, { availability: 'Invited', preFormStatus: 0 }),
      await makeDonor(center, { availability: 'Invited', status: 'Invited' }),
      await makeDonor(center, { availability: 'Invited', status: 'Archived', archived: true }),
    ];
    // A donor of a center without a schedule.
    const elsewhere = await makeDonor(await makeCenter());
    await passDays(2);
    const sent = await remindersOf([...due, ...notDue, elsewhere].map((d) => d.id));
    expect(sent.map((r) => r.donorId)).toEqual(due.map((d) => d.id));
  });

  it('counts the first reminder from the donor last activity (a sign-in)', async () => {
    const center = await makeCenter();
    await schedule(center, { durationFirst: 2, totalReminders: 1 });
    const donor = await makeDonor(center);
    const start = t.clock.now().getTime();
    await passDays(4, async (day) => {
      if (day === 1)
        await t.db.update(users).set({ lastLoginAt: t.clock.now() }).where(eq(users.id, donor.id));
    });
    const [sent] = await remindersOf([donor.id]);
    expect(Math.round((sent!.sentAt.getTime() - start) / DAY)).toBe(3);
  });

  it('never sends one reminder twice when two passes race (two API processes)', async () => {
    const center = await makeCenter();
    await schedule(center, { durationFirst: 1, durationRecurring: 1, totalReminders: 2 });
    const list = await Promise.all(Array.from({ length: 25 }, () => makeDonor(center)));
    const ids = list.map((d) => d.id);
    for (let day = 0; day < 4; day++) {
      t.clock.advance(DAY);
      const [a, b] = await Promise.all([pass(), pass()]);
      expect(a.failedCenters + b.failedCenters).toBe(0);
    }
    const sent = await remindersOf(ids);
    expect(sent).toHaveLength(50);
    const mails = await t.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.toAddress,
          list.map((d) => d.username),
        ),
      );
    expect(mails).toHaveLength(50);
    // A pass after a restart reads the same tables: nothing is due, nothing is sent again.
    const again = await pass();
    expect(await remindersOf(ids)).toHaveLength(50);
    expect(again.failedCenters).toBe(0);
  });

  it('keeps counting the reminders of a donor who moved to another agency', async () => {
    const from = await makeCenter();
    const to = await makeCenter();
    await schedule(from, { durationFirst: 1, durationRecurring: 1, totalReminders: 3 });
    await schedule(to, { durationFirst: 1, durationRecurring: 1, totalReminders: 3 });
    const donor = await makeDonor(from);
    await passDays(1);
    await t.db.update(donors).set({ centerId: to }).where(eq(donors.userId, donor.id));
    await passDays(4);
    const sent = await remindersOf([donor.id]);
    expect(sent.map((r) => [r.sequence, r.centerId])).toEqual([
      [1, from],
      [2, to],
      [3, to],
    ]);
  });

  it('records a run per center that sent reminders, for the cron pages', async () => {
    const center = await makeCenter();
    await schedule(center, { durationFirst: 1, totalReminders: 1 });
    await makeDonor(center);
    await makeDonor(center);
    await passDays(1);
    const runs = await t.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'donor-reminders'), eq(jobRuns.centerId, center)));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'success', processed: 2 });
  });

  it('works through several centers at once; a center that fails leaves the others their reminders', async () => {
    const ok = [await makeCenter(), await makeCenter(), await makeCenter()];
    const broken = await makeCenter();
    // A notification type cannot go out as a batch: this center's mail fails, after its claim.
    const notification = [...NOTIFICATION_EMAIL_TYPES][0]!;
    await schedule(broken, { durationFirst: 1, totalReminders: 1, firstEmailTypeId: notification });
    for (const center of ok) await schedule(center, { durationFirst: 1, totalReminders: 1 });
    const donorsOk = [];
    for (const center of ok) donorsOk.push((await makeDonor(center)).id, (await makeDonor(center)).id);
    const donorBroken = (await makeDonor(broken)).id;
    t.clock.advance(DAY);
    const result = await runReminderPass({ db: t.db, clock: t.clock, onlyCenters: [...ok, broken] }, t);
    expect(REMINDER_CENTERS_AT_ONCE).toBeGreaterThan(1);
    expect(result).toEqual({ sent: 6, centers: 4, failedCenters: 1 });
    expect((await remindersOf(donorsOk)).map((r) => r.donorId)).toEqual(donorsOk);
    // The failed batch's claim was rolled back with it: the donor is due again next pass.
    expect(await remindersOf([donorBroken])).toEqual([]);
    const [failedRun] = await t.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'donor-reminders'), eq(jobRuns.centerId, broken)));
    expect(failedRun).toMatchObject({ status: 'failed', processed: 0 });
  });
});

// --- the routes ---------------------------------------------------------------------------

describe('access', () => {
  const calls: [string, string, Record<string, unknown> | undefined][] = [
    ['GET', '/api/getemailscheduler', undefined],
    ['POST', '/api/saveemailscheduler', { emailSchedule: valid() }],
    ['POST', '/api/saveemailschedulertoggle', { emailSchedule: { emailFlag: true } }],
  ];

  it('answers 401 to anonymous callers', async () => {
    for (const [method, url, payload] of calls) {
      const res = await t.request({ method: method as 'GET', url, payload });
      expect(res.statusCode, url).toBe(401);
      expect(body(res).message).toBe(MSG.NO_TOKEN);
    }
  });

  it('answers 403 to managers, parents and donors', async () => {
    for (const as of ['manager@demo.test', 'parent@demo.test', 'donor@demo.test'])
      for (const [method, url, payload] of calls) {
        const res = await t.request({ method: method as 'GET', url, payload, as });
        expect(res.statusCode, `${url} as ${as}`).toBe(403);
        expect(body(res).message).toBe(MSG.UNAUTHORIZED);
      }
  });

  it('answers 404 to an agency admin naming another center, and the master naming none that exists', async () => {
    const res = await get('/api/getemailscheduler?center_id=1', ADMIN85);
    expect(res.statusCode).toBe(404);
    const save = await post('/api/saveemailscheduler', { center_id: 1, emailSchedule: valid() }, ADMIN85);
    expect(save.statusCode).toBe(404);
    const toggle = await post(
      '/api/saveemailschedulertoggle',
      { center_id: 1, emailSchedule: { emailFlag: false } },
      ADMIN85,
    );
    expect(toggle.statusCode).toBe(404);
    expect((await get('/api/getemailscheduler?center_id=999999', MASTER)).statusCode).toBe(404);
    expect(await t.db.select().from(emailSchedules).where(eq(emailSchedules.centerId, 1))).toEqual([]);
  });

  it('asks the master admin to choose an agency', async () => {
    const res = await get('/api/getemailscheduler', MASTER);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.CENTER_REQUIRED);
  });
});

describe('getemailscheduler, saveemailscheduler, saveemailschedulertoggle', () => {
  it('answers an empty schedule and the reminder templates before one is saved', async () => {
    const res = await get('/api/getemailscheduler', ADMIN85);
    expect(res.statusCode).toBe(200);
    const data = body<EmailSchedulerData>(res).data;
    expect(data.centerId).toBe(85);
    expect(data.resultsDuration).toBeNull();
    expect(data.resultsEmail.map((e) => e.email_type)).toEqual([22, 23]);
    expect(data.resultsEmail[0]!.subject).toBe('Your donor application is waiting');
  });

  it('refuses a schedule with a field missing or out of range, with the spec message', async () => {
    for (const key of Object.keys(valid())) {
      const { [key]: _, ...rest } = valid() as Record<string, unknown>;
      const res = await post('/api/saveemailscheduler', { emailSchedule: rest }, ADMIN);
      expect(res.statusCode, key).toBe(400);
      expect(body(res).message, key).toBe('Please fill all mandatory fields.');
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: ' ' }, MSG_REMINDER.MANDATORY],
      [{ durationFirst: '' }, MSG_REMINDER.MANDATORY],
      [{ durationRecurring: 8 }, MSG_REMINDER.INTERVAL],
      [{ durationRecurring: 0 }, MSG_REMINDER.INTERVAL],
      [{ durationFirst: 9 }, MSG_REMINDER.INTERVAL],
      [{ totalReminders: 8 }, MSG_REMINDER.TOTAL],
      [{ totalReminders: -1 }, MSG_REMINDER.TOTAL],
      [{ selectedFirstEmail: EMAIL_TYPE.RESET_PASSWORD }, MSG_REMINDER.EMAIL_TYPE],
    ];
    for (const [over, message] of cases) {
      const res = await post('/api/saveemailscheduler', { emailSchedule: valid(over) }, ADMIN);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(body(res).message, JSON.stringify(over)).toBe(message);
    }
    const toggle = await post('/api/saveemailschedulertoggle', { emailSchedule: {} }, ADMIN);
    expect(toggle.statusCode).toBe(400);
    expect(body(toggle).message).toBe(MSG_REMINDER.MANDATORY);
  });

  it('will not turn on a schedule that was never saved', async () => {
    const res = await post('/api/saveemailschedulertoggle', { emailSchedule: { emailFlag: true } }, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG_REMINDER.MANDATORY);
  });

  it("saves an agency's schedule, turns it off and on, audited", async () => {
    const save = await post(
      '/api/saveemailscheduler',
      { emailSchedule: valid({ totalReminders: 0, durationFirst: '4' }) },
      ADMIN,
    );
    expect(save.statusCode).toBe(200);
    expect(body(save).message).toBe(MSG_REMINDER.SAVED);
    expect(body<EmailSchedulerData>(save).data.resultsDuration).toEqual({
      duration_first_email: 4,
      duration_email_afterward: 3,
      total_reminder: 0,
      send_email_flag: true,
      selected_first_email: 22,
      selected_recurring_email: 23,
      subject: 'Your application with {organization}',
    });
    const off = await post('/api/saveemailschedulertoggle', { emailSchedule: { emailFlag: false } }, ADMIN);
    expect(off.statusCode).toBe(200);
    expect(body(off).message).toBe(MSG_REMINDER.OFF);
    const read = body<EmailSchedulerData>(await get('/api/getemailscheduler', ADMIN)).data;
    expect(read.resultsDuration?.send_email_flag).toBe(false);
    expect(read.resultsDuration?.duration_first_email).toBe(4);

    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'email_schedule'), eq(auditLog.entityId, '1')))
        .orderBy(desc(auditLog.id))
    ).map((a) => [a.action, a.centerId]);
    expect(actions).toEqual([
      ['email_schedule_off', 1],
      ['email_schedule_saved', 1],
    ]);
  });

  it("lets the master admin set a chosen agency's schedule", async () => {
    const center = await makeCenter();
    const save = await post(
      '/api/saveemailscheduler',
      { center_id: center, emailSchedule: valid({ emailFlag: false }) },
      MASTER,
    );
    expect(save.statusCode).toBe(200);
    const on = await post(
      '/api/saveemailschedulertoggle',
      { center_id: center, emailSchedule: { emailFlag: true } },
      MASTER,
    );
    expect(body(on).message).toBe(MSG_REMINDER.ON);
    const [row] = await t.db.select().from(emailSchedules).where(eq(emailSchedules.centerId, center));
    expect(row).toMatchObject({ emailFlag: true, durationFirst: 2, durationRecurring: 3, totalReminders: 3 });
  });
});

describe('the development reminder pass (POST devreminderpass)', () => {
  it('runs one pass of the agency as if the clock were days ahead; the outbox shows the reminder', async () => {
    const center = await makeCenter();
    const save = await post(
      '/api/saveemailscheduler',
      { center_id: center, emailSchedule: valid({ durationFirst: 2, totalReminders: 1 }) },
      MASTER,
    );
    expect(save.statusCode).toBe(200);
    const donor = await makeDonor(center);
    const early = await post('/api/devreminderpass', { days: 1, center_id: center }, MASTER);
    expect(early.statusCode).toBe(200);
    expect(body<{ sent: number }>(early).data.sent).toBe(0);
    expect(await t.outbox(donor.username)).toEqual([]);
    const later = await post('/api/devreminderpass', { days: 3, center_id: center }, MASTER);
    expect(body<{ sent: number }>(later).data.sent).toBe(1);
    const [mail] = await t.outbox(donor.username);
    expect(mail!.subject).toBe(`Your application with Remind Agency ${centerSeq}`);
    // Only the caller's agency: an agency admin cannot run another center's pass.
    const other = await post('/api/devreminderpass', { days: 3, center_id: center }, ADMIN85);
    expect(other.statusCode).toBe(404);
    expect((await post('/api/devreminderpass', { days: 3 }, 'manager@demo.test')).statusCode).toBe(403);
  });

  it('is absent from a production process', async () => {
    const prod = await startTestApp({ production: true });
    try {
      const res = await prod.request({
        method: 'POST',
        url: '/api/devreminderpass',
        payload: { days: 3 },
        as: ADMIN,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
