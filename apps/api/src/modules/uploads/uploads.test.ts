import { randomBytes } from 'node:crypto';
import {
  MAX_DOCUMENTS,
  MAX_IMAGES,
  MAX_IMAGES_PER_SELECTION,
  MAX_VIDEOS,
  MSG,
  UPLOAD_MSG,
  VIDEO_CHUNK_BYTES,
} from '@dm/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  donorAdditionalDocuments,
  donorDocuments,
  donorPictures,
  donorUploadSessions,
  donorVideos,
  users,
} from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { byteRange } from '../donors/donors.service.js';
import { decodeBmp } from './images.js';
import { sniff } from './sniff.js';

let t: TestApp;
let dana: number; // donor@demo.test, center 1, has seeded media
let nia: number; // newdonor@demo.test, center 1, no media
beforeAll(async () => {
  t = await startTestApp();
  const idOf = async (u: string) => (await t.db.select().from(users).where(eq(users.username, u)))[0]!.id;
  dana = await idOf('donor@demo.test');
  nia = await idOf('newdonor@demo.test');
});
afterAll(() => t.close());

// --- fixtures

const png = (w = 8, h = 8) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .png()
    .toBuffer();
/** A JPEG carrying EXIF (camera make) that must not survive the upload. */
const jpegWithExif = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS-51.5N' } })
    .toBuffer();
/** A 2x2 24-bit bitmap. */
function bmp(): Buffer {
  const stride = 8;
  const buf = Buffer.alloc(54 + stride * 2);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(2, 18);
  buf.writeInt32LE(2, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  // bottom row blue, top row red
  buf.set([255, 0, 0, 255, 0, 0], 54);
  buf.set([0, 0, 255, 0, 0, 255], 54 + stride);
  return buf;
}
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const docx = () =>
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.from('....[Content_Types].xml....word/document.xml'),
  ]);
/** An mp4-looking file of `size` bytes: an ftyp box, then random bytes. */
function mp4(size: number): Buffer {
  const buf = randomBytes(size);
  Buffer.from([0, 0, 0, 0x18]).copy(buf, 0);
  Buffer.from('ftypmp42', 'latin1').copy(buf, 4);
  return buf;
}

interface Part {
  field: string;
  value?: string;
  file?: { name: string; data: Buffer; type?: string };
}
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dm${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.field}"; filename="${p.file.name}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const files = (...list: { name: string; data: Buffer }[]) =>
  multipart(list.map((file) => ({ field: 'file', file })));

const upload = (url: string, form: ReturnType<typeof multipart>, as?: string) =>
  t.request({ method: 'POST', url, payload: form.payload, headers: form.headers, as });
const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });

async function expectMessage(res: Awaited<ReturnType<typeof get>>, status: number, message: string) {
  expect({ status: res.statusCode, message: body(res).message }).toEqual({ status, message });
}

async function audits(action: string, donorId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(donorId))));
  return row!.n;
}

async function clearPictures(donorId: number) {
  await t.db.delete(donorPictures).where(eq(donorPictures.donorId, donorId));
}

// --- content sniffing (unit)

describe('sniff', () => {
  it('names the container by its bytes', async () => {
    expect(sniff(await png())).toBe('png');
    expect(sniff(await jpegWithExif())).toBe('jpeg');
    expect(sniff(bmp())).toBe('bmp');
    expect(sniff(pdf())).toBe('pdf');
    expect(sniff(docx())).toBe('docx');
    expect(sniff(mp4(64))).toBe('isobmff');
    expect(sniff(Buffer.from('hello world'))).toBeNull();
  });

  it('decodes a bitmap the right way up', () => {
    const { data, width, height } = decodeBmp(bmp());
    expect([width, height]).toEqual([2, 2]);
    expect([...data.subarray(0, 4)]).toEqual([255, 0, 0, 255]); // top-left red
    expect([...data.subarray(8, 12)]).toEqual([0, 0, 255, 255]); // bottom-left blue
  });
});

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

describe('GET /api/donormedia/:id and image guidelines', () => {
  it('answers 401, 403, 404 and 400', async () => {
    expect((await get(`/api/donormedia/${dana}`)).statusCode).toBe(401);
    expect((await get(`/api/donormedia/${dana}`, 'parent@demo.test')).statusCode).toBe(403);
    expect((await get(`/api/donormedia/${dana}`, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await get(`/api/donormedia/${dana}`, 'newdonor@demo.test')).statusCode).toBe(404);
    expect((await get('/api/donormedia/0', 'donor@demo.test')).statusCode).toBe(400);
  });

  it('shows the donor her media and audits a staff read', async () => {
    const before = await audits('donor.read', dana);
    const res = await get(`/api/donormedia/${dana}`, 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body<{ pictures: unknown[] }>(res).data.pictures.length).toBeGreaterThan(0);
    expect(await audits('donor.read', dana)).toBe(before + 1);
    await get(`/api/donormedia/${dana}`, 'donor@demo.test');
    expect(await audits('donor.read', dana)).toBe(before + 1);
  });

  it('records the accepted guidelines', async () => {
    expect((await post('/api/updateimageguidelinesflag', { donor_id: nia })).statusCode).toBe(401);
    expect(
      (await post('/api/updateimageguidelinesflag', { donor_id: nia }, 'parent@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/updateimageguidelinesflag', { donor_id: nia }, 'donor@demo.test')).statusCode,
    ).toBe(404);
    expect((await post('/api/updateimageguidelinesflag', {}, 'newdonor@demo.test')).statusCode).toBe(400);
    const media = async () =>
      body<{ imageGuidelinesAccepted: boolean }>(await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'))
        .data;
    expect((await media()).imageGuidelinesAccepted).toBe(false);
    expect(
      (await post('/api/updateimageguidelinesflag', { donor_id: nia }, 'newdonor@demo.test')).statusCode,
    ).toBe(200);
    expect((await media()).imageGuidelinesAccepted).toBe(true);
  });
});

describe('last visit of staff on the tab', () => {
  it('answers 401, 403 for the donor, 404 for another center, 400', async () => {
    expect((await post('/api/savelastvisitedtimeonuploads', { donor_id: nia })).statusCode).toBe(401);
    expect(
      (await post('/api/savelastvisitedtimeonuploads', { donor_id: nia }, 'newdonor@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/savelastvisitedtimeonuploads', { donor_id: nia }, 'admin85@demo.test')).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/getlastvisitedtimeonuploads', { donor_id: 'x' }, 'admin@demo.test')).statusCode,
    ).toBe(400);
  });

  it('records the visit and gives it to staff only', async () => {
    const before = t.clock.now().getTime();
    expect(
      (await post('/api/savelastvisitedtimeonuploads', { donor_id: nia }, 'manager@demo.test')).statusCode,
    ).toBe(200);
    const got = body<{ lastVisitedAt: string }>(
      await post('/api/getlastvisitedtimeonuploads', { donor_id: nia }, 'admin@demo.test'),
    ).data;
    const at = Date.parse(got.lastVisitedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThan(before + 60_000);
    const staffView = body<{ lastVisitedAt: string | null }>(
      await get(`/api/donormedia/${nia}`, 'admin@demo.test'),
    ).data;
    expect(staffView.lastVisitedAt).toBe(got.lastVisitedAt);
    const donorView = body<{ lastVisitedAt: string | null }>(
      await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'),
    ).data;
    expect(donorView.lastVisitedAt).toBeNull();
  });
});

// --- documents

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
