import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * A consumer-center client's concierge membership request (upgradetoconciergemembership, issue 23,
 * decision 025). One per client ever (the unique user): its existence is the spec's "requested
 * flag" (checkconciergemembershiprequested), so the upgrade is never offered twice. The contact
 * details and choices are the ones the client gave in the dialog; `privacy_accepted_at` records
 * her acceptance of the privacy policy. `assigned_to` is the case manager who was told (none:
 * the center's admins were); staff mark the request handled with a note.
 */
export const conciergeRequests = pgTable(
  'concierge_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    contactNo: text('contact_no').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    voicemail: boolean('voicemail').notNull().default(false),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    /** 'requested' or 'handled'. */
    status: text('status').$type<'requested' | 'handled'>().notNull().default('requested'),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledNote: text('handled_note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('concierge_requests_user_unique').on(t.userId),
    // The staff list: a center's requests, open ones first, newest first.
    index('concierge_requests_center_idx').on(t.centerId, t.status, t.createdAt),
    check('concierge_requests_status_check', sql`${t.status} in ('requested', 'handled')`),
  ],
);

/**
 * That a user has been through the site tour (/site-tour): finished or skipped. A user without a
 * row is offered the tour on her first visit; the row is kept per user, so every device agrees.
 */
export const siteTourViews = pgTable(
  'site_tour_views',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<'finished' | 'skipped'>().notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_tour_views_outcome_check', sql`${t.outcome} in ('finished', 'skipped')`)],
);

/**
 * A center's education resources (/education-resources/{resourcetype}): written by the center's
 * admin, read by its clients once published. `body` is plain text (shown as text, never as HTML);
 * `link` an http(s) address or ''. `position` orders a type's resources (0 first).
 */
export const educationResources = pgTable(
  'education_resources',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    /** articles, videos, guides or faqs (EDUCATION_RESOURCE_TYPES). */
    type: text('type').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('education_resources_center_type_idx').on(t.centerId, t.type, t.position, t.id)],
);
