import { z } from 'zod';
import { MSG } from './messages.js';
import { contactNo, countryCode, OTP_LENGTH } from './texts.js';
import { emailSchema, idSchema } from './validation.js';

/**
 * The profile's "My account" tab (donor-forms spec: Profile entity, validation "IP form
 * and profile", messages "Profile and notifications"). The form and the server judge input with
 * these same schemas and the one preference rule below.
 */

/** Messages of the profile screens; the spec's wording (and spelling) where the spec has one. */
export const PROFILE_MSG = {
  MANDATORY: MSG.MANDATORY,
  ONE_OFF_AT_A_TIME: 'You can only turn OFF one notification at a time either Email or Text Message.',
  VERIFY_CONTACT_FIRST: MSG.VERIFY_CONTACT_FIRST,
  SAME_CONTACT: 'Contact number is same as current contact number.',
  ENTER_CODE: MSG.ENTER_VERIFICATION_CODE,
  EMAIL_NEEDED_WITHOUT_TEXTS:
    'E-mail notifications cannot be turned off because your agency does not send text messages.',
  TEXTS_NOT_OFFERED: MSG.TEXTS_NOT_OFFERED,
  CC_NEEDS_EMAIL: 'Please turn on e-mail notifications to add a CC e-mail.',
  CC_EXPIRY_REQUIRED: 'Please enter the expiry date of the CC e-mail.',
  CC_EXPIRY_PAST: 'The expiry date of the CC e-mail must not be in the past.',
  CC_SAME_AS_EMAIL: 'The CC e-mail must be different from your own e-mail.',
  CC_REMOVE_CONFIRM:
    'Turning off e-mail notifications removes your CC e-mail, who will stop receiving copies. Continue?',
  PROFILE_UPDATED: 'Profile updated successfully.',
  CONTACT_UPDATED: 'Contact number updated successfully.',
  EMAIL_CODE_SENT: 'A verification code has been sent to the new e-mail address.',
  EMAIL_SAME: 'New e-mail is same as current e-mail.',
  EMAIL_VERIFIED: 'E-mail verified successfully.',
  EMAIL_NOT_VERIFIED: "E-mail doesn't verfied successfully.",
  EMAIL_RESEND_WAIT: 'Please wait {seconds} seconds before requesting another code.',
} as const;

