import { MAX_IMAGES, MAX_IMAGES_PER_SELECTION, MSG, UPLOAD_MSG } from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorPictures } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import {
  bmp,
  demoDonors,
  files,
  jpegWithExif,
  multipart,
  type Part,
  pdf,
  png,
  uploadRequests,
} from '../../test/uploads.js';

let t: TestApp;
let dana: number; // donor@demo.test, center 1, has seeded media
let nia: number; // newdonor@demo.test, center 1, no media
beforeAll(async () => {
  t = await startTestApp();
  ({ dana, nia } = await demoDonors(t));
});
afterAll(() => t.close());

const { upload, post, get, expectMessage, audits, clearPictures } = uploadRequests(() => t);

// --- photos

describe('POST /api/uploaddonorpic/:id', () => {
  it('answers 401, 403 (client, master), 404 for another donor or center, 400 for a bad id', async () => {
    const form = files({ name: 'a.png', data: await png() });
    await expectMessage(await upload(`/api/uploaddonorpic/${nia}`, form), 401, MSG.NO_TOKEN);
    await expectMessage(
      await upload(`/api/uploaddonorpic/${nia}`, form, 'parent@demo.test'),
      403,
      MSG.UNAUTHORIZED,
    );
    await expectMessage(
      await upload(`/api/uploaddonorpic/${nia}`, form, 'master@demo.test'),
      403,
      MSG.UNAUTHORIZED,
    );
    expect((await upload(`/api/uploaddonorpic/${nia}`, form, 'donor@demo.test')).statusCode).toBe(404);
    expect((await upload(`/api/uploaddonorpic/${nia}`, form, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await upload(`/api/uploaddonorpic/${nia}`, form, 'manager85@demo.test')).statusCode).toBe(404);
    const bad = await upload('/api/uploaddonorpic/abc', form, 'admin@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Donor id is invalid.');
  });

  it('stores the donor’s photos re-encoded without metadata; the first is the profile picture', async () => {
    await clearPictures(nia);
    const exif = await jpegWithExif();
    expect(exif.includes(Buffer.from('SecretCam'))).toBe(true);
    const form = multipart([
      { field: 'caption', value: 'At the beach' },
      { field: 'caption', value: '' },
      { field: 'file', file: { name: 'beach.jpg', data: exif } },
      { field: 'file', file: { name: 'old.bmp', data: bmp() } },
    ]);
    const res = await upload(`/api/uploaddonorpic/${nia}`, form, 'newdonor@demo.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(UPLOAD_MSG.UPLOADED);
    const pics =
      body<{ id: number; caption: string | null; isDefault: boolean; contentType: string }[]>(res).data;
    expect(pics.map((p) => [p.caption, p.isDefault, p.contentType])).toEqual([
      ['At the beach', true, 'image/jpeg'],
      [null, false, 'image/png'],
    ]);
    // Served back to the donor: no EXIF left, still a JPEG.
    const served = await get(`/api/donorfile/picture/${pics[0]!.id}`, 'newdonor@demo.test');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const bmpServed = await get(`/api/donorfile/picture/${pics[1]!.id}`, 'newdonor@demo.test');
    expect((await sharp(bmpServed.rawPayload).metadata()).format).toBe('png');
    // The stored key is generated, not the uploader's name.
    const [row] = await t.db.select().from(donorPictures).where(eq(donorPictures.id, pics[0]!.id));
    expect(row!.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]+\.jpg$/);
    expect(row!.originalName).toBe('beach.jpg');
  });

  it('lets an admin of the donor’s center upload, and audits it', async () => {
    const before = await audits('donor.media.picture.add', nia);
    const res = await upload(
      `/api/uploaddonorpic/${nia}`,
      files({
        name: 'x.gif',
        data: await sharp(await png())
          .gif()
          .toBuffer(),
      }),
      'admin@demo.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await audits('donor.media.picture.add', nia)).toBe(before + 1);
  });

  it('refuses a PNG name with PDF bytes, a wrong type, an empty file, no file, and unreadable images', async () => {
    const url = `/api/uploaddonorpic/${nia}`;
    await expectMessage(
      await upload(url, files({ name: 'photo.png', data: pdf() }), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.INVALID,
    );
    await expectMessage(
      await upload(url, files({ name: 'photo.pdf', data: pdf() }), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.onlyImages(),
    );
    await expectMessage(
      await upload(url, files({ name: 'photo.png', data: Buffer.alloc(0) }), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.INVALID,
    );
    await expectMessage(
      await upload(url, multipart([{ field: 'caption', value: 'x' }]), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.SELECT_FILE,
    );
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(50)]);
    await expectMessage(
      await upload(url, files({ name: 'broken.png', data: broken }), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.READ_IMAGES_FAILED,
    );
  });

  it('refuses a photo over 20 MB', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(20 * 1024 * 1024)]);
    await expectMessage(
      await upload(`/api/uploaddonorpic/${nia}`, files({ name: 'big.png', data: big }), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.TOO_BIG,
    );
  });

  it(`allows ${MAX_IMAGES_PER_SELECTION} photos a selection and ${MAX_IMAGES} in all`, async () => {
    await clearPictures(nia);
    const one = await png();
    const many = (n: number) =>
      files(...Array.from({ length: n }, (_, i) => ({ name: `p${i}.png`, data: one })));
    const url = `/api/uploaddonorpic/${nia}`;
    await expectMessage(
      await upload(url, many(MAX_IMAGES_PER_SELECTION + 1), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.perSelection(),
    );
    expect((await upload(url, many(MAX_IMAGES_PER_SELECTION), 'newdonor@demo.test')).statusCode).toBe(200);
    expect((await upload(url, many(MAX_IMAGES_PER_SELECTION - 1), 'newdonor@demo.test')).statusCode).toBe(
      200,
    );
    await expectMessage(await upload(url, many(2), 'newdonor@demo.test'), 400, UPLOAD_MSG.total(MAX_IMAGES));
    expect((await upload(url, many(1), 'newdonor@demo.test')).statusCode).toBe(200);
    await expectMessage(await upload(url, many(1), 'newdonor@demo.test'), 400, UPLOAD_MSG.total(MAX_IMAGES));
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(donorPictures)
      .where(eq(donorPictures.donorId, nia));
    expect(row!.n).toBe(MAX_IMAGES);
    await clearPictures(nia);
  });
});

describe('POST /api/uploadprofilepic/:id/1/:role', () => {
  const url = (id: number | string, role: number | string = 2) => `/api/uploadprofilepic/${id}/1/${role}`;

  it('answers 401, 403 (client), 404 for another donor or center, 400 for a bad id or role', async () => {
    const form = files({ name: 'a.png', data: await png() });
    await expectMessage(await upload(url(nia), form), 401, MSG.NO_TOKEN);
    await expectMessage(await upload(url(nia), form, 'parent@demo.test'), 403, MSG.UNAUTHORIZED);
    expect((await upload(url(nia), form, 'donor@demo.test')).statusCode).toBe(404);
    expect((await upload(url(nia), form, 'admin85@demo.test')).statusCode).toBe(404);
    const bad = await upload(url('abc'), form, 'admin@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Donor id is invalid.');
    const role = await upload(url(nia, 9), form, 'newdonor@demo.test');
    expect(role.statusCode).toBe(400);
    expect(body(role).message).toContain('Role must be the donor role.');
  });

  it("refuses no photo, an empty one and two at once, with the spec's messages; nothing is stored", async () => {
    await clearPictures(nia);
    await expectMessage(
      await upload(url(nia), multipart([{ field: 'caption', value: 'x' }]), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.SELECT_PHOTO,
    );
    await expectMessage(
      await upload(url(nia), files({ name: 'empty.png', data: Buffer.alloc(0) }), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.PROFILE_TOO_SMALL,
    );
    const two = files({ name: 'a.png', data: await png() }, { name: 'b.png', data: await png() });
    await expectMessage(await upload(url(nia), two, 'newdonor@demo.test'), 400, UPLOAD_MSG.perSelection(1));
    const fake = files({ name: 'fake.png', data: pdf() });
    expect((await upload(url(nia), fake, 'newdonor@demo.test')).statusCode).toBe(400);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(donorPictures)
      .where(eq(donorPictures.donorId, nia));
    expect(row!.n).toBe(0);
  });

  it('stores the photo and makes it the profile picture, in place of the previous one', async () => {
    await clearPictures(nia);
    const first = await upload(
      `/api/uploaddonorpic/${nia}`,
      files({ name: 'a.png', data: await png() }),
      'newdonor@demo.test',
    );
    expect(first.statusCode).toBe(200);
    const res = await upload(
      url(nia),
      files({ name: 'me.jpg', data: await jpegWithExif() }),
      'newdonor@demo.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(UPLOAD_MSG.PROFILE_PICTURE_SET);
    const pic = body<{ id: number; isDefault: boolean }>(res).data;
    expect(pic.isDefault).toBe(true);
    const rows = await t.db.select().from(donorPictures).where(eq(donorPictures.donorId, nia));
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([pic.id]);
    expect(rows).toHaveLength(2);
    // An admin of her center may set it too.
    const admin = await upload(url(nia), files({ name: 'b.png', data: await png() }), 'admin@demo.test');
    expect(admin.statusCode).toBe(200);
    await clearPictures(nia);
  });
});

describe('photo profile, caption, visibility and delete', () => {
  let first: number;
  let second: number;
  beforeAll(async () => {
    await clearPictures(nia);
    const res = await upload(
      `/api/uploaddonorpic/${nia}`,
      files({ name: 'a.png', data: await png() }, { name: 'b.png', data: await png(4, 4) }),
      'newdonor@demo.test',
    );
    [first, second] = body<{ id: number }[]>(res).data.map((p) => p.id) as [number, number];
  });

  it('guards every call: 401, 403, 404 for another center or a picture of another donor, 400', async () => {
    const payload = { picId: second, donorId: nia };
    await expectMessage(await post('/api/updatedonorprofilepic', payload), 401, MSG.NO_TOKEN);
    await expectMessage(
      await post('/api/updatedonorprofilepic', payload, 'parent@demo.test'),
      403,
      MSG.UNAUTHORIZED,
    );
    expect((await post('/api/updatedonorprofilepic', payload, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await post('/api/removedonorpic', payload, 'donor@demo.test')).statusCode).toBe(404);
    await expectMessage(
      await post('/api/removedonorpic', { picId: second, donorId: dana }, 'donor@demo.test'),
      404,
      UPLOAD_MSG.IMAGE_NOT_FOUND,
    );
    const bad = await post('/api/updatedonorprofilepic', { picId: 'x', donorId: nia }, 'newdonor@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Picture id is invalid.');
  });

  it('moves the profile picture, saves a caption, hides a picture from clients, deletes', async () => {
    expect(
      (await post('/api/updatedonorprofilepic', { picId: second, donorId: nia }, 'newdonor@demo.test'))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          '/api/updatedonorpiccaption',
          { picId: first, donorId: nia, caption: 'Hi' },
          'manager@demo.test',
        )
      ).statusCode,
    ).toBe(200);
    const vis = await post(
      '/api/donoruploaditemsvisibility',
      { is_public: false, id: first, type: 'picture', donorId: nia },
      'newdonor@demo.test',
    );
    expect(vis.statusCode, vis.body).toBe(200);
    let media = body<{ pictures: { id: number; isDefault: boolean; caption: string; private: boolean }[] }>(
      await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'),
    ).data;
    expect(media.pictures.map((p) => [p.id, p.isDefault, p.caption, p.private])).toEqual([
      [second, true, null, false],
      [first, false, 'Hi', true],
    ]);
    expect(
      (await post('/api/removedonorpic', { picId: second, donorId: nia }, 'newdonor@demo.test')).statusCode,
    ).toBe(200);
    media = body<typeof media>(await get(`/api/donormedia/${nia}`, 'newdonor@demo.test')).data;
    expect(media.pictures.map((p) => [p.id, p.isDefault])).toEqual([[first, true]]);
  });
});

describe('POST /api/updatedonorpic/:id (an edited picture)', () => {
  it('replaces the bytes of a picture, and can make it the profile picture', async () => {
    await clearPictures(nia);
    const [a, b] = body<{ id: number }[]>(
      await upload(
        `/api/uploaddonorpic/${nia}`,
        files({ name: 'a.png', data: await png() }, { name: 'b.png', data: await png() }),
        'newdonor@demo.test',
      ),
    ).data;
    const edited = await png(3, 5);
    const form = (picId: unknown, data: Buffer, extra: Part[] = []) =>
      multipart([
        { field: 'pic_id', value: String(picId) },
        ...extra,
        { field: 'file', file: { name: 'edit.png', data } },
      ]);
    const url = `/api/updatedonorpic/${nia}`;
    expect((await upload(url, form(b!.id, edited))).statusCode).toBe(401);
    expect((await upload(url, form(b!.id, edited), 'parent@demo.test')).statusCode).toBe(403);
    expect((await upload(url, form(b!.id, edited), 'admin85@demo.test')).statusCode).toBe(404);
    await expectMessage(
      await upload(url, form(999999, edited), 'newdonor@demo.test'),
      404,
      UPLOAD_MSG.IMAGE_NOT_FOUND,
    );
    await expectMessage(
      await upload(url, form(b!.id, Buffer.alloc(0)), 'newdonor@demo.test'),
      400,
      UPLOAD_MSG.EDITED_TOO_SMALL,
    );
    await expectMessage(await upload(url, form(b!.id, pdf()), 'newdonor@demo.test'), 400, UPLOAD_MSG.INVALID);
    const res = await upload(
      url,
      form(b!.id, edited, [{ field: 'is_profile', value: '1' }]),
      'newdonor@demo.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    const served = await get(`/api/donorfile/picture/${b!.id}`, 'newdonor@demo.test');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 3, height: 5 });
    const pics = body<{ pictures: { id: number; isDefault: boolean }[] }>(
      await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'),
    ).data.pictures;
    expect(pics.map((p) => [p.id, p.isDefault])).toEqual([
      [b!.id, true],
      [a!.id, false],
    ]);
    await clearPictures(nia);
  });
});
