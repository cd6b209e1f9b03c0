import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/api/src/app.js';
import { type Bench, ok } from './context.js';
import type { Result } from './measure.js';

// File storage (decision 032): a 30 MB video sent in 3,072,000-byte chunks as the donor, joined
// and checked (complete), then read back whole, by the same app code over the same database with
// FILE_STORAGE=disk and with FILE_STORAGE=s3 on s3rver (an S3-compatible server in a process of
// its own, s3rver.mjs, on loopback). Rounds alternate between the two, so both see the same
// background load. Each phase is timed on the clock and by this process's CPU time (the app's
// work alone, which depends less on what else the machine runs).
// BENCH_STORAGE_ROUNDS (5) rounds; BENCH_STORAGE_MB (30) the video's size.

const ROUNDS = Number(process.env.BENCH_STORAGE_ROUNDS ?? 5);
const SIZE = Number(process.env.BENCH_STORAGE_MB ?? 30) * 1024 * 1024;

type App = Bench['app'];

/** The clock and this process's CPU time (user + system), in ms. */
function now(): { wall: number; cpu: number } {
  const { user, system } = process.cpuUsage();
  return { wall: performance.now(), cpu: (user + system) / 1000 };
}

async function round(app: App, token: string, donorId: number) {
  const headers = { 'x-access-token': token };
  const t0 = now();
  const started = await app.inject({
    method: 'POST',
    url: `/api/uploaddonorvideo/${donorId}/start`,
    headers,
    payload: { fileName: 'bench.mp4', size: SIZE },
  });
  ok(started, 'start video upload');
  const { uploadId, chunkSize, totalChunks } = started.json().data as {
    uploadId: string;
    chunkSize: number;
    totalChunks: number;
  };
  const chunk = Buffer.alloc(chunkSize, 7);
  Buffer.from([0, 0, 0, 0x18]).copy(chunk, 0);
  Buffer.from('ftypmp42', 'latin1').copy(chunk, 4);
  for (let i = 0; i < totalChunks; i++) {
    const length = i < totalChunks - 1 ? chunkSize : SIZE - chunkSize * (totalChunks - 1);
    ok(
      await app.inject({
        method: 'PUT',
        url: `/api/uploaddonorvideo/${donorId}/${uploadId}/${i}`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: chunk.subarray(0, length),
      }),
      `chunk ${i}`,
    );
  }
  const t1 = now();
  const done = await app.inject({
    method: 'POST',
    url: `/api/uploaddonorvideo/${donorId}/${uploadId}/complete`,
    headers,
  });
  ok(done, 'complete video upload');
  const t2 = now();
  const videoId: number = done.json().data.id;
  const read = await app.inject({ method: 'GET', url: `/api/donorfile/video/${videoId}`, headers });
  if (read.statusCode !== 200 || read.rawPayload.length !== SIZE) throw new Error('video read back wrong');
  const t3 = now();
  ok(
    await app.inject({
      method: 'POST',
      url: '/api/deletedonorvideo',
      headers,
      payload: { video_id: videoId, donorId },
    }),
    'delete bench video',
  );
  const span = (a: typeof t0, b: typeof t0) => ({ wall: b.wall - a.wall, cpu: b.cpu - a.cpu });
  return { chunks: span(t0, t1), complete: span(t1, t2), upload: span(t0, t2), read: span(t2, t3) };
}

function row(name: string, times: number[]): Result {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { name, runs: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

export async function storage({ app, database, config, results, loginToken }: Bench): Promise<void> {
  const directory = mkdtempSync(path.join(tmpdir(), 'dm-bench-s3-'));
  const server = spawn(process.execPath, [path.join(import.meta.dirname, 's3rver.mjs'), directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [first] = (await once(server.stdout!, 'data')) as [Buffer];
  const { port } = JSON.parse(first.toString()) as { port: number };
  const s3App = await buildApp({
    database,
    config: {
      ...config,
      fileStorage: 's3',
      s3: {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'bench',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
    },
  });
  try {
    await s3App.ready();
    const token = await loginToken('newdonor@demo.test');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-access-token': token } });
    ok(me, 'me');
    const donorId: number = me.json().data.userId;
    const stores = [
      ['disk', app],
      ['s3rver', s3App],
    ] as const;
    const times = new Map(stores.map(([name]) => [name, [] as Awaited<ReturnType<typeof round>>[]]));
    // One round each first, not counted: the first join and read load code and warm caches.
    for (const [, store] of stores) await round(store, token, donorId);
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, store] of stores) times.get(name)!.push(await round(store, token, donorId));
    }
    const mb = (SIZE / (1024 * 1024)).toFixed(0);
    for (const [name] of stores) {
      const runs = times.get(name)!;
      for (const part of ['upload', 'chunks', 'complete', 'read'] as const) {
        const label = {
          upload: `${mb} MB video upload, start to stored`,
          chunks: `${mb} MB video: its chunks`,
          complete: `${mb} MB video: complete (join, check)`,
          read: `${mb} MB video: read back whole`,
        }[part];
        results.push(
          row(
            `${label} (${name})`,
            runs.map((r) => r[part].wall),
          ),
        );
        results.push(
          row(
            `${label} (${name}), CPU ms`,
            runs.map((r) => r[part].cpu),
          ),
        );
      }
    }
  } finally {
    await s3App.close();
    server.kill('SIGTERM');
    await once(server, 'exit');
    rmSync(directory, { recursive: true, force: true });
  }
}
