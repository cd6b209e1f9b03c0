import { IMAGE_MAX_BYTES, MSG, ROLE, UPLOAD_MSG, type UserPicture } from '@dm/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, userPictures, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { bmp, files, multipart, pdf, png, uploadRequests } from '../../test/uploads.js';
import { userMaker } from '../../test/user-fixtures.js';
import { USER_TYPE_INVALID } from './profile-picture.schemas.js';

let t: TestApp;
let parent: number; // parent@demo.test, intended parent of center 1
let donor: number; // donor@demo.test, center 1
const idOf = async (u: string) => (await t.db.select().from(users).where(eq(users.username, u)))[0]!.id;
const makeUser = userMaker(() => t, { prefix: 'pic', status: 'Active', lastName: 'Picture' });

beforeAll(async () => {
  t = await startTestApp();
  parent = await idOf('parent@demo.test');
  donor = await idOf('donor@demo.test');
});
afterAll(() => t.close());

const { upload, get, expectMessage, audits } = uploadRequests(() => t);
const del = (url: string, as?: string) => t.request({ method: 'DELETE', url, as });
const url = (userId: number, type: number = ROLE.CLIENT) => `/api/uploadprofilepic/${userId}/0/${type}`;

/** A JPEG whose EXIF carries a GPS position and a camera make, neither of which may survive. */
const jpegWithGps = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();

