import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { savedSearches } from './search.js';
import { users } from './users.js';

/**
 * Saved searches with an alert switched on (beyond the spec; decision 021): a row per
 * alerted search. `seen` holds every donor the search has found since the alert was switched on
 * (the search's result then, and each later look's), as a deflated bitset of donor ids in
 * base64: a donor the search finds who is not in it began to match since. Switching the alert
 * off deletes the row; switching it on again starts from the search's result of that moment.
 */
export const searchAlerts = pgTable(
  'search_alerts',
  {
    savedSearchId: integer('saved_search_id')
      .primaryKey()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    /** The saved search's owner (copied: the job walks the alerts by user). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
    seen: text('seen').notNull(),
    /** When `seen` last grew (switched on, or a look that found donors it did not hold). */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('search_alerts_user_idx').on(t.userId)],
);

/**
 * One row per digest sent: the unique (user, day) is what keeps two job passes (two API
 * processes, or a pass after a restart) from ever sending a user two digests in one UTC day.
 * A look that finds nothing new writes no row (an empty digest is not sent).
 */
export const searchAlertDigests = pgTable(
  'search_alert_digests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC calendar day of the digest (digestDay in @dm/shared). */
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** Donors listed, over all the user's alerted searches. */
    donors: integer('donors').notNull(),
    searches: integer('searches').notNull(),
    /** Whether a mail was queued (not when the user turned notification e-mails off). */
    emailed: boolean('emailed').notNull(),
    /** Whether a text was queued (the user chose texts, verified the number, the agency sends them). */
    texted: boolean('texted').notNull(),
  },
  (t) => [uniqueIndex('search_alert_digests_user_day_unique').on(t.userId, t.day)],
);

/**
 * Each donor a digest listed for a search. The primary key (search, donor) means a donor is
 * never listed twice for one search, also after the alert was switched off and on again.
 */
export const searchAlertDonors = pgTable(
  'search_alert_donors',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    digestId: integer('digest_id')
      .notNull()
      .references(() => searchAlertDigests.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.donorId] }),
    index('search_alert_donors_donor_idx').on(t.donorId),
    index('search_alert_donors_digest_idx').on(t.digestId),
  ],
);
