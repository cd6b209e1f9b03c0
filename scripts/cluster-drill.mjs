#!/usr/bin/env node
// Cluster drill: the BUILT app (`npm run build` first) as two production API processes, A and B,
// behind nginx configured by deploy/nginx.conf, sharing PostgreSQL (a fresh database
// cl_drill_<pid>), Redis (db 7, flushed first) and an S3-compatible bucket (s3rver, in this
// process). Everything on loopback; every request of the steps goes through the proxy, which in
// this copy of the configuration says which process answered (X-Upstream). Steps:
//   a. a photo uploaded through one process is served by the other;
//   b. a video sent in chunks alternating between the processes is whole;
//   c. a chat message sent through A reaches a socket connected to B;
//   e. 50 connections search while A, then B, is stopped (SIGTERM) and started again: no error;
//   d. a due reminder is mailed exactly once (made due before e, so each restarted process ran
//      a reminder pass over it as well as the processes' periodic passes).
// Exits non-zero on any failure; stops by itself within DRILL_DEADLINE_MS (240 s); kills every
// child on the way out. `node scripts/cluster-drill.mjs`; DRILL_KEEP=1 keeps the logs' folder.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, EMAIL_TYPE, REALTIME_PATH, SESSION_COOKIE, VIDEO_CHUNK_BYTES } from '@dm/shared';
import autocannon from 'autocannon';
import { NodeWebSocket } from 'engine.io-client';
import pg from 'pg';
import { createClient } from 'redis';
import S3rver from 's3rver';
import sharp from 'sharp';
import { io } from 'socket.io-client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const BASE_PORT = Number(env.DRILL_PORT_BASE ?? 18200);
const PORT = { A: BASE_PORT + 1, B: BASE_PORT + 2, s3: BASE_PORT + 10, proxy: BASE_PORT + 80 };
const PG_SERVER = env.DRILL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.DRILL_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const DEADLINE_MS = Number(env.DRILL_DEADLINE_MS ?? 240_000);
const NGINX = env.DRILL_NGINX ?? '/usr/sbin/nginx';
const PUBLIC_URL = `http://127.0.0.1:${PORT.proxy}`;
const DB_NAME = `cl_drill_${process.pid}`;
const DATABASE_URL = Object.assign(new URL(PG_SERVER), { pathname: `/${DB_NAME}` }).toString();
/**
 * As compose.yaml's DM_API_SERVERS: the proxy never takes a process out of its list (a refused
 * connection costs a fraction of a millisecond and is retried on the next one at once; taking one
 * out for fail_timeout left no process at all when the other stopped within it).
 */
const SERVER_PARAMS = 'max_fails=0';
const APP_SECRET = randomBytes(32).toString('hex');
/**
 * DRILL_SIGTERM_ONLY=1: the rolling restart without taking the process out of the proxy first,
 * relying on the drain and the refused connection alone (a few searches fail under load).
 */
