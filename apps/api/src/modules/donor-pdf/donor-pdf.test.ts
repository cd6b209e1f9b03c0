import { type DonorPdf, MSG, PDF_MAX_IMAGES } from '@dm/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donorPictures, donors, users } from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorVisibility } from '../donor-access/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const pdfCall = (payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url: '/api/getpdffromhtml', payload, as });

/** The text of every page, in reading order, one string per page. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** Image XObjects drawn as pictures (an alpha channel's soft mask is an image too, not a picture). */
async function pictureCount(pdf: Buffer): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  const images: string[] = [];
  const masks = new Set<string>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    images.push(ref.toString());
    const mask = object.dict.get(PDFName.of('SMask'));
    if (mask instanceof PDFRef) masks.add(mask.toString());
  }
  return images.filter((r) => !masks.has(r)).length;
}

async function pdfOf(id: number, as: string): Promise<{ answer: DonorPdf; pdf: Buffer; text: string }> {
  const res = await pdfCall({ id, usertypeid: 6, globals: {} }, as);
  expect(res.statusCode, res.body).toBe(200);
  const answer = body<DonorPdf>(res).data;
  const pdf = Buffer.from(answer.pdf, 'base64');
  return { answer, pdf, text: (await pdfPages(pdf)).join('\n') };
}

async function visibleDonors(username: string, centerId: number, limit: number): Promise<number[]> {
  const auth = await resolveSession(t.db, t.clock, await t.tokenFor(username));
  const rows = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(
      and(
        eq(donors.centerId, centerId),
        like(users.username, '%@synthetic.test'),
        await donorVisibility(t.db, auth),
      ),
    )
    .orderBy(donors.userId)
    .limit(limit);
  return rows.map((r) => r.id);
}

async function auditCount(action: string, entityId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
  return row!.n;
}

let donorA: number;
let donorB: number;
let center85Donor: number;
let center111Donor: number;
async function donorOfCenter(centerId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(and(eq(donors.centerId, centerId), like(users.username, '%@synthetic.test')))
    .limit(1);
  return row!.id;
}
beforeAll(async () => {
  [donorA, donorB] = (await visibleDonors('parent@demo.test', 1, 2)) as [number, number];
  center85Donor = await donorOfCenter(85);
  center111Donor = await donorOfCenter(111);
});

