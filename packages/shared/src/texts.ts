import { z } from 'zod';
import { MSG } from './messages.js';
import { emailSchema, idSchema } from './validation.js';

/** One-time codes for a contact number. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
/** Wrong codes before a code is dead. */
export const OTP_MAX_TRIES = 5;
/** The spec: resend waits 30 s after a successful send and 10 s after a failure. */
export const OTP_RESEND_AFTER_SUCCESS_SECONDS = 30;
export const OTP_RESEND_AFTER_FAILURE_SECONDS = 10;
/** Codes sent per number and per address within the rate window. */
export const OTP_MAX_PER_NUMBER = 5;
export const OTP_MAX_PER_ADDRESS = 20;
export const OTP_RATE_WINDOW_SECONDS = 60 * 60;
/** A verified code registers an account for this long. */
export const OTP_VERIFIED_VALID_SECONDS = 30 * 60;
export const DEFAULT_COUNTRY_CODE = '+1';

/** "Please wait {seconds} seconds ..." */
export const otpWaitMessage = (seconds: number) => MSG.OTP_WAIT.replace('{seconds}', String(seconds));

/** A contact number as typed (digits only), and its country code: one rule for sign-up and profile. */
export const contactNo = z
  .string({ error: MSG.FILL_CONTACT_NUMBER })
  .trim()
  .min(1, MSG.FILL_CONTACT_NUMBER)
  .regex(/^\d{4,10}$/, MSG.CONTACT_NUMBER_INVALID);
export const countryCode = z
  .string({ error: MSG.FILL_CONTACT_NUMBER })
  .trim()
  .min(1, MSG.FILL_CONTACT_NUMBER)
  .regex(/^\+?\d{1,4}$/, MSG.CONTACT_NUMBER_INVALID);

/** POST sendotpcontact / resendmoileotp {contactno, country_code, userid, center_id}. */
export const sendOtpBody = z.object({
  contactno: contactNo,
  country_code: countryCode,
  /** The agency whose number sends the code (sign-up: the agency signed up with; default main). */
  center_id: idSchema().optional(),
  userid: idSchema().optional(),
});
export type SendOtpBody = z.infer<typeof sendOtpBody>;

/** POST verifycontact {contactno, country_code, otp}. */
export const verifyContactBody = z.object({
  contactno: contactNo,
  country_code: countryCode,
  otp: z
    .string({ error: MSG.ENTER_VERIFICATION_CODE })
    .trim()
    .min(1, MSG.ENTER_VERIFICATION_CODE)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.OTP_INVALID),
  userid: idSchema().optional(),
});
export type VerifyContactBody = z.infer<typeof verifyContactBody>;

/** GET checktextmessagesvisibility/{centerId}. */
export const textVisibilityParams = z.object({
  centerId: idSchema({ label: 'Center' }),
});
/** data[0].receive_text_messages, as the spec reads it. */
export interface TextVisibility {
  receive_text_messages: boolean;
}

/** POST sendarchivedclientnotification {username}. */
export const archivedClientNotificationBody = z.object({ username: emailSchema });
export type ArchivedClientNotificationBody = z.infer<typeof archivedClientNotificationBody>;

/** What a send answers: when the next send is allowed (seconds), for the resend button. */
export const otpSent = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type OtpSent = z.output<typeof otpSent>;

/** One row of the development text outbox (GET devtextoutbox). */
export interface OutboxText {
  id: number;
  toNumber: string;
  body: string;
  status: string;
  createdAt: string;
}
