import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * The choices of the donor form's fee question (/feeandpayment, spec "Fee option": option_id,
 * options, center_id, comment). center_id null is a global option every agency offers.
 * `option_key` is the text without case and spaces: one agency never holds the same option
 * twice (the index), and the service refuses an agency option that equals a global one (and a
 * global one that equals any agency's) under one lock (decision 018).
 */
export const feeOptions = pgTable(
  'fee_options',
  {
    id: serial('id').primaryKey(),
    options: text('options').notNull(),
    optionKey: text('option_key').notNull(),
    centerId: integer('center_id').references(() => centers.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_options_scope_key_unique').on(sql`coalesce(${t.centerId}, 0)`, t.optionKey),
    index('fee_options_center_idx').on(t.centerId),
  ],
);

/**
 * An agency admin's request that the master admin change the agency's Twilio number
 * (agencyrequestfortwilionumberchange). Pending until the master admin saves the agency's phone
 * settings, which resolves it; one pending request per agency (the partial index).
 */
export const twilioNumberRequests = pgTable(
  'twilio_number_requests',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The number the agency would like, when it named one (E.164). */
    requestedNumber: text('requested_number'),
    reason: text('reason').notNull(),
    /** 'pending' or 'done'. */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('twilio_number_requests_pending_unique').on(t.centerId).where(sql`${t.status} = 'pending'`),
  ],
);
