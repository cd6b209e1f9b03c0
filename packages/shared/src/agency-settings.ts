import { z } from 'zod';
import { MSG } from './messages.js';
import { idSchema } from './validation.js';

/**
 * Agency settings (/generalconfiguration) and fee options (/feeandpayment), decision
 * 018. Every switch is a key of the center's settings; the master admin names the agency
 * (`center_id`), an agency admin changes her own.
 */

export const MSG_SETTINGS = {
  SAVED: MSG.CHANGES_SAVED,
  PORTFOLIO_COUNT: 'Portfolio donor count must be greater than 1.',
  PORTFOLIO_COUNT_MAX: 'Portfolio donor count must be at most 500.',
  NOT_A_MANAGER: 'Please choose a case manager of this agency.',
  TWILIO_NUMBER: 'Please enter the Twilio number in international form, e.g. +15551234567.',
  TWILIO_SID: 'The account SID is AC followed by 32 letters and digits.',
  TWILIO_TOKEN: 'The auth token is 32 letters and digits.',
  TWILIO_TOKEN_REQUIRED: 'Please enter the auth token.',
  TWILIO_SID_REQUIRED: 'Please enter the account SID.',
  TWILIO_SAVED: 'The agency phone settings were saved.',
  REQUEST_REASON: 'Please say why the number should change.',
  REQUEST_PENDING: 'A number change request is already waiting for the master admin.',
  REQUEST_SENT: 'Your request was sent to the master admin.',
  OPTION_EXISTS: 'Option already exists.',
  OPTION_REQUIRED: 'Please fill option first',
  OPTION_LONG: 'An option is at most 100 characters.',
  COMMENT_LONG: 'A comment is at most 500 characters.',
  OPTION_SAVED: 'Fee option saved.',
  OPTION_REMOVED: 'Fee option removed.',
} as const;

/** The spec's upper bound is not given; 500 keeps a portfolio something a person can review. */
export const PORTFOLIO_DONOR_COUNT_MAX = 500;
export const FEE_OPTION_MAX = 100;
export const FEE_COMMENT_MAX = 500;

/** Two options are the same when they differ only in case and spaces ("$10,000" = "$ 10,000"). */
export const feeOptionKey = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

/**
 * The amount a fee answer names, for the donor's compensation: "$10,000", "10000" or
 * "10,000.00" name 10000; anything else ("Negotiable", a range) names none.
 */
export function feeAmount(text: string | null | undefined): number | null {
  const m = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?\s*$/.exec(text ?? '');
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  return Number.isSafeInteger(n) && n <= 1_000_000 ? n : null;
}

// --- requests -------------------------------------------------------------------------------

const centerId = idSchema().optional();
const flag = z.boolean({ error: MSG.MANDATORY_TEMPLATE });

/** ?center_id=: the master admin names the agency; an agency admin may leave it out. */
export const settingsCenterQuery = z.object({ center_id: centerId });

/** firstnamevisibility, textmessagestoggle, donortypevisibility and ipformtoggle: {status, center_id}. */
export const settingToggleBody = z.object({ status: flag, center_id: centerId });
export const donorDetailsAccessBody = z.object({ donorDetailsVisible: flag, center_id: centerId });
export const compensationVisibilityBody = z.object({ is_compensation_visible: flag, center_id: centerId });

export const defaultManagerBody = z.object({
  /** null: no default case manager. */
  default_case_manager_id: idSchema().nullable(),
  center_id: centerId,
});

export const portfolioDonorCountBody = z.object({
  portfolio_donor_count: z.coerce
    .number({ error: MSG_SETTINGS.PORTFOLIO_COUNT })
    .int(MSG_SETTINGS.PORTFOLIO_COUNT)
    .gt(1, MSG_SETTINGS.PORTFOLIO_COUNT)
    .max(PORTFOLIO_DONOR_COUNT_MAX, MSG_SETTINGS.PORTFOLIO_COUNT_MAX),
  center_id: centerId,
});
export type PortfolioDonorCountInput = z.input<typeof portfolioDonorCountBody>;

const optionalText = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || pattern.test(v), message);

/**
 * POST updateagencytwiliophonenumber: the master admin sets an agency's number and account. A
 * blank SID or token keeps the stored one (neither is sent back in clear, so the form cannot
 * show them); the first time both are needed.
 */
