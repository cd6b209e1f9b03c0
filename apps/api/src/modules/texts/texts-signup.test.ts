import { MSG, OTP_MAX_TRIES, OTP_VERIFIED_VALID_SECONDS } from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centers, textOutbox, users } from '../../db/schema/index.js';
import { openText, queueText } from '../../platform/sms.js';
import { codeTextedTo } from '../../test/codes.js';
import { body, DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * Sign-up with text notifications (the number's code must verify first), the archived client's
 * notice and the development text outbox.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.db
    .update(centers)
    .set({ settings: sql`${centers.settings} || '{"receiveTextMessages": true}'::jsonb` })
    .where(eq(centers.id, 1));
});
afterAll(() => t.close());

let address = 0;
const post = (url: string, payload: Record<string, unknown>, ip = `10.30.0.${++address}`) =>
  t.request({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });

const registration = (over: Record<string, unknown> = {}) => ({
  userType: 9,
  username: 'texting.parent@demo.test',
  firstname: 'Tess',
  lastname: 'Text',
  contactno: '2025550142',
  countryCode: '+1',
  country: 'United States',
  password: 'Strong!Pass1',
  password_c: 'Strong!Pass1',
  receive_text_notification: true,
  ...over,
});

const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0];

describe('sign-up with text notifications', () => {
  it('refuses without a code, and without a number, with clear messages', async () => {
    const noCode = await post('/userregistration', registration());
    expect(noCode.statusCode).toBe(400);
    expect(body(noCode).message).toBe(MSG.ENTER_VERIFICATION_CODE);
    const noNumber = await post('/userregistration', registration({ contactno: '', otp: '123456' }));
    expect(body(noNumber).message).toBe(MSG.FILL_CONTACT_NUMBER);
    expect(await userRow('texting.parent@demo.test')).toBeUndefined();
  });

  it('refuses a code that was sent but not verified, and a wrong code', async () => {
    const contactno = '2025550143';
    await post('/sendotpcontact', { contactno, country_code: '+1', center_id: 1 });
    const code = await codeTextedTo(t, contactno);
    const unverified = await post('/userregistration', registration({ contactno, otp: code }));
    expect(unverified.statusCode).toBe(400);
    expect(body(unverified).message).toBe(MSG.VERIFY_CONTACT_FIRST);
    expect((await post('/verifycontact', { contactno, country_code: '+1', otp: code })).statusCode).toBe(200);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/userregistration', registration({ contactno, otp: wrong }));
    expect(body(res).message).toBe(MSG.VERIFY_CONTACT_FIRST);
    expect(await userRow('texting.parent@demo.test')).toBeUndefined();
  });

  it('refuses a code verified for another number', async () => {
    const contactno = '2025550144';
    await post('/sendotpcontact', { contactno, country_code: '+1', center_id: 1 });
    const code = await codeTextedTo(t, contactno);
    await post('/verifycontact', { contactno, country_code: '+1', otp: code });
    const res = await post('/userregistration', registration({ contactno: '2025550145', otp: code }));
    expect(body(res).message).toBe(MSG.VERIFY_CONTACT_FIRST);
  });

  it('counts wrong codes given at registration as tries', async () => {
    const contactno = '2025550146';
    await post('/sendotpcontact', { contactno, country_code: '+1', center_id: 1 });
    const code = await codeTextedTo(t, contactno);
    await post('/verifycontact', { contactno, country_code: '+1', otp: code });
    for (let i = 0; i < OTP_MAX_TRIES; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      await post('/userregistration', registration({ contactno, otp: wrong }));
    }
    const right = await post('/userregistration', registration({ contactno, otp: code }));
    expect(body(right).message).toBe(MSG.VERIFY_CONTACT_FIRST);
  });

  it('registers with a verified code, keeps the choice and the verified number, once per code', async () => {
    const contactno = '2025550142';
    const sent = await post('/sendotpcontact', { contactno, country_code: '+1', center_id: 1 });
    expect(sent.statusCode).toBe(200);
    const code = await codeTextedTo(t, contactno);
    expect((await post('/verifycontact', { contactno, country_code: '+1', otp: code })).statusCode).toBe(200);
    const res = await post('/userregistration', registration({ otp: code }));
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.USER_REGISTERED);
    const row = await userRow('texting.parent@demo.test');
    expect(row).toMatchObject({ contactNo: contactno, countryCode: '+1', receiveTextNotification: true });
    expect(row!.mobileVerifiedAt).not.toBeNull();
    // The audit entry says text notifications were chosen; never the code.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'register'));
    expect(JSON.stringify(entries)).not.toContain(code);
    const again = await post('/userregistration', registration({ username: 'second@demo.test', otp: code }));
    expect(body(again).message).toBe(MSG.VERIFY_CONTACT_FIRST);
  });

  it('a verified code registers for 30 minutes only', async () => {
    const contactno = '2025550147';
    await post('/sendotpcontact', { contactno, country_code: '+1', center_id: 1 });
    const code = await codeTextedTo(t, contactno);
    await post('/verifycontact', { contactno, country_code: '+1', otp: code });
    t.clock.advance(OTP_VERIFIED_VALID_SECONDS * 1000 + 1);
    const res = await post(
      '/userregistration',
      registration({ username: 'late@demo.test', contactno, otp: code }),
    );
    expect(body(res).message).toBe(MSG.VERIFY_CONTACT_FIRST);
  });

  it('registers without text notifications as before, not verified', async () => {
    const res = await post(
      '/userregistration',
      registration({ username: 'no.texts@demo.test', receive_text_notification: false }),
    );
    expect(res.statusCode).toBe(200);
    expect(await userRow('no.texts@demo.test')).toMatchObject({
      receiveTextNotification: false,
      mobileVerifiedAt: null,
    });
  });
});

