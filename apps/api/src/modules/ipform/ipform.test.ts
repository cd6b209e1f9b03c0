import { defaultIpDob, IP_FORM_MSG, type IpFormDetails } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ipForms, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

// Center 1 has the IP form on in the demo seed, center 85 keeps it off.
const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';
const OTHER_MANAGER = 'manager85@demo.test';
const OFF_PARENT = 'parent85@demo.test';

let t: TestApp;
let parentId: number;
let offParentId: number;
let donorId: number;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { logStream: { write: (line) => lines.push(line) } });
  const idOf = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  parentId = await idOf(PARENT);
  offParentId = await idOf(OFF_PARENT);
  donorId = await idOf('donor@demo.test');
});
afterAll(() => t.close());

const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const post = (url: string, payload: unknown, as?: string) =>
  t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, as });
const details = (tabName: string, userId: number, as?: string) =>
  post('/api/getipformdetails', { tabName, userId }, as);
const update = (tabName: string, formData: unknown, userId: number, as?: string) =>
  post('/api/updateipformdetails', { tabName, formData, userId }, as);

const SECRET_THERAPY = 'Counselling-xyzzy after a loss';
const general = {
  country: 'US',
  state: 'NY',
  city: 'New York',
  city_other: '',
  zipcode: '1234',
  dob: '1990-04-02',
  sec_partner_dob: '',
  consultation_date: '',
  previous_therapy: 1,
  previous_therapy_description: SECRET_THERAPY,
  psychological_medication: 0,
  psychological_medication_description: 'should be cleared',
  convicted_in_child_abuse: 0,
  convicted_in_child_abuse_description: null,
};
const personal = { height: 175.26, sec_partner_height: null, donor_height: 167.64, weight: 70.3 };

describe('GET /api/checkipformvisibility and /api/getipformstatuscenter', () => {
  it('401 anonymous, 403 for a role without the pages', async () => {
    expect((await get('/api/checkipformvisibility')).statusCode).toBe(401);
    expect((await get('/api/getipformstatuscenter')).statusCode).toBe(401);
    expect((await get('/api/checkipformvisibility', 'donor@demo.test')).statusCode).toBe(403);
    expect((await get('/api/getipformstatuscenter', 'master@demo.test')).statusCode).toBe(403);
  });

  it("answers the caller's center's setting, and a parent's own submitted state", async () => {
    expect(body(await get('/api/checkipformvisibility', MANAGER)).data).toEqual({ ipFormVisible: true });
    expect(body(await get('/api/checkipformvisibility', 'admin@demo.test')).data).toEqual({
      ipFormVisible: true,
    });
    expect(body(await get('/api/checkipformvisibility', OFF_PARENT)).data).toEqual({ ipFormVisible: false });
    expect(body(await get('/api/getipformstatuscenter', PARENT)).data).toEqual({
      ipFormVisible: true,
      submitted: false,
    });
    expect(body(await get('/api/getipformstatuscenter', MANAGER)).data).toEqual({
      ipFormVisible: true,
      submitted: null,
    });
  });
});

describe('GET /api/getipformstatus/:userId', () => {
  it('401, 403, 400 with the message, 404 for another center or another parent', async () => {
    expect((await get(`/api/getipformstatus/${parentId}`)).statusCode).toBe(401);
    expect((await get(`/api/getipformstatus/${parentId}`, 'donor@demo.test')).statusCode).toBe(403);
    const bad = await get('/api/getipformstatus/abc', PARENT);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(IP_FORM_MSG.USER_INVALID);
    expect((await get(`/api/getipformstatus/${parentId}`, OTHER_MANAGER)).statusCode).toBe(404);
    expect((await get(`/api/getipformstatus/${offParentId}`, PARENT)).statusCode).toBe(404);
    expect((await get(`/api/getipformstatus/${donorId}`, MANAGER)).statusCode).toBe(404);
  });

  it("the parent's own and a client of the manager's center", async () => {
    const own = body(await get(`/api/getipformstatus/${parentId}`, PARENT)).data;
    expect(own).toEqual({ userId: parentId, ipFormVisible: true, submitted: false, submittedAt: null });
    expect(body(await get(`/api/getipformstatus/${parentId}`, MANAGER)).data).toEqual(own);
  });
});