export const twilioSettingsBody = z.object({
  twilioPhoneNumber: z
    .string({ error: MSG_SETTINGS.TWILIO_NUMBER })
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, MSG_SETTINGS.TWILIO_NUMBER),
  twilioAccountSid: optionalText(/^AC[0-9a-fA-F]{32}$/, MSG_SETTINGS.TWILIO_SID),
  twilioAuthToken: optionalText(/^[0-9a-zA-Z]{32}$/, MSG_SETTINGS.TWILIO_TOKEN),
  center_id: centerId,
});
export type TwilioSettingsInput = z.input<typeof twilioSettingsBody>;

/** POST agencyrequestfortwilionumberchange: an agency admin asks the master admin for a change. */
export const twilioChangeRequestBody = z.object({
  requestedNumber: optionalText(/^\+[1-9]\d{6,14}$/, MSG_SETTINGS.TWILIO_NUMBER),
  reason: z
    .string({ error: MSG_SETTINGS.REQUEST_REASON })
    .trim()
    .min(1, MSG_SETTINGS.REQUEST_REASON)
    .max(1000, 'The reason is at most 1000 characters.'),
});
export type TwilioChangeRequestInput = z.input<typeof twilioChangeRequestBody>;

/**
 * POST savefeeoption {newOption, newOptionComment}: an option of the agency's own, or (the
 * master admin, `global`) one every agency offers.
 */
export const saveFeeOptionBody = z.object({
  newOption: z
    .string({ error: MSG_SETTINGS.OPTION_REQUIRED })
    .trim()
    .min(1, MSG_SETTINGS.OPTION_REQUIRED)
    .max(FEE_OPTION_MAX, MSG_SETTINGS.OPTION_LONG),
  newOptionComment: z.string().trim().max(FEE_COMMENT_MAX, MSG_SETTINGS.COMMENT_LONG).default(''),
  center_id: centerId,
  global: z.boolean().default(false),
});
export type SaveFeeOptionInput = z.input<typeof saveFeeOptionBody>;

/** POST removefeeoption {option_id, center_id}: center_id null (or left out) for a global option. */
export const removeFeeOptionBody = z.object({
  option_id: idSchema(),
  center_id: idSchema().nullish(),
});

// --- answers --------------------------------------------------------------------------------

// The serializer writes these field by field: nothing else leaves (never a token).

/** GET getagencyaccessdetails: every switch of the general configuration screen. */
export const agencyAccessDetails = z.object({
  centerId: z.number(),
  centerName: z.string(),
  isFirstNameVisible: z.boolean(),
  ipFormVisible: z.boolean(),
  receiveTextMessages: z.boolean(),
  canPreactiveIpAccessDonorDetail: z.boolean(),
  isDonorTypeVisible: z.boolean(),
  isCompensationVisible: z.boolean(),
  portfolioDonorCount: z.number(),
  defaultCaseManagerId: z.number().nullable(),
  /** Whether Pre-Active parents may sign in at all (the agency's pre-active access). */
  preActiveAccess: z.boolean(),
});
export type AgencyAccessDetails = z.output<typeof agencyAccessDetails>;

/** A case manager the default may be (GET getagencymanagerdetails). */
export const agencyManager = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
});
export type AgencyManager = z.output<typeof agencyManager>;

export const agencyDefaultManager = z.object({
  defaultCaseManagerId: z.number().nullable(),
  name: z.string().nullable(),
});
export type AgencyDefaultManager = z.output<typeof agencyDefaultManager>;

/** GET getagencytwilionumber: never the token, and the SID only by its last 4 characters. */
export const agencyTwilio = z.object({
  centerId: z.number(),
  twilioPhoneNumber: z.string().nullable(),
  /** "AC…1a2b", null when no SID is set. */
  accountSidHint: z.string().nullable(),
  authTokenSet: z.boolean(),
  pendingRequest: z
    .object({
      id: z.number(),
      requestedNumber: z.string().nullable(),
      reason: z.string(),
      requestedByName: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type AgencyTwilio = z.output<typeof agencyTwilio>;

export const feeOption = z.object({
  option_id: z.number(),
  options: z.string(),
  /** null: a global option every agency offers. */
  center_id: z.number().nullable(),
  comment: z.string(),
});
export type FeeOption = z.output<typeof feeOption>;

/** GET getfeeoptions: the agency's own options and the global ones, and its compensation switch. */
export const feeOptions = z.object({
  centerId: z.number(),
  isCompensationVisible: z.boolean(),
  options: z.array(feeOption),
});
export type FeeOptions = z.output<typeof feeOptions>;

/** The shown part of a SID: its prefix and last 4 characters. */
export const accountSidHint = (sid: string | null): string | null =>
  sid ? `${sid.slice(0, 2)}…${sid.slice(-4)}` : null;
