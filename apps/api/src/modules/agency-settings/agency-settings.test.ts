import {
  type AgencyAccessDetails,
  type AgencyDefaultManager,
  type AgencyManager,
  type AgencyTwilio,
  EMAIL_TYPE,
  MSG,
  MSG_SETTINGS,
  ROLE,
} from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centers, notifications, twilioNumberRequests, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userMaker } from '../../test/user-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin@demo.test'; // center 1
const ADMIN85 = 'admin85@demo.test'; // center 85
const MASTER = 'master@demo.test';
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'secrettoken00123456789abcdef0123';
const TOKEN2 = 'othertoken00123456789abcdef01234';

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url: `/api/${url}`, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url: `/api/${url}`, as });
const makeUser = userMaker(() => t, { prefix: 'settings', status: 'Active', lastName: 'Settings' });

/** A center of the test's own, so a change never reaches another test's data. */
let centerSeq = 0;
async function makeCenter(): Promise<number> {
  centerSeq += 1;
  const [row] = await t.db
    .insert(centers)
    .values({ name: `Settings ${centerSeq}`, agencyName: `Settings Agency ${centerSeq}`, appTitle: 'S' })
    .returning({ id: centers.id });
  return row!.id;
}

async function settingsAudits(centerId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'center'), eq(auditLog.entityId, String(centerId))))
    .orderBy(desc(auditLog.id));
}

/** Every call of the spec's settings list with a valid body (center named for the master). */
const CALLS: [method: 'GET' | 'POST', url: string, payload: Record<string, unknown>][] = [
  ['GET', 'getagencyaccessdetails', {}],
  ['GET', 'getagencymanagerdetails', {}],
  ['GET', 'getagencydefaultmanager', {}],
  ['GET', 'getagencytwilionumber', {}],
  ['GET', 'getfeeoptions', {}],
  ['POST', 'firstnamevisibility', { status: true }],
  ['POST', 'ipformtoggle', { status: true }],
  ['POST', 'textmessagestoggle', { status: true }],
  ['POST', 'donortypevisibility', { status: true }],
  ['POST', 'donordetailsaccesstoggle', { donorDetailsVisible: false }],
  ['POST', 'updateportfoliodonorcount', { portfolio_donor_count: 40 }],
  ['POST', 'saveagencydefaultmanager', { default_case_manager_id: null }],
  ['POST', 'feepaymentoptionvisibility', { is_compensation_visible: true }],
  [
    'POST',
    'updateagencytwiliophonenumber',
    { twilioPhoneNumber: '+15550001111', twilioAccountSid: SID, twilioAuthToken: TOKEN },
  ],
  ['POST', 'agencyrequestfortwilionumberchange', { reason: 'Our number changed.' }],
  ['POST', 'savefeeoption', { newOption: 'Guard option', newOptionComment: '' }],
  ['POST', 'removefeeoption', { option_id: 1 }],
];

const call = (method: 'GET' | 'POST', url: string, payload: Record<string, unknown>, as?: string) =>
  method === 'GET'
    ? get(`${url}${payload.center_id ? `?center_id=${payload.center_id}` : ''}`, as)
    : post(url, payload, as);

