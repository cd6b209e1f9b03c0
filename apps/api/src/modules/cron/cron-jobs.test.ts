import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CRON_JOB_KEYS, type CronJobRow, type CronRunPage, EMAIL_TYPE } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donors,
  donorWatches,
  emailSchedules,
  jobHeartbeats,
  jobRuns,
  paymentAccounts,
  searchAlerts,
  subscriptions,
  users,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { dbMaintenanceJob } from '../../platform/db-maintenance.js';
import { startJobRunner } from '../../platform/jobs/runner.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { mailDeliveryJob } from '../../platform/mail-delivery.js';
import { tokenizeLocalCard } from '../../platform/payments-local.js';
import { queueText } from '../../platform/sms.js';
import { textDeliveryJob } from '../../platform/sms-delivery.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { moduleJobs } from '../index.js';

let t: TestApp;
const get = (url: string) => t.request({ method: 'GET', url, as: 'master@demo.test' });
const FILES = [
  {
    name: 'general.csv',
    content:
      'donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\nJOBS-1,jobs1@cron.test,Ann,One,1998-02-03,,,\n',
  },
  {
    name: 'physical.csv',
    content: 'donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\nJOBS-1,,,,,\n',
  },
  { name: 'education.csv', content: 'donor_key,education_level\nJOBS-1,\n' },
  { name: 'status.csv', content: 'donor_key,availability,donor_type\nJOBS-1,,\n' },
];

beforeAll(async () => {
  t = await startTestApp();
  await t.db.delete(jobRuns);
  await t.db.delete(jobHeartbeats);
});
afterAll(() => t.close());