describe('POST /api/getipformdetails', () => {
  it('401, 403 for a role without the page, 400 with the message', async () => {
    expect((await details('general', parentId)).statusCode).toBe(401);
    expect((await details('general', parentId, 'donor@demo.test')).statusCode).toBe(403);
    // The spec's page table gives the ipform page to case managers, not to agency admins.
    expect((await details('general', parentId, 'admin@demo.test')).statusCode).toBe(403);
    const tab = await details('medical', parentId, PARENT);
    expect(tab.statusCode).toBe(400);
    expect(body(tab).message).toBe(IP_FORM_MSG.TAB_INVALID);
    const id = await details('general', 0, PARENT);
    expect(body(id).message).toBe(IP_FORM_MSG.USER_INVALID);
  });

  it("404 for another center's manager, another parent, and a center with the form off", async () => {
    expect((await details('general', parentId, OTHER_MANAGER)).statusCode).toBe(404);
    expect((await details('general', offParentId, PARENT)).statusCode).toBe(404);
    expect((await details('general', offParentId, OFF_PARENT)).statusCode).toBe(404);
    expect((await details('general', offParentId, 'manager85@demo.test')).statusCode).toBe(404);
  });

  it('a new form starts blank, the date of birth 26 years ago', async () => {
    const res = await details('general', parentId, PARENT);
    expect(res.statusCode).toBe(200);
    const data = body<IpFormDetails>(res).data;
    expect(data.access).toBe('edit');
    expect(data.general!.dob).toBe(defaultIpDob(t.clock.now()));
    expect(data.general!.previous_therapy).toBeNull();
    expect(data.personalCharacteristics).toBeNull();
    const all = body<IpFormDetails>(await details('confirm', parentId, PARENT)).data;
    expect(all.personalCharacteristics!.height).toBeNull();
    expect(all.fertilityHistory!.cycles).toEqual([]);
  });
});