const SIGTERM_ONLY = env.DRILL_SIGTERM_ONLY === '1';
const started = performance.now();
const work = mkdtempSync(path.join(tmpdir(), 'cl-drill-'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const log = (line) => console.log(`[${secs(performance.now() - started).padStart(7)}] ${line}`);
class DrillError extends Error {}
function check(ok, message) {
  if (!ok) throw new DrillError(message);
}

// --- children: every one is killed on the way out, whatever the way

/** @type {Map<string, {name: string, child: import('node:child_process').ChildProcess, exited: Promise<number|null>, log: string, port?: number}>} */
const children = new Map();
let s3server = null;
let databaseCreated = false;
let cleaning = null;

function spawnChild(name, command, args, options) {
  const logFile = path.join(work, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { ...options, stdio: ['ignore', fd, fd] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const entry = { name, child, exited, log: logFile };
  children.set(name, entry);
  exited.then(() => children.get(name) === entry && children.delete(name));
  return entry;
}

function tail(file, lines = 25) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function cleanup() {
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

async function adminQuery(text, values) {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

let appDb = null;
async function query(text, values) {
  if (!appDb) {
    appDb = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
    appDb.on('error', () => {});
  }
  return (await appDb.query(text, values)).rows;
}

async function waitFor(what, timeoutMs, probe, everyMs = 200) {
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
function apiEnv(name) {
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

function startApi(name) {
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
async function direct(port, urlPath) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'refused';
  }
}

/** /api/health/ready where the build has it; else /api/health stands in (said once). */
let readyPath = null;
async function isReady(proc) {
  if (proc.child.exitCode !== null) throw new DrillError(`${proc.name} exited:\n${tail(proc.log)}`);
  if (!readyPath) {
    const status = await direct(proc.port, '/api/health/ready');
    if (status === 'refused') return false;
    readyPath = status === 404 ? '/api/health' : '/api/health/ready';
    if (readyPath === '/api/health') log('this build has no /api/health/ready: /api/health stands in for it');
  }
  return (await direct(proc.port, readyPath)) === 200;
}

// --- the proxy

/** Renders deploy/nginx.conf for loopback; the processes named in `out` are marked down. */
function renderNginx(out = []) {
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
 * Takes processes out of the proxy's rotation (or puts them all back, out = []): the
 * configuration rendered again and reloaded (SIGHUP: new workers take new requests, the old ones
 * finish theirs), then checked: a dozen requests in a row answered by the others only.
 */
async function rotation(out) {
  renderNginx(out);
  children.get('nginx').child.kill('SIGHUP');
  const expected = out.length ? ['A', 'B'].filter((n) => !out.includes(n)) : ['A', 'B'];
  await waitFor(
    `the proxy reloaded (${out.length ? `${out.join(', ')} out` : 'all in'})`,
    10_000,
    async () => {
      const seen = new Set();
      for (let i = 0; i < 12; i++) seen.add((await request('GET', '/api/health')).by);
      return [...seen].every((p) => expected.includes(p)) && (out.length > 0 || seen.size === 2);
    },
  );
}

async function ensureNginx() {
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

const processOf = (upstream) => {
  const last = (upstream ?? '').split(',').pop().trim();
  return last.endsWith(`:${PORT.A}`) ? 'A' : last.endsWith(`:${PORT.B}`) ? 'B' : `? (${upstream})`;
};

async function request(method, urlPath, { token, json, body, headers = {} } = {}) {
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

async function ok(method, urlPath, options) {
  const res = await request(method, urlPath, options);
  check(
    res.status >= 200 && res.status < 300,
    `${method} ${urlPath} answered ${res.status} (by ${res.by}): ${res.buf.toString('utf8').slice(0, 300)}`,
  );
  return res;
}

/** Signs in through the proxy (accepting the terms if asked): token, session cookie, user id. */
async function signIn(username) {
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
async function answeredBy(want, send, tries = 8) {
  for (let i = 0; i < tries; i++) {
    const res = await send();
    if (res.by === want) return res;
  }
  throw new DrillError(`no answer from process ${want} in ${tries} tries through the proxy`);
}

// --- the steps

const results = [];
async function step(label, run) {
  const t0 = performance.now();
  log(`step ${label} ...`);
  try {
    const detail = await run();
    results.push({ label, ok: true, ms: performance.now() - t0 });
    log(`step ${label}: ok in ${secs(performance.now() - t0)}${detail ? ` (${detail})` : ''}`);
  } catch (error) {
    results.push({ label, ok: false, ms: performance.now() - t0 });
    log(`step ${label}: FAILED after ${secs(performance.now() - t0)}: ${error.message}`);
    throw error;
  }
}

const other = (p) => (p === 'A' ? 'B' : 'A');

async function photoStep(donor) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e78c8' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('caption', 'cluster drill');
  form.append('file', new Blob([png], { type: 'image/png' }), 'drill.png');
  const up = await ok('POST', `/api/uploaddonorpic/${donor.id}`, { token: donor.token, body: form });
  const url = up.json.data[0].url;
  const served = await answeredBy(other(up.by), () => ok('GET', url, { token: donor.token }));
  const again = await answeredBy(up.by, () => ok('GET', url, { token: donor.token }));
  check(served.buf.length > 0 && served.buf.equals(again.buf), 'the two processes served different bytes');
  return `uploaded through ${up.by}, ${served.buf.length} bytes served by ${served.by}, the same by ${again.by}`;
}

async function videoStep(donor) {
  const size = VIDEO_CHUNK_BYTES * 3 + 4321;
  const video = randomBytes(size);
  Buffer.from([0, 0, 0, 0x18]).copy(video, 0);
  Buffer.from('ftypmp42', 'latin1').copy(video, 4);
  const base = `/api/uploaddonorvideo/${donor.id}`;
  const { uploadId } = (
    await ok('POST', `${base}/start`, { token: donor.token, json: { fileName: 'drill.mp4', size } })
  ).json.data;
  const order = [];
  let previous = null;
  for (let index = 0; index * VIDEO_CHUNK_BYTES < size; index++) {
    const chunk = video.subarray(index * VIDEO_CHUNK_BYTES, (index + 1) * VIDEO_CHUNK_BYTES);
    // Sending a chunk again is allowed (one copy is kept): again until the other process took it.
    const put = await answeredBy(previous ? other(previous) : 'A', () =>
      ok('PUT', `${base}/${uploadId}/${index}`, {
        token: donor.token,
        body: chunk,
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    order.push(put.by);
    previous = put.by;
  }
  const done = await ok('POST', `${base}/${uploadId}/complete`, { token: donor.token, json: {} });
  const file = `/api/donorfile/video/${done.json.data.id}`;
  const fromA = await answeredBy('A', () => ok('GET', file, { token: donor.token }));
  const fromB = await answeredBy('B', () => ok('GET', file, { token: donor.token }));
  check(
    fromA.buf.equals(video),
    `the video read through A is not the video sent (${fromA.buf.length} of ${size} bytes)`,
  );
  check(
    fromB.buf.equals(video),
    `the video read through B is not the video sent (${fromB.buf.length} of ${size} bytes)`,
  );
  return `${order.length} chunks to ${order.join(',')}, joined by ${done.by}, ${size} bytes equal read through A and B`;
}

/** The WebSocket transport of socket.io-client, noting which process the proxy upgraded it to. */
class TracedWebSocket extends NodeWebSocket {
  createSocket(uri, protocols, opts) {
    const ws = super.createSocket(uri, protocols, opts);
    ws.once('upgrade', (res) => {
      this.upstream = processOf(res.headers['x-upstream']);
    });
    return ws;
  }
}

function connectSocket(user) {
  return new Promise((resolve, reject) => {
    const socket = io(PUBLIC_URL, {
      path: REALTIME_PATH,
      transports: [TracedWebSocket],
      // As a browser of the app's page: its session cookie and its origin.
      extraHeaders: { cookie: user.cookie, origin: new URL(PUBLIC_URL).origin },
      forceNew: true,
      reconnection: false,
      timeout: 10_000,
    });
    socket.once('connect', () => resolve({ socket, by: socket.io.engine.transport.upstream }));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new DrillError(`socket of ${user.username} refused: ${error.message}`));
    });
  });
}

let openSocket = null;
async function chatStep(manager, parent) {
  const { chatId } = (
    await ok('POST', '/api/create', { token: manager.token, json: { another_user: parent.id } })
  ).json.data;
  for (let i = 0; i < 8 && !openSocket; i++) {
    const connected = await connectSocket(parent);
    if (connected.by === 'B') openSocket = connected.socket;
    else connected.socket.close();
  }
  check(openSocket, 'no socket of the parent was connected to B in 8 tries');
  const received = new Map();
  openSocket.on('chat:message', (event) => received.set(event.message.clientMessageId, performance.now()));
  let sent = null;
  for (let i = 0; i < 8 && !sent; i++) {
    const clientMessageId = `drill-${process.pid}-${i}`;
    const t0 = performance.now();
    const res = await ok('POST', '/api/savemessagetodb', {
      token: manager.token,
      json: { chatId, message: `Cluster drill message ${i}`, clientMessageId, notification: true },
    });
    if (res.by === 'A') sent = { clientMessageId, t0 };
  }
  check(sent, 'no message was answered by A in 8 tries');
  const at = await waitFor(
    'the message at the socket on B',
    10_000,
    async () => received.get(sent.clientMessageId),
    20,
  );
  return `socket on B, message saved by A, arrived after ${Math.round(at - sent.t0)} ms`;
}

const REMINDER_SUBJECT = 'Cluster drill reminder';
async function makeReminderDue(admin) {
  const target = (await query("select id from users where username = 'newdonor@demo.test'"))[0].id;
  await ok('POST', '/api/saveemailscheduler', {
    token: admin.token,
    json: {
      emailSchedule: {
        durationFirst: 1,
        durationRecurring: 7,
        totalReminders: 1,
        emailFlag: true,
        selectedFirstEmail: EMAIL_TYPE.DONOR_FIRST_REMINDER,
        selectedRecurringEmail: EMAIL_TYPE.DONOR_RECURRING_REMINDER,
        subject: REMINDER_SUBJECT,
      },
    },
  });
  // Her application (invited, nothing filled) started three days ago and she never signed in:
  // the first reminder, one day after, is due.
  await query(
    "update donors set created_at = now() - interval '3 days', availability_changed_at = null where user_id = $1",
    [target],
  );
  await query('update users set last_login_at = null where id = $1', [target]);
  return target;
}

function reminderMails() {
  const mails = [];
  for (const name of ['A', 'B']) {
    const dir = path.join(work, `data-${name}`, 'mail');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      if (!text.includes(REMINDER_SUBJECT)) continue;
      const to = /^To: (.*)$/im.exec(text)?.[1]?.trim() ?? '?';
      mails.push({ process: name, to });
    }
  }
  return mails;
}

async function reminderStep(target) {
  const reminders = await waitFor(
    'the due reminder recorded',
    70_000,
    async () => {
      const rows = await query('select donor_id, sequence from donor_reminders where center_id = 1');
      return rows.some((r) => r.donor_id === target) ? rows : null;
    },
    500,
  );
  // Its mail, and then one more pass of both processes' mail jobs (every 5 s) for a second copy.
  await waitFor('the reminder mails', 30_000, async () => reminderMails().length >= reminders.length, 500);
  await sleep(6000);
  const mails = reminderMails();
  const perRecipient = new Map();
  for (const m of mails) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
  const twice = [...perRecipient].filter(([, n]) => n > 1);
  check(
    twice.length === 0,
    `reminders mailed more than once: ${twice.map(([to, n]) => `${to} x${n}`).join(', ')}`,
  );
  check(
    mails.length === reminders.length,
    `${reminders.length} reminders recorded but ${mails.length} mails written`,
  );
  check(
    [...perRecipient.keys()].some((to) => to.includes('newdonor@demo.test')),
    'no reminder mail to newdonor@demo.test',
  );
  const by = ['A', 'B'].map((p) => `${p} ${mails.filter((m) => m.process === p).length}`).join(', ');
  return `${reminders.length} reminder(s) recorded, ${mails.length} mail(s) written (${by}), none twice`;
}

/** Connections a process refused, as nginx's error log counts them (each was retried). */
function refusedByProcesses() {
  const file = path.join(work, 'nginx', 'error.log');
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('(111: Connection refused)')).length;
}

async function rollingRestartStep(parent, procs) {
  const statuses = new Map();
  const errors = new Map();
  const cannon = autocannon({
    url: `${PUBLIC_URL}/api/getdonorlist`,
    method: 'POST',
    connections: 50,
    duration: 200,
    timeout: 10,
    headers: { 'content-type': 'application/json', 'x-access-token': parent.token },
    body: JSON.stringify({ eyecolor: ['Blue', 'Green'], haircolor: ['Blonde', 'Brown'] }),
  });
  cannon.on('response', (_client, statusCode) =>
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1),
  );
  cannon.on('reqError', (error) =>
    errors.set(error.code ?? error.message, (errors.get(error.code ?? error.message) ?? 0) + 1),
  );
  const finished = new Promise((resolve) => cannon.once('done', resolve));
  const refusedBefore = refusedByProcesses();
  const phases = [];
  try {
    await sleep(2000);
    for (const name of ['A', 'B']) {
      const t0 = performance.now();
      const old = procs[name];
      // nginx cannot see the readiness probe: it is told first (see docs/operations-deploy.md).
      if (!SIGTERM_ONLY) await rotation([name]);
      const tOut = performance.now();
      old.child.kill('SIGTERM');
      const seen = await waitFor(
        `${name} to answer ${readyPath} 503 (or refuse, without a drain)`,
        20_000,
        async () => {
          const status = await direct(old.port, readyPath);
          if (status === 503) return '503';
          if (status === 'refused' && readyPath === '/api/health') return 'refused';
          return null;
        },
        50,
      );
      const t1 = performance.now();
      const code = await Promise.race([old.exited, sleep(30_000).then(() => 'timeout')]);
      check(code === 0, `${name} did not exit cleanly after SIGTERM (${code}):\n${tail(old.log)}`);
      const t2 = performance.now();
      procs[name] = startApi(name);
      await waitFor(`${name} ready again`, 90_000, () => isReady(procs[name]), 200);
      const t3 = performance.now();
      if (!SIGTERM_ONLY) await rotation([]);
      const outIn = SIGTERM_ONLY
        ? ['', '']
        : [`out of the proxy in ${secs(tOut - t0)}, `, `, back in after ${secs(performance.now() - tOut)}`];
      phases.push(
        `${name}: ${outIn[0]}${seen} after ${secs(t1 - tOut)}, exited 0 after ${secs(t2 - tOut)}, ready again after ${secs(t3 - tOut)}${outIn[1]}`,
      );
      log(`  ${phases.at(-1)}`);
    }
    await sleep(2000);
  } finally {
    cannon.stop();
  }
  const result = await finished;
  const refused = refusedByProcesses() - refusedBefore;
  const counts = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const errorList = [...errors].map(([e, n]) => `${e}: ${n}`).join(', ');
  log(
    `  searches: ${result.requests.total} sent, ${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (statuses ${counts || 'none'}${errorList ? `; errors ${errorList}` : ''})`,
  );
  check(result['2xx'] > 0, 'no search answered');
  check(
    result.non2xx === 0 && result.errors === 0 && result.timeouts === 0,
    'searches failed during the rolling restart',
  );
  return `${result['2xx']} searches, all 2xx (${refused} refused connections retried on the other process), ${(result['2xx'] / result.duration).toFixed(0)}/s`;
}

// --- the drill

async function main() {
  const deadline = setTimeout(() => {
    log(`the drill took longer than ${secs(DEADLINE_MS)}: stopping`);
    void finish(1);
  }, DEADLINE_MS);
  deadline.unref();
  check(
    existsSync(path.join(ROOT, 'apps/api/dist/main.js')),
    'apps/api/dist/main.js is missing: npm run build first',
  );
  await ensureNginx();

  await step('setup: s3rver, database, Redis db, nginx', async () => {
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
  });

  const procs = {};
  await step('start A and B at once (one migrates and seeds under the advisory lock)', async () => {
    procs.A = startApi('A');
    procs.B = startApi('B');
    const ready = {};
    await Promise.all(
      ['A', 'B'].map((name) =>
        waitFor(`${name} ready`, 150_000, () => isReady(procs[name]), 250).then(() => {
          ready[name] = performance.now();
        }),
      ),
    );
    await waitFor(
      'both through the proxy',
      10_000,
      async () => (await request('GET', '/api/health')).status === 200,
    );
    const seeded = ['A', 'B'].filter((name) =>
      readFileSync(procs[name].log, 'utf8').includes('Seeding synthetic donors'),
    );
    check(
      seeded.length === 1,
      `the demo seed ran in ${seeded.length} processes (${seeded.join(', ') || 'none'})`,
    );
    return `seeded by ${seeded[0]}; A ready after ${secs(ready.A - started)}, B after ${secs(ready.B - started)}`;
  });

  const donor = await signIn('donor@demo.test');
  const manager = await signIn('manager@demo.test');
  const parent = await signIn('parent@demo.test');
  const admin = await signIn('admin@demo.test');
  const reminderTarget = await makeReminderDue(admin);

  await step('a. photo uploaded through one process, served by the other', () => photoStep(donor));
  await step('b. video in chunks alternating between A and B is whole', () => videoStep(donor));
  await step('c. chat message sent to A arrives live at a socket on B', () => chatStep(manager, parent));
  openSocket?.close();
  await step('e. rolling restart of A then B under 50 concurrent searches', () =>
    rollingRestartStep(parent, procs),
  );
  await step('d. the due reminder is mailed exactly once with both processes running', () =>
    reminderStep(reminderTarget),
  );
}

let finishing = null;
async function finish(code) {
  finishing ??= (async () => {
    await appDb?.end().catch(() => {});
    openSocket?.close();
    const failed = code !== 0;
    if (failed)
      for (const file of readdirSync(work).filter((f) => f.endsWith('.log')))
        console.log(`--- ${file} (last lines)\n${tail(path.join(work, file))}`);
    await cleanup();
    console.log('\nCluster drill');
    for (const r of results)
      console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${secs(r.ms).padStart(8)}  ${r.label}`);
    console.log(`  ${failed ? 'FAILED' : 'passed'} in ${secs(performance.now() - started)}`);
    if (failed || env.DRILL_KEEP === '1') console.log(`  logs kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
    process.exit(code);
  })();
  return finishing;
}

main().then(
  () => finish(0),
  (error) => {
    if (!(error instanceof DrillError)) console.error(error);
    else log(`failed: ${error.message}`);
    return finish(1);
  },
);
