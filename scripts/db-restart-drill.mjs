// PostgreSQL restart drill (issue 16): starts the built production server on a scratch
// PostgreSQL database, runs concurrent writers (saved searches), restarts PostgreSQL for real
// (`pg_ctlcluster <version> main stop -m immediate`, a pause, start) and reports: acknowledged
// writes kept, 503s during the outage, time from the database's return to the first 2xx, and
// whether the process is still alive. Then it checks the SIGTERM drain: requests in flight on
// keep-alive connections all answered, exit 0.
//
//   npm run build --workspace packages/shared && npm run build --workspace apps/api
//   node scripts/db-restart-drill.mjs
//
// Needs root (pg_ctlcluster) and a local cluster. It restarts the whole server: every other
// connection to it is cut too. Settings: DRILL_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres),
// DRILL_PORT (3105), DRILL_WRITERS (8), DRILL_DOWN_SECONDS (4), DRILL_CLUSTER (the only version
// in /etc/postgresql, cluster main); DRILL_ONLY=drain skips the restart. Exits 1 when a goal is missed.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.DRILL_PORT ?? 3105);
const writers = Number(process.env.DRILL_WRITERS ?? 8);
const downSeconds = Number(process.env.DRILL_DOWN_SECONDS ?? 4);
const cluster = (process.env.DRILL_CLUSTER ?? `${readdirSync('/etc/postgresql').sort().at(-1)} main`).split(
  ' ',
);
const base = `http://127.0.0.1:${port}`;
const USER = 'manager@demo.test';
const PASSWORD = 'Demo!2345';
/** The goal: serving again this soon after PostgreSQL is back. */
const RECOVERY_GOAL_MS = 5_000;
const DRAIN_REQUESTS = 40;

const main = path.join(root, 'apps', 'api', 'dist', 'main.js');
if (!existsSync(main)) {
  console.error(
    'No production build: npm run build --workspace packages/shared && npm run build --workspace apps/api',
  );
  process.exit(1);
}

const dbName = `dm_drill_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'dm-drill-'));
const drillSecret = randomBytes(32).toString('hex');

async function admin(run) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const pgctl = (action, ...extra) =>
  execFileSync('pg_ctlcluster', [...cluster, action, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
const clusterOnline = () => {
  try {
    pgctl('status');
    return true;
  } catch {
    return false;
  }
};

/** Starts the production server; resolves once it answers /api/health. */
async function startServer() {
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      // Production on PostgreSQL needs its secret given; the drill's database is its own.
      APP_SECRET: drillSecret,
      SHUTDOWN_DRAIN_MS: '0',
      SEED_DONORS: '100',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const keep = (chunk) => log.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  for (const end = Date.now() + 180_000; Date.now() < end; ) {
    if (child.exitCode !== null) break;
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) return { child, exited, log };
    await sleep(250);
  }
  console.error(log.slice(-20).join('\n'));
  throw new Error('The server did not start');
}

async function login() {
  const res = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  const cookie = res.headers.get('set-cookie') ?? '';
  const token = /dm_session=([^;]+)/.exec(cookie)?.[1];
  if (!res.ok || !token) throw new Error(`Login failed: ${res.status} ${await res.text()}`);
  return token;
}

const saveSearch = (token, name) =>
  fetch(`${base}/api/savesearch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify({ name, filters: {} }),
    signal: AbortSignal.timeout(30_000),
  });

/** The outage: writers and a health probe run while PostgreSQL stops and starts. */
async function restartDrill(server, token) {
  const acknowledged = [];
  const statuses = new Map();
  const events = []; // [time, status] of every answer
  let networkErrors = 0;
  let running = true;
  let sequence = 0;
  const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

  const writer = async (w) => {
    while (running) {
      const name = `drill w${w} #${sequence++}`;
      try {
        const res = await saveSearch(token, name);
        const body = await res.json().catch(() => null);
        count(res.status);
        events.push([performance.now(), res.status, body?.message]);
        if (res.ok) acknowledged.push(name);
      } catch {
        networkErrors++;
        events.push([performance.now(), 'network', null]);
      }
      // Without a pause a writer meeting 503s at once would spin.
      await sleep(res503Pause(events));
    }
  };
  const healthDuringOutage = new Map();
  let outage = false;
  const probe = async () => {
    while (running) {
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (outage) {
        const key = res ? String(res.status) : 'network';
        healthDuringOutage.set(key, (healthDuringOutage.get(key) ?? 0) + 1);
      }
      await sleep(200);
    }
  };

  const tasks = [...Array.from({ length: writers }, (_, w) => writer(w)), probe()];
  await sleep(3_000);
  const beforeStop = acknowledged.length;
  const stoppedAt = performance.now();
  outage = true;
  pgctl('stop', '-m', 'immediate');
  await sleep(downSeconds * 1000);
  pgctl('start'); // returns once the server accepts connections
  const backAt = performance.now();
  outage = false;
  // Keep writing until a 2xx follows the return, then a little longer.
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    if (events.some(([t, status]) => t > backAt && status === 200)) break;
    await sleep(20);
  }
  await sleep(2_000);
  running = false;
  await Promise.all(tasks);

  const firstOk = events.find(([t, status]) => t > backAt && status === 200);
  const during = events.filter(([t]) => t > stoppedAt && (!firstOk || t < firstOk[0]));
  const messages503 = new Set(during.filter(([, s]) => s === 503).map(([, , m]) => m));

  const scratch = new pg.Client({ connectionString: dbUrl.toString() });
  await scratch.connect();
  const { rows } = await scratch.query(`select name from saved_searches where name like 'drill w%'`);
  await scratch.end();
  const stored = new Set(rows.map((r) => r.name));
  const kept = acknowledged.filter((n) => stored.has(n)).length;
  const alive =
    server.child.exitCode === null && (await fetch(`${base}/api/health`).catch(() => null))?.ok === true;
  return {
    writers,
    downSeconds,
    writesBeforeStop: beforeStop,
    acknowledged: acknowledged.length,
    kept,
    statuses: Object.fromEntries(statuses),
    networkErrors,
    answersDuringOutage: during.length,
    unavailable503: during.filter(([, s]) => s === 503).length,
    other5xxDuringOutage: during.filter(([, s]) => typeof s === 'number' && s >= 500 && s !== 503).length,
    messages503: [...messages503],
    healthDuringOutage: Object.fromEntries(healthDuringOutage),
    recoveryMs: firstOk ? Math.round(firstOk[0] - backAt) : null,
    alive,
  };
}