describe('who may call the settings and fee calls', () => {
  it('answers 401 to anonymous callers', async () => {
    for (const [method, url, payload] of CALLS) {
      const res = await call(method, url, payload);
      expect(res.statusCode, url).toBe(401);
      expect(body(res).message).toBe(MSG.NO_TOKEN);
    }
  });

  it('answers 403 to case managers and intended parents, and to donors except reading fee options', async () => {
    for (const as of ['manager@demo.test', 'parent@demo.test', 'donor@demo.test'])
      for (const [method, url, payload] of CALLS) {
        // The donor form's fee question: the donor (and her agency's case managers) read the options.
        if (url === 'getfeeoptions' && as !== 'parent@demo.test') continue;
        const res = await call(method, url, payload, as);
        expect(res.statusCode, `${url} as ${as}`).toBe(403);
        expect(body(res).message).toBe(MSG.UNAUTHORIZED);
      }
  });

  it('answers 404 to an agency admin naming another center, and changes nothing there', async () => {
    const before = (await t.db.select().from(centers).where(eq(centers.id, 1)))[0]!;
    for (const [method, url, payload] of CALLS) {
      // These two act on the caller's own agency (or the option's): see their own tests.
      if (url === 'agencyrequestfortwilionumberchange' || url === 'removefeeoption') continue;
      // The master admin alone sets the phone: a wrong role before any center.
      if (url === 'updateagencytwiliophonenumber') continue;
      const res = await call(method, url, { ...payload, center_id: 1 }, ADMIN85);
      expect(res.statusCode, url).toBe(404);
    }
    const after = (await t.db.select().from(centers).where(eq(centers.id, 1)))[0]!;
    expect(after.settings).toEqual(before.settings);
  });

  it('asks the master admin to choose an agency, and answers 404 for one that does not exist', async () => {
    for (const url of ['getagencyaccessdetails', 'getagencytwilionumber', 'getfeeoptions']) {
      const res = await get(url, MASTER);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toBe(MSG.CENTER_REQUIRED);
      expect((await get(`${url}?center_id=999999`, MASTER)).statusCode, url).toBe(404);
    }
    const res = await post('firstnamevisibility', { status: false }, MASTER);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.CENTER_REQUIRED);
  });
});

describe('getagencyaccessdetails and the toggles', () => {
  it("answers the agency's switches with the defaults filled in", async () => {
    const res = await get('getagencyaccessdetails', ADMIN85);
    expect(res.statusCode).toBe(200);
    expect(body<AgencyAccessDetails>(res).data).toEqual({
      centerId: 85,
      centerName: 'Hatch Fertility',
      isFirstNameVisible: true,
      ipFormVisible: false,
      receiveTextMessages: false,
      canPreactiveIpAccessDonorDetail: false,
      isDonorTypeVisible: true,
      isCompensationVisible: false,
      portfolioDonorCount: 40,
      defaultCaseManagerId: null,
      preActiveAccess: false,
    });
  });

  it('refuses a toggle without its switch, with a message', async () => {
    for (const url of ['firstnamevisibility', 'ipformtoggle', 'textmessagestoggle', 'donortypevisibility']) {
      const res = await post(url, {}, ADMIN);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toBe(MSG.MANDATORY_TEMPLATE);
    }
    const res = await post('donordetailsaccesstoggle', { donorDetailsVisible: 'yes' }, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.MANDATORY_TEMPLATE);
    const fee = await post('feepaymentoptionvisibility', {}, ADMIN);
    expect(body(fee).message).toBe(MSG.MANDATORY_TEMPLATE);
  });

  it('lets the master admin switch each setting of a chosen agency, one audit row per change, keeping the others', async () => {
    const center = await makeCenter();
    await t.db
      .update(centers)
      .set({ settings: { frozenEggsPending: true } })
      .where(eq(centers.id, center));
    const toggles: [string, Record<string, unknown>, keyof AgencyAccessDetails, unknown][] = [
      ['firstnamevisibility', { status: false }, 'isFirstNameVisible', false],
      ['ipformtoggle', { status: true }, 'ipFormVisible', true],
      ['textmessagestoggle', { status: true }, 'receiveTextMessages', true],
      ['donortypevisibility', { status: false }, 'isDonorTypeVisible', false],
      ['donordetailsaccesstoggle', { donorDetailsVisible: true }, 'canPreactiveIpAccessDonorDetail', true],
      ['feepaymentoptionvisibility', { is_compensation_visible: true }, 'isCompensationVisible', true],
      ['updateportfoliodonorcount', { portfolio_donor_count: '12' }, 'portfolioDonorCount', 12],
    ];
    for (const [url, payload, key, value] of toggles) {
      t.emitted.length = 0;
      const res = await post(url, { ...payload, center_id: center }, MASTER);
      expect(res.statusCode, url).toBe(200);
      expect(body(res).message).toBe(MSG_SETTINGS.SAVED);
      expect(body<AgencyAccessDetails>(res).data[key], url).toBe(value);
      // Every signed-in browser of the agency refetches at once.
      expect(t.emitted).toEqual([
        { userIds: [], centerId: center, event: 'center:settings', data: { centerId: center } },
      ]);
    }
    const [row] = await t.db.select().from(centers).where(eq(centers.id, center));
    expect(row!.settings).toEqual({
      frozenEggsPending: true,
      isFirstNameVisible: false,
      ipFormVisible: true,
      receiveTextMessages: true,
      isDonorTypeVisible: false,
      canPreactiveIpAccessDonorDetail: true,
      isCompensationVisible: true,
      portfolioDonorCount: 12,
    });
    const audits = await settingsAudits(center);
    expect(audits).toHaveLength(toggles.length);
    const master = (await t.db.select().from(users).where(eq(users.username, MASTER)))[0]!;
    expect(audits.at(-1)).toMatchObject({
      action: 'agency_settings_changed',
      actorUserId: master.id,
      centerId: center,
      details: { changes: [{ setting: 'isFirstNameVisible', from: true, to: false }] },
    });
    expect(audits[0]!.details).toEqual({ changes: [{ setting: 'portfolioDonorCount', from: 40, to: 12 }] });

    // The same value again changes nothing: no audit row, no push.
    t.emitted.length = 0;
    const again = await post('firstnamevisibility', { status: false, center_id: center }, MASTER);
    expect(again.statusCode).toBe(200);
    expect(await settingsAudits(center)).toHaveLength(toggles.length);
    expect(t.emitted).toEqual([]);
  });

  it("lets an agency admin change her own agency's setting", async () => {
    const res = await post('donortypevisibility', { status: false }, ADMIN85);
    expect(res.statusCode).toBe(200);
    expect(body<AgencyAccessDetails>(res).data.isDonorTypeVisible).toBe(false);
    const back = await post('donortypevisibility', { status: true, center_id: 85 }, ADMIN85);
    expect(body<AgencyAccessDetails>(back).data.isDonorTypeVisible).toBe(true);
  });
});

