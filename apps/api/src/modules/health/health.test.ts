import { type DatabaseHealth, type DiskHealth, HEALTH_STATE, type JobsHealth, MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHeartbeats } from '../../db/schema/index.js';
import { DEV_HEALTHCHECK_PASSWORD, loadConfig } from '../../platform/config.js';
import { SecretBox } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { HEARTBEAT_STALE_MS, heartbeat } from '../../platform/heartbeat.js';
import { MAIL_DELIVERY_JOB, startMailDelivery } from '../../platform/mail-delivery.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { TEST_DATA_DIR, TEST_SECRET } from '../../test/template.js';
import { HEALTH_PROBE_FRESH_MS, sharedDatabaseProbe } from './health.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers db up with the build version, also in the version header', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      status: 'success',
      message: '',
      data: { db: 'up', version: 'test-version' },
    });
    expect(res.headers['x-app-version']).toBe('test-version');
  });

  it('answers 503 with db down when the database is gone', async () => {
    const other = await startTestApp();
    await other.database.close();
    const res = await other.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(body(res).data).toEqual({ db: 'down', version: 'test-version' });
    await other.app.close();
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(body(res).status).toBe('error');
  });
});

describe("GET /api/health's shared database probe", () => {
  /** A database whose every query is counted and answers (or fails) when told. */
  function fakeDatabase() {
    const state = { queries: 0, up: true, pending: [] as (() => void)[] };
    const db = {
      execute: () => {
        state.queries += 1;
        return new Promise<void>((resolve, reject) =>
          state.pending.push(() => (state.up ? resolve() : reject(new Error('connection refused')))),
        );
      },
    } as unknown as Db;
    const answer = () => {
      for (const settle of state.pending.splice(0)) settle();
    };
    return { db, state, answer };
  }

  it('shares the probe in flight and its answer while fresh, then probes again', async () => {
    const { db, state, answer } = fakeDatabase();
    let now = 1000;
    const probe = sharedDatabaseProbe({ db }, () => now);
    const concurrent = Array.from({ length: 20 }, () => probe());
    answer();
    const answers = await Promise.all(concurrent);
    expect(state.queries).toBe(1);
    expect(answers.every((a) => a.state === HEALTH_STATE.CONNECTED)).toBe(true);
    now += HEALTH_PROBE_FRESH_MS - 1;
    expect((await probe()).state).toBe(HEALTH_STATE.CONNECTED);
    expect(state.queries).toBe(1);
    now += 1;
    const next = probe();
    answer();
    expect((await next).state).toBe(HEALTH_STATE.CONNECTED);
    expect(state.queries).toBe(2);
  });

  it('reports the database down within a second of losing it', async () => {
    const { db, state, answer } = fakeDatabase();
    let now = 0;
    const probe = sharedDatabaseProbe({ db }, () => now);
    const first = probe();
    answer();
    expect((await first).state).toBe(HEALTH_STATE.CONNECTED);
    // The database goes down right after that probe was answered.
    state.up = false;
    now += 999;
    const later = probe();
    answer();
    expect((await later).state).toBe(HEALTH_STATE.NOT_CONNECTED);
    expect(HEALTH_PROBE_FRESH_MS).toBeLessThan(1000);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every API route with its access requirement', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']?.get?.description).toContain('Access: public.');
  });
});