export const COMMUNICATION_TYPES = ['Cell', 'Email', 'Both'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

/** How long an e-mail change's code and link stay good, and the wait between sends. */
export const EMAIL_CHANGE_TTL_SECONDS = 30 * 60;
export const EMAIL_CHANGE_RESEND_SECONDS = 30;
export const EMAIL_CHANGE_MAX_TRIES = 5;

// --- the communication-preference rule: ONE function for the form and the server ---

/** The preferences a user asks for. ccExpiry is a yyyy-mm-dd date or ''. */
export interface NotificationPrefs {
  email: boolean;
  text: boolean;
  ccEmail: string;
  ccExpiry: string;
}

/** What the rule reads besides the preferences. `today` is yyyy-mm-dd in the user's calendar. */
export interface NotificationContext {
  /** The agency sends text messages (center setting receive_text_messages). */
  textsAvailable: boolean;
  /** The user's contact number is verified (mobile_verified_at). */
  numberVerified: boolean;
  /** The user's own e-mail (a CC to oneself is refused). */
  ownEmail: string;
  today: string;
}

/**
 * Why these preferences cannot be saved, or null when they can: e-mail cannot be off when the
 * agency sends no texts; never both e-mail and text off; text needs texts offered and a verified
 * number; a CC e-mail needs e-mail on and an expiry date not in the past.
 */
export function notificationPrefsRefusal(p: NotificationPrefs, ctx: NotificationContext): string | null {
  if (!p.email && !ctx.textsAvailable) return PROFILE_MSG.EMAIL_NEEDED_WITHOUT_TEXTS;
  if (!p.email && !p.text) return PROFILE_MSG.ONE_OFF_AT_A_TIME;
  if (p.text && !ctx.textsAvailable) return PROFILE_MSG.TEXTS_NOT_OFFERED;
  if (p.text && !ctx.numberVerified) return PROFILE_MSG.VERIFY_CONTACT_FIRST;
  const cc = p.ccEmail.trim();
  if (cc !== '') {
    if (!p.email) return PROFILE_MSG.CC_NEEDS_EMAIL;
    if (cc.toLowerCase() === ctx.ownEmail.trim().toLowerCase()) return PROFILE_MSG.CC_SAME_AS_EMAIL;
    if (p.ccExpiry === '') return PROFILE_MSG.CC_EXPIRY_REQUIRED;
    if (p.ccExpiry < ctx.today) return PROFILE_MSG.CC_EXPIRY_PAST;
  }
  return null;
}

/** Turning e-mail off while a CC e-mail is set: the form asks first, then clears the CC. */
export const emailOffNeedsConfirmation = (before: NotificationPrefs, after: NotificationPrefs): boolean =>
  before.email && !after.email && after.ccEmail.trim() !== '';

/** The preferences after the user confirmed turning e-mail off: the CC goes with it. */
export const withoutCc = (p: NotificationPrefs): NotificationPrefs => ({ ...p, ccEmail: '', ccExpiry: '' });

/** Today as yyyy-mm-dd in the local calendar (the form) or UTC (the server passes its clock). */
export const isoDate = (d: Date, utc = true): string => {
  const y = utc ? d.getUTCFullYear() : d.getFullYear();
  const m = (utc ? d.getUTCMonth() : d.getMonth()) + 1;
  const day = utc ? d.getUTCDate() : d.getDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

// --- the profile body ---

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default('');
const required = (max: number) =>
  z.string(MSG.MANDATORY).trim().min(1, MSG.MANDATORY).max(max, MSG.MANDATORY);
const US_NAMES = new Set(['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** Whether a zip has its country's format (US: 5 digits; other countries: the lookup decides). */
export function zipFormatOk(country: string, zip: string): boolean {
  if (US_NAMES.has(country.trim().toUpperCase())) return /^\d{5}$/.test(zip.trim());
  return zip.trim().length > 0 && zip.trim().length <= 10;
}

const isoDay = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is invalid.')]);

/** POST updateprofileuserdetails: every field of My account (contact number and e-mail change apart). */
export const profileBody = z
  .object({
    first_name: required(100),
    middle_name: text(100),
    last_name: required(100),
    country: required(100),
    state: required(100),
    city: required(100),
    address: required(200),
    address2: text(200),
    zipcode: required(10),
    communication_type: z.enum(COMMUNICATION_TYPES, MSG.MANDATORY),
    is_email_notification: z.boolean().default(true),
    is_text_notification: z.boolean().default(false),
    is_message: z.boolean().default(true),
    cc_email: z.union([z.literal(''), emailSchema]).default(''),
    cc_expiry_date: isoDay.default(''),
    searching_for: text(200),
    voicemail: z.boolean().default(false),
    working_with_clinic: z.boolean().default(false),
    clinic_detail: text(500),
    working_with_agency: z.boolean().default(false),
    sperm_source: text(200),
    referral_detail: text(200),
    referral_other: text(500),
    receive_education_email: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!zipFormatOk(v.country, v.zipcode))
      ctx.addIssue({ code: 'custom', path: ['zipcode'], message: MSG.INVALID_ZIP });
  });
export type ProfileBody = z.input<typeof profileBody>;
export type ProfileInput = z.output<typeof profileBody>;

/** The preferences a profile body asks for. */
export const prefsOf = (b: {
  is_email_notification: boolean;
  is_text_notification: boolean;
  cc_email: string;
  cc_expiry_date: string;
}): NotificationPrefs => ({
  email: b.is_email_notification,
  text: b.is_text_notification,
  ccEmail: b.cc_email,
  ccExpiry: b.cc_expiry_date,
});

/** GET getuserbyuserid/{id} */
export const profileIdParams = z.object({ id: idSchema({ label: 'User' }) });

/** GET getuserbyuserid/{id}: a user's profile (own, or staff of the user's center). */
export const profileView = z.object({
  user_id: z.number(),
  email: z.string(),
  role: z.number(),
  status: z.string(),
  center_id: z.number(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  contact_no: z.string(),
  country_code: z.string(),
  mobile_verified_user: z.boolean(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  address2: z.string(),
  zipcode: z.string(),
  communication_type: z.enum(COMMUNICATION_TYPES),
  is_email_notification: z.boolean(),
  is_text_notification: z.boolean(),
  is_message: z.boolean(),
  cc_email: z.string(),
  cc_expiry_date: z.string(),
  searching_for: z.string(),
  voicemail: z.boolean(),
  working_with_clinic: z.boolean(),
  clinic_detail: z.string(),
  working_with_agency: z.boolean(),
  sperm_source: z.string(),
  referral_detail: z.string(),
  referral_other: z.string(),
  receive_education_email: z.boolean(),
  secondary_parent_email: z.string().nullable(),
  /** The agency sends text messages (the preference rule reads it). */
  texts_available: z.boolean(),
});
export type ProfileView = z.output<typeof profileView>;

// --- contact number change (signed in) ---

/** POST profile/sendotpcontact: a solved captcha first, then the code is texted. */
export const profileSendOtpBody = z.object({
  contactno: contactNo,
  country_code: countryCode,
  captcha: z.string().max(20_000).optional(),
});
export type ProfileSendOtpBody = z.input<typeof profileSendOtpBody>;

/** POST profile/resendmoileotp (30 s after a send). */
export const profileResendOtpBody = z.object({ contactno: contactNo, country_code: countryCode });

/** POST profile/verifycontact: the code changes the number and marks it verified. */
export const profileVerifyContactBody = z.object({
  contactno: contactNo,
  country_code: countryCode,
  otp: z
    .string({ error: PROFILE_MSG.ENTER_CODE })
    .trim()
    .min(1, PROFILE_MSG.ENTER_CODE)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.OTP_INVALID),
});
export type ProfileVerifyContactBody = z.input<typeof profileVerifyContactBody>;

// --- e-mail change ---

const newEmail = z.string(MSG.INVALID_EMAIL).trim().min(1, MSG.INVALID_EMAIL).pipe(emailSchema);

/** POST sendverificationcode/ and resendverificationcode/ {newEmail, fullName}. */
export const sendEmailCodeBody = z.object({
  newEmail,
  fullName: z.string().trim().max(200).default(''),
});
export type SendEmailCodeBody = z.input<typeof sendEmailCodeBody>;

/** POST verifyverificationcode/ {newEmail, verificationCode, isUrl}: the code, or the link's token. */
export const verifyEmailCodeBody = z.object({
  newEmail,
  verificationCode: z
    .string({ error: PROFILE_MSG.ENTER_CODE })
    .trim()
    .min(1, PROFILE_MSG.ENTER_CODE)
    .max(200, PROFILE_MSG.EMAIL_NOT_VERIFIED),
  isUrl: z.boolean().default(false),
});
export type VerifyEmailCodeBody = z.input<typeof verifyEmailCodeBody>;

export const emailCodeSent = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type EmailCodeSent = z.output<typeof emailCodeSent>;
