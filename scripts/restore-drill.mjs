// Restore drill: the BUILT app (apps/api/dist, after `npm run build`) on a fresh PostgreSQL
// database (bk_drill_*) with its files in a bucket of an S3-compatible server (s3rver) this script
// starts on loopback. It seeds the demo, signs in, adds a donor photo and a chat attachment through
// the API as the web does (session cookie, Origin), notes what is there, stops the app, backs up
// (npm run backup's built entry), wipes the database and the bucket, restores, starts the app
// again and checks that the same rows, files and logins are back. Every wait has a time limit; the
// children are killed on any exit. Exit 0 when all held, 1 on the first failure.
//
// DRILL_DATABASE_URL: a PostgreSQL server's URL whose user may create databases
// (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps', 'api', 'dist');
const SERVER_URL = process.env.DRILL_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Demo!2345';
/** The whole drill; past it everything is stopped and the drill fails. */
const DRILL_LIMIT_MS = 170_000;
const START_LIMIT_MS = 120_000;
const COMMAND_LIMIT_MS = 90_000;

const started = Date.now();
const work = mkdtempSync(path.join(tmpdir(), 'dm-restore-drill-'));
const dbName = `bk_drill_${randomBytes(4).toString('hex')}`;
const children = new Set();
let s3 = null;
let admin = null;

function step(text) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}`);
}

function fail(message) {
  throw new Error(message);
}

function check(condition, message) {
  if (!condition) fail(message);
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function dbUrl(name) {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const withLimit = (promise, ms, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no end after ${ms / 1000} s`)), ms).unref(),
    ),
  ]);

