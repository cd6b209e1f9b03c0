import { randomInt } from 'node:crypto';
import {
  CENTER_ID,
  MSG,
  OTP_LENGTH,
  OTP_MAX_PER_ADDRESS,
  OTP_MAX_PER_NUMBER,
  OTP_MAX_TRIES,
  OTP_RATE_WINDOW_SECONDS,
  OTP_RESEND_AFTER_FAILURE_SECONDS,
  OTP_RESEND_AFTER_SUCCESS_SECONDS,
  OTP_TTL_SECONDS,
  OTP_VERIFIED_VALID_SECONDS,
  type OtpSent,
  otpWaitMessage,
  type SendOtpBody,
  type VerifyContactBody,
} from '@dm/shared';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { type AppError, badRequest, tooManyRequests } from '../../platform/errors.js';
import { e164, queueText } from '../../platform/sms.js';
import {
  codesSentSince,
  findTextCenter,
  insertRequest,
  lockPhone,
  newestCode,
  newestRequest,
  type PhoneCodeRow,
  updateCode,
} from './texts.repo.js';

export interface TextDeps {
  db: Db;
  config: Config;
  clock: Clock;
  secrets: SecretBox;
}

/** The number a request names, in E.164 form; 400 when it cannot be one. */
export function phoneOf(body: { country_code: string; contactno: string }): string {
  const phone = e164(body.country_code, body.contactno);
  if (!phone) throw badRequest(MSG.CONTACT_NUMBER_INVALID);
  return phone;
}

/**
 * A code is kept as an HMAC under the app secret (SecretBox.sign), bound to its number: a copy
 * of the table without APP_SECRET cannot be searched through the million codes.
 */
const CODE_PURPOSE = 'phone-code';

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** What a code text says. The code is never logged: it exists only here and sealed in the outbox. */
export function codeText(agencyName: string, code: string): string {
  return `${agencyName}: your verification code is ${code}. It expires in ${OTP_TTL_SECONDS / 60} minutes.`;
}

/** The refusal a request meets before anything is sent, or null. */
function refusalOf(
  last: PhoneCodeRow | undefined,
  counts: { byNumber: number; byAddress: number },
  now: Date,
): AppError | null {
  if (last) {
    const wait = (last.ok ? OTP_RESEND_AFTER_SUCCESS_SECONDS : OTP_RESEND_AFTER_FAILURE_SECONDS) * 1000;
    const left = last.createdAt.getTime() + wait - now.getTime();
    if (left > 0) return tooManyRequests(otpWaitMessage(seconds(left)));
  }
  if (counts.byNumber >= OTP_MAX_PER_NUMBER || counts.byAddress >= OTP_MAX_PER_ADDRESS)
    return tooManyRequests(MSG.OTP_RATE_LIMITED);
  return null;
}

/**
 * POST sendotpcontact / resendmoileotp: a new 6-digit code for the number, texted from the
 * agency's number (queued in the same transaction, sent by the text job). Refused while the last
 * request for the number is within its wait (30 s after a send, 10 s after a refusal) and past
 * the per-number and per-address limits; a refusal for a limit is recorded, so the next request
 * waits 10 s, in every process (the rows are the count).
 */
