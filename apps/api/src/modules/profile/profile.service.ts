import { randomInt } from 'node:crypto';
import {
  CENTER_ID,
  COMMUNICATION_TYPES,
  type CommunicationType,
  canEditProfile,
  EMAIL_CHANGE_MAX_TRIES,
  EMAIL_CHANGE_RESEND_SECONDS,
  EMAIL_CHANGE_TTL_SECONDS,
  EMAIL_TYPE,
  type EmailCodeSent,
  isoDate,
  MSG,
  notificationPrefsRefusal,
  OTP_LENGTH,
  type OtpSent,
  PROFILE_MSG,
  type ProfileInput,
  type ProfileView,
  prefsOf,
  profileReadAccess,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { verifyCaptcha } from '../../platform/captcha.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { type AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { e164 } from '../../platform/sms.js';
import { findZip } from '../centers/centers.repo.js';
import { zipKey } from '../centers/centers.schemas.js';
import { phoneOf, sendCode, verifyAndUseCode } from '../texts/texts.codes.js';
import {
  closeEmailChanges,
  countryIsoOf,
  findProfile,
  insertEmailChange,
  lastEmailChangeSentAt,
  lockUser,
  newestEmailChange,
  type ProfileRow,
  secondaryParentEmail,
  updateEmailChange,
  updateUserFields,
  upsertProfile,
  usernameTaken,
} from './profile.repo.js';

type Deps = Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'secrets'>;

/** A stored CC e-mail whose expiry date has passed is not shown (nor copied to) any more. */
function liveCc(row: ProfileRow, today: string): { cc: string; expiry: string } {
  const expiry = row.profile?.ccExpiryDate ?? '';
  const cc = row.profile?.ccEmail ?? '';
  return cc && expiry >= today ? { cc, expiry } : { cc: '', expiry: '' };
}

function viewOf(row: ProfileRow, secondary: string | null, today: string): ProfileView {
  const u = row.user;
  const p = row.profile;
  const cc = liveCc(row, today);
  const type = (COMMUNICATION_TYPES as readonly string[]).includes(p?.communicationType ?? '')
    ? (p!.communicationType as CommunicationType)
    : 'Email';
  return {
    user_id: u.id,
    email: u.username,
    role: u.role,
    status: u.status,
    center_id: u.centerId,
    first_name: u.firstName,
    middle_name: u.middleName,
    last_name: u.lastName,
    contact_no: u.contactNo,
    country_code: u.countryCode,
    mobile_verified_user: u.mobileVerifiedAt !== null,
    country: u.country,
    state: p?.state ?? '',
    city: p?.city ?? '',
    address: p?.address ?? '',
    address2: p?.address2 ?? '',
    zipcode: p?.zipcode ?? '',
    communication_type: type,
    is_email_notification: u.emailNotifications,
    is_text_notification: u.receiveTextNotification,
    is_message: p?.isMessage ?? true,
    cc_email: cc.cc,
    cc_expiry_date: cc.expiry,
    searching_for: p?.searchingFor ?? '',
    voicemail: p?.voicemail ?? false,
    working_with_clinic: p?.workingWithClinic ?? false,
    clinic_detail: p?.clinicDetail ?? '',
    working_with_agency: p?.workingWithAgency ?? false,
    sperm_source: p?.spermSource ?? '',
    referral_detail: p?.referralDetail ?? '',
    referral_other: p?.referralOther ?? '',
    receive_education_email: p?.receiveEducationEmail ?? false,
    secondary_parent_email: secondary,
    texts_available: row.textsAvailable,
  };
}

/**
 * GET getuserbyuserid/{id} (no id: one's own): one's own profile, or a user of the caller's
 * center for its staff (the master: any center). A staff read is audited.
 */
export async function getProfile(deps: Deps, auth: Auth, userId: number | undefined): Promise<ProfileView> {
  const id = userId ?? auth.userId;
  const row = await findProfile(deps.db, id);
  if (!row) throw notFound();
  const access = profileReadAccess(auth, { userId: id, role: row.user.role, centerId: row.user.centerId });
  if (access === 'forbidden') throw forbidden();
  if (access === 'unseen') throw notFound();
  if (access === 'staff')
    await audit(deps.db, auth, {
      action: 'profile_read',
      entityType: 'user',
      entityId: id,
      centerId: row.user.centerId,
    });
  const secondary = row.user.parentId === null ? await secondaryParentEmail(deps.db, id) : null;
  return viewOf(row, secondary, isoDate(deps.clock.now()));
}

/** Countries whose zip codes are in zip_codes: there a zip must be a known one. */
const LOOKED_UP_COUNTRIES = new Set(['US', 'CA']);

/**
 * POST updateprofileuserdetails: the caller's own profile. Mandatory fields and the zip's format
 * are the shared schema's; a US or Canadian zip must be known; the notification preferences must
 * pass the shared rule (notificationPrefsRefusal) against the center's texts and the number's
 * verification. The contact number and the e-mail change through their own verified calls.
 */
export async function updateProfile(deps: Deps, auth: Auth, body: ProfileInput): Promise<ProfileView> {
  const today = isoDate(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const row = await findProfile(tx, auth.userId);
    if (!row || !canEditProfile(auth, row.user.id)) throw notFound();
    const iso = await countryIsoOf(tx, body.country);
    if (iso && LOOKED_UP_COUNTRIES.has(iso)) {
      const zip = body.zipcode.toUpperCase();
      if (!(await findZip(tx, iso, zipKey(iso, zip))))
        throw badRequest(MSG.INVALID_ZIP, { field: 'zipcode' });
    }
    const refusal = notificationPrefsRefusal(prefsOf(body), {
      textsAvailable: row.textsAvailable,
      numberVerified: row.user.mobileVerifiedAt !== null,
      ownEmail: row.user.username,
      today,
    });
    if (refusal) throw badRequest(refusal);
    const now = deps.clock.now();
    await updateUserFields(tx, auth.userId, {
      firstName: body.first_name,
      middleName: body.middle_name,
      lastName: body.last_name,
      country: body.country,
      emailNotifications: body.is_email_notification,
      receiveTextNotification: body.is_text_notification,
      updatedAt: now,
    });
    const cc = body.cc_email.trim();
    await upsertProfile(tx, auth.userId, {
      state: body.state,
      city: body.city,
      address: body.address,
      address2: body.address2,
      zipcode: body.zipcode,
      communicationType: body.communication_type,
      isMessage: body.is_message,
      ccEmail: cc,
      ccExpiryDate: cc ? body.cc_expiry_date : null,
      searchingFor: body.searching_for,
      voicemail: body.voicemail,
      workingWithClinic: body.working_with_clinic,
      clinicDetail: body.working_with_clinic ? body.clinic_detail : '',
      workingWithAgency: body.working_with_agency,
      spermSource: body.sperm_source,
      referralDetail: body.referral_detail,
      referralOther: body.referral_other,
      receiveEducationEmail: body.receive_education_email,
      updatedAt: now,
    });
    await audit(tx, auth, {
      action: 'profile_update',
      entityType: 'user',
      entityId: auth.userId,
      centerId: row.user.centerId,
    });
  });
  return getProfile(deps, auth, auth.userId);
}

