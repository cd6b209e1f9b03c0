import { integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * The donor's account-level state that login needs (availability, pre-form result, last tab).
 * The full donor profile hangs off this row (donor profile issue).
 */
export const donors = pgTable('donors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  centerId: integer('center_id')
    .notNull()
    .references(() => centers.id),
  availability: text('availability').notNull().default('Invited'),
  frozenAvailability: text('frozen_availability'),
  /** null: pre-form not filled; 1 accepted; 0 not accepted. */
  preFormStatus: smallint('pre_form_status'),
  lastTab: smallint('last_tab'),
  displayId: text('display_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
