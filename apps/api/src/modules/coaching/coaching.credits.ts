// Coaching credits: the one way other modules give and read them. The payments module
// grants what a paid purchase bought; the coaching module takes one per booked session.
import type { Db } from '../../platform/db.js';
import { creditBalanceOf, insertCreditRow, lockHolder } from './coaching.credits.repo.js';

/** The account that holds a user's credits: the primary intended parent of a couple. */
export const creditHolderOf = (user: { id: number; parentId: number | null }): number =>
  user.parentId ?? user.id;

/**
 * Adds `count` credits to the holder in the caller's transaction. `sourceRef` names the paid
 * purchase (e.g. `bill:12`); a second grant with the same reference adds nothing and answers false.
 */
export async function grantCoachingCredits(
  tx: Db,
  input: {
    holderId: number;
    count: number;
    sourceRef: string;
    reason?: 'purchase' | 'grant';
    createdBy?: number;
  },
): Promise<boolean> {
  if (!Number.isInteger(input.count) || input.count <= 0) throw new Error('A grant adds at least one credit');
  return insertCreditRow(tx, {
    userId: input.holderId,
    delta: input.count,
    reason: input.reason ?? 'purchase',
    sourceRef: input.sourceRef,
    createdBy: input.createdBy ?? null,
  });
}

/** The credits the holder has left. */
export const coachingCreditBalance = (db: Db, holderId: number): Promise<number> =>
  creditBalanceOf(db, holderId);

/**
 * A booking's first step: locks the holder's user row until the transaction ends (`FOR UPDATE`)
 * and reads the balance under the lock, so two bookings never spend the last credit twice.
 */
export async function lockedCreditBalance(tx: Db, holderId: number): Promise<number> {
  if (!(await lockHolder(tx, holderId))) return 0;
  return creditBalanceOf(tx, holderId);
}

/** Takes the booked session's credit (-1 with its id), after lockedCreditBalance in the same transaction. */
export async function spendCoachingCredit(
  tx: Db,
  input: { holderId: number; sessionId: number; createdBy: number },
): Promise<void> {
  await insertCreditRow(tx, {
    userId: input.holderId,
    delta: -1,
    reason: 'booking',
    sessionId: input.sessionId,
    createdBy: input.createdBy,
  });
}

/** Gives a cancelled session's credit back (+1 with the session's id), in the cancel's transaction. */
export async function returnCoachingCredit(
  tx: Db,
  input: { holderId: number; sessionId: number; createdBy: number },
): Promise<void> {
  await lockHolder(tx, input.holderId);
  await insertCreditRow(tx, {
    userId: input.holderId,
    delta: 1,
    reason: 'cancel',
    sessionId: input.sessionId,
    createdBy: input.createdBy,
  });
}