describe('updateportfoliodonorcount', () => {
  it('refuses a count of 1 or less, or not a whole number, with the spec message', async () => {
    for (const count of [1, 0, -3, 2.5, 'x', null]) {
      const res = await post('updateportfoliodonorcount', { portfolio_donor_count: count }, ADMIN85);
      expect(res.statusCode, String(count)).toBe(400);
      expect(body(res).message, String(count)).toBe(MSG_SETTINGS.PORTFOLIO_COUNT);
    }
    const big = await post('updateportfoliodonorcount', { portfolio_donor_count: 501 }, ADMIN85);
    expect(body(big).message).toBe(MSG_SETTINGS.PORTFOLIO_COUNT_MAX);
    const two = await post('updateportfoliodonorcount', { portfolio_donor_count: 2, center_id: 85 }, ADMIN85);
    expect(body<AgencyAccessDetails>(two).data.portfolioDonorCount).toBe(2);
    await post('updateportfoliodonorcount', { portfolio_donor_count: 40 }, ADMIN85);
  });
});

describe('the default case manager', () => {
  it("lists the agency's case managers and saves one of them as the default", async () => {
    const center = await makeCenter();
    const casey = await makeUser({ role: ROLE.MANAGER, centerId: center, firstName: 'Casey' });
    const archived = await makeUser({ role: ROLE.MANAGER, centerId: center, status: 'Archived' });
    const list = body<AgencyManager[]>(await get(`getagencymanagerdetails?center_id=${center}`, MASTER)).data;
    expect(list.map((m) => m.userId)).toEqual([casey]);
    expect(list[0]).toMatchObject({ name: 'Casey Settings', status: 'Active' });

    const empty = await get(`getagencydefaultmanager?center_id=${center}`, MASTER);
    expect(body<AgencyDefaultManager>(empty).data).toEqual({ defaultCaseManagerId: null, name: null });
    const save = await post(
      'saveagencydefaultmanager',
      { default_case_manager_id: casey, center_id: center },
      MASTER,
    );
    expect(save.statusCode).toBe(200);
    expect(body<AgencyDefaultManager>(save).data).toEqual({
      defaultCaseManagerId: casey,
      name: 'Casey Settings',
    });

    // Not a case manager of that agency: an archived one, another agency's, an admin, nobody.
    const admin85 = (await t.db.select().from(users).where(eq(users.username, ADMIN85)))[0]!.id;
    const manager85 = (await t.db.select().from(users).where(eq(users.username, 'manager85@demo.test')))[0]!
      .id;
    for (const id of [archived, manager85, admin85, 999_999]) {
      const res = await post(
        'saveagencydefaultmanager',
        { default_case_manager_id: id, center_id: center },
        MASTER,
      );
      expect(res.statusCode, String(id)).toBe(400);
      expect(body(res).message).toBe(MSG_SETTINGS.NOT_A_MANAGER);
    }
    const cleared = await post(
      'saveagencydefaultmanager',
      { default_case_manager_id: null, center_id: center },
      MASTER,
    );
    expect(body<AgencyDefaultManager>(cleared).data.defaultCaseManagerId).toBeNull();
    expect((await settingsAudits(center)).map((a) => a.details)).toEqual([
      { changes: [{ setting: 'defaultCaseManagerId', from: casey, to: null }] },
      { changes: [{ setting: 'defaultCaseManagerId', from: null, to: casey }] },
    ]);
  });
});

