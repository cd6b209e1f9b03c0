#!/usr/bin/env node
// Cluster drill: the BUILT app (`npm run build` first) as two production API processes, A and B,
// behind nginx configured by deploy/nginx.conf, sharing PostgreSQL (a fresh database
// cl_drill_<pid>), Redis (db 7, flushed first) and an S3-compatible bucket (s3rver, in this
// process). Everything on loopback; every request of the steps goes through the proxy, which in
// this copy of the configuration says which process answered (X-Upstream). Steps:
//   a. a photo uploaded through one process is served by the other;
//   b. a video sent in chunks alternating between the processes is whole;
//   c. a chat message sent through A reaches a socket connected to B;
//   e. 50 connections search while A, then B, is stopped (SIGTERM) and started again: its
//      readiness turns 503 first, a readiness watcher (what a load balancer's health check does)
//      takes it out of nginx while it drains, in-flight requests finish, it is put back once ready:
//      no error (DRILL_SIGTERM_ONLY=1: no watcher, to measure what SIGTERM alone loses);
//   d. a due reminder is mailed exactly once (made due before e, so each restarted process ran
//      a reminder pass over it as well as the processes' periodic passes).
// Exits non-zero on any failure; stops by itself within DRILL_DEADLINE_MS (240 s); kills every
// child on the way out. `node scripts/cluster-drill.mjs`; DRILL_KEEP=1 keeps the logs' folder.
// The cluster itself (settings, children, processes, proxy, requests): cluster-drill/cluster.mjs.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EMAIL_TYPE, REALTIME_PATH, VIDEO_CHUNK_BYTES } from '@dm/shared';
import autocannon from 'autocannon';
import { NodeWebSocket } from 'engine.io-client';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import {
  answeredBy,
  check,
  cleanup,
  closeQueries,
  DEADLINE_MS,
  DrillError,
  direct,
  ensureNginx,
  env,
  isReady,
  log,
  ok,
  PUBLIC_URL,
  processOf,
  query,
  READY_PATH,
  ROOT,
  request,
  SIGTERM_ONLY,
  secs,
  setUp,
  signIn,
  sleep,
  startApi,
  started,
  tail,
  waitFor,
  watchReadiness,
  work,
} from './cluster-drill/cluster.mjs';

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
  const watcher = SIGTERM_ONLY ? null : watchReadiness(procs);
  try {
    await sleep(2000);
    for (const name of ['A', 'B']) {
      const t0 = performance.now();
      const old = procs[name];
      old.child.kill('SIGTERM');
      const seen = await waitFor(
        `${name} to answer ${READY_PATH} 503`,
        20_000,
        async () => ((await direct(old.port, READY_PATH)) === 503 ? '503' : null),
        20,
      );
      const t1 = performance.now();
      const tOut = watcher ? await watcher.until([name]) : null;
      const code = await Promise.race([old.exited, sleep(30_000).then(() => 'timeout')]);
      check(code === 0, `${name} did not exit cleanly after SIGTERM (${code}):\n${tail(old.log)}`);
      const t2 = performance.now();
      procs[name] = startApi(name);
      await waitFor(`${name} ready again`, 90_000, () => isReady(procs[name]), 200);
      const t3 = watcher ? await watcher.until([]) : performance.now();
      phases.push(
        `${name}: ready 503 after ${secs(t1 - t0)}${tOut ? `, out of the proxy after ${secs(tOut - t0)}` : ''}, exited 0 after ${secs(t2 - t0)}, ${watcher ? 'back in the proxy' : 'ready'} after ${secs(t3 - t0)}`,
      );
      log(`  ${phases.at(-1)} (${seen})`);
    }
    await sleep(2000);
  } finally {
    cannon.stop();
    await watcher?.stop();
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

  await step('setup: s3rver, database, Redis db, nginx', setUp);

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
    await closeQueries();
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