describe('POST /api/updateipformdetails', () => {
  it('401, 403 for the case manager (preview only), 404 for another center', async () => {
    expect((await update('general', general, parentId)).statusCode).toBe(401);
    const staff = await update('general', general, parentId, MANAGER);
    expect(staff.statusCode).toBe(403);
    expect(body(staff).message).toBe(IP_FORM_MSG.PARENT_ONLY);
    expect((await update('general', general, parentId, OTHER_MANAGER)).statusCode).toBe(404);
    expect((await update('general', general, offParentId, OFF_PARENT)).statusCode).toBe(404);
    expect((await update('general', general, offParentId, PARENT)).statusCode).toBe(404);
  });

  it("400 with the field's message; nothing saved", async () => {
    const height = await update('personalCharacteristics', { ...personal, height: 20 }, parentId, PARENT);
    expect(height.statusCode).toBe(400);
    expect(body(height).message).toBe('Height seems incorrect.');
    const missing = await update('personalCharacteristics', { donor_height: 160 }, parentId, PARENT);
    expect(body(missing).message).toBe('Height is required.');
    const date = await update('general', { ...general, dob: '1990-02-30' }, parentId, PARENT);
    expect(body(date).message).toBe('Date of birth seems incorrect.');
    const future = await update('general', { ...general, dob: '2999-01-01' }, parentId, PARENT);
    expect(future.statusCode).toBe(400);
    expect(body(future).message).toBe('Date of birth seems incorrect.');
    const confirm = await update('confirm', {}, parentId, PARENT);
    expect(body(confirm).message).toBe(IP_FORM_MSG.TAB_INVALID);
    const abuse = await update('general', { ...general, convicted_in_child_abuse: 2 }, parentId, PARENT);
    expect(body(abuse).message).toBe('Convicted in child abuse seems incorrect.');
    expect(await t.db.select().from(ipForms).where(eq(ipForms.userId, parentId))).toEqual([]);
    // No medical answer in a refusal.
    for (const res of [height, date, future, abuse]) expect(res.body).not.toContain(SECRET_THERAPY);
  });

  it('saves a tab by the rules: empty dates null, a "no" clears its description, an invalid zip null', async () => {
    const res = await update('general', general, parentId, PARENT);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(IP_FORM_MSG.SAVED);
    const saved = body<IpFormDetails>(res).data.general!;
    expect(saved.sec_partner_dob).toBeNull();
    expect(saved.consultation_date).toBeNull();
    expect(saved.zipcode).toBeNull();
    expect(saved.city_other).toBeNull();
    expect(saved.previous_therapy_description).toBe(SECRET_THERAPY);
    expect(saved.psychological_medication_description).toBeNull();
    expect(saved.dob).toBe('1990-04-02');
    const ok = await update('general', { ...general, zipcode: '10001' }, parentId, PARENT);
    expect(body<IpFormDetails>(ok).data.general!.zipcode).toBe('10001');
    const p = await update('personalCharacteristics', personal, parentId, PARENT);
    expect(body<IpFormDetails>(p).data.personalCharacteristics).toEqual({
      ...personal,
      sec_partner_weight: null,
    });
    const f = await update(
      'fertilityHistory',
      {
        diagnosis: ['Tubal factor'],
        diagnosis_other: 'dropped: Other not chosen',
        cycles: [{ treatment: 'IVF', year: 2024, outcome: 'Not pregnant' }, {}],
        sperm_source: 'Partner',
      },
      parentId,
      PARENT,
    );
    const fh = body<IpFormDetails>(f).data.fertilityHistory!;
    expect(fh.diagnosis_other).toBeNull();
    expect(fh.cycles).toEqual([{ treatment: 'IVF', year: 2024, outcome: 'Not pregnant' }]);
    // The general tab kept while the others were saved.
    const row = (await t.db.select().from(ipForms).where(eq(ipForms.userId, parentId)))[0]!;
    expect(row.general!.zipcode).toBe('10001');
  });

  it('the manager reads it in preview, audited by tab name only; answers never logged', async () => {
    const res = await details('confirm', parentId, MANAGER);
    expect(res.statusCode).toBe(200);
    const data = body<IpFormDetails>(res).data;
    expect(data.access).toBe('preview');
    expect(data.general!.previous_therapy_description).toBe(SECRET_THERAPY);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ipform.read'), eq(auditLog.entityId, String(parentId))));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({ tabName: 'confirm' });
    const all = await t.db.select().from(auditLog);
    expect(JSON.stringify(all)).not.toContain(SECRET_THERAPY);
    expect(lines.join('\n')).not.toContain(SECRET_THERAPY);
    expect(lines.join('\n')).not.toContain('Tubal');
  });
});

describe('GET /api/ipformsubmission', () => {
  it('401, 403 for staff, 404 where the form is off, 400 before the tabs are filled', async () => {
    expect((await get('/api/ipformsubmission')).statusCode).toBe(401);
    const staff = await get('/api/ipformsubmission', MANAGER);
    expect(staff.statusCode).toBe(403);
    expect((await get('/api/ipformsubmission', 'donor@demo.test')).statusCode).toBe(403);
    expect((await get('/api/ipformsubmission', OFF_PARENT)).statusCode).toBe(404);
  });

  it('400 while the personal characteristics are not saved', async () => {
    await t.db.delete(ipForms).where(eq(ipForms.userId, parentId));
    await update('general', general, parentId, PARENT);
    const res = await get('/api/ipformsubmission', PARENT);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(IP_FORM_MSG.INCOMPLETE);
  });

  it('marks the form submitted (users.ip_form_submitted_at), as the session shows', async () => {
    await update('personalCharacteristics', personal, parentId, PARENT);
    const res = await get('/api/ipformsubmission', PARENT);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(IP_FORM_MSG.SUBMITTED);
    const [row] = await t.db.select().from(users).where(eq(users.id, parentId));
    expect(row!.ipFormSubmittedAt).not.toBeNull();
    const me = body<{ client: { ipFormSubmitted: boolean } }>(await get('/api/me', PARENT)).data;
    expect(me.client.ipFormSubmitted).toBe(true);
    const status = body<{ submitted: boolean }>(await get(`/api/getipformstatus/${parentId}`, MANAGER)).data;
    expect(status.submitted).toBe(true);
    // Submitting again keeps the first time.
    const again = body<{ submittedAt: string }>(await get('/api/ipformsubmission', PARENT)).data;
    expect(again.submittedAt).toBe(row!.ipFormSubmittedAt!.toISOString());
  });
});
