import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { sessions, users } from './users.js';

/**
 * A client's look at a donor page, once per session and donor (platform.md section 4): the
 * primary key makes the "first view in this session" check and the insert one statement, and
 * counting a session's distinct donors for the captcha threshold reads the same index.
 */
export const donorViews = pgTable(
  'donor_views',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.donorId] }),
    // A row per client view: deleting a donor or a user finds theirs by index.
    index('donor_views_donor_idx').on(t.donorId),
    index('donor_views_user_idx').on(t.userId),
  ],
);

/** A user's favourite donors; one row per pair, newest first in the list. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.donorId] }), index('favorites_donor_idx').on(t.donorId)],
);

/** A donor one case manager shared with another of the same center, with a message. */
export const donorShares = pgTable(
  'donor_shares',
  {
    id: serial('id').primaryKey(),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    sharedTo: integer('shared_to')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('donor_shares_to_idx').on(t.sharedTo, t.createdAt),
    index('donor_shares_donor_idx').on(t.donorId),
  ],
);
