import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The processes the load bench measures: the built production server, a bare Fastify server and
// the floor of a search read from PostgreSQL (floor.mjs), each a child process with the
// bench-only probe preloaded (probe.mjs), read over IPC.

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '..', '..', '..');
/** BENCH_LOAD_SERVER_MAIN: another build's main.js (e.g. a copy of the one before a change). */
export const SERVER_MAIN = process.env.BENCH_LOAD_SERVER_MAIN
  ? path.resolve(process.env.BENCH_LOAD_SERVER_MAIN)
  : path.join(ROOT, 'apps', 'api', 'dist', 'main.js');
const PROBE = path.join(here, 'probe.mjs');
const BARE = path.join(here, 'bare.mjs');
const FLOOR = path.join(here, 'floor.mjs');

/** What the probe reports: event-loop delay (ms) since the last read, RSS (bytes). */
export interface ProbeReading {
  eld: { p50: number; p99: number; max: number; mean: number };
  rss: { last: number; max: number };
  heapUsed: number;
  /** CPU time (user + system, µs) the process used since the last read. */
  cpuMicros: number;
  /** Garbage collection since the last read: share of the wall time the main thread paused, longest pause (ms). */
  gc: { share: number; max: number };
}

export interface Child {
  name: string;
  url: string;
  process: ChildProcess;
  /** The probe's readings since the last call (and starts over). */
  read: () => Promise<ProbeReading>;
  stop: () => Promise<void>;
}

function probeReader(child: ChildProcess): () => Promise<ProbeReading> {
  let next = 0;
  return () =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error('the probe did not answer within 10 s'));
      }, 10_000);
      const onMessage = (message: { probe?: string; id?: number } & ProbeReading) => {
        if (message?.probe !== 'reading' || message.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.send({ probe: 'read', id });
    });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** Waits until `url` answers 200 (the child may be seeding: up to `timeoutMs`). */
async function waitUntilUp(
  child: ChildProcess,
  url: string,
  timeoutMs: number,
  logFile: string,
  method = 'GET',
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process ended (${child.exitCode}); see ${logFile}`);
    try {
      const res = await fetch(url, { method });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
}

/**
 * The node options the API server runs with in production (`npm start`, README): a young
 * generation of 2 x 16 MB (decision 013).
 */
export const PRODUCTION_NODE_ARGS = ['--max-semi-space-size=16'];

/** BENCH_LOAD_NODE_ARGS: more node options for the API server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * (the profile is written when the bench stops the server). */
const SERVER_NODE_ARGS = [
  ...PRODUCTION_NODE_ARGS,
  ...(process.env.BENCH_LOAD_NODE_ARGS ?? '').split(' ').filter((a) => a !== ''),
];

function startChild(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  nodeArgs: string[] = [],
): ChildProcess {
  const fd = openSync(logFile, 'a');
  // Output goes to a file, as a production server's goes to its journal: the bench process does
  // not spend its own time reading it.
  const child = spawn(process.execPath, [...nodeArgs, '--import', PROBE, script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  closeSync(fd);
  child.on('error', (error) => console.error(`${name}: ${error.message}`));
  return child;
}

export interface ServerOptions {
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  logFile: string;
  /** Donors the server seeds into an empty database (embedded database only). */
  seedDonors?: number;
  /** DATABASE_POOL_SIZE (unset: the server's default). */
  poolSize?: number;
}

/**
 * The APP_SECRET of the servers over `dataDir`'s database: BENCH_LOAD_APP_SECRET, else the one kept
 * in the data directory (where a server without APP_SECRET kept its own), made once. A production
 * server on PostgreSQL refuses to start without APP_SECRET.
 */
export function benchAppSecret(dataDir: string): string {
  if (process.env.BENCH_LOAD_APP_SECRET) return process.env.BENCH_LOAD_APP_SECRET;
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The built production server (NODE_ENV=production, LOG_LEVEL=info), as it runs in production. */
export async function startServer(name: string, o: ServerOptions): Promise<Child> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  const url = `http://127.0.0.1:${o.port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: o.dataDir,
    MAIL_TRANSPORT: 'file',
    HEALTHCHECK_PASSWORD: 'Health!2345',
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    ...(o.seedDonors !== undefined ? { SEED_DONORS: String(o.seedDonors) } : {}),
    APP_SECRET: benchAppSecret(o.dataDir),
    // The bench stops its servers itself: no load balancer to drain for.
    SHUTDOWN_DRAIN_MS: '0',
    ...(o.poolSize !== undefined ? { DATABASE_POOL_SIZE: String(o.poolSize) } : {}),
  };
  const child = startChild(name, SERVER_MAIN, env, o.logFile, SERVER_NODE_ARGS);
  await waitUntilUp(child, `${url}/api/health`, 30 * 60_000, o.logFile);
  return { name, url, process: child, read: probeReader(child), stop: stopper(child) };
}

/** The bare Fastify hello world on `port`. */
export async function startBare(port: number, logFile: string): Promise<Child> {
  const url = `http://127.0.0.1:${port}`;
  const child = startChild('bare', BARE, { PATH: process.env.PATH, PORT: String(port) }, logFile);
  await waitUntilUp(child, `${url}/`, 60_000, logFile);
  return { name: 'bare Fastify', url, process: child, read: probeReader(child), stop: stopper(child) };
}

/** The floor server (floor.mjs) on `port`: `ids`' cards read from the database on every request. */
export async function startFloor(
  port: number,
  logFile: string,
  o: { databaseUrl: string; poolSize: number; ids: readonly number[] },
): Promise<Child> {
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    PORT: String(port),
    DATABASE_URL: o.databaseUrl,
    POOL_SIZE: String(o.poolSize),
    IDS: o.ids.join(','),
  };
  const child = startChild('floor', FLOOR, env, logFile);
  await waitUntilUp(child, `${url}/`, 60_000, logFile, 'POST');
  return { name: 'floor', url, process: child, read: probeReader(child), stop: stopper(child) };
}
