import { CHAT_MSG, type ChatMessage, IMAGE_MAX_BYTES, MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { docx, jpegWithExif, multipart, type Part, pdf, png } from '../../test/uploads.js';

let t: TestApp;
let chatId: number;
beforeAll(async () => {
  t = await startTestApp();
  const [parent] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, PARENT));
  const res = await t.request({
    method: 'POST',
    url: '/api/create',
    payload: { another_user: parent!.id },
    as: MANAGER,
  });
  chatId = body<{ chatId: number }>(res).data.chatId;
});
afterAll(() => t.close());

const MANAGER = 'manager@demo.test';
const PARENT = 'parent@demo.test';
const ADMIN85 = 'admin85@demo.test';

const mp3 = () => {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  return Buffer.concat([frame, frame, frame]);
};
const upload = (url: string, parts: Part[], as?: string, chat: number = chatId) => {
  const form = multipart([{ field: 'chatId', value: String(chat) }, ...parts]);
  return t.request({ method: 'POST', url: `/api/${url}`, payload: form.payload, headers: form.headers, as });
};
const file = (name: string, data: Buffer): Part => ({ field: 'file', file: { name, data } });
const expectMessage = (res: { statusCode: number; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).message).toBe(message);
};

describe('POST /api/uploadmessageimage', () => {
  it('answers 401 anonymous and 404 for another person’s chat', async () => {
    expectMessage(await upload('uploadmessageimage', [file('a.png', await png())]), 401, MSG.NO_TOKEN);
    expect((await upload('uploadmessageimage', [file('a.png', await png())], ADMIN85)).statusCode).toBe(404);
  });

  it('stores an image re-encoded without metadata as a message, pushed to both, served to the two people only', async () => {
    const exif = await jpegWithExif();
    const res = await upload(
      'uploadmessageimage',
      [{ field: 'clientMessageId', value: 'img-000001' }, file('beach photo.jpg', exif)],
      MANAGER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const message = body<ChatMessage>(res).data;
    expect(message.attachment).toMatchObject({ kind: 'image', name: 'beach photo.jpg', mime: 'image/jpeg' });
    expect(t.emitted.filter((e) => e.event === 'chat:message').at(-1)).toMatchObject({
      event: 'chat:message',
      data: { chatId, message: { id: message.id } },
    });
    const served = await t.request({ method: 'GET', url: message.attachment!.url, as: PARENT });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await t.request({ method: 'GET', url: message.attachment!.url, as: ADMIN85 })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: message.attachment!.url })).statusCode).toBe(401);
    // A retry with the same client id stores nothing new.
    const before = (await t.db.select().from(chatAttachments)).length;
    const again = await upload(
      'uploadmessageimage',
      [{ field: 'clientMessageId', value: 'img-000001' }, file('beach photo.jpg', exif)],
      MANAGER,
    );
    expect(body<ChatMessage>(again).data.id).toBe(message.id);
    expect((await t.db.select().from(chatAttachments)).length).toBe(before);
  });

  it('refuses files whose bytes are not an image, other types and big files', async () => {
    expectMessage(
      await upload('uploadmessageimage', [file('fake.png', Buffer.from('not really a picture'))], MANAGER),
      400,
      CHAT_MSG.INVALID_FORMAT,
    );
    expectMessage(
      await upload('uploadmessageimage', [file('doc.pdf', pdf())], MANAGER),
      400,
      CHAT_MSG.INVALID_FORMAT,
    );
    const big = Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expectMessage(await upload('uploadmessageimage', [file('big.png', big)], MANAGER), 400, CHAT_MSG.TOO_BIG);
    expectMessage(
      await upload(
        'uploadmessageimage',
        [{ field: 'notification', value: 'false' }, file('a.png', await png())],
        MANAGER,
      ),
      400,
      CHAT_MSG.SELECT_OPTION,
    );
  });
});

describe('POST /api/uploadmessagepdf', () => {
  it.each([
    ['report.pdf', pdf, 'pdf', 'application/pdf'],
    [
      'letter.docx',
      docx,
      'document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['notes.txt', () => Buffer.from('Hello, this is plain text.\n'), 'document', 'text/plain; charset=utf-8'],
    ['voice.mp3', mp3, 'audio', 'audio/mpeg'],
  ] as const)('stores %s, served to the members', async (name, data, kind, mime) => {
    const res = await upload(
      'uploadmessagepdf',
      [{ field: 'message', value: 'see attached' }, file(name, data())],
      PARENT,
    );
    expect(res.statusCode, res.body).toBe(200);
    const message = body<ChatMessage>(res).data;
    expect(message).toMatchObject({ message: 'see attached', attachment: { kind, name, mime } });
    const served = await t.request({ method: 'GET', url: message.attachment!.url, as: MANAGER });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data())).toBe(true);
  });

  it('refuses bytes that are not what the name says, and other types', async () => {
    expectMessage(
      await upload('uploadmessagepdf', [file('evil.pdf', Buffer.from('MZ\x90\x00 program'))], PARENT),
      400,
      CHAT_MSG.INVALID_FORMAT,
    );
    expectMessage(
      await upload('uploadmessagepdf', [file('song.mp3', pdf())], PARENT),
      400,
      CHAT_MSG.INVALID_FORMAT,
    );
    expectMessage(
      await upload('uploadmessagepdf', [file('bin.txt', Buffer.from([0, 1, 2, 3]))], PARENT),
      400,
      CHAT_MSG.INVALID_FORMAT,
    );
    expectMessage(
      await upload('uploadmessagepdf', [file('run.exe', pdf())], PARENT),
      400,
      CHAT_MSG.INVALID_FORMAT,
    );
    expect((await upload('uploadmessagepdf', [file('a.pdf', pdf())], PARENT, 999999)).statusCode).toBe(404);
  });
});
