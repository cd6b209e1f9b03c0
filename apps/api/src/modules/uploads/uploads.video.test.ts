import { MAX_VIDEOS, UPLOAD_MSG, VIDEO_CHUNK_BYTES } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorUploadSessions, donorVideos } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { demoDonors, mp4, pdf, uploadRequests } from '../../test/uploads.js';
import { byteRange } from '../donors/donors.service.js';

let t: TestApp;
let nia: number; // newdonor@demo.test, center 1, no media
beforeAll(async () => {
  t = await startTestApp();
  ({ nia } = await demoDonors(t));
});
afterAll(() => t.close());

const { post, get, expectMessage } = uploadRequests(() => t);

describe('byteRange', () => {
  it('reads the three forms of a single range and refuses the rest', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBeNull();
    expect(byteRange('bytes=9-3', 100)).toBeNull();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange(undefined, 100)).toBeNull();
  });
});

// --- photos
describe('chunked video upload', () => {
  const putChunk = (uploadId: string, index: number, data: Buffer, as = 'newdonor@demo.test') =>
    t.request({
      method: 'PUT',
      url: `/api/uploaddonorvideo/${nia}/${uploadId}/${index}`,
      payload: data,
      headers: { 'content-type': 'application/octet-stream' },
      as,
    });
  const start = (fileName: string, size: number, as = 'newdonor@demo.test') =>
    post(`/api/uploaddonorvideo/${nia}/start`, { fileName, size }, as);

  beforeAll(async () => {
    await t.db.delete(donorVideos).where(eq(donorVideos.donorId, nia));
  });

  it('guards start: 401, 403, 404, and the name, size and count rules', async () => {
    expect((await start('v.mp4', 10, '')).statusCode).toBe(401);
    expect((await start('v.mp4', 10, 'parent@demo.test')).statusCode).toBe(403);
    expect((await start('v.mp4', 10, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await start('v.mp4', 10, 'donor@demo.test')).statusCode).toBe(404);
    await expectMessage(await start('v.exe', 10), 400, UPLOAD_MSG.INVALID_FORMAT);
    await expectMessage(await start('v.mp4', 0), 400, UPLOAD_MSG.INVALID);
    await expectMessage(await start('v.mp4', 500 * 1024 * 1024 + 1), 400, UPLOAD_MSG.TOO_BIG);
  });

  it('resumes after a dropped connection and stores exactly the bytes sent', async () => {
    const size = VIDEO_CHUNK_BYTES * 3 + 12_345;
    const video = mp4(size);
    const started = await start('holiday.mp4', size);
    expect(started.statusCode, started.body).toBe(200);
    const session = body<{ uploadId: string; totalChunks: number; chunkSize: number }>(started).data;
    expect(session).toMatchObject({ totalChunks: 4, chunkSize: VIDEO_CHUNK_BYTES });
    const chunk = (i: number) => video.subarray(i * VIDEO_CHUNK_BYTES, (i + 1) * VIDEO_CHUNK_BYTES);

    expect((await putChunk(session.uploadId, 0, chunk(0))).statusCode).toBe(200);
    expect((await putChunk(session.uploadId, 2, chunk(2))).statusCode).toBe(200);
    // The connection drops half-way through chunk 1: a short chunk is refused and not kept.
    await expectMessage(
      await putChunk(session.uploadId, 1, chunk(1).subarray(0, 1000)),
      400,
      UPLOAD_MSG.CHUNK_INVALID,
    );
    // Too long, and out of range, are refused too.
    await expectMessage(
      await putChunk(session.uploadId, 3, Buffer.alloc(20_000)),
      400,
      UPLOAD_MSG.CHUNK_INVALID,
    );
    await expectMessage(await putChunk(session.uploadId, 4, chunk(0)), 400, UPLOAD_MSG.CHUNK_INVALID);
    // Another donor's upload is not there for her.
    expect((await putChunk(session.uploadId, 1, chunk(1), 'donor@demo.test')).statusCode).toBe(404);
    // Completing early says what is missing.
    const early = await post(
      `/api/uploaddonorvideo/${nia}/${session.uploadId}/complete`,
      {},
      'newdonor@demo.test',
    );
    await expectMessage(early, 400, UPLOAD_MSG.UPLOAD_INCOMPLETE);

    // The client asks what the server has, then sends the rest.
    const status = await get(`/api/uploaddonorvideo/${nia}/${session.uploadId}`, 'newdonor@demo.test');
    expect(body<{ received: number[] }>(status).data.received).toEqual([0, 2]);
    const media = body<{ videoUploads: { uploadId: string; received: number[] }[] }>(
      await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'),
    ).data;
    expect(media.videoUploads).toMatchObject([{ uploadId: session.uploadId, received: [0, 2] }]);
    for (const i of [1, 3]) expect((await putChunk(session.uploadId, i, chunk(i))).statusCode).toBe(200);

    const done = await post(
      `/api/uploaddonorvideo/${nia}/${session.uploadId}/complete`,
      {},
      'newdonor@demo.test',
    );
    expect(done.statusCode, done.body).toBe(200);
    const stored = body<{ id: number; contentType: string; sizeBytes: number }>(done).data;
    expect(stored).toMatchObject({ contentType: 'video/mp4', sizeBytes: size });
    const served = await get(`/api/donorfile/video/${stored.id}`, 'newdonor@demo.test');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(video)).toBe(true);
    // Seeking asks for a byte range.
    const part = await t.request({
      method: 'GET',
      url: `/api/donorfile/video/${stored.id}`,
      headers: { range: 'bytes=3071990-3072009' },
      as: 'newdonor@demo.test',
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 3071990-3072009/${size}`);
    expect(part.rawPayload.equals(video.subarray(3071990, 3072010))).toBe(true);
    // The session is gone.
    expect(
      (await get(`/api/uploaddonorvideo/${nia}/${session.uploadId}`, 'newdonor@demo.test')).statusCode,
    ).toBe(404);
  });

  it('refuses bytes that are not the video the name says, and ends that upload', async () => {
    const data = pdf();
    const s = body<{ uploadId: string }>(await start('fake.mp4', data.length)).data;
    expect((await putChunk(s.uploadId, 0, data)).statusCode).toBe(200);
    await expectMessage(
      await post(`/api/uploaddonorvideo/${nia}/${s.uploadId}/complete`, {}, 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.INVALID,
    );
    expect((await get(`/api/uploaddonorvideo/${nia}/${s.uploadId}`, 'newdonor@demo.test')).statusCode).toBe(
      404,
    );
  });

  it('drops uploads abandoned for a week when a new one starts', async () => {
    // One video is stored (above); this upload takes the second place.
    expect((await t.db.select().from(donorVideos).where(eq(donorVideos.donorId, nia))).length).toBe(1);
    const first = body<{ uploadId: string }>(await start('old.mp4', 100)).data;
    await expectMessage(await start('new.mp4', 100), 400, UPLOAD_MSG.total(MAX_VIDEOS));
    await t.db
      .update(donorUploadSessions)
      .set({ updatedAt: new Date(t.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(donorUploadSessions.id, first.uploadId));
    const third = await start('new.mp4', 100);
    expect(third.statusCode, third.body).toBe(200);
    expect(
      (await get(`/api/uploaddonorvideo/${nia}/${first.uploadId}`, 'newdonor@demo.test')).statusCode,
    ).toBe(404);
    const { uploadId } = body<{ uploadId: string }>(third).data;
    await t.request({
      method: 'DELETE',
      url: `/api/uploaddonorvideo/${nia}/${uploadId}`,
      as: 'newdonor@demo.test',
    });
  });

  it(`holds at most ${MAX_VIDEOS} videos, uploads in progress included; cancel and delete free a place`, async () => {
    const open = body<{ uploadId: string }>(await start('second.webm', 100)).data;
    await expectMessage(await start('third.mp4', 100), 400, UPLOAD_MSG.total(MAX_VIDEOS));
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/uploaddonorvideo/${nia}/${open.uploadId}`,
          as: 'newdonor@demo.test',
        })
      ).statusCode,
    ).toBe(200);
    expect((await start('third.mp4', 100)).statusCode).toBe(200);
    const [video] = await t.db.select().from(donorVideos).where(eq(donorVideos.donorId, nia));
    expect(
      (await post('/api/deletedonorvideo', { video_id: video!.id, donorId: nia }, 'admin85@demo.test'))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/api/deletedonorvideo', { video_id: video!.id, donorId: nia }, 'manager@demo.test'))
        .statusCode,
    ).toBe(200);
    expect((await t.db.select().from(donorVideos).where(eq(donorVideos.donorId, nia))).length).toBe(0);
  });
});

// --- additional documents (staff)
