import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { captchaSolutions } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db.js';

/** Challenges stay solvable this long. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

/**
 * Proof-of-work difficulty: PBKDF2 rounds per attempt and the range the secret counter is drawn
 * from. About half a second to a second for a browser, and cheap for the server to check because
 * the derived key is signed (deterministic mode), so verification needs no PBKDF2 at all.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1000;
const COUNTER_MIN = 500;
const COUNTER_MAX = 1500;

/** Separate keys for the challenge and the derived key, both derived from the one app secret. */
function keys(config: Config) {
  const derive = (purpose: string) => createHmac('sha256', config.appSecret).update(purpose).digest('hex');
  return { signature: derive('altcha:challenge'), keySignature: derive('altcha:key') };
}

/** A signed altcha v2 challenge, as the altcha widget fetches it from its challenge URL. */
export async function createCaptchaChallenge(config: Config, now: Date = new Date()): Promise<Challenge> {
  const k = keys(config);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    hmacSignatureSecret: k.signature,
    hmacKeySignatureSecret: k.keySignature,
  });
}

/** The widget submits base64 JSON of {challenge, solution}; anything else is not a payload. */
function parsePayload(payload: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    if (!parsed?.challenge?.parameters || !parsed.solution) return null;
    return parsed;
  } catch {
    return null;
  }
}

/**
 * True when the payload solves a challenge we signed, it has not expired, and it was never
 * accepted before. The signature is recorded in the database (not in memory) so a solution is
 * spent once across every API process.
 */
export async function verifyCaptcha(db: Db, config: Config, clock: Clock, payload: string): Promise<boolean> {
  const parsed = parsePayload(payload);
  if (!parsed?.challenge.signature) return false;
  const now = clock.now();
  const expiresAtSeconds = parsed.challenge.parameters.expiresAt;
  // altcha-lib checks expiry against the real clock; check against ours too so tests can expire it.
  if (!expiresAtSeconds || expiresAtSeconds * 1000 < now.getTime()) return false;
  const k = keys(config);
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: k.signature,
      hmacKeySignatureSecret: k.keySignature,
    });
    verified = result.verified;
  } catch {
    // Malformed parameters (wrong algorithm, bad hex) make altcha-lib throw: not a solution.
    verified = false;
  }
  if (!verified) return false;

  // Forget spent challenges once they could no longer be replayed anyway.
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  const inserted = await db
    .insert(captchaSolutions)
    .values({ signature: parsed.challenge.signature, expiresAt: new Date(expiresAtSeconds * 1000) })
    .onConflictDoNothing()
    .returning({ signature: captchaSolutions.signature });
  return inserted.length === 1;
}
