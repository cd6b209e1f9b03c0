import { MSG } from '@dm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donorDocuments,
  donorEthnicities,
  donorPictures,
  donorRaces,
  donors,
  donorViews,
  users,
} from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { solvedCaptcha } from '../../test/codes.js';
import { donorFixtures } from '../../test/donor-fixtures.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { get, send, clientVisibleDonors, donorOfCenter, auditCount } = donorFixtures(() => t);

let donorA: number;
let center85Donor: number;
let center111Donor: number;
beforeAll(async () => {
  [donorA] = await clientVisibleDonors('parent@demo.test', 1, 1);
  center111Donor = await donorOfCenter(111);
  center85Donor = await donorOfCenter(85);
});

describe('GET /api/getdonordetails/:id', () => {
  it('answers 401 without a session and 403 for a role without the page', async () => {
    expect((await get(`/api/getdonordetails/${donorA}`)).statusCode).toBe(401);
    expect(body(await get(`/api/getdonordetails/${donorA}`)).message).toBe(MSG.NO_TOKEN);
    const res = await get(`/api/getdonordetails/${donorA}`, 'master@demo.test');
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe(MSG.UNAUTHORIZED);
  });

  it('answers 404 for a donor of a center the caller may not see, and 400 for a bad id', async () => {
    expect((await get(`/api/getdonordetails/${center85Donor}`, 'manager@demo.test')).statusCode).toBe(404);
    expect((await get(`/api/getdonordetails/${center111Donor}`, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await get(`/api/getdonordetails/${center85Donor}`, 'parent@demo.test')).statusCode).toBe(404);
    const bad = await get('/api/getdonordetails/abc', 'manager@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Donor id is invalid.');
  });

  it('gives staff everything: masked SSN, contact, notes, frozen batches, private files, match panels', async () => {
    const res = await get(`/api/getdonordetails/${donorA}`, 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    const d = body<Record<string, unknown>>(res).data as Record<string, unknown> & {
      ssn: string | null;
      documents: unknown[];
    };
    expect(d.donorId).toBe(donorA);
    expect(typeof d.firstName).toBe('string');
    expect(typeof d.lastName).toBe('string');
    expect(d.ssn === null || /^\*\*\*-\*\*-\d{4}$/.test(d.ssn)).toBe(true);
    expect(d.contact).not.toBeNull();
    expect(Array.isArray(d.notes)).toBe(true);
    expect(Array.isArray(d.frozenBatches)).toBe(true);
    expect(Array.isArray(d.additionalDocuments)).toBe(true);
    expect(d.matchPanels).toEqual({ active: [], queued: [] });
    expect(d.documents.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/ssn_?encrypted|v1:/i);
  });

  it("shows the donor's races and ethnicities as their rows are, in the form's order", async () => {
    const page = async () =>
      body<{ races: unknown[]; ethnicities: unknown[] }>(
        await get(`/api/getdonordetails/${donorA}`, 'manager@demo.test'),
      ).data;
    const rowsOf = (table: typeof donorRaces | typeof donorEthnicities) =>
      t.db
        .select({ name: table.name, percentage: table.percentage })
        .from(table)
        .where(eq(table.donorId, donorA))
        .orderBy(table.position, table.name);
    await t.db
      .insert(donorRaces)
      .values({ donorId: donorA, name: 'Page test race', percentage: 5, position: -1 });
    try {
      const shown = await page();
      expect(shown.races[0]).toEqual({ name: 'Page test race', percentage: 5 });
      expect(shown.races).toEqual(await rowsOf(donorRaces));
      expect(shown.ethnicities).toEqual(await rowsOf(donorEthnicities));
    } finally {
      await t.db
        .delete(donorRaces)
        .where(and(eq(donorRaces.donorId, donorA), eq(donorRaces.name, 'Page test race')));
    }
  });

  it('redacts for a client: no SSN, notes, frozen batches, contact, private files', async () => {
    const res = await get(`/api/getdonordetails/${donorA}`, 'parent@demo.test');
    expect(res.statusCode).toBe(200);
    const d = body<Record<string, unknown> & { documents: { private: boolean }[]; pictures: unknown[] }>(
      res,
    ).data;
    expect(d.ssn).toBeNull();
    expect(d.notes).toBeNull();
    expect(d.frozenBatches).toBeNull();
    expect(d.contact).toBeNull();
    expect(d.adminNotes).toBeNull();
    expect(d.matchPanels).toBeNull();
    expect(d.lastName).toBeNull();
    expect(Array.isArray(d.additionalDocuments)).toBe(true);
    expect(d.documents.every((f) => !f.private)).toBe(true);
    expect(d.pictures.length).toBeGreaterThan(0);
    // Center 1 shows compensation and first names.
    expect(typeof d.firstName).toBe('string');
  });

  it("hides the first name and compensation where the donor's center says so, but not from its own staff", async () => {
    await t.db.update(users).set({ status: 'Active' }).where(eq(users.username, 'parent111@demo.test'));
    const [d111] = await clientVisibleDonors('parent111@demo.test', 111, 1);
    const client = body<{ firstName: string | null; compensation: number | null }>(
      await get(`/api/getdonordetails/${d111}`, 'parent111@demo.test'),
    ).data;
    expect(client.firstName).toBeNull();
    expect(client.compensation).toBeNull();
    const staff = body<{ firstName: string | null }>(
      await get(`/api/getdonordetails/${d111}`, 'admin111@demo.test'),
    ).data;
    expect(typeof staff.firstName).toBe('string');
  });

  it('gives a donor only their own page, without notes or frozen batches', async () => {
    const me = await resolveSession(t.db, t.clock, await t.tokenFor('donor@demo.test'));
    const own = await get(`/api/getdonordetails/${me.userId}`, 'donor@demo.test');
    expect(own.statusCode).toBe(200);
    const d = body<Record<string, unknown>>(own).data;
    expect(d.notes).toBeNull();
    expect(d.frozenBatches).toBeNull();
    expect(d.additionalDocuments).toBeNull();
    expect(d.ssn).toBeNull();
    expect((await get(`/api/getdonordetails/${donorA}`, 'donor@demo.test')).statusCode).toBe(404);
  });

  it('audits every read', async () => {
    const before = await auditCount('donor.read', donorA);
    await get(`/api/getdonordetails/${donorA}`, 'admin@demo.test');
    expect(await auditCount('donor.read', donorA)).toBe(before + 1);
  });
});

describe('section calls', () => {
  it('frozen batches: admin and manager only', async () => {
    expect((await get(`/api/getdonorfrozenbatchdetails/${donorA}`, 'admin@demo.test')).statusCode).toBe(200);
    expect((await get(`/api/getdonorfrozenbatchdetails/${donorA}`, 'parent@demo.test')).statusCode).toBe(403);
    expect(
      (await get(`/api/getdonorfrozenbatchdetails/${center85Donor}`, 'manager@demo.test')).statusCode,
    ).toBe(404);
  });

  it('additional documents: manager, admin and client, not the donor', async () => {
    expect((await get(`/api/getadditionaldocument/${donorA}`, 'parent@demo.test')).statusCode).toBe(200);
    expect((await get(`/api/getadditionaldocument/${donorA}`, 'donor@demo.test')).statusCode).toBe(403);
  });

  it('pictures, videos, documents lists and checkcompensationvisibility', async () => {
    const pics = body<{ url: string }[]>(
      await get(`/api/getUserPictures/${donorA}`, 'parent@demo.test'),
    ).data;
    expect(pics.length).toBeGreaterThan(0);
    expect(pics[0]!.url).toMatch(/^\/api\/donorfile\/picture\/\d+$/);
    expect((await get(`/api/getdonorvideo/${donorA}/9`, 'parent@demo.test')).statusCode).toBe(200);
    const docs = body<unknown[]>(await get(`/api/getdocumentdetailsbyid/${donorA}`, 'parent@demo.test')).data;
    expect(docs).toEqual([]);
    const vis = body<{ visible: boolean }>(
      await get('/api/checkcompensationvisibility', 'parent@demo.test'),
    ).data;
    expect(vis.visible).toBe(true);
    expect(
      body<{ visible: boolean }>(await get('/api/checkcompensationvisibility', 'parent85@demo.test')).data
        .visible,
    ).toBe(false);
  });
});

describe('GET /api/donorfile/:kind/:fileId', () => {
  it('streams a picture to a caller who may see the donor, never to others', async () => {
    const [pic] = await t.db.select().from(donorPictures).where(eq(donorPictures.donorId, donorA)).limit(1);
    const res = await get(`/api/donorfile/picture/${pic!.id}`, 'parent@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get(`/api/donorfile/picture/${pic!.id}`)).statusCode).toBe(401);
    expect((await get(`/api/donorfile/picture/${pic!.id}`, 'admin85@demo.test')).statusCode).toBe(200);
    const [foreign] = await t.db
      .select()
      .from(donorPictures)
      .where(eq(donorPictures.donorId, center85Donor))
      .limit(1);
    expect((await get(`/api/donorfile/picture/${foreign!.id}`, 'manager@demo.test')).statusCode).toBe(404);
    expect((await get(`/api/donorfile/picture/${foreign!.id}`, 'parent@demo.test')).statusCode).toBe(404);
    expect((await get('/api/donorfile/nope/1', 'parent@demo.test')).statusCode).toBe(400);
  });

  it('keeps private documents from clients', async () => {
    const [doc] = await t.db
      .select()
      .from(donorDocuments)
      .where(and(eq(donorDocuments.donorId, donorA), eq(donorDocuments.private, true)))
      .limit(1);
    expect((await get(`/api/donorfile/document/${doc!.id}`, 'parent@demo.test')).statusCode).toBe(404);
    const staff = await get(`/api/donorfile/document/${doc!.id}`, 'manager@demo.test');
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
  });
});

describe('PUT /api/donorviews/:id', () => {
  it('counts a client view once per session, not staff views', async () => {
    const [row] = await t.db.select({ n: donors.viewsCount }).from(donors).where(eq(donors.userId, donorA));
    const session = await t.tokenFor('parent@demo.test');
    const first = await send('PUT', `/api/donorviews/${donorA}`, {}, session);
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toEqual({ counted: true });
    expect(body(await send('PUT', `/api/donorviews/${donorA}`, {}, session)).data).toEqual({
      counted: false,
    });
    expect(body(await send('PUT', `/api/donorviews/${donorA}`, {}, 'manager@demo.test')).data).toEqual({
      counted: false,
    });
    const [after] = await t.db.select({ n: donors.viewsCount }).from(donors).where(eq(donors.userId, donorA));
    expect(after!.n).toBe(row!.n + 1);
    // A new session counts again.
    expect(
      body(await send('PUT', `/api/donorviews/${donorA}`, {}, await t.tokenFor('parent@demo.test'))).data,
    ).toEqual({
      counted: true,
    });
    expect(await auditCount('donor.view', donorA)).toBeGreaterThanOrEqual(2);
    expect((await send('PUT', `/api/donorviews/${center85Donor}`, {}, session)).statusCode).toBe(404);
    expect((await send('PUT', `/api/donorviews/${donorA}`, {})).statusCode).toBe(401);
  });

  it("never counts the center's sample donor", async () => {
    const [sample] = await t.db
      .select({ id: donors.userId, n: donors.viewsCount })
      .from(donors)
      .where(eq(donors.displayId, 'D-1001'));
    const res = await send('PUT', `/api/donorviews/${sample!.id}`, {}, await t.tokenFor('parent@demo.test'));
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ counted: false });
    const [after] = await t.db
      .select({ n: donors.viewsCount })
      .from(donors)
      .where(eq(donors.userId, sample!.id));
    expect(after!.n).toBe(sample!.n);
  });

  it('asks for the captcha at the 21st distinct donor of a session, then goes on', async () => {
    const ids = await clientVisibleDonors('parent@demo.test', 1, 22);
    expect(ids.length).toBe(22);
    const session = await t.tokenFor('parent@demo.test');
    for (const id of ids.slice(0, 20)) {
      expect((await send('PUT', `/api/donorviews/${id}`, {}, session)).statusCode).toBe(200);
    }
    // A donor already opened never asks.
    expect((await send('PUT', `/api/donorviews/${ids[0]}`, {}, session)).statusCode).toBe(200);
    // Neither the page nor the view of a new donor without it.
    const page = await get(`/api/getdonordetails/${ids[20]}`, session);
    expect(page.statusCode).toBe(400);
    expect(body(page).message).toBe(MSG.CAPTCHA_REQUIRED);
    expect((await get(`/api/getdonordetails/${ids[0]}`, session)).statusCode).toBe(200);
    const blocked = await send('PUT', `/api/donorviews/${ids[20]}`, {}, session);
    expect(blocked.statusCode).toBe(400);
    expect(body(blocked).message).toBe(MSG.CAPTCHA_REQUIRED);
    expect(body(blocked).data).toEqual({ captchaRequired: true });
    const wrong = await send('PUT', `/api/donorviews/${ids[20]}`, { captcha: 'bm9wZQ==' }, session);
    expect(body(wrong).message).toBe(MSG.CAPTCHA_INVALID);
    const solved = await send(
      'PUT',
      `/api/donorviews/${ids[20]}`,
      { captcha: await solvedCaptcha(t) },
      session,
    );
    expect(solved.statusCode).toBe(200);
    expect(body(solved).data).toEqual({ counted: true });
    expect((await get(`/api/getdonordetails/${ids[20]}`, session)).statusCode).toBe(200);
    expect((await send('PUT', `/api/donorviews/${ids[21]}`, {}, session)).statusCode).toBe(200);
    const auth = await resolveSession(t.db, t.clock, session);
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(donorViews)
      .where(eq(donorViews.sessionId, auth.sessionId));
    expect(n!.n).toBe(22);
  });
});

describe('donor notes', () => {
  it('403 for clients, 400 for a blank note with the exact message', async () => {
    expect((await get(`/api/getdonornotes/${donorA}`, 'parent@demo.test')).statusCode).toBe(403);
    expect(
      (await send('POST', '/api/donornotes', { donor_id: donorA, note: 'x' }, 'parent@demo.test')).statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/donornotes', { donor_id: donorA, note: 'x' })).statusCode).toBe(401);
    for (const payload of [{ donor_id: donorA, note: '   ' }, { donor_id: donorA }]) {
      const res = await send('POST', '/api/donornotes', payload, 'manager@demo.test');
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Note cannot be blank.');
    }
    expect(
      (await send('POST', '/api/donornotes', { donor_id: center85Donor, note: 'hi' }, 'manager@demo.test'))
        .statusCode,
    ).toBe(404);
  });

  it('adds, lists and removes a note; audits both writes', async () => {
    const added = await send(
      'POST',
      '/api/donornotes',
      { donor_id: donorA, note: '  Called her today ' },
      'manager@demo.test',
    );
    expect(added.statusCode).toBe(200);
    expect(body(added).message).toBe(MSG.NOTE_ADDED);
    const note = body<{ noteId: number; note: string; managerName: string; createdAt: string }>(added).data;
    expect(note.note).toBe('Called her today');
    expect(note.managerName).not.toBe('');
    const list = body<{ noteId: number }[]>(
      await get(`/api/getdonornotes/${donorA}`, 'admin@demo.test'),
    ).data;
    expect(list[0]!.noteId).toBe(note.noteId);
    expect(await auditCount('donor.note.add', donorA)).toBe(1);
    // Staff of a center that only sees the donor neither read nor remove this center's notes
    // (they keep their own: donor-notes.test.ts).
    expect(body<unknown[]>(await get(`/api/getdonornotes/${donorA}`, 'admin85@demo.test')).data).toEqual([]);
    expect(
      body<{ notes: unknown }>(await get(`/api/getdonordetails/${donorA}`, 'admin85@demo.test')).data.notes,
    ).toEqual([]);
    expect(
      (await send('DELETE', `/api/donornotes/${note.noteId}`, undefined, 'admin85@demo.test')).statusCode,
    ).toBe(404);
    const removed = await send('DELETE', `/api/donornotes/${note.noteId}/0`, undefined, 'manager@demo.test');
    expect(removed.statusCode).toBe(200);
    expect(body(removed).message).toBe(MSG.NOTE_REMOVED);
    expect(
      (await send('DELETE', `/api/donornotes/${note.noteId}`, undefined, 'manager@demo.test')).statusCode,
    ).toBe(404);
    expect(await auditCount('donor.note.remove', donorA)).toBe(1);
  });

  it('saves the admin notes', async () => {
    const res = await send(
      'PUT',
      '/api/savenotes',
      { donorid: donorA, notes: 'Prefers mornings' },
      'admin@demo.test',
    );
    expect(res.statusCode).toBe(200);
    const d = body<{ adminNotes: string }>(
      await get(`/api/getdonordetails/${donorA}`, 'manager@demo.test'),
    ).data;
    expect(d.adminNotes).toBe('Prefers mornings');
  });
});
