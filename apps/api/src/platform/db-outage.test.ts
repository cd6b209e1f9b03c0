import { MSG } from '@dm/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { TEST_DATA_DIR, TEST_SECRET } from '../test/template.js';
import { loadConfig } from './config.js';
import { openDatabase, queryRows } from './db.js';
import { describeDatabaseUnavailable, isDatabaseUnavailable } from './db-errors.js';

const PARENT = 'parent@demo.test';
const UNAVAILABLE = { status: 'error', message: MSG.SERVICE_UNAVAILABLE, data: null };

/** Polls until check() holds (the database's view of the app's connections changes asynchronously). */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the database-unavailable classifier', () => {
  it('knows a refused connection, lost connections and SQLSTATEs, and not a failing statement', async () => {
    // A real refused connection: nothing listens on port 1.
    const nowhere = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const refused = await nowhere.db.execute(sql`select 1`).then(
      () => null,
      (error: unknown) => error,
    );
    await nowhere.close();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(describeDatabaseUnavailable(refused)).toMatch(/ECONNREFUSED/);

    for (const code of ['57P01', '57P02', '57P03', '08006', '08001']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // drizzle's wrapper: the statement and its parameters are in its message, never in the description.
    const wrapped = new Error('Failed query: select $1\nparams: 123-45-6789', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(describeDatabaseUnavailable(wrapped)).toBe(
      '57P01 terminating connection due to administrator command',
    );

    for (const code of ['23505', '42601', '40001', '57014']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('an app whose database cannot be reached', () => {
  it('answers 503: the health check reports the database down, other routes the message', {
    timeout: 120_000,
  }, async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const config = { ...loadConfig({ APP_SECRET: TEST_SECRET, DATA_DIR: TEST_DATA_DIR }), webDist: null };
    const app = await buildApp({ database, config });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().data.db).toBe('down');
      // A signed-in route: the session lookup itself fails.
      const saved = await app.inject({
        method: 'GET',
        url: '/api/savedsearches',
        headers: { 'x-access-token': 'any-token' },
      });
      expect(saved.statusCode, saved.body).toBe(503);
      expect(saved.json()).toEqual(UNAVAILABLE);
      expect(saved.headers['retry-after']).toBe('5');
      // A public route: its own query fails.
      const login = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: PARENT, password: 'Wrong!2345' },
      });
      expect(login.statusCode, login.body).toBe(503);
      expect(login.json()).toEqual(UNAVAILABLE);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// Cutting connections needs a second connection and a server that has more than one: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'losing the database connections (PostgreSQL)',
  { timeout: 120_000 },
  () => {
    let t: TestApp;
    let admin: pg.Client;
    let pool: pg.Pool;
    beforeAll(async () => {
      t = await startTestApp();
      pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const [row] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await t?.close();
    });

    /** The app's connections (every other backend on its test database), optionally filtered. */
    const appBackends = async (filter = 'true') =>
      (
        await admin.query(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and ${filter}`,
        )
      ).rows.length;
    /** pg_terminate_backend of every connection of the app, as a restart or an administrator does. */
    const cutAppConnections = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
    const save = (name: string) =>
      t.request({ method: 'POST', url: '/api/savesearch', as: PARENT, payload: { name, filters: {} } });

    it('answers 503 to a request whose connection is cut mid-query, then serves the next ones', async () => {
      expect((await save('Before the cut')).statusCode).toBe(200);
      // The request's query waits on a lock until its connection is cut.
      await admin.query('begin');
      await admin.query('lock table saved_searches in access exclusive mode');
      const pending = save('Cut mid-query');
      await until(async () => (await appBackends("wait_event_type = 'Lock'")) > 0, 'the request to wait');
      await cutAppConnections();
      await admin.query('rollback');

      const cut = await pending;
      expect(cut.statusCode, cut.body).toBe(503);
      expect(cut.json()).toEqual(UNAVAILABLE);

      // Each idle connection learns of its cut from its socket; until it has, the pool could still
      // hand it out (seen once on a busy machine). Serving again means once the pool has let them go.
      await until(() => pool.idleCount === 0, 'the pool to drop the cut idle connections', 5_000);
      for (const name of ['After the cut 1', 'After the cut 2']) {
        const res = await save(name);
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it('serves the next request after its idle connections were cut between requests', async () => {
      const list = () => t.request({ method: 'GET', url: '/api/savedsearches', as: PARENT });
      await Promise.all([list(), list(), list()]);
      expect(pool.idleCount).toBeGreaterThan(0);
      await cutAppConnections();
      // The pool drops each idle connection as its socket closes ('error' on an idle client).
      await until(() => pool.totalCount === 0, 'the pool to drop its dead connections');
      const res = await list();
      expect(res.statusCode, res.body).toBe(200);
      expect(pool.totalCount).toBeGreaterThan(0);
    });

    it('survives a connection cut inside a transaction (a checked-out client)', async () => {
      const running = t.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(30)`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      await until(async () => (await appBackends("query like '%pg_sleep(%'")) > 0, 'the transaction to run');
      await cutAppConnections();
      const error = await running;
      expect(isDatabaseUnavailable(error)).toBe(true);
      // As above: the other idle connections were cut too; wait until the pool has let them go.
      await until(() => pool.idleCount === 0, 'the pool to drop the cut idle connections', 5_000);
      const res = await t.request({ method: 'GET', url: '/api/health' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.db).toBe('up');
    });
  },
);
