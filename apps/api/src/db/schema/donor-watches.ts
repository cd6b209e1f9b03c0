import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { users } from './users.js';

/**
 * Notify-me (beyond the spec; decision 027): an intended parent asked to be told when
 * a donor who takes no match request now (unavailable, or her queue full) takes requests again.
 * One row per parent and donor while the switch is on; switching it off deletes the row.
 *
 * `round` counts the donor's closed spells since the switch went on: `armed` is true while the
 * parent waits to be told of round `round`; the job (modules/queue/queue.jobs.ts) tells her once
 * the donor takes requests and clears `armed`; when the donor closes again it sets `armed` and
 * the next round. Each telling is recorded under a unique (watch, round) in donor_watch_sends,
 * in the same transaction as its notification, e-mail and text, so no round is told twice.
 */
export const donorWatches = pgTable(
  'donor_watches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    /** QUEUE_TYPES: the queue a request of the parent would join. */
    queueType: text('queue_type').notNull().default('Fresh'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    round: integer('round').notNull().default(1),
    armed: boolean('armed').notNull().default(true),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('donor_watches_user_donor_unique').on(t.userId, t.donorId),
    index('donor_watches_donor_idx').on(t.donorId),
  ],
);

/** One row per telling: the insert-once key of a (watch, round). */
export const donorWatchSends = pgTable(
  'donor_watch_sends',
  {
    id: serial('id').primaryKey(),
    watchId: integer('watch_id')
      .notNull()
      .references(() => donorWatches.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    emailed: boolean('emailed').notNull(),
    texted: boolean('texted').notNull(),
  },
  (t) => [uniqueIndex('donor_watch_sends_round_unique').on(t.watchId, t.round)],
);