// --- contact number change (signed in) ---

const plusCode = (code: string) => (code.startsWith('+') ? code : `+${code}`);

/**
 * POST profile/sendotpcontact: a solved captcha, a number other than the current verified one,
 * then the one-time code of the texts module (senderOf: the caller's agency, or the main one).
 */
export async function sendContactCode(
  deps: Deps,
  auth: Auth,
  body: { contactno: string; country_code: string; captcha?: string | undefined },
  ip: string,
): Promise<OtpSent> {
  const row = await findProfile(deps.db, auth.userId);
  if (!row) throw notFound();
  const current = row.user.contactNo ? e164(row.user.countryCode, row.user.contactNo) : null;
  const same = current !== null && phoneOf(body) === current;
  if (same && row.user.mobileVerifiedAt !== null) throw badRequest(PROFILE_MSG.SAME_CONTACT);
  if (!body.captcha) throw badRequest(MSG.CAPTCHA_REQUIRED);
  if (!(await verifyCaptcha(deps.db, deps.config, deps.clock, body.captcha)))
    throw badRequest(MSG.CAPTCHA_INVALID);
  return sendCode(
    deps,
    { contactno: body.contactno, country_code: body.country_code, center_id: senderOf(row, auth) },
    ip,
  );
}

/**
 * The agency whose number texts the code: the caller's when it sends texts, else the main
 * agency's (as at sign-up), so a user of an agency without texts can still verify a new number.
 */
const senderOf = (row: ProfileRow, auth: Auth) => (row.textsAvailable ? auth.centerId : CENTER_ID.MAIN);

/** POST profile/resendmoileotp: another code to the same number (the texts module's 30 s wait). */
export async function resendContactCode(
  deps: Deps,
  auth: Auth,
  body: { contactno: string; country_code: string },
  ip: string,
): Promise<OtpSent> {
  const row = await findProfile(deps.db, auth.userId);
  if (!row) throw notFound();
  return sendCode(deps, { ...body, center_id: senderOf(row, auth) }, ip);
}

/** POST profile/verifycontact: the code makes the number the caller's, verified now. */
export async function verifyContact(
  deps: Deps,
  auth: Auth,
  body: { contactno: string; country_code: string; otp: string },
): Promise<ProfileView> {
  const refusal = await deps.db.transaction(async (tx): Promise<AppError | null> => {
    await lockUser(tx, auth.userId);
    const used = await verifyAndUseCode(tx, deps, body, body.otp);
    if ('refusal' in used) return used.refusal;
    await updateUserFields(tx, auth.userId, {
      contactNo: body.contactno,
      countryCode: plusCode(body.country_code),
      mobileVerifiedAt: used.verifiedAt,
      updatedAt: used.verifiedAt,
    });
    await audit(tx, auth, { action: 'contact_verified', entityType: 'user', entityId: auth.userId });
    return null;
  });
  if (refusal) throw refusal;
  return getProfile(deps, auth, auth.userId);
}

