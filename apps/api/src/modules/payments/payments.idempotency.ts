import { PAYMENT_MSG } from '@dm/shared';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, conflict } from '../../platform/errors.js';
import { PaymentError } from '../../platform/payments.js';
import { claimRequest, dropRequest, findRequest, finishRequest, takeOverRequest } from './payments.repo.js';

/** A first try that has not finished after this long stopped (a crash): a retry takes it over. */
const TAKE_OVER_AFTER_MS = 2 * 60_000;

type Stored = { ok: true; data: unknown } | { ok: false; status: number; message: string; data: unknown };

/** A refused payment as the envelope answers it: 400, the message, and how the page shows it. */
export function paymentRefusal(error: PaymentError, hideTryAgain = false): AppError {
  return new AppError(400, error.message, { type: error.type, hideTryAgain });
}

/**
 * Runs a payment request once per (user, idempotency key): the browser makes one key per attempt,
 * so a retried request (a double click, an answer lost on the way) gets the first one's answer
 * and is charged once. `work` records its outcome with `finish(tx, answer)` inside its own last
 * transaction, so the payment and the key's answer are written together. The provider gets the
 * same key, so a retry after a crash between the charge and the record is not charged again. A
 * refused card is remembered as the key's answer; any other failure frees the key for a retry.
 */
export async function idempotent<T>(
  deps: Pick<ModuleDeps, 'db' | 'clock'>,
  userId: number,
  key: string,
  endpoint: string,
  work: (finish: (tx: Db, answer: T) => Promise<void>) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  if (!(await claimRequest(deps.db, userId, key, endpoint, now))) {
    const earlier = await findRequest(deps.db, userId, key);
    if (earlier?.status === 'done') return replay<T>(earlier.answer as Stored);
    const stale = new Date(now.getTime() - TAKE_OVER_AFTER_MS);
    if (!earlier || !(await takeOverRequest(deps.db, earlier.id, stale, now)))
      throw conflict(PAYMENT_MSG.IN_PROGRESS);
  }
  const finish = (tx: Db, answer: T) =>
    finishRequest(tx, userId, key, { ok: true, data: answer } satisfies Stored, deps.clock.now());
  try {
    return await work(finish);
  } catch (error) {
    const refusal =
      error instanceof PaymentError && error.type === 'card_error' ? paymentRefusal(error) : null;
    const known = refusal ?? (error instanceof AppError && error.statusCode === 400 ? error : null);
    if (known) {
      const stored: Stored = {
        ok: false,
        status: known.statusCode,
        message: known.message,
        data: known.data,
      };
      await finishRequest(deps.db, userId, key, stored, deps.clock.now());
      throw known;
    }
    await dropRequest(deps.db, userId, key);
    if (error instanceof PaymentError) throw paymentRefusal(error);
    throw error;
  }
}

function replay<T>(stored: Stored): T {
  if (stored.ok) return stored.data as T;
  throw new AppError(stored.status, stored.message, stored.data);
}
