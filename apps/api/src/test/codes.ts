// Test helpers for the human checks: a solved captcha and the one-time code texted to a number.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { asc, eq } from 'drizzle-orm';
import { textOutbox } from '../db/schema/index.js';
import { openText } from '../platform/sms.js';
import type { TestApp } from './harness.js';

/** A captcha solution as the browser sends it: a fresh challenge of `app`, solved. */
export async function solvedCaptcha(app: TestApp): Promise<string> {
  const res = await app.request({ method: 'GET', url: '/api/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`captcha challenge answered ${res.statusCode}`);
  const challenge = res.json();
  // The challenge is altcha's own object, not the API envelope.
  if (challenge.status !== undefined) throw new Error('captcha challenge came in an envelope');
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The 6-digit code of the newest text queued to the US number `contactno` (opened as its recipient reads it). */
export async function codeTextedTo(app: TestApp, contactno: string): Promise<string> {
  const rows = await app.db
    .select()
    .from(textOutbox)
    .where(eq(textOutbox.toNumber, `+1${contactno}`))
    .orderBy(asc(textOutbox.id));
  const code = openText(app.secrets, rows.at(-1)?.sealedContent ?? null)?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${contactno}`);
  return code;
}
