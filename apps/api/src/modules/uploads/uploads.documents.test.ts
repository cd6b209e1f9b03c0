import { MAX_DOCUMENTS, UPLOAD_MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorDocuments } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import {
  demoDonors,
  docx,
  files,
  jpegWithExif,
  multipart,
  pdf,
  png,
  uploadRequests,
} from '../../test/uploads.js';

let t: TestApp;
let nia: number; // newdonor@demo.test, center 1, no media
beforeAll(async () => {
  t = await startTestApp();
  ({ nia } = await demoDonors(t));
});
afterAll(() => t.close());

const { upload, post, get, expectMessage } = uploadRequests(() => t);

describe('documents and the COVID card', () => {
  it('guards the upload: 401, 403, 404, 400', async () => {
    const form = files({ name: 'cv.pdf', data: pdf() });
    expect((await upload(`/api/uploaddonordocument/${nia}`, form)).statusCode).toBe(401);
    expect((await upload(`/api/uploaddonordocument/${nia}`, form, 'parent@demo.test')).statusCode).toBe(403);
    expect((await upload(`/api/uploaddonordocument/${nia}`, form, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await upload(`/api/uploaddonordocument/${nia}`, form, 'donor@demo.test')).statusCode).toBe(404);
    await expectMessage(
      await upload(
        `/api/uploaddonordocument/${nia}`,
        files({ name: 'cv.txt', data: pdf() }),
        'newdonor@demo.test',
      ),
      400,
      UPLOAD_MSG.INVALID_FORMAT,
    );
    await expectMessage(
      await upload(
        `/api/uploaddonordocument/${nia}`,
        files({ name: 'cv.docx', data: pdf() }),
        'newdonor@demo.test',
      ),
      400,
      UPLOAD_MSG.INVALID,
    );
    await expectMessage(
      await upload(
        `/api/uploaddonordocument/${nia}`,
        files({ name: 'cv.pdf', data: Buffer.concat([pdf(), Buffer.alloc(25 * 1024 * 1024)]) }),
        'newdonor@demo.test',
      ),
      400,
      UPLOAD_MSG.TOO_BIG,
    );
    await expectMessage(
      await upload(`/api/uploaddonordocument/${nia}`, multipart([]), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.SELECT_FILE,
    );
  });

  it('refuses a document named pdf whose bytes are a PNG, and keeps nothing of it', async () => {
    const before = (await t.db.select().from(donorDocuments).where(eq(donorDocuments.donorId, nia))).length;
    await expectMessage(
      await upload(
        `/api/uploaddonordocument/${nia}`,
        files({ name: 'cv.pdf', data: await png() }),
        'newdonor@demo.test',
      ),
      400,
      UPLOAD_MSG.INVALID,
    );
    expect((await t.db.select().from(donorDocuments).where(eq(donorDocuments.donorId, nia))).length).toBe(
      before,
    );
  });

  it(`stores up to ${MAX_DOCUMENTS} documents, deletes one; the COVID card is apart and private`, async () => {
    await t.db.delete(donorDocuments).where(eq(donorDocuments.donorId, nia));
    const url = `/api/uploaddonordocument/${nia}`;
    const ids: number[] = [];
    for (let i = 0; i < MAX_DOCUMENTS; i++) {
      const res = await upload(
        url,
        files({ name: i % 2 ? `d${i}.docx` : `d${i}.pdf`, data: i % 2 ? docx() : pdf() }),
        'newdonor@demo.test',
      );
      expect(res.statusCode, res.body).toBe(200);
      ids.push(body<{ id: number }>(res).data.id);
    }
    await expectMessage(
      await upload(url, files({ name: 'more.pdf', data: pdf() }), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.total(MAX_DOCUMENTS),
    );
    // The COVID card does not count against the five.
    const covid = await upload(
      `/api/uploadcoviddocument/${nia}`,
      files({ name: 'card.jpg', data: await jpegWithExif() }),
      'newdonor@demo.test',
    );
    expect(covid.statusCode, covid.body).toBe(200);
    const covidId = body<{ id: number; private: boolean }>(covid).data.id;
    expect(body<{ private: boolean }>(covid).data.private).toBe(true);
    // Clients never get a private file.
    expect((await get(`/api/donorfile/document/${covidId}`, 'parent@demo.test')).statusCode).toBe(404);
    let media = body<{ documents: { id: number }[]; covidDocument: { id: number } | null }>(
      await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'),
    ).data;
    expect(media.documents.map((d) => d.id)).toEqual(ids);
    expect(media.covidDocument?.id).toBe(covidId);
    // A second card replaces the first.
    const again = await upload(
      `/api/uploadcoviddocument/${nia}`,
      files({ name: 'card.pdf', data: pdf() }),
      'admin@demo.test',
    );
    expect(again.statusCode).toBe(200);
    expect((await t.db.select().from(donorDocuments).where(eq(donorDocuments.id, covidId))).length).toBe(0);

    expect(
      (await post('/api/deletedonordocument', { document_id: ids[0], donorId: nia }, 'admin85@demo.test'))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/api/deletedonordocument', { document_id: ids[0], donorId: nia }, 'newdonor@demo.test'))
        .statusCode,
    ).toBe(200);
    expect((await post('/api/deletecoviddocpath', { donor_id: nia }, 'parent@demo.test')).statusCode).toBe(
      403,
    );
    expect((await post('/api/deletecoviddocpath', { donor_id: nia }, 'newdonor@demo.test')).statusCode).toBe(
      200,
    );
    expect((await post('/api/deletecoviddocpath', { donor_id: nia }, 'newdonor@demo.test')).statusCode).toBe(
      404,
    );
    media = body<typeof media>(await get(`/api/donormedia/${nia}`, 'newdonor@demo.test')).data;
    expect(media.documents.length).toBe(MAX_DOCUMENTS - 1);
    expect(media.covidDocument).toBeNull();
  });
});

// --- videos in chunks
