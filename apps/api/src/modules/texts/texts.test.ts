import {
  MSG,
  OTP_MAX_PER_ADDRESS,
  OTP_MAX_PER_NUMBER,
  OTP_MAX_TRIES,
  OTP_RESEND_AFTER_FAILURE_SECONDS,
  OTP_RESEND_AFTER_SUCCESS_SECONDS,
  OTP_TTL_SECONDS,
  otpWaitMessage,
} from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, phoneCodes, textOutbox } from '../../db/schema/index.js';
import { codeTextedTo } from '../../test/codes.js';
import { body, startSiblingApp, startTestApp, type TestApp } from '../../test/harness.js';

/** sendotpcontact, resendmoileotp, verifycontact and checktextmessagesvisibility. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Center 1 sends texts; center 85 does not (the default).
  await t.db
    .update(centers)
    .set({ settings: sql`${centers.settings} || '{"receiveTextMessages": true}'::jsonb` })
    .where(eq(centers.id, 1));
});
afterAll(() => t.close());

let address = 0;
const nextIp = () => `10.20.0.${++address}`;
let numberSeq = 5550100;
/** A fresh US number per test, so their waits and limits do not meet. */
const nextNumber = () => String(++numberSeq).padStart(10, '2');

const post = (url: string, payload: Record<string, unknown>, ip = nextIp()) =>
  t.request({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });
const send = (contactno: string, ip?: string, extra: Record<string, unknown> = {}) =>
  post('/sendotpcontact', { contactno, country_code: '+1', center_id: 1, ...extra }, ip);
const verify = (contactno: string, otp: string) =>
  post('/verifycontact', { contactno, country_code: '+1', otp });

