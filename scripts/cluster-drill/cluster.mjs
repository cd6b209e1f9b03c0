// The cluster the drill (scripts/cluster-drill.mjs) runs: its settings, its child processes
// (every one killed on the way out, whatever the way), the API processes, nginx rendered from
// deploy/nginx.conf, and requests through the proxy that say which process answered.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, SESSION_COOKIE } from '@dm/shared';
import pg from 'pg';
import { createClient } from 'redis';
import S3rver from 's3rver';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const env = process.env;
export const BASE_PORT = Number(env.DRILL_PORT_BASE ?? 18200);
export const PORT = { A: BASE_PORT + 1, B: BASE_PORT + 2, s3: BASE_PORT + 10, proxy: BASE_PORT + 80 };
export const PG_SERVER = env.DRILL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = env.DRILL_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
export const DEADLINE_MS = Number(env.DRILL_DEADLINE_MS ?? 240_000);
export const NGINX = env.DRILL_NGINX ?? '/usr/sbin/nginx';
export const PUBLIC_URL = `http://127.0.0.1:${PORT.proxy}`;
export const DB_NAME = `cl_drill_${process.pid}`;
export const DATABASE_URL = Object.assign(new URL(PG_SERVER), { pathname: `/${DB_NAME}` }).toString();
/**
 * As compose.yaml's DM_API_SERVERS: the proxy never takes a process out of its list (a refused
 * connection costs a fraction of a millisecond and is retried on the next one at once; taking one
 * out for fail_timeout left no process at all when the other stopped within it).
 */
export const SERVER_PARAMS = 'max_fails=0';
export const APP_SECRET = randomBytes(32).toString('hex');
/**
 * DRILL_SIGTERM_ONLY=1: the rolling restart without taking the process out of the proxy first,
 * relying on the drain and the refused connection alone (a few searches fail under load).
 */
export const SIGTERM_ONLY = env.DRILL_SIGTERM_ONLY === '1';
export const started = performance.now();
export const work = mkdtempSync(path.join(tmpdir(), 'cl-drill-'));

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
export const log = (line) => console.log(`[${secs(performance.now() - started).padStart(7)}] ${line}`);
export class DrillError extends Error {}
export function check(ok, message) {
  if (!ok) throw new DrillError(message);
}

// --- children: every one is killed on the way out, whatever the way

/** @type {Map<string, {name: string, child: import('node:child_process').ChildProcess, exited: Promise<number|null>, log: string, port?: number}>} */
export const children = new Map();
let s3server = null;
let databaseCreated = false;
let cleaning = null;