describe('POST /api/getpdffromhtml: who may', () => {
  it('answers 401 without a session', async () => {
    const res = await pdfCall({ id: donorA });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it('answers 403 to roles without the PDF view (master admin, donor)', async () => {
    for (const who of ['master@demo.test', 'donor@demo.test']) {
      const res = await pdfCall({ id: donorA }, who);
      expect(res.statusCode, who).toBe(403);
      expect(body(res).message).toBe(MSG.UNAUTHORIZED);
    }
  });

  it("answers 404 for another center's donor or one the caller may not see", async () => {
    expect((await pdfCall({ id: center85Donor }, 'manager@demo.test')).statusCode).toBe(404);
    expect((await pdfCall({ id: center85Donor }, 'parent@demo.test')).statusCode).toBe(404);
    expect((await pdfCall({ id: center111Donor }, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await pdfCall({ id: 99_999_999 }, 'manager@demo.test')).statusCode).toBe(404);
  });

  it('answers 400 with a message for a bad or missing id or user type', async () => {
    const bad = await pdfCall({ id: 'abc' }, 'manager@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Donor id is invalid.');
    const missing = await pdfCall({ usertypeid: 6 }, 'manager@demo.test');
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toContain('Donor id is required.');
    const type = await pdfCall({ id: donorA, usertypeid: 'x' }, 'manager@demo.test');
    expect(type.statusCode).toBe(400);
    expect(body(type).message).toContain('User type is invalid.');
  });
});

describe('POST /api/getpdffromhtml: the PDF', () => {
  it('gives staff the whole profile: donor id, center, every section, page numbers; audited', async () => {
    const details = body<{
      displayId: string | null;
      agencyDisplayId: string | null;
      centerName: string;
      firstName: string;
      lastName: string;
    }>(
      await t.request({ method: 'GET', url: `/api/getdonordetails/${donorA}`, as: 'manager@demo.test' }),
    ).data;
    // The one id the donor is shown by: the agency's when set (display-id.test.ts has both).
    const shownId = details.agencyDisplayId ?? details.displayId;
    const readsBefore = await auditCount('donor.read', donorA);
    const pdfsBefore = await auditCount('donor.pdf', donorA);
    const { answer, pdf, text } = await pdfOf(donorA, 'manager@demo.test');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(answer.contentType).toBe('application/pdf');
    expect(answer.fileName).toBe(`donor-${shownId}.pdf`);
    expect(text).toContain(`Donor ID ${shownId}`);
    expect(text).toContain(details.centerName);
    expect(text).toContain(`${details.firstName} ${details.lastName}`);
    for (const label of [
      'Photos',
      'General',
      'Personal health',
      'Characteristics',
      'Family members',
      'Schools',
      'Past donations',
      'Documents',
      'Frozen batches',
      'Active and queued matches',
      'Notes',
      'Egg donation arrangement',
      'Blood group',
      'SSN',
    ]) {
      expect(text, label).toContain(label);
    }
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain(details.centerName);
    });
    expect(answer.images).toBe(await pictureCount(pdf));
    expect(answer.images).toBeGreaterThan(0);
    // The page's own read audit, plus one row for the export.
    expect(await auditCount('donor.read', donorA)).toBe(readsBefore + 1);
    expect(await auditCount('donor.pdf', donorA)).toBe(pdfsBefore + 1);
  });

  it('leaves out what a client may not see: last name, SSN, contact, staff notes, frozen batches', async () => {
    const [row] = await t.db
      .select({ lastName: users.lastName, username: users.username, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, donorA));
    const { text, answer } = await pdfOf(donorA, 'parent@demo.test');
    expect(text).toContain(row!.firstName);
    expect(text).not.toContain(`${row!.firstName} ${row!.lastName}`);
    expect(text).not.toContain(row!.username);
    for (const hidden of ['SSN', 'Frozen batches', 'Admin notes', 'Active and queued matches', 'E-mail']) {
      expect(text, hidden).not.toContain(hidden);
    }
    expect(text).toContain('Personal health');
    expect(answer.images).toBeGreaterThan(0);
  });

  it(`embeds at most ${PDF_MAX_IMAGES} pictures, never private ones for a client`, async () => {
    const [existing] = await t.db.select().from(donorPictures).where(eq(donorPictures.donorId, donorB));
    const copy = (i: number, isPrivate: boolean) => ({
      donorId: donorB,
      storageKey: existing!.storageKey,
      contentType: existing!.contentType,
      sizeBytes: existing!.sizeBytes,
      private: isPrivate,
      caption: `${isPrivate ? 'Private' : 'Extra'} photo ${i}`,
      position: 10 + i,
    });
    const publicBefore = (
      await t.db
        .select()
        .from(donorPictures)
        .where(and(eq(donorPictures.donorId, donorB), eq(donorPictures.private, false)))
    ).length;
    // Three private pictures and three public ones: all fit, but the client gets the public ones.
    await t.db.insert(donorPictures).values([0, 1, 2].map((i) => copy(i, true)));
    await t.db.insert(donorPictures).values([3, 4, 5].map((i) => copy(i, false)));
    const staff = await pdfOf(donorB, 'manager@demo.test');
    expect(staff.answer.images).toBe(publicBefore + 6);
    expect(await pictureCount(staff.pdf)).toBe(publicBefore + 6);
    expect(staff.text).toContain('Private photo 0');
    const client = await pdfOf(donorB, 'parent@demo.test');
    expect(client.answer.images).toBe(publicBefore + 3);
    expect(await pictureCount(client.pdf)).toBe(publicBefore + 3);
    expect(client.text).not.toContain('Private photo');

    // Past the limit: ten embedded, and the PDF says how many there are.
    await t.db.insert(donorPictures).values([6, 7, 8, 9, 10, 11].map((i) => copy(i, false)));
    const total = publicBefore + 12;
    const many = await pdfOf(donorB, 'manager@demo.test');
    expect(many.answer.images).toBe(PDF_MAX_IMAGES);
    expect(await pictureCount(many.pdf)).toBe(PDF_MAX_IMAGES);
    expect(many.text).toContain(`${PDF_MAX_IMAGES} of ${total} photos are shown in this PDF.`);
    const manyClient = await pdfOf(donorB, 'parent@demo.test');
    expect(await pictureCount(manyClient.pdf)).toBe(PDF_MAX_IMAGES);
  });

  it('still prints the profile when a picture file is missing from storage', async () => {
    const [donorC] = (await visibleDonors('parent@demo.test', 1, 3)).slice(2) as [number];
    const before = (await pdfOf(donorC, 'manager@demo.test')).answer.images;
    await t.db.insert(donorPictures).values({
      donorId: donorC,
      storageKey: 'ff/00000000-0000-0000-0000-000000000000.png',
      contentType: 'image/png',
      sizeBytes: 10,
      caption: 'Lost photo',
      position: 20,
    });
    const after = await pdfOf(donorC, 'manager@demo.test');
    expect(after.answer.images).toBe(before);
    expect(after.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
