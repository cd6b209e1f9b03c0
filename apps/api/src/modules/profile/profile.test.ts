import { MSG, PROFILE_MSG, type ProfileView, ROLE } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailChanges, textOutbox, users } from '../../db/schema/index.js';
import { codeTextedTo, solvedCaptcha } from '../../test/codes.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userById, userMaker } from '../../test/user-fixtures.js';

/** getuserbyuserid, updateprofileuserdetails, the signed-in contact number and e-mail change. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const makeUser = userMaker(() => t, { prefix: 'prof', status: 'Active', lastName: 'Person' });
const userRow = userById(() => t);
const usernameOf = async (id: number) => (await userRow(id)).username;
const post = (url: string, payload: Record<string, unknown>, as?: string, ip?: string) =>
  t.request({ method: 'POST', url: `/api${url}`, payload, as, ...(ip ? { remoteAddress: ip } : {}) });
const get = (url: string, as?: string) => t.request({ method: 'GET', url: `/api${url}`, as });

/** A complete My account body; tests override what they test. */
const valid = (over: Record<string, unknown> = {}) => ({
  first_name: 'Pat',
  middle_name: '',
  last_name: 'Person',
  country: 'United States',
  state: 'NY',
  city: 'New York',
  address: '1 Main Street',
  address2: '',
  zipcode: '10001',
  communication_type: 'Email',
  is_email_notification: true,
  is_text_notification: false,
  ...over,
});

describe('GET /api/getuserbyuserid/:id', () => {
  it('answers 401, 403 for a client asking for another, 404 for another center, 400 for a bad id', async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    expect((await get(`/getuserbyuserid/${id}`)).statusCode).toBe(401);
    expect((await get(`/getuserbyuserid/${id}`, 'parent@demo.test')).statusCode).toBe(403);
    expect((await get(`/getuserbyuserid/${id}`, 'donor@demo.test')).statusCode).toBe(403);
    expect((await get(`/getuserbyuserid/${id}`, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await get(`/getuserbyuserid/${id}`, 'manager85@demo.test')).statusCode).toBe(404);
    expect((await get('/getuserbyuserid/999999', 'admin@demo.test')).statusCode).toBe(404);
    const bad = await get('/getuserbyuserid/abc', 'admin@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('User is invalid.');
  });

  it("answers one's own profile, and staff of the user's center read it, audited", async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const own = await get('/getuserbyuserid', username);
    expect(own.statusCode).toBe(200);
    expect(body<ProfileView>(own).data).toMatchObject({
      user_id: id,
      email: username,
      communication_type: 'Email',
      is_email_notification: true,
      texts_available: true,
      mobile_verified_user: false,
    });
    const ownById = await get(`/getuserbyuserid/${id}`, username);
    expect(body<ProfileView>(ownById).data.user_id).toBe(id);
    for (const staff of ['admin@demo.test', 'manager@demo.test']) {
      const res = await get(`/getuserbyuserid/${id}`, staff);
      expect(res.statusCode).toBe(200);
      expect(body<ProfileView>(res).data.email).toBe(username);
    }
    // The master reads any center's users; her read is audited too.
    expect((await get(`/getuserbyuserid/${id}`, 'master@demo.test')).statusCode).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile_read'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(3);
    // One's own read is not a staff read.
    expect(audits.every((a) => a.actorUserId !== id)).toBe(true);
  });
});

