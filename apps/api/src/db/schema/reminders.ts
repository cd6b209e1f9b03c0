import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { donors } from './donors.js';
import { emailTypes } from './mail.js';
import { users } from './users.js';

/**
 * A center's donor reminder schedule (/scheduledonoremail, spec "Email schedule"): the first
 * reminder `duration_first` days after the donor's last activity on an incomplete application,
 * then one every `duration_recurring` days, at most `total_reminders` (0: None). Nothing is sent
 * while `email_flag` is off. The e-mails are the center's templates of the chosen e-mail types
 * (22 and 23 by default) with the schedule's subject.
 */
export const emailSchedules = pgTable(
  'email_schedules',
  {
    centerId: integer('center_id')
      .primaryKey()
      .references(() => centers.id, { onDelete: 'cascade' }),
    durationFirst: smallint('duration_first').notNull(),
    durationRecurring: smallint('duration_recurring').notNull(),
    totalReminders: smallint('total_reminders').notNull(),
    emailFlag: boolean('email_flag').notNull().default(false),
    firstEmailTypeId: integer('first_email_type_id')
      .notNull()
      .references(() => emailTypes.id),
    recurringEmailTypeId: integer('recurring_email_type_id')
      .notNull()
      .references(() => emailTypes.id),
    subject: text('subject').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('email_schedules_first_range', sql`${t.durationFirst} between 1 and 7`),
    check('email_schedules_recurring_range', sql`${t.durationRecurring} between 1 and 7`),
    check('email_schedules_total_range', sql`${t.totalReminders} between 0 and 7`),
  ],
);

/**
 * Each reminder sent: written in the same transaction as its mail_outbox row. The unique
 * (donor, sequence) is what keeps two scheduler passes (two API processes) from ever sending
 * one reminder twice: the second insert does nothing, so it queues no mail.
 */
export const donorReminders = pgTable(
  'donor_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    /** 1 is the first reminder, 2.. the recurring ones. */
    sequence: smallint('sequence').notNull(),
    emailTypeId: integer('email_type_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('donor_reminders_donor_sequence_unique').on(t.donorId, t.sequence),
    index('donor_reminders_center_idx').on(t.centerId, t.donorId),
  ],
);