export async function sendCode(deps: TextDeps, body: SendOtpBody, ip: string): Promise<OtpSent> {
  const phone = phoneOf(body);
  const centerId = body.center_id ?? CENTER_ID.MAIN;
  const center = await findTextCenter(deps.db, centerId);
  if (!center?.visible) throw badRequest(MSG.INVALID_CENTER);
  if (!center.settings.receiveTextMessages) throw badRequest(MSG.TEXTS_NOT_OFFERED);
  const now = deps.clock.now();
  const refusal = await deps.db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const last = await newestRequest(tx, phone);
    const since = new Date(now.getTime() - OTP_RATE_WINDOW_SECONDS * 1000);
    const refused = refusalOf(last, await codesSentSince(tx, phone, ip, since), now);
    if (refused) {
      // A refusal inside a wait is not recorded (it would push the wait on for ever).
      if (refused.message === MSG.OTP_RATE_LIMITED)
        await insertRequest(tx, { phone, centerId, ip, ok: 0, createdAt: now });
      return refused;
    }
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    await insertRequest(tx, {
      phone,
      centerId,
      ip,
      ok: 1,
      codeHash: deps.secrets.sign(CODE_PURPOSE, `${phone}:${code}`),
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
    await queueText(tx, deps.secrets, {
      centerId,
      toUserId: null,
      to: phone,
      body: codeText(center.agencyName, code),
    });
    return null;
  });
  if (refusal) throw refusal;
  return { resendAfterSeconds: OTP_RESEND_AFTER_SUCCESS_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
}

/** Checks a code against the live code of its number; counts a wrong one. */
async function checkCode(
  tx: Db,
  deps: TextDeps,
  phone: string,
  otp: string,
  now: Date,
): Promise<{ row: PhoneCodeRow } | { refusal: AppError }> {
  const row = await newestCode(tx, phone, true);
  if (!row?.codeHash || !row.expiresAt) return { refusal: badRequest(MSG.OTP_NONE) };
  if (row.usedAt) return { refusal: badRequest(MSG.OTP_NONE) };
  if (row.tries >= OTP_MAX_TRIES) return { refusal: badRequest(MSG.OTP_TOO_MANY_TRIES) };
  const live = row.verifiedAt
    ? now.getTime() < row.verifiedAt.getTime() + OTP_VERIFIED_VALID_SECONDS * 1000
    : now < row.expiresAt;
  if (!live) return { refusal: badRequest(MSG.OTP_EXPIRED) };
  if (!deps.secrets.verifySigned(CODE_PURPOSE, `${phone}:${otp}`, row.codeHash)) {
    const tries = row.tries + 1;
    await updateCode(tx, row.id, { tries });
    return { refusal: badRequest(tries >= OTP_MAX_TRIES ? MSG.OTP_TOO_MANY_TRIES : MSG.OTP_INVALID) };
  }
  return { row };
}

/**
 * POST verifycontact: the code must be the newest sent to the number, within 10 minutes, with
 * fewer than 5 wrong tries before it. A verified code stays good for a registration for 30
 * minutes (OTP_VERIFIED_VALID_SECONDS).
 */
export async function verifyCode(deps: TextDeps, body: VerifyContactBody): Promise<null> {
  const phone = phoneOf(body);
  const now = deps.clock.now();
  const refusal = await deps.db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const checked = await checkCode(tx, deps, phone, body.otp, now);
    if ('refusal' in checked) return checked.refusal;
    if (!checked.row.verifiedAt) await updateCode(tx, checked.row.id, { verifiedAt: now });
    return null;
  });
  if (refusal) throw refusal;
  return null;
}

/**
 * Before a registration that chose text notifications: the number's verified code must be the
 * one given. Runs in a transaction of its own, so a wrong code counts as a try even though the
 * registration is then refused (and rolled back).
 */
export async function assertVerifiedCode(
  deps: TextDeps,
  number: { country_code: string; contactno: string },
  otp: string | undefined,
): Promise<void> {
  const phone = e164(number.country_code, number.contactno);
  if (!phone) throw badRequest(MSG.CONTACT_NUMBER_INVALID);
  if (!otp) throw badRequest(MSG.VERIFY_CONTACT_FIRST);
  const now = deps.clock.now();
  const refused = await deps.db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const checked = await checkCode(tx, deps, phone, otp, now);
    return 'refusal' in checked || !checked.row.verifiedAt;
  });
  if (refused) throw badRequest(MSG.VERIFY_CONTACT_FIRST);
}

/**
 * For a registration that chose text notifications (in its transaction): the number's code must
 * have been verified and be the one given; it is then used up (one account per verification).
 * Refused with "Please verify your contact number first" otherwise; a wrong code counts as a try.
 * Returns when the number was verified.
 */
export async function useVerifiedCode(
  tx: Db,
  deps: TextDeps,
  number: { country_code: string; contactno: string },
  otp: string | undefined,
): Promise<Date> {
  const phone = e164(number.country_code, number.contactno);
  if (!phone) throw badRequest(MSG.CONTACT_NUMBER_INVALID);
  if (!otp) throw badRequest(MSG.VERIFY_CONTACT_FIRST);
  const now = deps.clock.now();
  await lockPhone(tx, phone);
  const checked = await checkCode(tx, deps, phone, otp, now);
  if ('refusal' in checked || !checked.row.verifiedAt) throw badRequest(MSG.VERIFY_CONTACT_FIRST);
  await updateCode(tx, checked.row.id, { usedAt: now });
  return checked.row.verifiedAt;
}

/**
 * A signed-in user's contact number change (profile): in the caller's transaction the
 * code must be the number's live one; it is then verified and used up at once (the number is
 * the user's from now). A wrong code counts as a try and is refused with its message.
 */
export async function verifyAndUseCode(
  tx: Db,
  deps: TextDeps,
  number: { country_code: string; contactno: string },
  otp: string,
): Promise<{ refusal: AppError } | { verifiedAt: Date }> {
  const phone = phoneOf(number);
  const now = deps.clock.now();
  await lockPhone(tx, phone);
  const checked = await checkCode(tx, deps, phone, otp, now);
  if ('refusal' in checked) return checked;
  await updateCode(tx, checked.row.id, { verifiedAt: checked.row.verifiedAt ?? now, usedAt: now });
  return { verifiedAt: now };
}