// --- e-mail change (decision 015) ---

/** The mailed code is kept as an HMAC under the app secret, bound to the user and address. */
const EMAIL_CODE_PURPOSE = 'email-code';
const emailCodeValue = (userId: number, email: string, code: string) => `${userId}:${email}:${code}`;

/**
 * POST sendverificationcode/ and resendverificationcode/: a 6-digit code and a link to the NEW
 * address; the username stays until one of them comes back. The answer is the same whether the
 * address belongs to another account (decision 004): that is only refused at verification, by
 * someone who then holds that mailbox anyway. One send per 30 s; a new send ends the older one.
 */
export async function sendEmailCode(
  deps: Deps,
  auth: Auth,
  body: { newEmail: string; fullName: string },
): Promise<EmailCodeSent> {
  const now = deps.clock.now();
  const wait = await deps.db.transaction(async (tx): Promise<AppError | null> => {
    await lockUser(tx, auth.userId);
    const row = await findProfile(tx, auth.userId);
    if (!row) throw notFound();
    if (row.user.username.toLowerCase() === body.newEmail) throw badRequest(PROFILE_MSG.EMAIL_SAME);
    const last = await lastEmailChangeSentAt(tx, auth.userId);
    const left = last ? last.getTime() + EMAIL_CHANGE_RESEND_SECONDS * 1000 - now.getTime() : 0;
    if (left > 0)
      return tooManyRequests(
        PROFILE_MSG.EMAIL_RESEND_WAIT.replace('{seconds}', String(Math.ceil(left / 1000))),
      );
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const token = newToken();
    await closeEmailChanges(tx, auth.userId, now);
    await insertEmailChange(tx, {
      userId: auth.userId,
      newEmail: body.newEmail,
      codeHash: deps.secrets.sign(EMAIL_CODE_PURPOSE, emailCodeValue(auth.userId, body.newEmail, code)),
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    const name = body.fullName || `${row.user.firstName} ${row.user.lastName}`.trim() || body.newEmail;
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: row.user.centerId,
      emailTypeId: EMAIL_TYPE.EMAIL_CHANGE_VERIFICATION,
      to: body.newEmail,
      vars: {
        recipient: name,
        code,
        link: `${deps.config.publicUrl}/#/verifyuser/${token}/${encodeURIComponent(body.newEmail)}`,
      },
    });
    await audit(tx, auth, { action: 'email_change_requested', entityType: 'user', entityId: auth.userId });
    return null;
  });
  if (wait) throw wait;
  return { resendAfterSeconds: EMAIL_CHANGE_RESEND_SECONDS, expiresInSeconds: EMAIL_CHANGE_TTL_SECONDS };
}

/**
 * POST verifyverificationcode/ {newEmail, verificationCode, isUrl}: the code from the mail, or
 * the link's token (isUrl), for the caller's newest pending change to that address, within 30
 * minutes and 5 wrong tries; then the username becomes the new address unless another account
 * took it meanwhile. Every failure answers the spec's one message.
 */
export async function verifyEmailCode(
  deps: Deps,
  auth: Auth,
  body: { newEmail: string; verificationCode: string; isUrl: boolean },
): Promise<null> {
  const now = deps.clock.now();
  const failed = badRequest(PROFILE_MSG.EMAIL_NOT_VERIFIED);
  const outcome = await deps.db.transaction(async (tx): Promise<AppError | null> => {
    await lockUser(tx, auth.userId);
    const change = await newestEmailChange(tx, auth.userId);
    if (!change || change.newEmail !== body.newEmail) return failed;
    if (change.expiresAt <= now || change.tries >= EMAIL_CHANGE_MAX_TRIES) return failed;
    // The link's token is random (256 bits), so its stored SHA-256 is compared as the session's is.
    const matches = body.isUrl
      ? hashToken(body.verificationCode) === change.tokenHash
      : deps.secrets.verifySigned(
          EMAIL_CODE_PURPOSE,
          emailCodeValue(auth.userId, body.newEmail, body.verificationCode),
          change.codeHash,
        );
    if (!matches) {
      await updateEmailChange(tx, change.id, { tries: change.tries + 1 });
      return failed;
    }
    await closeEmailChanges(tx, auth.userId, now);
    if (await usernameTaken(tx, body.newEmail, auth.userId)) return failed;
    await updateUserFields(tx, auth.userId, { username: body.newEmail, updatedAt: now });
    await audit(tx, auth, { action: 'email_changed', entityType: 'user', entityId: auth.userId });
    return null;
  });
  if (outcome) throw outcome;
  return null;
}