export function spawnChild(name, command, args, options) {
  const logFile = path.join(work, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { ...options, stdio: ['ignore', fd, fd] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const entry = { name, child, exited, log: logFile };
  children.set(name, entry);
  exited.then(() => children.get(name) === entry && children.delete(name));
  return entry;
}

export function tail(file, lines = 25) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function cleanup() {
  cleaning ??= (async () => {
    // nginx's master stops its workers on SIGTERM; the API processes need no grace here.
    for (const { child, name } of children.values()) child.kill(name === 'nginx' ? 'SIGTERM' : 'SIGKILL');
    await Promise.race([Promise.all([...children.values()].map((c) => c.exited)), sleep(5000)]);
    for (const { child } of children.values()) child.kill('SIGKILL');
    await s3server?.close().catch(() => {});
    if (databaseCreated)
      await adminQuery(`drop database if exists "${DB_NAME}" with (force)`).catch(() => {});
  })();
  return cleaning;
}
process.on('exit', () => {
  for (const { child } of children.values()) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => {
      console.log(`logs kept in ${work}`);
      process.exit(130);
    });
  });

export async function adminQuery(text, values) {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

let appDb = null;
export async function query(text, values) {
  if (!appDb) {
    appDb = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
    appDb.on('error', () => {});
  }
  return (await appDb.query(text, values)).rows;
}

export async function waitFor(what, timeoutMs, probe, everyMs = 200) {
  const until = performance.now() + timeoutMs;
  let last;
  while (performance.now() < until) {
    try {
      last = await probe();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new DrillError(
    `timed out after ${secs(timeoutMs)} waiting for ${what}${last instanceof Error ? ` (${last.message})` : ''}`,
  );
}

// --- the processes

/** What compose.yaml and the Dockerfile give the app, with this drill's addresses. */
export function apiEnv(name) {
  const dataDir = path.join(work, `data-${name}`);
  mkdirSync(dataDir, { recursive: true });
  return {
    PATH: env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT[name]),
    DATA_DIR: dataDir,
    DATABASE_URL,
    DATABASE_POOL_SIZE: '2',
    REDIS_URL,
    FILE_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${PORT.s3}`,
    S3_BUCKET: 'dm-drill',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    APP_SECRET,
    PUBLIC_URL,
    TRUST_PROXY: 'loopback',
    MAIL_TRANSPORT: 'file',
    SEED_DEMO: 'true',
    SEED_DONORS: env.DRILL_SEED_DONORS ?? '200',
    SHUTDOWN_DRAIN_MS: env.DRILL_DRAIN_MS ?? '2000',
    LOG_LEVEL: env.DRILL_LOG_LEVEL ?? 'warn',
  };
}
let restarts = 0;

export function startApi(name) {
  const entry = spawnChild(
    `${name}-${restarts++}`,
    process.execPath,
    ['--max-semi-space-size=16', 'apps/api/dist/main.js'],
    { cwd: ROOT, env: apiEnv(name) },
  );
  entry.port = PORT[name];
  return entry;
}

/** An HTTP status straight from a process (not through the proxy), or 'refused'. */
export async function direct(port, urlPath) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'refused';
  }
}

export const READY_PATH = '/api/health/ready';

/** Whether a process answers its readiness probe 200; a process that exited fails the drill. */
export async function isReady(proc) {
  if (proc.child.exitCode !== null) throw new DrillError(`${proc.name} exited:\n${tail(proc.log)}`);
  return (await direct(proc.port, READY_PATH)) === 200;
}

// --- the proxy

/** Renders deploy/nginx.conf for loopback; the processes named in `out` are marked down. */
export function renderNginx(out = []) {
  const dir = path.join(work, 'nginx');
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  // Its workers run as an unprivileged user when the drill runs as root: they must reach the
  // temporary folders (request bodies on their way to a process).
  for (const d of [work, dir, path.join(dir, 'temp')]) chmodSync(d, 0o755);
  const values = {
    DM_LISTEN: `127.0.0.1:${PORT.proxy}`,
    DM_ACCESS_LOG: path.join(dir, 'access.log'),
    DM_RESOLVER: '',
    DM_TEMP_DIR: path.join(dir, 'temp'),
    DM_API_SERVERS: ['A', 'B']
      .map((n) => `server 127.0.0.1:${PORT[n]} ${SERVER_PARAMS}${out.includes(n) ? ' down' : ''};`)
      .join('\n    '),
  };
  let conf = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8').replace(
    /\$\{(DM_[A-Z_]+)\}/g,
    (_, name) => {
      check(name in values, `deploy/nginx.conf has a placeholder the drill does not fill: ${name}`);
      return values[name];
    },
  );
  const marker = '# drill: response headers';
  check(conf.includes(marker), `deploy/nginx.conf lacks the line "${marker}"`);
  // Only in the drill's copy: which process answered (the last one tried, after a retry).
  conf = conf.replace(marker, 'add_header X-Upstream $upstream_addr always;');
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  return dir;
}

/**
 * The load balancer's active health check, which open-source nginx lacks: every `everyMs` it asks
 * each process's readiness probe directly and, when the processes not ready change, renders the
 * configuration with them marked down and reloads nginx (its old workers finish what they hold).
 * A process told to stop turns not ready at once and keeps serving through its drain
 * (SHUTDOWN_DRAIN_MS), so nginx has stopped sending it new work before its listener closes; a
 * started one is put back once it is ready. Never all down: with none ready, all stay in.
 */
export function watchReadiness(procs, everyMs = 100) {
  let out = [];
  let stopped = false;
  const changes = [];
  const loop = (async () => {
    while (!stopped) {
      const notReady = [];
      for (const name of ['A', 'B'])
        if ((await direct(procs[name].port, READY_PATH)) !== 200) notReady.push(name);
      const next = notReady.length === 2 ? [] : notReady;
      if (!stopped && next.join() !== out.join()) {
        out = next;
        renderNginx(out);
        children.get('nginx').child.kill('SIGHUP');
        changes.push({ at: performance.now(), out });
        log(
          `    readiness: ${out.length ? `${out.join(', ')} not ready, out of the proxy` : 'all ready, all in'}`,
        );
      }
      await sleep(everyMs);
    }
  })();
  return {
    /** Resolves once the proxy was last reloaded with exactly these processes out. */
    until: (want) =>
      waitFor(
        `the proxy ${want.length ? `without ${want.join(', ')}` : 'with all'}`,
        20_000,
        () => (out.join() === want.join() ? (changes.at(-1)?.at ?? performance.now()) : null),
        20,
      ),
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

export async function ensureNginx() {
  if (existsSync(NGINX)) return;
  log(`${NGINX} missing: installing nginx-light`);
  const install = () =>
    new Promise((resolve) => {
      const child = spawn(
        'sh',
        ['-c', 'apt-get install -y nginx-light || (apt-get update && apt-get install -y nginx-light)'],
        {
          env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      child.once('exit', resolve);
    });
  await install();
  check(existsSync(NGINX), `could not install nginx (${NGINX})`);
}

// --- requests through the proxy

export const processOf = (upstream) => {
  const last = (upstream ?? '').split(',').pop().trim();
  return last.endsWith(`:${PORT.A}`) ? 'A' : last.endsWith(`:${PORT.B}`) ? 'B' : `? (${upstream})`;
};

export async function request(method, urlPath, { token, json, body, headers = {} } = {}) {
  const res = await fetch(PUBLIC_URL + urlPath, {
    method,
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-access-token': token } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : body,
    signal: AbortSignal.timeout(30_000),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    by: processOf(res.headers.get('x-upstream')),
    buf,
    json: type.includes('json') ? JSON.parse(buf.toString('utf8')) : null,
    cookies: res.headers.getSetCookie(),
  };
}

export async function ok(method, urlPath, options) {
  const res = await request(method, urlPath, options);
  check(
    res.status >= 200 && res.status < 300,
    `${method} ${urlPath} answered ${res.status} (by ${res.by}): ${res.buf.toString('utf8').slice(0, 300)}`,
  );
  return res;
}

/** Signs in through the proxy (accepting the terms if asked): token, session cookie, user id. */
export async function signIn(username) {
  const res = await ok('POST', '/api/authenticate', {
    json: { username, password: DEMO_PASSWORD, issueToken: true },
  });
  const token = res.json.data.token;
  const cookie = res.cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  check(token && cookie, `sign-in of ${username} gave no token or no session cookie`);
  let me = await request('GET', '/api/me', { token });
  if (me.status !== 200 || !me.json.data.eulaAccepted) {
    await ok('POST', '/api/accepteula', { token });
    me = await ok('GET', '/api/me', { token });
  }
  return { username, token, cookie, id: me.json.data.userId };
}

/** The same request until the process that answers is `want` (round robin: a try or two). */
export async function answeredBy(want, send, tries = 8) {
  for (let i = 0; i < tries; i++) {
    const res = await send();
    if (res.by === want) return res;
  }
  throw new DrillError(`no answer from process ${want} in ${tries} tries through the proxy`);
}

/** The bucket, a fresh database, the flushed Redis db and nginx in front of ports A and B. */
export async function setUp() {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: PORT.s3,
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'dm-drill', configs: [] }],
  });
  mkdirSync(path.join(work, 's3'));
  await s3server.run();
  // Databases of earlier drills whose process is gone (a drill killed with SIGKILL).
  for (const { datname } of await adminQuery(
    "select datname from pg_database where datname like 'cl_drill_%'",
  )) {
    const pid = Number(datname.slice('cl_drill_'.length));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {}
    if (!alive) await adminQuery(`drop database if exists "${datname}" with (force)`);
  }
  await adminQuery(`create database "${DB_NAME}"`);
  databaseCreated = true;
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  const dir = renderNginx();
  const nginx = spawnChild(
    'nginx',
    NGINX,
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      path.join(dir, 'error.log'),
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')};`,
    ],
    {},
  );
  await sleep(300);
  check(
    nginx.child.exitCode === null,
    `nginx did not start:\n${tail(path.join(dir, 'error.log'))}\n${tail(nginx.log)}`,
  );
  return `database ${DB_NAME}, proxy ${PUBLIC_URL}, work folder ${work}`;
}

export async function closeQueries() {
  await appDb?.end().catch(() => {});
}