/** 50 ms between writes, 200 ms after a failure. */
function res503Pause(events) {
  const last = events.at(-1);
  return last && last[1] !== 200 ? 200 : 50;
}

/**
 * SIGTERM with requests in flight on keep-alive connections: all answered, exit 0, quickly. The
 * requests are held in flight by a lock on saved_searches until just after the signal.
 */
async function drainDrill(server, token) {
  const started = performance.now();
  // Open the clients' keep-alive connections first, so the saves below reach the server at once.
  await Promise.all(
    Array.from({ length: DRAIN_REQUESTS }, () => fetch(`${base}/api/health`).then((r) => r.text())),
  );
  const lock = new pg.Client({ connectionString: dbUrl.toString() });
  await lock.connect();
  await lock.query('begin');
  await lock.query('lock table saved_searches in access exclusive mode');
  const requests = Array.from({ length: DRAIN_REQUESTS }, (_, i) =>
    saveSearch(token, `drain #${i}`).then(
      (res) => res.status,
      () => 'network',
    ),
  );
  // The pool's 10 connections wait on the lock; the other requests wait for a connection.
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    const { rows } = await lock.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].n >= Math.min(10, DRAIN_REQUESTS)) break;
    await sleep(20);
  }
  await sleep(1_000);
  const signalled = performance.now();
  server.child.kill('SIGTERM');
  await sleep(300);
  await lock.query('rollback');
  await lock.end();
  const statuses = await Promise.all(requests);
  const { code, signal } = await server.exited;
  const exitMs = Math.round(performance.now() - signalled);
  return {
    inFlight: DRAIN_REQUESTS,
    answered2xx: statuses.filter((s) => s === 200).length,
    other: statuses.filter((s) => s !== 200),
    exitCode: code,
    exitSignal: signal,
    heldAfterSignalMs: 300,
    exitMs,
    totalMs: Math.round(performance.now() - started),
  };
}

let server;
let failed = false;
try {
  await admin((c) => c.query(`create database ${dbName}`));
  console.log(`Starting the production server on :${port} (database ${dbName}, seeding a small demo)...`);
  server = await startServer();
  const token = await login();

  const goals = {};
  if (process.env.DRILL_ONLY !== 'drain') {
    console.log(
      `Restart drill: ${writers} writers, PostgreSQL ${cluster.join('/')} down ${downSeconds} s...`,
    );
    const restart = await restartDrill(server, token);
    console.log(JSON.stringify(restart, null, 2));
    Object.assign(goals, {
      'every acknowledged write kept': restart.kept === restart.acknowledged,
      'only 503 during the outage (no other 5xx)': restart.other5xxDuringOutage === 0,
      '503 with the message': restart.messages503.every(
        (m) => m === 'The service is temporarily unavailable. Please try again in a moment.',
      ),
      'health reported down (503)': (restart.healthDuringOutage['503'] ?? 0) > 0,
      [`serving again within ${RECOVERY_GOAL_MS / 1000} s`]:
        restart.recoveryMs !== null && restart.recoveryMs < RECOVERY_GOAL_MS,
      'process alive': restart.alive,
    });
  }

  console.log(`SIGTERM drill: ${DRAIN_REQUESTS} requests in flight...`);
  const drain = await drainDrill(server, token);
  console.log(JSON.stringify(drain, null, 2));
  goals['every request in flight answered'] = drain.answered2xx === DRAIN_REQUESTS;
  goals['exit 0 within 5 s of SIGTERM'] = drain.exitCode === 0 && drain.exitMs < 5_000;

  for (const [goal, met] of Object.entries(goals)) console.log(`${met ? 'ok  ' : 'FAIL'} ${goal}`);
  failed = Object.values(goals).some((met) => !met);
  if (failed) console.log(server.log.slice(-30).join('\n'));
} catch (error) {
  failed = true;
  console.error(error);
  if (server) console.error(server.log.slice(-30).join('\n'));
} finally {
  if (!clusterOnline()) {
    console.log('Starting PostgreSQL again');
    pgctl('start');
  }
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((e) =>
    console.error(`Could not drop ${dbName}: ${e.message}`),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