/** Runs a built command (dist/<name>.js) to its end; its output goes to the drill's log. */
async function runCommand(name, args, env) {
  const log = path.join(work, `${name}.log`);
  const child = spawn(process.execPath, [path.join(DIST, `${name}.js`), ...args], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const out = createWriteStream(log);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const code = await withLimit(new Promise((resolve) => child.on('close', resolve)), COMMAND_LIMIT_MS, name);
  children.delete(child);
  const text = readFileSync(log, 'utf8');
  const last = text
    .split(/[\r\n]/)
    .filter(Boolean)
    .slice(-3)
    .join(' | ');
  if (code !== 0) fail(`${name} exited ${code}: ${text.slice(-2000)}`);
  step(`  ${name}: ${last}`);
}

/** Starts the built app and waits until it answers. */
async function startApp(env, port) {
  const log = path.join(work, `app-${Date.now()}.log`);
  const child = spawn(process.execPath, [path.join(DIST, 'main.js')], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const out = createWriteStream(log);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  let exited = null;
  child.on('exit', (code) => {
    exited = code ?? 'signal';
  });
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (exited !== null)
      fail(`the app exited (${exited}) while starting: ${readFileSync(log, 'utf8').slice(-2000)}`);
    if (Date.now() > deadline) fail(`the app did not answer within ${START_LIMIT_MS / 1000} s`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    stop: async () => {
      if (exited === null) {
        child.kill('SIGTERM');
        await withLimit(
          new Promise((resolve) => (exited !== null ? resolve() : child.on('exit', resolve))),
          20_000,
          'stopping the app',
        );
      }
      children.delete(child);
    },
  };
}

/** A signed-in browser: the session cookie and the app's Origin on every request. */
async function signIn(base, username) {
  const res = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: PASSWORD }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await res.json();
  check(res.status === 200, `${username} could not sign in: ${res.status} ${body.message}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (method, url, payload) => {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(payload && !(payload instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: payload instanceof FormData ? payload : payload ? JSON.stringify(payload) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    return r;
  };
  const json = async (method, url, payload) => {
    const r = await call(method, url, payload);
    const b = await r.json();
    check(r.status === 200, `${method} ${url} as ${username}: ${r.status} ${b.message}`);
    return b.data;
  };
  const bytes = async (url) => {
    const r = await call('GET', url);
    check(r.status === 200, `GET ${url} as ${username}: ${r.status}`);
    return Buffer.from(await r.arrayBuffer());
  };
  return { user: body.data.user, json, bytes };
}

/** What must come back: counts, the donor's row, every audit row up to the last one. */
async function snapshot(client, donorId) {
  const one = async (text, values = []) => (await client.query(text, values)).rows[0];
  return {
    users: (await one('select count(*)::int as n from users')).n,
    sessionUsers: (await one('select count(distinct user_id)::int as n from sessions')).n,
    audit: await one(
      `select count(*)::int as n, max(id)::text as max,
        md5(string_agg(id::text || ':' || action || ':' || coalesce(entity_id, ''), ',' order by id)) as sum
       from audit_log`,
    ),
    donor: (await one('select md5(row(u.*)::text) as sum from users u where id = $1', [donorId])).sum,
  };
}

/** A small picture (the app re-encodes photos; what it serves is compared before and after). */
const PNG = await sharp({
  create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 90, b: 40 } },
})
  .png()
  .toBuffer();
const PDF = Buffer.from(
  `%PDF-1.4\n% restore drill ${randomBytes(8).toString('hex')}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`,
);

async function drill() {
  step(`work folder ${work}`);
  admin = new pg.Client({ connectionString: SERVER_URL });
  await withLimit(admin.connect(), 10_000, 'connecting to PostgreSQL');
  await admin.query(`create database ${dbName}`);
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'drill', configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { INIT_CWD: _ignored, ...parent } = process.env;
  const env = {
    ...parent,
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: dbUrl(dbName),
    DATA_DIR: path.join(work, 'data'),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    WEB_DIST: '',
    SEED_DONORS: '30',
    LOG_LEVEL: 'warn',
    MAIL_TRANSPORT: 'file',
    REDIS_URL: '',
    FILE_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'drill',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  step(`database ${dbName}, s3rver on port ${s3Port} (FILE_STORAGE=s3), app on port ${port}`);

  step('starting the app (migrations, demo seed)');
  let app = await startApp(env, port);
  step('signing in: staff, a donor, a manager and a parent');
  const staff = await signIn(base, 'admin@demo.test');
  const donor = await signIn(base, 'newdonor@demo.test');
  const manager = await signIn(base, 'manager@demo.test');
  const parentUser = await signIn(base, 'parent@demo.test');

  step("adding a photo to the donor's profile and a PDF to a chat");
  const photoForm = new FormData();
  photoForm.append('caption', 'restore drill');
  photoForm.append('file', new Blob([PNG], { type: 'image/png' }), 'drill.png');
  const pictures = await donor.json('POST', `/api/uploaddonorpic/${donor.user.userId}`, photoForm);
  const picture = pictures.find((p) => p.caption === 'restore drill') ?? pictures.at(-1);
  const photoUrl = `/api/donorfile/picture/${picture.id}`;
  const photo = await donor.bytes(photoUrl);
  const { chatId } = await manager.json('POST', '/api/create', { another_user: parentUser.user.userId });
  const fileForm = new FormData();
  fileForm.append('chatId', String(chatId));
  fileForm.append('file', new Blob([PDF], { type: 'application/pdf' }), 'drill.pdf');
  const message = await manager.json('POST', '/api/uploadmessagepdf', fileForm);
  const attachment = await parentUser.bytes(message.attachment.url);
  check(attachment.equals(PDF), 'the chat attachment came back different before any backup');
  check((await staff.bytes(photoUrl)).equals(photo), 'staff see another photo than the donor');

  await app.stop();
  step('app stopped');
  const client = new pg.Client({ connectionString: dbUrl(dbName) });
  await client.connect();
  const before = await snapshot(client, donor.user.userId);
  await client.end();
  step(
    `noted: ${before.users} users, ${before.sessionUsers} users with sessions, ${before.audit.n} audit rows, the donor's row`,
  );

  const backup = path.join(work, 'backup');
  step('backing up');
  await runCommand('backup', [backup], env);
  const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
  step(
    `  manifest: ${manifest.database.kind}, ${manifest.database.migrations} migrations, ${manifest.files.length} files`,
  );

  step('wiping: database dropped and created again, bucket emptied, DATA_DIR removed');
  await admin.query(`drop database ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const { S3Storage } = await import(path.join(DIST, 'platform', 'storage-s3.js'));
  const bucket = new S3Storage({
    endpoint: env.S3_ENDPOINT,
    bucket: 'drill',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  const keys = [];
  for await (const key of bucket.keys()) keys.push(key);
  for (const key of keys) await bucket.remove(key);
  for await (const _ of bucket.keys()) fail('the bucket is not empty after the wipe');
  rmSync(env.DATA_DIR, { recursive: true, force: true });

  step('restoring');
  await runCommand('restore', [backup], env);

  step('starting the app on the restored database and bucket');
  app = await startApp(env, port);
  const again = new pg.Client({ connectionString: dbUrl(dbName) });
  await again.connect();
  const after = await snapshot(again, donor.user.userId);
  await again.end();
  check(after.users === before.users, `users: ${before.users} before, ${after.users} after`);
  check(
    after.sessionUsers === before.sessionUsers,
    `users with sessions: ${before.sessionUsers} before, ${after.sessionUsers} after`,
  );
  check(
    after.audit.n === before.audit.n && after.audit.sum === before.audit.sum,
    `audit rows: ${before.audit.n} before, ${after.audit.n} after (or their contents differ)`,
  );
  check(after.donor === before.donor, "the donor's row differs after the restore");
  step('counts, audit rows and the donor row are the same');

  step('signing in again as the same users; the photo and the attachment');
  for (const username of ['admin@demo.test', 'manager@demo.test']) await signIn(base, username);
  const donorAgain = await signIn(base, 'newdonor@demo.test');
  check(donorAgain.user.userId === donor.user.userId, 'the donor has another id after the restore');
  check((await donorAgain.bytes(photoUrl)).equals(photo), 'the photo differs after the restore');
  const parentAgain = await signIn(base, 'parent@demo.test');
  check(
    (await parentAgain.bytes(message.attachment.url)).equals(PDF),
    'the chat attachment differs after the restore',
  );
  await app.stop();
  step('restore drill passed');
}

async function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  if (s3) await s3.close().catch(() => {});
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  rmSync(work, { recursive: true, force: true });
}

process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
}

let code = 0;
try {
  await withLimit(drill(), DRILL_LIMIT_MS, 'the drill');
} catch (error) {
  step(`FAILED: ${error.message}`);
  code = 1;
}
await withLimit(cleanUp(), 20_000, 'cleaning up').catch((error) => step(error.message));
step(code === 0 ? 'done' : 'done, with a failure');
process.exit(code);
