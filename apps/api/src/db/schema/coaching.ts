import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Coaching credits as a ledger: each row adds or takes credits of one account holder
 * (the primary intended parent: `users.parent_id ?? users.id`, so a couple shares one balance).
 * `purchase` and `grant` add what was bought or given, `booking` takes one for a booked session,
 * `cancel` gives it back. The balance is the sum of `delta` and never goes below 0 (the booking
 * locks the holder's user row and checks it). `source_ref` names what granted the credits (the
 * payment's own reference, e.g. `bill:12`): unique, so a retried webhook or request grants once.
 */
export const coachingCredits = pgTable(
  'coaching_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<CoachingCreditReason>().notNull(),
    sourceRef: text('source_ref'),
    /** The coaching session a booking or cancel row belongs to (the coaching module's table). */
    sessionId: integer('session_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coaching_credits_user_idx').on(t.userId),
    uniqueIndex('coaching_credits_source_unique').on(t.sourceRef).where(sql`${t.sourceRef} is not null`),
    check('coaching_credits_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);

export type CoachingCreditReason = 'purchase' | 'grant' | 'booking' | 'cancel';
