import { type CronCenter, type CronCounts, type CronJobRow, type CronRunPage, EMAIL_TYPE } from '@dm/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, mailOutbox } from '../../db/schema/index.js';
import { SecretBox } from '../../platform/crypto.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { deliverPendingMail } from '../../platform/mail-delivery.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { runPendingImports } from '../staff-donors/staff-donors.import.js';

let t: TestApp;
const MASTER = 'master@demo.test';
const ADMIN = 'admin@demo.test';
const ADMIN85 = 'admin85@demo.test';
const post = (url: string, payload: Record<string, unknown>, as: string | null = MASTER) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as: string | null = MASTER) => t.request({ method: 'GET', url, as });

const FILES = [
  {
    name: 'general.csv',
    content:
      'donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\nCRON-1,cron1@cron.test,Ann,One,1998-02-03,,,\n',
  },
  {
    name: 'physical.csv',
    content: 'donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\nCRON-1,165,60,,,\n',
  },
  { name: 'education.csv', content: 'donor_key,education_level\nCRON-1,\n' },
  { name: 'status.csv', content: 'donor_key,availability,donor_type\nCRON-1,,\n' },
];

beforeAll(async () => {
  t = await startTestApp();
  await t.db.delete(jobRuns);
  // Real runs: an import of center 1, and a mail pass for center 85 whose SMTP server refuses.
  expect((await post('/api/importdonors', { files: FILES }, ADMIN)).statusCode).toBe(200);
  await runPendingImports({ db: t.db, clock: t.clock });
  await t.db
    .update(mailOutbox)
    .set({ status: 'captured' })
    .where(inArray(mailOutbox.status, ['pending', 'sending']));
  await queueTemplatedMail(t.db, t.secrets, {
    centerId: 85,
    emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
    to: 'someone@cron.test',
    vars: { recipient: 'Pat', link: 'https://example.test/x' },
  });
  t.clock.advance(1);
  await deliverPendingMail({
    db: t.db,
    config: { ...t.config, mailTransport: 'smtp', smtpUrl: 'smtp://mail.cron.test:25' },
    secrets: new SecretBox(t.config.appSecret),
    clock: t.clock,
    mailTransport: () => ({
      send: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
      verify: async () => {},
      close: () => {},
    }),
  });
});
afterAll(() => t.close());

const ROUTES = [
  { method: 'GET', url: '/api/getcroncount/0' },
  { method: 'GET', url: '/api/centerlist/all' },
  { method: 'GET', url: '/api/crondata/all' },
  { method: 'POST', url: '/api/getcrondetails', payload: {} },
] as const;

describe('access', () => {
  it('answers 401 without a session', async () => {
    for (const r of ROUTES) expect((await t.request({ ...r, as: null })).statusCode, r.url).toBe(401);
  });
  it('answers 403 to roles without the cron pages, 200 to master and agency admins', async () => {
    for (const as of ['manager@demo.test', 'parent@demo.test', 'donor@demo.test'])
      for (const r of ROUTES) expect((await t.request({ ...r, as })).statusCode, `${as} ${r.url}`).toBe(403);
    for (const as of [MASTER, ADMIN])
      for (const r of ROUTES) expect((await t.request({ ...r, as })).statusCode, `${as} ${r.url}`).toBe(200);
  });
});

describe('GET getcroncount/{center}', () => {
  it('counts the runs by status, of every center for the master admin or of one', async () => {
    const all = body<CronCounts>(await get('/api/getcroncount/0')).data;
    expect(all).toEqual({ center_id: 0, total: 2, running: 0, success: 1, failed: 1 });
    expect(body<CronCounts>(await get('/api/getcroncount/85')).data).toMatchObject({ total: 1, failed: 1 });
    expect((await get('/api/getcroncount/9999')).statusCode).toBe(404);
  });
  it("gives an agency admin her own center's runs and 404 for another center", async () => {
    expect(body<CronCounts>(await get('/api/getcroncount/0', ADMIN)).data).toEqual({
      center_id: 1,
      total: 1,
      running: 0,
      success: 1,
      failed: 0,
    });
    expect((await get('/api/getcroncount/85', ADMIN)).statusCode).toBe(404);
  });
  it("answers 400 'Center is invalid.' for a bad center", async () => {
    const res = await get('/api/getcroncount/x');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Center is invalid.');
  });
});

