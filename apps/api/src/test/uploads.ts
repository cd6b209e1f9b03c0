import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { auditLog, donorPictures, users } from '../db/schema/index.js';
import { body, type TestApp } from './harness.js';

/** Fixtures and requests of the uploads tests (one file per part of the uploads service). */

// --- fixtures

export const png = (w = 8, h = 8) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .png()
    .toBuffer();
/** A JPEG carrying EXIF (camera make) that must not survive the upload. */
export const jpegWithExif = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS-51.5N' } })
    .toBuffer();
/** A 2x2 24-bit bitmap. */
export function bmp(): Buffer {
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
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const docx = () =>
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.from('....[Content_Types].xml....word/document.xml'),
  ]);
/** An mp4-looking file of `size` bytes: an ftyp box, then random bytes. */
export function mp4(size: number): Buffer {
  const buf = randomBytes(size);
  Buffer.from([0, 0, 0, 0x18]).copy(buf, 0);
  Buffer.from('ftypmp42', 'latin1').copy(buf, 4);
  return buf;
}

/** The start of a WebM file: an EBML header whose document type is webm. */
export const webm = () =>
  Buffer.concat([
    Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4,
    ]),
    Buffer.from([0x42, 0xf3, 0x81, 8, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.from([0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2]),
    randomBytes(64),
  ]);
/** A QuickTime movie: an ISO box of brand `qt`. */
export const mov = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  \0\0\0\0'), randomBytes(64)]);

export interface Part {
  field: string;
  value?: string;
  file?: { name: string; data: Buffer; type?: string };
}
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
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
export const files = (...list: { name: string; data: Buffer }[]) =>
  multipart(list.map((file) => ({ field: 'file', file })));

/** The two demo donors the tests upload for: Dana (has seeded media) and Nia (none), both center 1. */
export async function demoDonors(t: TestApp): Promise<{ dana: number; nia: number }> {
  const idOf = async (u: string) => (await t.db.select().from(users).where(eq(users.username, u)))[0]!.id;
  return { dana: await idOf('donor@demo.test'), nia: await idOf('newdonor@demo.test') };
}

/** Requests and checks against the test app `app()` returns (set in the file's beforeAll). */
export function uploadRequests(app: () => TestApp) {
  const upload = (url: string, form: ReturnType<typeof multipart>, as?: string) =>
    app().request({ method: 'POST', url, payload: form.payload, headers: form.headers, as });
  const post = (url: string, payload: Record<string, unknown>, as?: string) =>
    app().request({ method: 'POST', url, payload, as });
  const get = (url: string, as?: string) => app().request({ method: 'GET', url, as });

  async function expectMessage(res: Awaited<ReturnType<typeof get>>, status: number, message: string) {
    expect({ status: res.statusCode, message: body(res).message }).toEqual({ status, message });
  }

  async function audits(action: string, donorId: number): Promise<number> {
    const [row] = await app()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(donorId))));
    return row!.n;
  }

  async function clearPictures(donorId: number) {
    await app().db.delete(donorPictures).where(eq(donorPictures.donorId, donorId));
  }
  return { upload, post, get, expectMessage, audits, clearPictures };
}