describe('the agency phone (Twilio)', () => {
  it('lets the master admin set it: the token stored sealed, never answered nor audited in clear', async () => {
    const center = await makeCenter();
    const first = await post(
      'updateagencytwiliophonenumber',
      { twilioPhoneNumber: '+15550002222', twilioAccountSid: SID, center_id: center },
      MASTER,
    );
    expect(first.statusCode).toBe(400);
    expect(body(first).message).toBe(MSG_SETTINGS.TWILIO_TOKEN_REQUIRED);
    const noSid = await post(
      'updateagencytwiliophonenumber',
      { twilioPhoneNumber: '+15550002222', twilioAuthToken: TOKEN, center_id: center },
      MASTER,
    );
    expect(body(noSid).message).toBe(MSG_SETTINGS.TWILIO_SID_REQUIRED);

    const res = await post(
      'updateagencytwiliophonenumber',
      { twilioPhoneNumber: '+15550002222', twilioAccountSid: SID, twilioAuthToken: TOKEN, center_id: center },
      MASTER,
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG_SETTINGS.TWILIO_SAVED);
    const data = body<AgencyTwilio>(res).data;
    expect(data).toEqual({
      centerId: center,
      twilioPhoneNumber: '+15550002222',
      accountSidHint: 'AC…cdef',
      authTokenSet: true,
      pendingRequest: null,
    });
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).not.toContain(SID);
    const [row] = await t.db.select().from(centers).where(eq(centers.id, center));
    expect(row!.twilioAuthTokenSealed).not.toContain(TOKEN);
    expect(t.secrets.open(row!.twilioAuthTokenSealed!)).toBe(TOKEN);
    expect(row!.twilioAccountSid).toBe(SID);

    // A blank SID or token keeps the stored one; a new one replaces it.
    await post(
      'updateagencytwiliophonenumber',
      { twilioPhoneNumber: '+15550003333', twilioAccountSid: ' ', twilioAuthToken: '', center_id: center },
      MASTER,
    );
    const [kept] = await t.db.select().from(centers).where(eq(centers.id, center));
    expect(t.secrets.open(kept!.twilioAuthTokenSealed!)).toBe(TOKEN);
    expect(kept!.twilioAccountSid).toBe(SID);
    await post(
      'updateagencytwiliophonenumber',
      {
        twilioPhoneNumber: '+15550003333',
        twilioAccountSid: SID,
        twilioAuthToken: TOKEN2,
        center_id: center,
      },
      MASTER,
    );
    const [replaced] = await t.db.select().from(centers).where(eq(centers.id, center));
    expect(t.secrets.open(replaced!.twilioAuthTokenSealed!)).toBe(TOKEN2);

    const read = await get(`getagencytwilionumber?center_id=${center}`, MASTER);
    expect(body<AgencyTwilio>(read).data.twilioPhoneNumber).toBe('+15550003333');
    const audits = await settingsAudits(center);
    const text = JSON.stringify(audits.map((a) => a.details));
    for (const secret of [TOKEN, TOKEN2, SID]) expect(text).not.toContain(secret);
    expect(audits.at(-1)!.details).toEqual({
      changes: [
        { setting: 'twilioPhoneNumber', from: null, to: '+15550002222' },
        { setting: 'twilioAccountSid', from: 'not set', to: 'changed' },
        { setting: 'twilioAuthToken', from: 'not set', to: 'changed' },
      ],
    });
  });

  it('refuses a bad number, SID or token with its message, and an agency admin (403)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ twilioPhoneNumber: '5550001111' }, MSG_SETTINGS.TWILIO_NUMBER],
      [{ twilioAccountSid: 'AB123' }, MSG_SETTINGS.TWILIO_SID],
      [{ twilioAuthToken: 'short' }, MSG_SETTINGS.TWILIO_TOKEN],
    ];
    for (const [over, message] of cases) {
      const res = await post(
        'updateagencytwiliophonenumber',
        {
          twilioPhoneNumber: '+15550001111',
          twilioAccountSid: SID,
          twilioAuthToken: TOKEN,
          center_id: 85,
          ...over,
        },
        MASTER,
      );
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const admin = await post(
      'updateagencytwiliophonenumber',
      { twilioPhoneNumber: '+15550001111', twilioAccountSid: SID, twilioAuthToken: TOKEN },
      ADMIN85,
    );
    expect(admin.statusCode).toBe(403);
    const [row] = await t.db.select().from(centers).where(eq(centers.id, 85));
    expect(row!.twilioPhoneNumber).toBeNull();
  });

  it('an agency admin asks for a number change: recorded, master admins mailed and notified, pending until set', async () => {
    const blank = await post('agencyrequestfortwilionumberchange', { reason: '  ' }, ADMIN85);
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe(MSG_SETTINGS.REQUEST_REASON);
    const badNumber = await post(
      'agencyrequestfortwilionumberchange',
      { reason: 'x', requestedNumber: '12' },
      ADMIN85,
    );
    expect(body(badNumber).message).toBe(MSG_SETTINGS.TWILIO_NUMBER);
    // The master admin sets the number herself.
    expect((await post('agencyrequestfortwilionumberchange', { reason: 'x' }, MASTER)).statusCode).toBe(403);

    const res = await post(
      'agencyrequestfortwilionumberchange',
      { reason: 'We moved to a local number.', requestedNumber: '+15550004444' },
      ADMIN85,
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG_SETTINGS.REQUEST_SENT);
    const pending = body<AgencyTwilio>(res).data.pendingRequest!;
    expect(pending).toMatchObject({
      requestedNumber: '+15550004444',
      reason: 'We moved to a local number.',
      requestedByName: 'Alex Admin85',
    });
    const [mail] = await t.outbox(MASTER);
    expect(mail!.emailTypeId).toBe(EMAIL_TYPE.TWILIO_NUMBER_CHANGE_REQUEST);
    expect(mail!.subject).toBe('Hatch Fertility asks for a new text message number');
    expect(mail!.html).toContain('+15550004444');
    expect(mail!.html).toContain('We moved to a local number.');
    expect(mail!.html).toContain('/#/generalconfiguration');
    const master = (await t.db.select().from(users).where(eq(users.username, MASTER)))[0]!;
    const [note] = await t.db.select().from(notifications).where(eq(notifications.recipientId, master.id));
    expect(note).toMatchObject({ text: 'Hatch Fertility asks for a new text message number' });

    const twice = await post('agencyrequestfortwilionumberchange', { reason: 'Again' }, ADMIN85);
    expect(twice.statusCode).toBe(400);
    expect(body(twice).message).toBe(MSG_SETTINGS.REQUEST_PENDING);
    const seen = await get('getagencytwilionumber', ADMIN85);
    expect(body<AgencyTwilio>(seen).data.pendingRequest?.id).toBe(pending.id);

    // The master admin sets the number: the request is done.
    const set = await post(
      'updateagencytwiliophonenumber',
      { twilioPhoneNumber: '+15550004444', twilioAccountSid: SID, twilioAuthToken: TOKEN, center_id: 85 },
      MASTER,
    );
    expect(body<AgencyTwilio>(set).data.pendingRequest).toBeNull();
    const [done] = await t.db
      .select()
      .from(twilioNumberRequests)
      .where(eq(twilioNumberRequests.id, pending.id));
    expect(done).toMatchObject({ status: 'done', resolvedBy: master.id });
    const [audit] = await settingsAudits(85);
    expect(audit!.details).toMatchObject({ resolvedRequests: [pending.id] });
  });
});