describe('POST /api/uploadprofilepic/:userId/0/:userTypeId', () => {
  it('answers 401, 400 for a donor (her picture has its own path), 404 for anyone else’s user', async () => {
    const form = files({ name: 'me.png', data: await png() });
    await expectMessage(await upload(url(parent), form), 401, MSG.NO_TOKEN);
    await expectMessage(
      await upload(url(donor, ROLE.DONOR), form, 'donor@demo.test'),
      400,
      UPLOAD_MSG.DONOR_PICTURE_ON_FORM,
    );
    await expectMessage(
      await upload(url(parent), form, 'donor@demo.test'),
      400,
      UPLOAD_MSG.DONOR_PICTURE_ON_FORM,
    );
    // Another center's staff, the same center's staff and another parent: the picture is the user's own.
    for (const as of ['admin85@demo.test', 'manager85@demo.test', 'parent85@demo.test', 'admin@demo.test']) {
      expect((await upload(url(parent), form, as)).statusCode, as).toBe(404);
    }
    expect((await upload(url(999_999), form, 'parent@demo.test')).statusCode).toBe(404);
    expect(await t.db.select().from(userPictures).where(eq(userPictures.userId, parent))).toEqual([]);
  });

  it('answers 400 with the spec’s messages', async () => {
    const as = 'parent@demo.test';
    const bad = await upload(
      '/api/uploadprofilepic/abc/0/9',
      files({ name: 'a.png', data: await png() }),
      as,
    );
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('User id is invalid.');
    const badType = await upload(
      `/api/uploadprofilepic/${parent}/0/3`,
      files({ name: 'a.png', data: await png() }),
      as,
    );
    expect(badType.statusCode).toBe(400);
    expect(body(badType).message).toContain(USER_TYPE_INVALID);
    const cases: [ReturnType<typeof multipart>, string, number?][] = [
      [multipart([]), UPLOAD_MSG.SELECT_PHOTO],
      [files({ name: 'me.txt', data: Buffer.from('hello') }), UPLOAD_MSG.INVALID_FILE_TYPE],
      [files({ name: 'me.pdf', data: pdf() }), UPLOAD_MSG.INVALID_FILE_TYPE],
      // A PDF named .png: the bytes decide.
      [files({ name: 'me.png', data: pdf() }), UPLOAD_MSG.INVALID_FILE_TYPE],
      [files({ name: 'me.png', data: Buffer.alloc(0) }), UPLOAD_MSG.PROFILE_TOO_SMALL],
      [
        multipart([
          { field: 'edited', value: '1' },
          { field: 'file', file: { name: 'edited.jpg', data: Buffer.alloc(0) } },
        ]),
        UPLOAD_MSG.EDITED_TOO_SMALL,
      ],
      [
        files({ name: 'a.png', data: await png() }, { name: 'b.png', data: await png() }),
        UPLOAD_MSG.perSelection(1),
      ],
      // A user type other than the user's own.
      [files({ name: 'a.png', data: await png() }), USER_TYPE_INVALID, ROLE.ADMIN],
    ];
    for (const [form, message, type] of cases) {
      await expectMessage(await upload(url(parent, type), form, as), 400, message);
    }
    const big = Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    await expectMessage(
      await upload(url(parent), files({ name: 'big.png', data: big }), as),
      400,
      UPLOAD_MSG.TOO_BIG,
    );
    expect(await t.db.select().from(userPictures).where(eq(userPictures.userId, parent))).toEqual([]);
  });

  it('stores the picture re-encoded without metadata (no GPS), replaces the previous one, audited', async () => {
    const original = await jpegWithGps();
    const meta = await sharp(original).metadata();
    expect(meta.exif?.includes(Buffer.from('SecretCam'))).toBe(true);
    const before = await audits('user.picture.set', parent);
    const res = await upload(
      url(parent),
      files({ name: 'holiday.jpeg', data: original }),
      'parent@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(UPLOAD_MSG.PROFILE_PICTURE_SET);
    const picture = body<UserPicture>(res).data;
    expect(picture.url).toMatch(new RegExp(`^/api/profilepicture/${parent}/file\\?v=\\d+$`));

    const file = await get(picture.url!, 'parent@demo.test');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, max-age=300');
    expect(String(file.headers.vary)).toContain('Cookie');
    const stored = file.rawPayload;
    const storedMeta = await sharp(stored).metadata();
    expect(storedMeta.exif).toBeUndefined();
    expect({ width: storedMeta.width, height: storedMeta.height }).toEqual({ width: 24, height: 16 });
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    expect(await audits('user.picture.set', parent)).toBe(before + 1);

    // A new picture (an edited one, bmp becomes png) replaces it; the old file is gone from storage.
    const [row] = await t.db.select().from(userPictures).where(eq(userPictures.userId, parent));
    const oldKey = row!.storageKey;
    await expect(t.storage.read(oldKey)).resolves.toBeTruthy();
    t.clock.advance(1000);
    const form = multipart([
      { field: 'edited', value: 'true' },
      { field: 'file', file: { name: 'edited.bmp', data: bmp() } },
    ]);
    const again = await upload(url(parent), form, 'parent@demo.test');
    expect(again.statusCode).toBe(200);
    await expect(t.storage.read(oldKey)).rejects.toThrow();
    const next = body<UserPicture>(again).data;
    const png2 = await get(next.url!, 'parent@demo.test');
    expect(png2.headers['content-type']).toBe('image/png');
  });

  it('takes a picture from staff for themselves (any role but the donor)', async () => {
    for (const [as, role] of [
      ['admin@demo.test', ROLE.ADMIN],
      ['manager@demo.test', ROLE.MANAGER],
      ['master@demo.test', ROLE.MASTER],
    ] as const) {
      const id = await idOf(as);
      const res = await upload(url(id, role), files({ name: 'me.gif', data: await gif() }), as);
      expect(res.statusCode, as).toBe(200);
    }
  });
});

const gif = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();

describe('GET /api/profilepicture/:userId and its file', () => {
  it('shows the picture to the user, the center’s staff (audited) and chat partners; others 404', async () => {
    const pic = await makeUser({ role: ROLE.CLIENT });
    const as = `pic${makeUser.count}@users.test`;
    const none = await get(`/api/profilepicture/${pic}`, as);
    expect(body<UserPicture>(none).data).toEqual({ userId: pic, url: null, updatedAt: null });
    expect((await get(`/api/profilepicture/${pic}`)).statusCode).toBe(401);
    expect((await upload(url(pic), files({ name: 'me.png', data: await png() }), as)).statusCode).toBe(200);
    const info = body<UserPicture>(await get(`/api/profilepicture/${pic}`, as)).data;

    const reads = await audits('user.picture.read', pic);
    for (const staff of ['admin@demo.test', 'manager@demo.test', 'master@demo.test']) {
      expect((await get(info.url!, staff)).statusCode, staff).toBe(200);
    }
    expect(await audits('user.picture.read', pic)).toBe(reads + 3);
    // Another center, another parent of the same center, a donor without a chat: unseen.
    for (const other of ['admin85@demo.test', 'parent85@demo.test', 'parent@demo.test', 'donor@demo.test']) {
      expect((await get(info.url!, other)).statusCode, other).toBe(404);
      expect((await get(`/api/profilepicture/${pic}`, other)).statusCode, other).toBe(404);
    }
    // A chat makes the two partners see each other's picture.
    await t.db.insert(chats).values({ userLow: Math.min(pic, donor), userHigh: Math.max(pic, donor) });
    expect((await get(info.url!, 'donor@demo.test')).statusCode).toBe(200);
    // A donor's own picture lives on the donor form: none here.
    expect((await get(`/api/profilepicture/${donor}`, 'donor@demo.test')).statusCode).toBe(404);
  });
});

describe('DELETE /api/profilepicture/:userId', () => {
  it('removes the user’s own picture only: 401, 400 donor, 404 others, then gone', async () => {
    const pic = await makeUser({ role: ROLE.CLIENT });
    const as = `pic${makeUser.count}@users.test`;
    expect((await upload(url(pic), files({ name: 'me.png', data: await png() }), as)).statusCode).toBe(200);
    const info = body<UserPicture>(await get(`/api/profilepicture/${pic}`, as)).data;
    expect((await del(`/api/profilepicture/${pic}`)).statusCode).toBe(401);
    expect((await del(`/api/profilepicture/${pic}`, 'donor@demo.test')).statusCode).toBe(400);
    for (const other of ['admin@demo.test', 'admin85@demo.test', 'parent@demo.test']) {
      expect((await del(`/api/profilepicture/${pic}`, other)).statusCode, other).toBe(404);
    }
    const res = await del(`/api/profilepicture/${pic}`, as);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(UPLOAD_MSG.PROFILE_PICTURE_REMOVED);
    expect(body<UserPicture>(await get(`/api/profilepicture/${pic}`, as)).data.url).toBeNull();
    expect((await get(info.url!, as)).statusCode).toBe(404);
    expect(await audits('user.picture.remove', pic)).toBe(1);
  });
});