describe('privacy', () => {
  it('never writes a code to the log, sent, verified or registered with', async () => {
    const lines: string[] = [];
    const logged = await startTestApp(
      { logLevel: 'debug' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      await logged.db
        .update(centers)
        .set({ settings: sql`${centers.settings} || '{"receiveTextMessages": true}'::jsonb` })
        .where(eq(centers.id, 1));
      const call = (url: string, payload: Record<string, unknown>) =>
        logged.request({ method: 'POST', url: `/api${url}`, payload });
      const contactno = '2025550177';
      await call('/sendotpcontact', { contactno, country_code: '+1', center_id: 1 });
      const [row] = await logged.db
        .select()
        .from(textOutbox)
        .where(eq(textOutbox.toNumber, `+1${contactno}`));
      const code = openText(logged.secrets, row!.sealedContent)!.match(/\b(\d{6})\b/)![1]!;
      await call('/verifycontact', {
        contactno,
        country_code: '+1',
        otp: '999999' === code ? '999998' : '999999',
      });
      await call('/verifycontact', { contactno, country_code: '+1', otp: code });
      const res = await call(
        '/userregistration',
        registration({ username: 'logged@demo.test', contactno, otp: code }),
      );
      expect(res.statusCode).toBe(200);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.includes(code))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('POST /api/sendarchivedclientnotification', () => {
  const notices = async () =>
    t.db.select().from(auditLog).where(eq(auditLog.action, 'archived_client_notification'));

  it('400 for a bad address', async () => {
    const res = await post('/sendarchivedclientnotification', { username: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.INVALID_EMAIL);
  });

  it('answers the same for anyone, and notifies only after the archived login from that address', async () => {
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.username, 'parent46@demo.test'));
    const ip = '10.31.0.1';
    const before = await post('/sendarchivedclientnotification', { username: 'parent46@demo.test' }, ip);
    const unknown = await post('/sendarchivedclientnotification', { username: 'nobody@demo.test' }, ip);
    const active = await post('/sendarchivedclientnotification', { username: 'parent@demo.test' }, ip);
    for (const res of [before, unknown, active])
      expect(body(res)).toEqual({ status: 'success', message: MSG.ARCHIVED_NOTIFICATION_SENT, data: null });
    expect(await notices()).toHaveLength(0);

    const login = await post(
      '/authenticate',
      { username: 'parent46@demo.test', password: DEMO_PASSWORD },
      ip,
    );
    expect(body(login).data).toEqual({ outcome: 'archivedClient' });
    // From another address the login does not count.
    await post('/sendarchivedclientnotification', { username: 'parent46@demo.test' }, '10.31.0.2');
    expect(await notices()).toHaveLength(0);
    const res = await post('/sendarchivedclientnotification', { username: 'Parent46@demo.test' }, ip);
    expect(body(res).message).toBe(MSG.ARCHIVED_NOTIFICATION_SENT);
    const [notice] = await notices();
    const parent = await userRow('parent46@demo.test');
    expect(notice).toMatchObject({ entityId: String(parent!.id), centerId: 46, ip });
    expect(notice!.details).toEqual({ recipients: 1 });
    // Once a day per client.
    await post('/sendarchivedclientnotification', { username: 'parent46@demo.test' }, ip);
    expect(await notices()).toHaveLength(1);
  });
});

describe('GET /api/devtextoutbox', () => {
  it('401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/devtextoutbox' })).statusCode).toBe(401);
  });

  it("shows a text's body to its recipient only; an admin sees her agency's texts without bodies", async () => {
    const parent = await userRow('parent@demo.test');
    await queueText(t.db, t.secrets, {
      centerId: 1,
      toUserId: parent!.id,
      to: '+12025550199',
      body: 'Hello parent',
    });
    const own = body<{ toNumber: string; body: string }[]>(
      await t.request({ method: 'GET', url: '/api/devtextoutbox', as: 'parent@demo.test' }),
    ).data;
    expect(own).toEqual([expect.objectContaining({ toNumber: '+12025550199', body: 'Hello parent' })]);
    const admin = body<{ toNumber: string; body: string }[]>(
      await t.request({ method: 'GET', url: '/api/devtextoutbox', as: 'admin@demo.test' }),
    ).data;
    expect(admin.length).toBeGreaterThan(1);
    expect(admin.every((row) => row.body === MSG.TEXT_OUTBOX_NOT_YOURS)).toBe(true);
    // Another agency's admin sees none of center 1's texts.
    const other = body<unknown[]>(
      await t.request({ method: 'GET', url: '/api/devtextoutbox', as: 'admin85@demo.test' }),
    );
    expect(other.data).toEqual([]);
  });

  it('is absent from a production process', async () => {
    const prod = await startTestApp({ production: true });
    try {
      const res = await prod.request({ method: 'GET', url: '/api/devtextoutbox', as: 'admin@demo.test' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
