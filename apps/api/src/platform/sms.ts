import { eq } from 'drizzle-orm';
import { centerSettings, centers, textOutbox } from '../db/schema/index.js';
import type { SecretBox } from './crypto.js';
import type { Db } from './db.js';

/** A text message to send. */
export interface TextInput {
  /** The center whose number (and credentials) send it. */
  centerId: number;
  /** The recipient account, when it is one (null for a number being verified at sign-up). */
  toUserId: number | null;
  /** The number in E.164 form, e.g. +15551234567. */
  to: string;
  body: string;
}

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** The E.164 form of a country code (+1, 1, 001) and a contact number (any punctuation). */
export function e164(countryCode: string, contactNo: string): string | null {
  const cc = countryCode.replace(/\D/g, '').replace(/^00/, '');
  const number = contactNo.replace(/\D/g, '');
  const full = `+${cc}${number}`;
  return cc && number && E164.test(full) ? full : null;
}

/** Text bodies longer than this are cut: ten SMS segments are plenty for a notification. */
export const TEXT_MAX_LENGTH = 1_530;

/**
 * Queues a text in the caller's transaction; the delivery job (platform/sms-delivery.ts) sends it
 * after commit through the configured SMS transport, like mail: a rolled-back change never sends
 * and a failed send is retried. Codes and messages are private, so the body is stored sealed.
 * Returns the outbox row's id, or null (nothing queued) when `to` is not an E.164 number, so a
 * stored number that cannot take texts never rolls back the caller's change, or when the center
 * has text messages off (its receiveTextMessages setting, /generalconfiguration): it sends none.
 */
export async function queueText(db: Db, secrets: SecretBox, input: TextInput): Promise<number | null> {
  if (!E164.test(input.to)) return null;
  if (!(await centerSendsTexts(db, input.centerId))) return null;
  const [row] = await db
    .insert(textOutbox)
    .values({
      centerId: input.centerId,
      toUserId: input.toUserId,
      toNumber: input.to,
      sealedContent: secrets.seal(input.body.slice(0, TEXT_MAX_LENGTH)),
    })
    .returning({ id: textOutbox.id });
  return row!.id;
}

/** The body of an outbox row; null once it was sent (or failed) and cleared, or unreadable. */
export function openText(secrets: SecretBox, sealedContent: string | null): string | null {
  if (sealedContent === null) return null;
  try {
    return secrets.open(sealedContent);
  } catch {
    return null;
  }
}

/** Whether the center sends text messages (the agency setting receiveTextMessages, read fresh). */
export async function centerSendsTexts(db: Db, centerId: number): Promise<boolean> {
  const [row] = await db
    .select({ settings: centers.settings })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return row !== undefined && centerSettings(row.settings).receiveTextMessages;
}

/** A center's Twilio number and account, the auth token still sealed; null fields: not set. */
export interface CenterTwilioRow {
  phoneNumber: string | null;
  accountSid: string | null;
  authTokenSealed: string | null;
}

/** The Twilio settings of a center (written by /generalconfiguration, modules/agency-settings). */
export async function findCenterTwilio(db: Db, centerId: number): Promise<CenterTwilioRow | undefined> {
  const [row] = await db
    .select({
      phoneNumber: centers.twilioPhoneNumber,
      accountSid: centers.twilioAccountSid,
      authTokenSealed: centers.twilioAuthTokenSealed,
    })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return row;
}
