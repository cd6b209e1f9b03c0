import { z } from 'zod';
import { EMAIL_SUBJECT_LIMIT, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import { humanizeField } from './issues.js';
import { MSG } from './messages.js';
import { ROLE } from './roles.js';

/** The largest key of a `serial` row (PostgreSQL's integer): the database refuses a larger one. */
export const MAX_ROW_ID = 2_147_483_647;

export interface IdOptions {
  /** The field's name in the messages; by default its own, e.g. "Center id" for center_id. */
  label?: string;
  /** One message for every refusal instead (the spec's wording, e.g. "Please select a manager"). */
  message?: string;
  /** A `bigserial` row's key goes up to Number.MAX_SAFE_INTEGER. */
  max?: number;
  /** 0 is taken too: it names no row but "all of them" (a center filter) or "none" (the spec's path). */
  orZero?: boolean;
}

/**
 * The id of a stored row (a user, donor, center, portfolio, ...) in any request: a whole number
 * from 1 to the key's largest, as a JSON number or, from a path, a query string or a form, as
 * its digits. Anything else (1e308, 1.5, -1, 0, 2**53, "1e3", " 5") answers "<label> is
 * invalid." ("<label> is required." when missing): a number past the column's range would
 * otherwise reach the query and fail there as a server error. One issue per field (abort).
 */
export function idSchema({ label, message, max = MAX_ROW_ID, orZero = false }: IdOptions = {}) {
  const error = (issue: z.core.$ZodRawIssue) => {
    if (message) return message;
    const name = label ?? humanizeField(issue.path ?? []);
    return issue.input === undefined ? `${name} is required.` : `${name} is invalid.`;
  };
  const whole = z.number({ error }).int({ error, abort: true });
  return z.preprocess(
    (value: number | string) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    (orZero ? whole.min(0, { error, abort: true }) : whole.positive({ error, abort: true })).max(max, {
      error,
    }),
  );
}

/** Letters, digits and ! @ $ % ^ & * only; one upper, one lower, one digit; 8-60 long. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d!@$%^&*]+$/;

export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && PASSWORD_PATTERN.test(password)
  );
}

export const passwordSchema = z.string().refine(isValidPassword, { message: MSG.PASSWORD_RULE });
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MSG.INVALID_EMAIL }));

/** Digits only, at most 10; shown as (123) 456-7890. */
export const contactNoSchema = z.string().regex(/^\d{0,10}$/, 'Contact number must be at most 10 digits.');

export function formatContactNo(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export const loginBody = z.object({
  // Capped: a 1 MB user name reached the login_attempts index and answered 500.
  username: z.string().trim().min(1, MSG.LOGIN_REQUIRED).max(254),
  password: z.string().min(1, MSG.LOGIN_REQUIRED).max(200),
  /** The solved captcha payload when the server asked for one. */
  captcha: z.string().optional(),
  /**
   * Scripts that authenticate with the x-access-token header ask for the session token in the
   * answer; the browser leaves this out and keeps the session in the httpOnly cookie only.
   */
  issueToken: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const resetRequestBody = z.object({ username: emailSchema });

/** POST invitedonor: a visitor asks for a new sign-up link for her invitation (decision 008). */
export const signupLinkBody = z.object({
  username: emailSchema,
  user_type: z.coerce
    .number()
    .refine((v) => v === ROLE.DONOR || v === ROLE.CLIENT, MSG.SIGNUP_LINK_USER_TYPE),
  referrer: z.string().max(200).optional(),
  tulip_ip_attempted_premium_url: z.string().max(500).optional(),
});
export type SignupLinkBody = z.infer<typeof signupLinkBody>;

export const updatePasswordBody = z
  .object({
    email: emailSchema,
    passtoken: z.string().min(10, MSG.INVALID_LINK),
    password: passwordSchema,
    cpassword: z.string(),
  })
  .refine((v) => v.password === v.cpassword, { message: MSG.PASSWORD_MISMATCH, path: ['cpassword'] });

export const nameSchema = (label: string) =>
  z.string().trim().min(1, `Please enter ${label}`).max(100, `${label} is too long.`);

/** Self sign-up of clients and donors (/userregister/{usertype}/{referrer?}). */
export const registerBody = z
  .object({
    userType: z.union([z.literal(2), z.literal(9)]),
    username: emailSchema,
    firstname: nameSchema('First Name'),
    middlename: z.string().trim().max(100).optional().default(''),
    lastname: nameSchema('Last Name'),
    contactno: contactNoSchema.optional().default(''),
    countryCode: z.string().max(6).optional().default('+1'),
    country: z.string().trim().min(1, 'Please enter Country'),
    password: passwordSchema,
    password_c: z.string(),
    referrer: z.string().max(200).optional(),
    centerId: idSchema().optional(),
    /** Text notifications chosen: the number must have been verified with `otp`. */
    receive_text_notification: z.boolean().optional().default(false),
    otp: z.string().trim().max(10).optional(),
  })
  .refine((v) => v.password === v.password_c, { message: MSG.PASSWORD_MISMATCH, path: ['password_c'] })
  .refine((v) => !v.receive_text_notification || v.contactno !== '', {
    message: MSG.FILL_CONTACT_NUMBER,
    path: ['contactno'],
  })
  .refine((v) => !v.receive_text_notification || !!v.otp, {
    message: MSG.ENTER_VERIFICATION_CODE,
    path: ['otp'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

/** Accepting an invitation (/signup/{token}). */
export const signupTokenBody = z
  .object({
    token: z.string().min(10, MSG.INVALID_LINK),
    firstname: nameSchema('First Name'),
    middlename: z.string().trim().max(100).optional().default(''),
    lastname: nameSchema('Last Name'),
    contactno: contactNoSchema.optional().default(''),
    password: passwordSchema,
    password_c: z.string(),
  })
  .refine((v) => v.password === v.password_c, { message: MSG.PASSWORD_MISMATCH, path: ['password_c'] });
export type SignupTokenBody = z.infer<typeof signupTokenBody>;

/** E-mail template placeholders; which ones an e-mail type offers is stored with the type. */
export const RECIPIENT_PLACEHOLDER = '{recipient}';
export const ORGANIZATION_PLACEHOLDER = '{organization}';
const PLACEHOLDER_RE = /\{[a-z_]+\}/g;

export function signatureIsValid(signature: string): boolean {
  const found = signature.match(PLACEHOLDER_RE) ?? [];
  return found.length === 1 && found[0] === ORGANIZATION_PLACEHOLDER;
}

/** Per-center SMTP connection (the "connection info" of the test-connection screen). */
export const smtpConnectionBody = z.object({
  host: z.string().trim().min(1, 'Please enter Host'),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean().default(false),
  username: z.string().trim().max(200).default(''),
  /** Empty keeps the stored password. */
  password: z.string().max(500).default(''),
  fromEmail: emailSchema,
  fromName: z.string().trim().max(200).default(''),
});
export type SmtpConnectionBody = z.infer<typeof smtpConnectionBody>;

const PLACEHOLDER_TOKEN_RE = /\{[a-z_]+\}/g;

/** The distinct {placeholders} a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set(text.match(PLACEHOLDER_TOKEN_RE) ?? [])];
}

/**
 * The spec's message when a template uses placeholders its e-mail type does not offer
 * (they would reach the recipient unfilled), or null when all are offered.
 */
export function unofferedPlaceholderMessage(
  template: { subject: string; definition: string; signature: string },
  offered: readonly string[],
): string | null {
  const unknown = placeholdersIn(`${template.subject} ${template.definition} ${template.signature}`).filter(
    (p) => !offered.includes(p),
  );
  return unknown.length === 0 ? null : `${MSG.UNKNOWN_PLACEHOLDERS} ${unknown.join(', ')}`;
}

/** A wording field of a template: missing answers the mandatory message, as empty does. */
const templateText = () => z.string({ message: MSG.MANDATORY_TEMPLATE }).trim();

const templateWording = {
  subject: templateText().min(1, MSG.MANDATORY_TEMPLATE).max(EMAIL_SUBJECT_LIMIT, MSG.SUBJECT_TOO_LONG),
  definition: templateText().min(1, MSG.MANDATORY_TEMPLATE),
  signature: templateText().default(''),
};

function checkTemplatePlaceholders(
  value: { definition: string; signature: string },
  ctx: z.RefinementCtx,
): void {
  if (!value.definition.includes(RECIPIENT_PLACEHOLDER)) {
    ctx.addIssue({ code: 'custom', message: MSG.DEFINITION_PLACEHOLDER, path: ['definition'] });
  }
  if (!signatureIsValid(value.signature)) {
    ctx.addIssue({ code: 'custom', message: MSG.SIGNATURE_PLACEHOLDER, path: ['signature'] });
  }
}

/**
 * POST /addemailtemplate and the template form. centerId: the master admin names the agency;
 * an agency admin may leave it out (their own agency) or send their own.
 */
export const addEmailTemplateBody = z
  .object({
    centerId: idSchema().optional(),
    emailTypeId: idSchema({ message: MSG.MANDATORY_TEMPLATE }),
    ...templateWording,
  })
  .superRefine(checkTemplatePlaceholders);
export type AddEmailTemplateBody = z.infer<typeof addEmailTemplateBody>;

/** POST /updateemaildefinition */
export const updateEmailTemplateBody = z
  .object({ id: idSchema(), ...templateWording })
  .superRefine(checkTemplatePlaceholders);
export type UpdateEmailTemplateBody = z.infer<typeof updateEmailTemplateBody>;

/** POST /updatetestconnection and /testconnection: the connection info of one agency. */
export const smtpConnectionSaveBody = smtpConnectionBody.extend({
  centerId: idSchema().optional(),
});
export type SmtpConnectionSaveBody = z.infer<typeof smtpConnectionSaveBody>;

/**
 * The rows of a grid a request asks for: `from` the offset of the first, `to` how many (1 to 100,
 * `pageSize` when absent). Query strings and bodies alike (numbers as text are read as numbers).
 */
export const pageWindow = (pageSize: number) => ({
  from: z.coerce
    .number({ error: 'From is invalid.' })
    .int('From is invalid.')
    .min(0, 'From is invalid.')
    .default(0),
  to: z.coerce
    .number({ error: 'To is invalid.' })
    .int('To is invalid.')
    .min(1, 'To is invalid.')
    .max(100, 'To must be at most 100.')
    .default(pageSize),
});
