import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { donorDonationCycles } from './donor-profile.js';
import { donors } from './donors.js';
import { portfolios } from './portfolios.js';
import { users } from './users.js';

/**
 * One match between a donor and an intended parent, from the request to its end
 * (search spec sections 3 "Match request" and 4 "Match status"; the transitions are in
 * modules/matches/match-state.ts). A parent has at most one open match per donor; a cancelled
 * or completed match stays as history and a new request makes a new row.
 *
 * Both centers are copied onto the row: the donor's center owns the workflow (its staff
 * confirm, queue and cancel), the parent's center reads its own parents' requests
 * (track match requests), and the grids filter on either without joining users twice.
 *
 * portfolio_id is the portfolio the request came from; the portfolios slice adds its foreign key.
 */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    donorCenterId: integer('donor_center_id')
      .notNull()
      .references(() => centers.id),
    parentCenterId: integer('parent_center_id')
      .notNull()
      .references(() => centers.id),
    portfolioId: integer('portfolio_id').references(() => portfolios.id, { onDelete: 'set null' }),
    /** QUEUE_TYPES: Fresh or Frozen. */
    queueType: text('queue_type').notNull().default('Fresh'),
    /** MATCH_STATUSES. */
    status: text('status').notNull(),
    /** 1-based place among the donor's open, not active matches of the same queue type. */
    queuePosition: smallint('queue_position'),
    cancelReason: text('cancel_reason'),
    /** The donation cycle recorded when the match was resolved (resolvematchprocess). */
    donationCycleId: integer('donation_cycle_id').references(() => donorDonationCycles.id, {
      onDelete: 'set null',
    }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('matches_donor_status_idx').on(t.donorId, t.status),
    index('matches_parent_status_idx').on(t.parentId, t.status),
    index('matches_donor_center_idx').on(t.donorCenterId, t.statusChangedAt),
    index('matches_parent_center_idx').on(t.parentCenterId, t.statusChangedAt),
    // A parent has one open match per donor, even if a bug slipped past the row locks.
    uniqueIndex('matches_open_pair_unique')
      .on(t.donorId, t.parentId)
      .where(sql`status in ('Request', 'Pending', 'Confirm', 'Referral Accepted', 'Queued', 'Active')`),
  ],
);

/** Every status change of a match, written in the transaction that makes it. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** MATCH_ACTIONS. */
    action: text('action').notNull(),
    /** null for the request that created the match. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('match_events_match_idx').on(t.matchId)],
);
