import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { queryRows } from './db.js';
import { Readiness } from './readiness.js';
import { gracefulShutdown } from './shutdown.js';

const PARENT = 'parent@demo.test';
const IN_FLIGHT = 40;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Holds the database so that requests stay in flight until release(): a lock on saved_searches
 * from a second connection on PostgreSQL, a transaction of PGlite's single connection there.
 */
async function holdDatabase(t: TestApp): Promise<() => Promise<void>> {
  if (t.database.pglite) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const transaction = t.database.pglite.transaction(async () => {
      held();
      await released;
    });
    await holding;
    return async () => {
      release();
      await transaction;
    };
  }
  const [row] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query('begin');
  await admin.query('lock table saved_searches in access exclusive mode');
  return async () => {
    await admin.query('rollback');
    await admin.end();
  };
}

describe('shutdown on SIGTERM', () => {
  it('answers every request in flight, stops the jobs, closes the database, then exits 0', {
    timeout: 120_000,
  }, async () => {
    const t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const token = await t.tokenFor(PARENT);
    const steps: string[] = [];
    let arrived = 0;
    t.app.server.on('request', () => arrived++);

    const release = await holdDatabase(t);
    const requests = Array.from({ length: IN_FLIGHT }, (_, i) =>
      fetch(`${base}/api/savesearch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify({ name: `Drain ${i}`, filters: {} }),
      }),
    );
    await until(() => arrived === IN_FLIGHT, 'every request to arrive');

    const shutdown = gracefulShutdown({
      app: t.app,
      jobs: [{ stop: async () => void steps.push('jobs stopped') }, null],
      database: {
        close: async () => {
          steps.push('database closed');
          await t.database.close();
        },
      },
      exit: (code) => void steps.push(`exit ${code}`),
    });
    const done = shutdown('SIGTERM');
    void shutdown('SIGTERM'); // a second signal changes nothing
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Still waiting for the requests: the database stays open, the process does not exit.
    expect(steps).toEqual(['jobs stopped']);

    await release();
    const released = performance.now();
    const statuses = await Promise.all(requests.map(async (r) => (await r).status));
    expect(statuses).toEqual(Array(IN_FLIGHT).fill(200));
    await done;
    expect(steps).toEqual(['jobs stopped', 'database closed', 'exit 0']);
    // The clients keep their connections open (keep-alive): the close must not wait for them
    // to time out (Fastify's keepAliveTimeout is 72 s).
    expect(performance.now() - released).toBeLessThan(10_000);
  });

  it('answers the readiness probe 503 at once and keeps serving through the drain before stopping', {
    timeout: 60_000,
  }, async () => {
    const readiness = new Readiness({ ready: true });
    const t = await startTestApp({}, { readiness });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const steps: string[] = [];
    const drainMs = 1500;
    const started = performance.now();
    const done = gracefulShutdown({
      app: t.app,
      jobs: [{ stop: async () => void steps.push(`jobs stopped after ${performance.now() - started}`) }],
      database: { close: () => t.database.close() },
      readiness,
      drainMs,
      exit: (code) => void steps.push(`exit ${code}`),
    })('SIGTERM');

    // During the drain: not ready, but every other request is still answered.
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).data.waitingFor).toEqual(['shutting down']);
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(steps).toEqual([]);

    await done;
    expect(steps).toHaveLength(2);
    expect(Number(steps[0]!.split(' ').at(-1))).toBeGreaterThanOrEqual(drainMs - 20);
    expect(steps[1]).toBe('exit 0');
    // The listener is closed: a new connection is refused (the proxy tries another process).
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
