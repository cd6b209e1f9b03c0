import type { SecretBox } from './crypto.js';
import type { Db } from './db.js';

/** A text message to send (issue 20). */
export interface TextInput {
  /** The center whose number (and credentials) send it. */
  centerId: number;
  /** The recipient account, when it is one (null for a number being verified at sign-up). */
  toUserId: number | null;
  /** The number in E.164 form, e.g. +15551234567. */
  to: string;
  body: string;
}

/**
 * Queues a text in the caller's transaction; the delivery job sends it after commit through the
 * configured SMS transport, like mail. STUB until the SMS transport of issue 20 lands: queues
 * nothing.
 */
export async function queueText(_db: Db, _secrets: SecretBox, _input: TextInput): Promise<number | null> {
  return null;
}
