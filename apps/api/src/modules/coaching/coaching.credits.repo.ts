import { eq, sql } from 'drizzle-orm';
import { coachingCredits, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type CoachingCreditInsert = typeof coachingCredits.$inferInsert;

/** Adds a ledger row; false when a row with the same `sourceRef` is there already (granted once). */
export const insertCreditRow = async (db: Db, row: CoachingCreditInsert): Promise<boolean> =>
  (await db.insert(coachingCredits).values(row).onConflictDoNothing().returning({ id: coachingCredits.id }))
    .length > 0;

/** The holder's balance: the sum of the ledger's rows. */
export const creditBalanceOf = async (db: Db, holderId: number): Promise<number> =>
  (
    await db
      .select({ balance: sql<number>`coalesce(sum(${coachingCredits.delta}), 0)::int` })
      .from(coachingCredits)
      .where(eq(coachingCredits.userId, holderId))
  )[0]?.balance ?? 0;

/**
 * Locks the holder's user row until the transaction ends (`FOR UPDATE`): the one lock under which
 * a booking reads the balance and takes a credit, so two bookings never spend the last one twice.
 * False when there is no such user.
 */
export const lockHolder = async (db: Db, holderId: number): Promise<boolean> =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, holderId)).for('update')).length > 0;