/** The code in the newest text queued to a number, read as its recipient would. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/sendotpcontact', () => {
  it('400 with the spec message without a number or country code, and for a bad one', async () => {
    for (const payload of [
      { country_code: '+1' },
      { contactno: '', country_code: '+1' },
      { contactno: '2025550100' },
    ]) {
      const res = await post('/sendotpcontact', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(MSG.FILL_CONTACT_NUMBER);
    }
    const bad = await post('/sendotpcontact', { contactno: '12ab', country_code: '+1' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(MSG.CONTACT_NUMBER_INVALID);
  });

  it('refuses an agency that does not send texts, and an unknown agency', async () => {
    const off = await send(nextNumber(), undefined, { center_id: 85 });
    expect(off.statusCode).toBe(400);
    expect(body(off).message).toBe(MSG.TEXTS_NOT_OFFERED);
    const unknown = await send(nextNumber(), undefined, { center_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe(MSG.INVALID_CENTER);
  });

  it('queues a 6-digit code, sealed, in the text outbox and stores only its hash', async () => {
    const number = nextNumber();
    const res = await send(number);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      status: 'success',
      message: MSG.OTP_SENT,
      data: { resendAfterSeconds: OTP_RESEND_AFTER_SUCCESS_SECONDS, expiresInSeconds: OTP_TTL_SECONDS },
    });
    const code = await codeTextedTo(t, number);
    const [queued] = await t.db
      .select()
      .from(textOutbox)
      .where(eq(textOutbox.toNumber, `+1${number}`));
    expect(queued).toMatchObject({ centerId: 1, toUserId: null, status: 'pending' });
    expect(queued!.sealedContent).not.toContain(code);
    const [row] = await t.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, `+1${number}`));
    expect(row!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/); // an HMAC-SHA256 (SecretBox.sign), not the code
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('blocks a resend for 30 s after a send; resendmoileotp and resendmobileotp send alike', async () => {
    const number = nextNumber();
    expect((await send(number)).statusCode).toBe(200);
    t.clock.advance(20_000);
    const early = await post('/resendmoileotp', { contactno: number, country_code: '+1', center_id: 1 });
    expect(early.statusCode).toBe(429);
    expect(body(early).message).toBe(otpWaitMessage(10));
    t.clock.advance(10_001);
    const first = await codeTextedTo(t, number);
    expect(
      (await post('/resendmoileotp', { contactno: number, country_code: '1', center_id: 1 })).statusCode,
    ).toBe(200);
    t.clock.advance(OTP_RESEND_AFTER_SUCCESS_SECONDS * 1000);
    expect(
      (await post('/resendmobileotp', { contactno: number, country_code: '+1', center_id: 1 })).statusCode,
    ).toBe(200);
    // The newest code is the live one: the first no longer verifies.
    const latest = await codeTextedTo(t, number);
    if (latest !== first) expect(body(await verify(number, first)).message).toBe(MSG.OTP_INVALID);
    expect((await verify(number, latest)).statusCode).toBe(200);
  });

  it('limits codes per number, then makes the next request wait 10 s after the refusal', async () => {
    const number = nextNumber();
    for (let i = 0; i < OTP_MAX_PER_NUMBER; i++) {
      expect((await send(number)).statusCode, `send ${i}`).toBe(200);
      t.clock.advance(OTP_RESEND_AFTER_SUCCESS_SECONDS * 1000);
    }
    const limited = await send(number);
    expect(limited.statusCode).toBe(429);
    expect(body(limited).message).toBe(MSG.OTP_RATE_LIMITED);
    t.clock.advance(5_000);
    const waiting = await send(number);
    expect(body(waiting).message).toBe(otpWaitMessage(OTP_RESEND_AFTER_FAILURE_SECONDS - 5));
    // The window is an hour: after it the number may ask again.
    t.clock.advance(60 * 60_000);
    expect((await send(number)).statusCode).toBe(200);
  });

  it('limits codes per address across numbers and across processes sharing the database', async () => {
    const ip = '10.21.0.1';
    const sibling = await startSiblingApp(t);
    try {
      for (let i = 0; i < OTP_MAX_PER_ADDRESS; i++) {
        const app = i % 2 === 0 ? t : sibling;
        const res = await app.request({
          method: 'POST',
          url: '/api/sendotpcontact',
          payload: { contactno: nextNumber(), country_code: '+1', center_id: 1 },
          remoteAddress: ip,
        });
        expect(res.statusCode, `send ${i}`).toBe(200);
      }
      const limited = await sibling.request({
        method: 'POST',
        url: '/api/sendotpcontact',
        payload: { contactno: nextNumber(), country_code: '+1', center_id: 1 },
        remoteAddress: ip,
      });
      expect(limited.statusCode).toBe(429);
      expect(body(limited).message).toBe(MSG.OTP_RATE_LIMITED);
      // Another address is not limited.
      expect((await send(nextNumber())).statusCode).toBe(200);
    } finally {
      await sibling.close();
    }
    t.clock.advance(60 * 60_000);
  });
});

describe('POST /api/verifycontact', () => {
  it('400 with the spec message without a code, and for a code that is not 6 digits', async () => {
    const none = await post('/verifycontact', { contactno: '2025550100', country_code: '+1' });
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe(MSG.ENTER_VERIFICATION_CODE);
    const empty = await post('/verifycontact', { contactno: '2025550100', country_code: '+1', otp: '' });
    expect(body(empty).message).toBe(MSG.ENTER_VERIFICATION_CODE);
    const short = await post('/verifycontact', { contactno: '2025550100', country_code: '+1', otp: '123' });
    expect(body(short).message).toBe(MSG.OTP_INVALID);
    const noNumber = await post('/verifycontact', { country_code: '+1', otp: '123456' });
    expect(body(noNumber).message).toBe(MSG.FILL_CONTACT_NUMBER);
  });

  it('refuses a number no code was sent to', async () => {
    const res = await verify(nextNumber(), '123456');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.OTP_NONE);
  });

  it('verifies the right code', async () => {
    const number = nextNumber();
    await send(number);
    const res = await verify(number, await codeTextedTo(t, number));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 'success', message: MSG.OTP_VERIFIED, data: null });
    const [row] = await t.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, `+1${number}`));
    expect(row!.verifiedAt).not.toBeNull();
  });

  it('expires a code after 10 minutes', async () => {
    const number = nextNumber();
    await send(number);
    const code = await codeTextedTo(t, number);
    t.clock.advance(OTP_TTL_SECONDS * 1000 + 1);
    const res = await verify(number, code);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.OTP_EXPIRED);
  });

  it('accepts a code just before it expires', async () => {
    const number = nextNumber();
    await send(number);
    t.clock.advance(OTP_TTL_SECONDS * 1000 - 1_000);
    expect((await verify(number, await codeTextedTo(t, number))).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries, even the right one after', async () => {
    const number = nextNumber();
    await send(number);
    const code = await codeTextedTo(t, number);
    for (let i = 1; i < OTP_MAX_TRIES; i++) {
      const res = await verify(number, wrongCode(code));
      expect(body(res).message, `try ${i}`).toBe(MSG.OTP_INVALID);
    }
    expect(body(await verify(number, wrongCode(code))).message).toBe(MSG.OTP_TOO_MANY_TRIES);
    const right = await verify(number, code);
    expect(right.statusCode).toBe(400);
    expect(body(right).message).toBe(MSG.OTP_TOO_MANY_TRIES);
    // A new code starts again.
    t.clock.advance(OTP_RESEND_AFTER_SUCCESS_SECONDS * 1000);
    await send(number);
    expect((await verify(number, await codeTextedTo(t, number))).statusCode).toBe(200);
  });
});

describe('GET /api/checktextmessagesvisibility/{centerId}', () => {
  it("answers the agency's setting as data[0].receive_text_messages", async () => {
    const on = await t.request({ method: 'GET', url: '/api/checktextmessagesvisibility/1' });
    expect(body(on)).toMatchObject({ status: 'success', data: [{ receive_text_messages: true }] });
    const off = await t.request({ method: 'GET', url: '/api/checktextmessagesvisibility/85' });
    expect(body(off).data).toEqual([{ receive_text_messages: false }]);
  });

  it('404 for an unknown agency, 400 for a bad id', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/checktextmessagesvisibility/999999' })).statusCode,
    ).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/checktextmessagesvisibility/abc' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Center is invalid.');
  });
});
