import { UPLOAD_MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorAdditionalDocuments } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { demoDonors, files, pdf, png, uploadRequests } from '../../test/uploads.js';

let t: TestApp;
let nia: number; // newdonor@demo.test, center 1, no media
beforeAll(async () => {
  t = await startTestApp();
  ({ nia } = await demoDonors(t));
});
afterAll(() => t.close());

const { upload, post, get, expectMessage } = uploadRequests(() => t);

describe('POST /api/uploadadditionaldoc', () => {
  const url = (kind: string, donor = nia) => `/api/uploadadditionaldoc?donor_id=${donor}&fileType=${kind}`;

  it('is for staff of the donor’s center: 401, 403 for donor and client, 404 for another center, 400', async () => {
    const form = files({ name: 'r.pdf', data: pdf() });
    expect((await upload(url('DOC'), form)).statusCode).toBe(401);
    expect((await upload(url('DOC'), form, 'newdonor@demo.test')).statusCode).toBe(403);
    expect((await upload(url('DOC'), form, 'parent@demo.test')).statusCode).toBe(403);
    expect((await upload(url('DOC'), form, 'admin85@demo.test')).statusCode).toBe(404);
    await expectMessage(await upload(url('XYZ'), form, 'admin@demo.test'), 400, 'File type is invalid.');
  });

  it('stores each good file, reports the others, and keeps to DOC 2', async () => {
    await t.db.delete(donorAdditionalDocuments).where(eq(donorAdditionalDocuments.donorId, nia));
    const res = await upload(
      url('DOC'),
      files(
        { name: 'a.pdf', data: pdf() },
        { name: 'b.png', data: await png() },
        { name: 'c.pdf', data: pdf() },
        { name: 'd.pdf', data: pdf() },
      ),
      'manager@demo.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(UPLOAD_MSG.someFailed(2));
    const result = body<{ uploaded: { id: number }[]; failed: { name: string; message: string }[] }>(
      res,
    ).data;
    expect(result.uploaded.length).toBe(2);
    expect(result.failed).toEqual([
      { name: 'b.png', message: UPLOAD_MSG.INVALID_FORMAT },
      { name: 'd.pdf', message: UPLOAD_MSG.total(2) },
    ]);
    await expectMessage(
      await upload(url('DOC'), files({ name: 'e.pdf', data: pdf() }), 'manager@demo.test'),
      400,
      UPLOAD_MSG.total(2),
    );
    const img = await upload(url('IMG'), files({ name: 'x.png', data: await png() }), 'admin@demo.test');
    expect(body(img).message).toBe(UPLOAD_MSG.UPLOADED);
    const id = body<{ uploaded: { id: number }[] }>(img).data.uploaded[0]!.id;
    // Visible to clients unless private; never to the donor.
    expect((await get(`/api/donorfile/additional/${id}`, 'newdonor@demo.test')).statusCode).toBe(404);
    expect(
      (await post('/api/changepublicadditionaldoc', { doc_id: id, is_public: false }, 'admin85@demo.test'))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/api/changepublicadditionaldoc', { doc_id: id, is_public: false }, 'admin@demo.test'))
        .statusCode,
    ).toBe(200);
    const [row] = await t.db
      .select()
      .from(donorAdditionalDocuments)
      .where(eq(donorAdditionalDocuments.id, id));
    expect(row!.private).toBe(true);
    expect(
      (await post('/api/deleteadditionaldocument', { doc_id: id }, 'newdonor@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/deleteadditionaldocument', { doc_id: id }, 'manager@demo.test')).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/deleteadditionaldocument', { doc_id: id }, 'manager@demo.test')).statusCode,
    ).toBe(404);
  });
});