describe('GET centerlist/{status}', () => {
  it('lists the centers with runs in the status', async () => {
    const failed = body<CronCenter[]>(await get('/api/centerlist/failed')).data;
    expect(failed.map((c) => [c.center_id, c.runs])).toEqual([[85, 1]]);
    const all = body<CronCenter[]>(await get('/api/centerlist/all')).data;
    expect(all.map((c) => c.center_id).sort()).toEqual([1, 85]);
    expect(body<CronCenter[]>(await get('/api/centerlist/all', ADMIN)).data.map((c) => c.center_id)).toEqual([
      1,
    ]);
    expect(body<CronCenter[]>(await get('/api/centerlist/failed', ADMIN)).data).toEqual([]);
  });
  it("answers 400 'Status must be all, running, success or failed.'", async () => {
    const res = await get('/api/centerlist/done');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Status must be all, running, success or failed.');
  });
});

describe('GET crondata/{status}', () => {
  it('lists the scheduled jobs with their runs in the status', async () => {
    const jobs = body<CronJobRow[]>(await get('/api/crondata/all')).data;
    expect(jobs.map((j) => [j.job, j.runs])).toEqual([
      ['mail-delivery', 1],
      ['text-delivery', 0],
      ['donor-import', 1],
      ['dexi-run', 0],
      ['donor-reminders', 0],
      ['search-alerts', 0],
      ['subscription-renewals', 0],
      ['donor-watch', 0],
      ['webhook-delivery', 0],
    ]);
    const failed = body<CronJobRow[]>(await get('/api/crondata/failed', ADMIN)).data;
    expect(failed.map((j) => j.runs)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await get('/api/crondata/nope')).statusCode).toBe(400);
  });
});

describe('POST getcrondetails', () => {
  it('pages the runs, newest first, with the next offset in entryUpto', async () => {
    const page = body<CronRunPage>(await post('/api/getcrondetails', {})).data;
    expect(page.total).toBe(2);
    expect(page.entryUpto).toBe(2);
    const mail = page.rows.find((r) => r.job === 'mail-delivery')!;
    expect(mail).toMatchObject({ center_id: 85, status: 'failed', processed: 0, name: 'E-mail delivery' });
    expect(mail.error).toMatch(/refused/);
    const imported = page.rows.find((r) => r.job === 'donor-import')!;
    expect(imported).toMatchObject({ center_id: 1, status: 'success', processed: 1, error: null });
    expect(imported.finished_at).not.toBeNull();
    const second = body<CronRunPage>(await post('/api/getcrondetails', { from: 1, to: 1 })).data;
    expect(second).toMatchObject({ total: 2, entryUpto: 2 });
    expect(second.rows).toHaveLength(1);
  });
  it('filters by center and status; an admin sees only her center', async () => {
    const failed = body<CronRunPage>(
      await post('/api/getcrondetails', { center_id: 85, status: 'failed' }),
    ).data;
    expect(failed.rows.map((r) => r.job)).toEqual(['mail-delivery']);
    const mine = body<CronRunPage>(await post('/api/getcrondetails', {}, ADMIN85)).data;
    expect(mine.rows.map((r) => r.center_id)).toEqual([85]);
    expect((await post('/api/getcrondetails', { center_id: 85 }, ADMIN)).statusCode).toBe(404);
  });
  it("answers 400 'To must be at most 100.'", async () => {
    const res = await post('/api/getcrondetails', { to: 500 });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('To must be at most 100.');
  });
});
