import {
  type DonorDetails,
  type DonorFormFields,
  MSG,
  portfolioLimitExceeded,
  type SearchAnswer,
  type SessionUser,
} from '@dm/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOutbox, users } from '../../db/schema/index.js';
import { queueText } from '../../platform/sms.js';
import { deliverPendingTexts } from '../../platform/sms-delivery.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { portfolioFixtures } from '../../test/portfolio-fixtures.js';

/**
 * Each agency setting, changed through its call by the agency admin, takes effect at
 * once where it matters, as the intended parent (or donor) meets it. The file has its own copy of
 * the database, so the settings of center 1 change freely here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';
const PARENT = 'parent@demo.test';
const { call, userId, visibleTo, portfolioFor } = portfolioFixtures(() => t);

async function set(url: string, payload: Record<string, unknown>, as = ADMIN) {
  const res = await t.request({ method: 'POST', url: `/api/${url}`, payload, as });
  expect(res.statusCode, res.body).toBe(200);
}
const get = async <T>(url: string, as: string) => {
  const res = await t.request({ method: 'GET', url: `/api/${url}`, as });
  return { status: res.statusCode, data: body<T>(res).data };
};
const search = async (as: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/getdonorlist', payload, as });
  expect(res.statusCode, res.body).toBe(200);
  return body<SearchAnswer>(res).data;
};
const firstNameOf = async (id: number) =>
  (await t.db.select({ f: users.firstName }).from(users).where(eq(users.id, id)))[0]!.f;

async function pdfText(donorId: number, as: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/getpdffromhtml', payload: { id: donorId }, as });
  expect(res.statusCode).toBe(200);
  const pdf = Buffer.from(body<{ pdf: string }>(res).data.pdf, 'base64');
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const first = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return first.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

async function sheetHeader(portfolioId: number, as: string): Promise<unknown[]> {
  const res = await call(
    'POST',
    '/api/downloadportfolio',
    { id: portfolioId, sort: 'order', order: 'asc', isFirstNameVisible: true },
    as,
  );
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    Buffer.from(body<{ data: string }>(res).data.data, 'base64') as unknown as ArrayBuffer,
  );
  return book.getWorksheet('Portfolio')!.getRow(1).values as unknown[];
}

describe('first-name visibility', () => {
  it("off: a parent loses the agency's donors' first names in search, cards, details, PDF and spreadsheet", async () => {
    const [donor] = await visibleTo(PARENT, 1, 1);
    const name = await firstNameOf(donor!);
    const byName = { globalSearch: name, minage: 18, maxage: 60, recordcount: 500 };
    const portfolio = await portfolioFor(PARENT, [donor!]);

    // On (the default): the parent sees the name everywhere.
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data.firstName).toBe(name);
    expect((await search(PARENT, byName)).rows.map((r) => r.id)).toContain(donor);
    expect(await pdfText(donor!, PARENT)).toContain(name);
    expect(await sheetHeader(portfolio, PARENT)).toContain('First name');

    await set('firstnamevisibility', { status: false });
    const details = (await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data;
    expect(details.firstName).toBeNull();
    const cards = await search(PARENT, { minage: 18, maxage: 60, recordcount: 500, centers: [1] });
    expect(cards.rows.length).toBeGreaterThan(0);
    expect(cards.rows.every((r) => r.firstName === null)).toBe(true);
    // Nor can she find the donor by the name any more.
    expect((await search(PARENT, byName)).rows.map((r) => r.id)).not.toContain(donor);
    expect(await pdfText(donor!, PARENT)).not.toContain(name);
    expect(await sheetHeader(portfolio, PARENT)).not.toContain('First name');
    // Her favourites (the summaries comparison and shared donors use too).
    expect((await call('POST', '/api/savefavoritedonor', { donor_id: donor }, PARENT)).statusCode).toBe(200);
    const favourites = await get<{ donorId: number; firstName: string | null }[]>('getfavoritelist', PARENT);
    expect(favourites.data.find((f) => f.donorId === donor)?.firstName).toBeNull();

    // The agency's own staff still see it.
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, MANAGER)).data.firstName).toBe(name);
    expect(await sheetHeader(portfolio, MANAGER)).toContain('First name');

    await set('firstnamevisibility', { status: true });
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data.firstName).toBe(name);
  });
});

describe('donor type visibility', () => {
  it("off: the parent no longer sees the donor type, nor can filter on it; staff do; the donor isn't asked", async () => {
    const [donor] = await visibleTo(PARENT, 1, 1);
    const type = (await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data.donorType;
    expect(type).not.toBeNull();
    const byType = { donortype: [type], minage: 18, maxage: 60, recordcount: 500, centers: [1] };
    expect((await search(PARENT, byType)).total).toBeGreaterThan(0);

    await set('donortypevisibility', { status: false });
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data.donorType).toBeNull();
    const cards = await search(PARENT, { minage: 18, maxage: 60, recordcount: 500, centers: [1] });
    expect(cards.rows.every((r) => r.donorType === null)).toBe(true);
    expect((await search(PARENT, byType)).total).toBe(0);
    expect(await pdfText(donor!, PARENT)).not.toContain('Donor type');
    // Staff (every agency's) still see and filter on it.
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, MANAGER)).data.donorType).toBe(type);
    expect((await search(MANAGER, byType)).total).toBeGreaterThan(0);
    // The donor's form no longer asks her.
    const donorId = await userId('donor@demo.test');
    const fields = await get<DonorFormFields>(`getdonorformfields/${donorId}`, 'donor@demo.test');
    expect(fields.data.tabs.find((x) => x.tab === 'general')!.hidden).toContain('donorType');
    const own = await get<{ visible: boolean }>('checkdonortypevisibility', PARENT);
    expect(own.data.visible).toBe(false);

    await set('donortypevisibility', { status: true });
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data.donorType).toBe(type);
  });
});

describe('compensation visibility', () => {
  it("decides whether a parent sees the donors' compensation", async () => {
    const donor = await userId('donor@demo.test');
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data.compensation).not.toBeNull();
    await set('feepaymentoptionvisibility', { is_compensation_visible: false });
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PARENT)).data.compensation).toBeNull();
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, MANAGER)).data.compensation).not.toBeNull();
    await set('feepaymentoptionvisibility', { is_compensation_visible: true });
  });
});

describe('IP form visibility', () => {
  it('off: the session says so (no menu entry, no first-login redirect) and the form is refused', async () => {
    const parent = await userId(PARENT);
    const me = async () => (await get<SessionUser>('me', PARENT)).data;
    const details = () =>
      t.request({
        method: 'POST',
        url: '/api/getipformdetails',
        payload: { tabName: 'general', userId: parent },
        as: PARENT,
      });
    expect((await me()).center.ipFormVisible).toBe(true);
    expect((await details()).statusCode).toBe(200);
    await set('ipformtoggle', { status: false });
    expect((await me()).center.ipFormVisible).toBe(false);
    expect((await details()).statusCode).toBe(404);
    await set('ipformtoggle', { status: true });
    expect((await details()).statusCode).toBe(200);
  });
});

describe('text messages', () => {
  it('off: nothing is queued, what was queued is not sent, sign-up codes are refused', async () => {
    const text = { centerId: 1, toUserId: null, to: '+15551230000', body: 'Hello' };
    const queued = await queueText(t.db, t.secrets, text);
    expect(queued).not.toBeNull();
    await set('textmessagestoggle', { status: false });
    expect(await queueText(t.db, t.secrets, text)).toBeNull();
    const result = await deliverPendingTexts({
      db: t.db,
      config: t.config,
      secrets: t.secrets,
      clock: t.clock,
    });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(textOutbox).where(eq(textOutbox.id, queued!));
    expect(row).toMatchObject({ status: 'failed', sealedContent: null });
    expect(row!.lastError).toBe('The agency has turned text messages off; not sent.');
    const code = await t.request({
      method: 'POST',
      url: '/api/sendotpcontact',
      payload: { contactno: '5551230001', country_code: '+1', center_id: 1 },
    });
    expect(code.statusCode).toBe(400);
    expect(body(code).message).toBe(MSG.TEXTS_NOT_OFFERED);
    await set('textmessagestoggle', { status: true });
    expect(await queueText(t.db, t.secrets, text)).not.toBeNull();
  });
});

describe('donor details for Pre-Active parents', () => {
  it("decides whether the agency's Pre-Active parents may open donor details", async () => {
    const PRE = 'parent111@demo.test';
    const [donor] = await visibleTo(PRE, 111, 1);
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PRE)).status).toBe(200);
    await set('donordetailsaccesstoggle', { donorDetailsVisible: false, center_id: 111 }, 'master@demo.test');
    const refused = await t.request({ method: 'GET', url: `/api/getdonordetails/${donor}`, as: PRE });
    expect(refused.statusCode).toBe(403);
    // The browser is sent where the page table sends her: the membership page.
    expect(body(refused)).toMatchObject({ message: MSG.UNAUTHORIZED, data: { redirect: '/notpaid' } });
    const me = (await get<SessionUser>('me', PRE)).data;
    expect(me.center.preActiveDonorDetails).toBe(false);
    // Search stays open to her.
    expect((await search(PRE, { minage: 18, maxage: 60 })).total).toBeGreaterThan(0);
    await set('donordetailsaccesstoggle', { donorDetailsVisible: true }, 'admin111@demo.test');
    expect((await get<DonorDetails>(`getdonordetails/${donor}`, PRE)).status).toBe(200);
  });
});

describe('portfolio donor count', () => {
  it('limits how many donors a portfolio takes', async () => {
    const donors = await visibleTo(PARENT, 1, 3);
    const id = await portfolioFor(null, donors.slice(0, 2));
    await set('updateportfoliodonorcount', { portfolio_donor_count: 2 });
    const refused = await call(
      'POST',
      '/api/saveshortlist',
      { donor_id: donors[2], shortlist_ids: [id] },
      MANAGER,
    );
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe(portfolioLimitExceeded(2));
    await set('updateportfoliodonorcount', { portfolio_donor_count: 3 });
    const added = await call(
      'POST',
      '/api/saveshortlist',
      { donor_id: donors[2], shortlist_ids: [id] },
      MANAGER,
    );
    expect(added.statusCode).toBe(200);
    await set('updateportfoliodonorcount', { portfolio_donor_count: 40 });
  });
});

/** A visitor's sign-up as an intended parent of center 1 (the main center). */
const register = (username: string) =>
  t.request({
    method: 'POST',
    url: '/api/userregistration',
    payload: {
      userType: 9,
      username,
      firstname: 'Rae',
      lastname: 'Default',
      country: 'United States',
      contactno: '5551234567',
      password: 'Strong!Pass1',
      password_c: 'Strong!Pass1',
    },
  });

describe('default case manager', () => {
  it('is the case manager of a newly invited or registered parent', async () => {
    const managerId = await userId(MANAGER);
    await set('saveagencydefaultmanager', { default_case_manager_id: managerId });
    const invited = await t.request({
      method: 'POST',
      url: '/api/inviteuser',
      payload: {
        username: 'default.cm.invite@demo.test',
        userType: 9,
        firstname: 'Ivy',
        lastname: 'Default',
      },
      as: ADMIN,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const registered = await register('default.cm.register@demo.test');
    expect(registered.statusCode, registered.body).toBe(200);
    for (const username of ['default.cm.invite@demo.test', 'default.cm.register@demo.test']) {
      const [row] = await t.db.select().from(users).where(eq(users.username, username));
      expect(row!.managerId, username).toBe(managerId);
    }
    // No default: a registered parent waits for the agency to assign one.
    await set('saveagencydefaultmanager', { default_case_manager_id: null });
    expect((await register('no.default@demo.test')).statusCode).toBe(200);
    const [none] = await t.db.select().from(users).where(eq(users.username, 'no.default@demo.test'));
    expect(none!.managerId).toBeNull();
  });
});
