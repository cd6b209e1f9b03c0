import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VIDEO_CHUNK_BYTES } from '@dm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../platform/storage-s3.js';
import { body, startSiblingApp, startTestApp, type TestApp } from '../../test/harness.js';
import { startS3Server, type TestS3 } from '../../test/s3.js';
import { demoDonors, mp4 } from '../../test/uploads.js';

/**
 * Two API processes behind a load balancer: each has its own DATA_DIR and shares only the
 * database and the bucket (FILE_STORAGE=s3), so consecutive requests of one upload reach
 * different processes and none may rely on its own disk.
 */

let t: TestApp;
let a: TestApp;
let b: TestApp;
let s3: TestS3;
let bucket: S3Storage;
const dirs: string[] = [];
let nia: number;

beforeAll(async () => {
  t = await startTestApp();
  s3 = await startS3Server('two-processes');
  bucket = new S3Storage(s3.settings);
  const ownDisk = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dm-process-'));
    dirs.push(dir);
    return { fileStorage: 's3' as const, s3: s3.settings, dataDir: dir };
  };
  a = await startSiblingApp(t, ownDisk());
  b = await startSiblingApp(t, ownDisk());
  ({ nia } = await demoDonors(t));
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await t?.close();
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const AS = 'newdonor@demo.test';
const putChunk = (app: TestApp, uploadId: string, index: number, data: Buffer) =>
  app.request({
    method: 'PUT',
    url: `/api/uploaddonorvideo/${nia}/${uploadId}/${index}`,
    payload: data,
    headers: { 'content-type': 'application/octet-stream' },
    as: AS,
  });
const received = async (app: TestApp, uploadId: string) =>
  body<{ received: number[] }>(
    await app.request({ method: 'GET', url: `/api/uploaddonorvideo/${nia}/${uploadId}`, as: AS }),
  ).data.received;

async function storedChunks(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of bucket.keys()) if (key.endsWith('.part')) keys.push(key);
  return keys;
}

describe('chunked video upload across two processes', () => {
  it('takes consecutive chunks on either process, joins them on another, and serves them from both', async () => {
    const size = VIDEO_CHUNK_BYTES * 3 + 4321;
    const video = mp4(size);
    const chunk = (i: number) => video.subarray(i * VIDEO_CHUNK_BYTES, (i + 1) * VIDEO_CHUNK_BYTES);
    const started = await a.request({
      method: 'POST',
      url: `/api/uploaddonorvideo/${nia}/start`,
      payload: { fileName: 'across.mp4', size },
      as: AS,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { uploadId } = body<{ uploadId: string }>(started).data;

    for (const [app, index] of [
      [a, 0],
      [b, 1],
      [a, 2],
    ] as const) {
      const res = await putChunk(app, uploadId, index, chunk(index));
      expect(res.statusCode, res.body).toBe(200);
    }
    // Each process sees what the other received.
    expect(await received(b, uploadId)).toEqual([0, 1, 2]);
    expect(await received(a, uploadId)).toEqual([0, 1, 2]);

    // The same chunk sent to both at once (a retry racing the original): one copy is kept.
    const [one, two] = await Promise.all([
      putChunk(a, uploadId, 3, chunk(3)),
      putChunk(b, uploadId, 3, chunk(3)),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(await storedChunks()).toHaveLength(4);

    const done = await b.request({
      method: 'POST',
      url: `/api/uploaddonorvideo/${nia}/${uploadId}/complete`,
      payload: {},
      as: AS,
    });
    expect(done.statusCode, done.body).toBe(200);
    const { id } = body<{ id: number }>(done).data;

    const whole = await a.request({ method: 'GET', url: `/api/donorfile/video/${id}`, as: AS });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const seek = await b.request({
      method: 'GET',
      url: `/api/donorfile/video/${id}`,
      headers: { range: `bytes=${VIDEO_CHUNK_BYTES - 5}-${VIDEO_CHUNK_BYTES + 4}` },
      as: AS,
    });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-range']).toBe(
      `bytes ${VIDEO_CHUNK_BYTES - 5}-${VIDEO_CHUNK_BYTES + 4}/${size}`,
    );
    expect(seek.rawPayload.equals(video.subarray(VIDEO_CHUNK_BYTES - 5, VIDEO_CHUNK_BYTES + 5))).toBe(true);

    // The chunks are gone from the bucket, and neither process wrote anything to its own disk.
    expect(await storedChunks()).toEqual([]);
    for (const dir of dirs) expect(readdirSync(dir, { recursive: true })).toEqual([]);
  });
});