describe('POST /api/updateprofileuserdetails', () => {
  const url = '/updateprofileuserdetails';
  it('answers 401 and 400 with the spec messages (mandatory fields, zip)', async () => {
    expect((await post(url, valid())).statusCode).toBe(401);
    const username = await usernameOf(await makeUser({ role: ROLE.CLIENT }));
    for (const missing of ['first_name', 'last_name', 'state', 'city', 'address', 'zipcode', 'country']) {
      const res = await post(url, valid({ [missing]: '' }), username);
      expect(res.statusCode, missing).toBe(400);
      expect(body(res).message).toBe(PROFILE_MSG.MANDATORY);
    }
    const format = await post(url, valid({ zipcode: '1234' }), username);
    expect(body(format).message).toBe(MSG.INVALID_ZIP);
    const unknown = await post(url, valid({ zipcode: '00000' }), username);
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe(MSG.INVALID_ZIP);
  });

  it('applies the notification rules with the spec messages', async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const both = await post(
      url,
      valid({ is_email_notification: false, is_text_notification: false }),
      username,
    );
    expect(body(both).message).toBe(PROFILE_MSG.ONE_OFF_AT_A_TIME);
    const text = await post(url, valid({ is_text_notification: true }), username);
    expect(body(text).message).toBe(PROFILE_MSG.VERIFY_CONTACT_FIRST);
    const ccOff = await post(
      url,
      valid({
        is_email_notification: false,
        is_text_notification: true,
        cc_email: 'cc@x.test',
        cc_expiry_date: '2999-01-01',
      }),
      username,
    );
    expect(ccOff.statusCode).toBe(400);
    const ccNoDate = await post(url, valid({ cc_email: 'cc@x.test' }), username);
    expect(body(ccNoDate).message).toBe(PROFILE_MSG.CC_EXPIRY_REQUIRED);
    // A center without texts: e-mail cannot be turned off.
    const other = await usernameOf(await makeUser({ role: ROLE.CLIENT, centerId: 85 }));
    const off = await post(url, valid({ is_email_notification: false, is_text_notification: true }), other);
    expect(body(off).message).toBe(PROFILE_MSG.EMAIL_NEEDED_WITHOUT_TEXTS);
  });

  it('saves every field and answers the profile; text on once the number is verified', async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const res = await post(
      url,
      valid({
        middle_name: 'Q',
        address2: 'Apt 2',
        communication_type: 'Both',
        cc_email: 'partner@x.test',
        cc_expiry_date: '2999-12-31',
        searching_for: 'Egg donor',
        voicemail: true,
        working_with_clinic: true,
        clinic_detail: 'City Clinic',
        working_with_agency: true,
        sperm_source: 'Partner',
        referral_detail: 'Other',
        referral_other: 'A friend',
        receive_education_email: true,
      }),
      username,
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(PROFILE_MSG.PROFILE_UPDATED);
    expect(body<ProfileView>(res).data).toMatchObject({
      middle_name: 'Q',
      city: 'New York',
      zipcode: '10001',
      communication_type: 'Both',
      cc_email: 'partner@x.test',
      cc_expiry_date: '2999-12-31',
      clinic_detail: 'City Clinic',
      referral_other: 'A friend',
      voicemail: true,
      receive_education_email: true,
    });
    await t.db.update(users).set({ mobileVerifiedAt: t.clock.now() }).where(eq(users.id, id));
    const text = await post(
      url,
      valid({ is_email_notification: false, is_text_notification: true }),
      username,
    );
    expect(text.statusCode).toBe(200);
    expect(await userRow(id)).toMatchObject({ emailNotifications: false, receiveTextNotification: true });
  });
});

describe('contact number change (signed in)', () => {
  let seq = 0;
  const nextNumber = () => `202555${String(7000 + ++seq)}`;

  it('answers 401, 400 without a captcha, and refuses the current verified number', async () => {
    expect(
      (await post('/profile/sendotpcontact', { contactno: nextNumber(), country_code: '+1' })).statusCode,
    ).toBe(401);
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const none = await post(
      '/profile/sendotpcontact',
      { contactno: nextNumber(), country_code: '+1' },
      username,
    );
    expect(body(none).message).toBe(MSG.CAPTCHA_REQUIRED);
    const current = nextNumber();
    await t.db
      .update(users)
      .set({ contactNo: current, mobileVerifiedAt: t.clock.now() })
      .where(eq(users.id, id));
    const same = await post(
      '/profile/sendotpcontact',
      { contactno: current, country_code: '+1', captcha: 'x' },
      username,
    );
    expect(body(same).message).toBe(PROFILE_MSG.SAME_CONTACT);
    const noCode = await post(
      '/profile/verifycontact',
      { contactno: current, country_code: '+1', otp: '' },
      username,
    );
    expect(body(noCode).message).toBe(PROFILE_MSG.ENTER_CODE);
  });

  it("a user of an agency without texts gets the code from the main agency's number", async () => {
    const username = await usernameOf(await makeUser({ role: ROLE.CLIENT, centerId: 85 }));
    const number = nextNumber();
    const sent = await post(
      '/profile/sendotpcontact',
      { contactno: number, country_code: '+1', captcha: await solvedCaptcha(t) },
      username,
      '10.77.0.2',
    );
    expect(sent.statusCode).toBe(200);
    const [queued] = await t.db
      .select()
      .from(textOutbox)
      .where(eq(textOutbox.toNumber, `+1${number}`));
    expect(queued!.centerId).toBe(1);
  });

  it('captcha, code, verify: the number changes and is verified; a resend waits 30 s', async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const number = nextNumber();
    const sent = await post(
      '/profile/sendotpcontact',
      { contactno: number, country_code: '+1', captcha: await solvedCaptcha(t) },
      username,
      '10.77.0.1',
    );
    expect(sent.statusCode).toBe(200);
    const early = await post('/profile/resendmoileotp', { contactno: number, country_code: '+1' }, username);
    expect(early.statusCode).toBe(429);
    const code = await codeTextedTo(t, number);
    const wrong = await post(
      '/profile/verifycontact',
      { contactno: number, country_code: '+1', otp: code === '000000' ? '111111' : '000000' },
      username,
    );
    expect(body(wrong).message).toBe(MSG.OTP_INVALID);
    expect((await userRow(id)).contactNo).not.toBe(number);
    const ok = await post(
      '/profile/verifycontact',
      { contactno: number, country_code: '+1', otp: code },
      username,
    );
    expect(ok.statusCode).toBe(200);
    expect(body<ProfileView>(ok).data).toMatchObject({ contact_no: number, mobile_verified_user: true });
    // The code is used up.
    const again = await post(
      '/profile/verifycontact',
      { contactno: number, country_code: '+1', otp: code },
      username,
    );
    expect(again.statusCode).toBe(400);
  });
});

