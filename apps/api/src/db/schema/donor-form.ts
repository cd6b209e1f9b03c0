import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { users } from './users.js';

/**
 * A donor's saved change to her approved form (donor-forms spec section 4): one row per save in
 * a change-tracked state, numbered per donor (version), with the field-level diff and the tab's
 * values before the save. Staff approve or reject it; the values stay as saved either way (a
 * rejection tells the donor what to correct).
 */
export const donorFormChanges = pgTable(
  'donor_form_changes',
  {
    id: serial('id').primaryKey(),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    tab: text('tab').notNull(),
    /** FieldChange[]: field, before, after. Medical values: never copied into the audit log. */
    changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull(),
    /** pending, approved or rejected. */
    status: text('status').notNull().default('pending'),
    /** The availability before the first pending change, restored on approval. */
    previousAvailability: text('previous_availability').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('donor_form_changes_donor_version_unique').on(t.donorId, t.version)],
);

/** Staff decisions on a donor's form, with the message e-mailed to her (shown on /donorhome). */
export const donorStatusMessages = pgTable(
  'donor_status_messages',
  {
    id: serial('id').primaryKey(),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    message: text('message').notNull().default(''),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('donor_status_messages_donor_idx').on(t.donorId, t.createdAt)],
);
