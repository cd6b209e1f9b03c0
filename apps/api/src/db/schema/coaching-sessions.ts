import type { CoachingSessionStatus, WeeklyPeriod } from '@dm/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * A case manager's published coaching hours (decision 024): the weekly periods in her own
 * IANA time zone, the session length, the days she is away and where sessions take place. One row
 * per manager; a booking locks it (`FOR UPDATE`), so bookings with one manager run one at a time.
 */
export const coachingCalendars = pgTable('coaching_calendars', {
  managerId: integer('manager_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  slotMinutes: integer('slot_minutes').notNull(),
  /** [{ weekday 0 (Sunday) to 6, start 'HH:MM', end 'HH:MM' }] in the manager's time zone. */
  weekly: jsonb('weekly').$type<WeeklyPeriod[]>().notNull().default([]),
  /** Days (YYYY-MM-DD, the manager's calendar) without sessions. */
  blockedDates: jsonb('blocked_dates').$type<string[]>().notNull().default([]),
  /** A meeting link or an address: fetchcoahingsessionaddress, and the LOCATION of the invitation. */
  meetingAddress: text('meeting_address').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Booked coaching sessions (spec: session_id, status Requested or Done, scheduledTime, details,
 * comments; Cancelled is ours). The partial unique index keeps one live session per manager and
 * start, whatever the application does; the booking's lock on the manager's calendar also keeps
 * sessions of different lengths from overlapping. A booking's credit is the `coaching_credits`
 * row with this session's id.
 */
export const coachingSessions = pgTable(
  'coaching_sessions',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account whose credit paid for it (the couple's primary parent). */
    holderId: integer('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The client's browser time zone at booking: her e-mails show the time in it. */
    clientTimeZone: text('client_time_zone').notNull(),
    details: text('details').notNull(),
    location: text('location').notNull(),
    status: text('status').$type<CoachingSessionStatus>().notNull().default('Requested'),
    /** The invitation's SEQUENCE (RFC 5545): raised by each update sent (a cancellation). */
    icsSequence: integer('ics_sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('coaching_sessions_manager_start_unique')
      .on(t.managerId, t.startsAt)
      .where(sql`${t.status} <> 'Cancelled'`),
    index('coaching_sessions_center_start_idx').on(t.centerId, t.startsAt),
    index('coaching_sessions_client_idx').on(t.clientId),
    index('coaching_sessions_holder_idx').on(t.holderId, t.startsAt),
    index('coaching_sessions_done_by_idx').on(t.doneBy),
    index('coaching_sessions_cancelled_by_idx').on(t.cancelledBy),
    check('coaching_sessions_status', sql`${t.status} in ('Requested', 'Done', 'Cancelled')`),
    check('coaching_sessions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Comments on a session, by the couple and the session's staff (getallsessioncomments). */
export const coachingSessionComments = pgTable(
  'coaching_session_comments',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => coachingSessions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('coaching_session_comments_session_idx').on(t.sessionId, t.id),
    index('coaching_session_comments_author_idx').on(t.authorId),
  ],
);