describe('e-mail change', () => {
  it('answers 401 and 400 (same e-mail, bad address, no code)', async () => {
    expect((await post('/sendverificationcode/', { newEmail: 'a@b.test' })).statusCode).toBe(401);
    const username = await usernameOf(await makeUser({ role: ROLE.CLIENT }));
    const same = await post('/sendverificationcode/', { newEmail: username.toUpperCase() }, username);
    expect(body(same).message).toBe(PROFILE_MSG.EMAIL_SAME);
    const bad = await post('/sendverificationcode/', { newEmail: 'nope' }, username);
    expect(body(bad).message).toBe(MSG.INVALID_EMAIL);
    const noCode = await post(
      '/verifyverificationcode/',
      { newEmail: 'a@b.test', verificationCode: '' },
      username,
    );
    expect(body(noCode).message).toBe(PROFILE_MSG.ENTER_CODE);
  });

  it('sends a code and link to the new address; the username changes only after the code', async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const to = `new${id}@users.test`;
    const sent = await post('/sendverificationcode/', { newEmail: to, fullName: 'Pat Person' }, username);
    expect(sent.statusCode).toBe(200);
    expect((await userRow(id)).username).toBe(username);
    const mail = (await t.outbox(to)).at(-1)!;
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;
    expect(mail.text).toContain('/#/verifyuser/');
    const [row] = await t.db.select().from(emailChanges).where(eq(emailChanges.userId, id));
    expect(JSON.stringify(row)).not.toContain(code);
    const resend = await post('/resendverificationcode/', { newEmail: to, fullName: '' }, username);
    expect(resend.statusCode).toBe(429);
    const wrong = await post(
      '/verifyverificationcode/',
      { newEmail: to, verificationCode: code === '000000' ? '111111' : '000000' },
      username,
    );
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe(PROFILE_MSG.EMAIL_NOT_VERIFIED);
    const ok = await post('/verifyverificationcode/', { newEmail: to, verificationCode: code }, username);
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe(PROFILE_MSG.EMAIL_VERIFIED);
    expect((await userRow(id)).username).toBe(to);
  });

  it("verifies by the link's token (isUrl); another account's address fails at verification only", async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const to = `link${id}@users.test`;
    await post('/sendverificationcode', { newEmail: to }, username);
    const link = (await t.outbox(to)).at(-1)!.text.match(/verifyuser\/([^/\s]+)\//)![1]!;
    const ok = await post(
      '/verifyverificationcode',
      { newEmail: to, verificationCode: link, isUrl: true },
      username,
    );
    expect(ok.statusCode).toBe(200);
    expect((await userRow(id)).username).toBe(to);

    const other = await makeUser({ role: ROLE.CLIENT });
    const otherName = await usernameOf(other);
    const taken = await post('/sendverificationcode/', { newEmail: 'parent@demo.test' }, otherName);
    expect(taken.statusCode).toBe(200);
    expect(body(taken).message).toBe(PROFILE_MSG.EMAIL_CODE_SENT);
    const code = (await t.outbox('parent@demo.test')).at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    const refused = await post(
      '/verifyverificationcode/',
      { newEmail: 'parent@demo.test', verificationCode: code },
      otherName,
    );
    expect(body(refused).message).toBe(PROFILE_MSG.EMAIL_NOT_VERIFIED);
    expect((await userRow(other)).username).toBe(otherName);
  });

  it('a code expires after 30 minutes', async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    const username = await usernameOf(id);
    const to = `late${id}@users.test`;
    await post('/sendverificationcode/', { newEmail: to }, username);
    const code = (await t.outbox(to)).at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    t.clock.advance(31 * 60 * 1000);
    const late = await post('/verifyverificationcode/', { newEmail: to, verificationCode: code }, username);
    expect(body(late).message).toBe(PROFILE_MSG.EMAIL_NOT_VERIFIED);
  });
});