describe('the health check with its own login', () => {
  const good = () => ({ username: t.config.healthcheckUser, password: t.config.healthcheckPassword });
  const post = (url: string, payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
    t.request({ method: 'POST', url, payload, remoteAddress });

  it('logs in with the configured credentials only, and refuses bad input with the field', async () => {
    expect((await post('/api/healthcheckauthenticate', good())).statusCode).toBe(200);
    const wrong = await post('/api/healthcheckauthenticate', { ...good(), password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe(MSG.HEALTH_LOGIN_FAILED);
    const missing = await post('/api/healthcheckauthenticate', { username: 'health' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toMatch(/password/i);
    // A user account's password does not open it.
    const user = await post('/api/healthcheckauthenticate', {
      username: 'master@demo.test',
      password: 'Demo!2345',
    });
    expect(body(user).message).toBe(MSG.HEALTH_LOGIN_FAILED);
  });

  it('refuses an address after ten failures within a quarter of an hour, even with the right password', async () => {
    for (let i = 0; i < 10; i++)
      await post('/api/healthcheckauthenticate', { ...good(), password: `bad${i}` }, '10.9.9.9');
    const locked = await post('/api/healthcheckauthenticate', good(), '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect((await post('/api/healthcheckauthenticate', good(), '10.9.9.10')).statusCode).toBe(200);
  });

  it('answers every check only with the credentials', async () => {
    for (const url of ['/api/checkdatabase', '/api/checkspace', '/api/checkjobs']) {
      const refused = await post(url, { ...good(), password: 'wrong' });
      expect(refused.statusCode, url).toBe(403);
      expect(body(refused).message).toBe(MSG.HEALTH_UNAUTHORIZED);
      expect((await post(url, {})).statusCode, url).toBe(400);
    }
  });

  it('reports the database connected and the disk space of the data directory', async () => {
    const db = body<DatabaseHealth>(await post('/api/checkdatabase', good())).data;
    expect(db.state).toBe(HEALTH_STATE.CONNECTED);
    expect(db.latencyMs).toBeGreaterThanOrEqual(0);
    const disk = body<DiskHealth>(await post('/api/checkspace', good())).data;
    expect(disk.state).toBe(HEALTH_STATE.CALCULATED);
    expect(disk.totalBytes).toBeGreaterThan(disk.freeBytes!);
    expect(disk.usedPercent).toBeGreaterThan(0);
  });

  it('reports the job runner Running while every job beats, Not Running when one went quiet', async () => {
    await t.db.delete(jobHeartbeats);
    expect(body(await post('/api/checkjobs', good())).data).toEqual({
      state: HEALTH_STATE.NOT_RUNNING,
      jobs: [],
    });
    const beat = heartbeat(t.db, t.clock, 'mail-delivery');
    await beat(true);
    const running = body<JobsHealth>(await post('/api/checkjobs', good())).data;
    expect(running.state).toBe(HEALTH_STATE.RUNNING);
    expect(running.jobs[0]).toMatchObject({ job: 'mail-delivery', lastFailedAt: null });
    await beat(false); // a failure after a success is written at once
    const [row] = await t.db.select().from(jobHeartbeats).where(eq(jobHeartbeats.job, 'mail-delivery'));
    expect(row!.lastFailedAt).not.toBeNull();
    expect(row!.lastOkAt).not.toBeNull();
    t.clock.advance(HEARTBEAT_STALE_MS + 1000);
    expect(body<JobsHealth>(await post('/api/checkjobs', good())).data.state).toBe(HEALTH_STATE.NOT_RUNNING);
  });

  it('is written by the running mail job itself', async () => {
    await t.db.delete(jobHeartbeats);
    const runner = startMailDelivery(
      {
        db: t.db,
        config: t.config,
        clock: t.clock,
        secrets: new SecretBox(t.config.appSecret),
        mailTransport: () => ({ send: async () => {}, verify: async () => {}, close: () => {} }),
        log: t.app.log,
      },
      10,
    );
    await new Promise((r) => setTimeout(r, 300));
    await runner.stop();
    const rows = await t.db.select().from(jobHeartbeats);
    expect(rows.map((r) => r.job)).toEqual([MAIL_DELIVERY_JOB]);
  });
});

describe('the health check login in production', () => {
  const env = { APP_SECRET: TEST_SECRET, DATA_DIR: TEST_DATA_DIR };

  it('has no default password in production; development keeps it, a set one is used', () => {
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).healthcheckPassword).toBeNull();
    expect(
      loadConfig({ ...env, NODE_ENV: 'production', HEALTHCHECK_PASSWORD: '' }).healthcheckPassword,
    ).toBeNull();
    expect(
      loadConfig({ ...env, NODE_ENV: 'production', HEALTHCHECK_PASSWORD: 'Long-Own-Pass-1' })
        .healthcheckPassword,
    ).toBe('Long-Own-Pass-1');
    expect(loadConfig(env).healthcheckPassword).toBe(DEV_HEALTHCHECK_PASSWORD);
  });

  it('is off without HEALTHCHECK_PASSWORD: the default is refused with a clear message', async () => {
    const prod = await startTestApp({ production: true, mailTransport: 'file', healthcheckPassword: null });
    try {
      const credentials = { username: prod.config.healthcheckUser, password: DEV_HEALTHCHECK_PASSWORD };
      for (const url of ['/api/healthcheckauthenticate', '/api/checkdatabase', '/api/checkjobs']) {
        const res = await prod.request({ method: 'POST', url, payload: credentials });
        expect(res.statusCode).toBe(403);
        expect(body(res).message).toBe(MSG.HEALTH_LOGIN_OFF);
      }
    } finally {
      await prod.close();
    }
  });
});