describe('the jobs of the process in the cron pages', () => {
  it('lists database maintenance only once it has run', async () => {
    const jobs = body<CronJobRow[]>(await get('/api/crondata/all')).data;
    expect(jobs.map((j) => j.job)).toEqual([
      'mail-delivery',
      'text-delivery',
      'donor-import',
      'dexi-run',
      'donor-reminders',
      'search-alerts',
      'subscription-renewals',
      'donor-watch',
      'webhook-delivery',
    ]);
  });

  it('shows the runs of mail and text delivery, the donor import, external data, the reminders and maintenance, run as main.ts runs them', async () => {
    const textDir = mkdtempSync(path.join(tmpdir(), 'cron-texts-'));
    const imported = await t.request({
      method: 'POST',
      url: '/api/importdonors',
      payload: { files: FILES },
      as: 'admin@demo.test',
    });
    expect(imported.statusCode).toBe(200);
    // An external data run of a center whose drop folder is empty: a failed run, recorded.
    const dexi = await t.request({
      method: 'POST',
      url: '/api/executedexirun',
      payload: { center_id: 85 },
      as: 'master@demo.test',
    });
    expect(dexi.statusCode).toBe(200);
    await queueTemplatedMail(t.db, t.secrets, {
      centerId: 1,
      emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
      to: 'jobs@cron.test',
      vars: { recipient: 'Pat', link: 'https://example.test/x' },
    });
    await queueText(t.db, t.secrets, { centerId: 1, toUserId: null, to: '+12025550111', body: 'Cron' });
    // A donor who has not finished her application, and a schedule that reminds her after a day.
    const [donor] = await t.db
      .insert(users)
      .values({ username: 'remind@cron.test', role: 2, status: 'Active', centerId: 1, firstName: 'Rita' })
      .returning({ id: users.id });
    const twoDaysAgo = new Date(t.clock.now().getTime() - 2 * 24 * 3600_000);
    await t.db.insert(donors).values({
      userId: donor!.id,
      centerId: 1,
      availability: 'Invited',
      createdAt: twoDaysAgo,
      availabilityChangedAt: twoDaysAgo,
    });
    await t.db.insert(emailSchedules).values({
      centerId: 1,
      durationFirst: 1,
      durationRecurring: 1,
      totalReminders: 1,
      emailFlag: true,
      firstEmailTypeId: EMAIL_TYPE.DONOR_FIRST_REMINDER,
      recurringEmailTypeId: EMAIL_TYPE.DONOR_RECURRING_REMINDER,
      subject: 'Finish your application',
    });
    // A parent's saved search with an alert, as if it had found nobody when switched on: every
    // donor it finds now began to match, so the digest job sends a digest.
    const saved = await t.request({
      method: 'POST',
      url: '/api/savesearch',
      payload: { name: 'Cron alert', filters: {} },
      as: 'parent@demo.test',
    });
    const searchId = body<{ search_id: number }>(saved).data.search_id;
    const alert = await t.request({
      method: 'PUT',
      url: '/api/savedsearchalert',
      payload: { search_id: searchId, alert: true },
      as: 'parent@demo.test',
    });
    expect(alert.statusCode).toBe(200);
    await t.db.update(searchAlerts).set({ seen: '' });
    // A local-provider membership whose month has ended: the renewal job charges its card.
    const [member] = await t.db
      .insert(users)
      .values({ username: 'renew@cron.test', role: 9, status: 'Active', centerId: 111, firstName: 'Rene' })
      .returning({ id: users.id });
    const card = tokenizeLocalCard(t.secrets, { number: '4242424242424242', exp: '12/40' }, t.clock.now());
    const ended = new Date(t.clock.now().getTime() - 60_000);
    await t.db.insert(paymentAccounts).values({
      userId: member!.id,
      provider: 'local',
      customerId: 'cus_local_cron',
      paymentMethodId: card.id,
      createdAt: ended,
      updatedAt: ended,
    });
    await t.db.insert(subscriptions).values({
      userId: member!.id,
      centerId: 111,
      provider: 'local',
      providerSubscriptionId: 'sub_local_cron',
      status: 'active',
      priceCents: 9900,
      currentPeriodStart: ended,
      currentPeriodEnd: ended,
      createdAt: ended,
      updatedAt: ended,
    });
    // A parent watching an available donor whose round is still armed: the notify-me job tells her.
    const [watched] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .where(
        sql`${donors.centerId} = 1 and ${donors.availability} = 'Available' and ${donors.queueCount} = 0`,
      )
      .limit(1);
    await t.db.insert(donorWatches).values({
      userId: (await t.db.select({ id: users.id }).from(users).where(sql`username = 'parent@demo.test'`))[0]!
        .id,
      donorId: watched!.id,
      createdAt: t.clock.now(),
    });
    t.clock.advance(1);
    // A webhook endpoint nobody listens on and a donor status change: the delivery job's attempt fails, recorded.
    await t.db.insert(webhookEndpoints).values({
      centerId: 1,
      url: 'http://127.0.0.1:9/hook',
      events: ['donor.status_changed'],
      secretSealed: t.secrets.seal('whsec_cron'),
      createdAt: t.clock.now(),
    });
    await t.db.execute(sql`update donors set availability = 'Unavailable'
      where user_id = (select user_id from donors where center_id = 1 and availability = 'Available'
        and user_id <> ${watched!.id} limit 1)`);
    t.clock.advance(1_000);
    await t.db.execute(sql`update donor_search set views_count = views_count + 1`);
    const runner = startJobRunner(
      [
        mailDeliveryJob({
          db: t.db,
          config: t.config,
          secrets: t.secrets,
          mailTransport: () => ({}) as never,
        }),
        textDeliveryJob({ db: t.db, config: { ...t.config, dataDir: textDir }, secrets: t.secrets }),
        ...moduleJobs({ config: t.config, secrets: t.secrets }),
        dbMaintenanceJob(20),
      ],
      { db: t.db, log: t.app.log, clock: t.clock },
    );
    try {
      for (let i = 0; i < 500; i++) {
        const jobs = new Set((await t.db.select({ job: jobRuns.job }).from(jobRuns)).map((r) => r.job));
        // Until every job of the process has recorded a run (stopping earlier left the last ones without).
        if (jobs.size === CRON_JOB_KEYS.length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await runner.stop();
      rmSync(textDir, { recursive: true, force: true });
    }
    const jobs = body<CronJobRow[]>(await get('/api/crondata/all')).data;
    expect(jobs.map((j) => j.job)).toEqual([
      'mail-delivery',
      'text-delivery',
      'donor-import',
      'dexi-run',
      'donor-reminders',
      'search-alerts',
      'subscription-renewals',
      'donor-watch',
      'webhook-delivery',
      'db-maintenance',
    ]);
    for (const j of jobs) {
      expect(j.runs, j.job).toBeGreaterThan(0);
      expect(j.lastOkAt, j.job).not.toBeNull();
    }
    const page = body<CronRunPage>(
      await t.request({ method: 'POST', url: '/api/getcrondetails', payload: {}, as: 'master@demo.test' }),
    ).data;
    const names = new Set(page.rows.map((r) => r.name));
    expect(names).toEqual(
      new Set([
        'E-mail delivery',
        'Text message delivery',
        'Donor import',
        'External donor data',
        'Donor reminders',
        'Saved-search alerts',
        'Subscription renewals',
        'Donor available again',
        'Webhook delivery',
        'Database maintenance',
      ]),
    );
    const maintenance = page.rows.find((r) => r.job === 'db-maintenance')!;
    expect(maintenance).toMatchObject({ center_id: null, status: 'success' });
    expect(maintenance.processed).toBeGreaterThan(0);
  });
});
