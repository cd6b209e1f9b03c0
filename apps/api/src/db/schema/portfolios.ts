import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { donors } from './donors.js';
import { users } from './users.js';

/**
 * A portfolio (shortlist): a named, ordered list of donors a case manager builds for a client
 * (search spec sections 3 and 4). status is one of PORTFOLIO_STATUSES; Archived removes it
 * from lists. first_viewed_at is set the first time the client opens it.
 */
export const portfolios = pgTable(
  'portfolios',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('Active'),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portfolios_center_status_idx').on(t.centerId, t.status),
    index('portfolios_client_idx').on(t.clientId),
    index('portfolios_manager_idx').on(t.managerId),
  ],
);

/** The donors of a portfolio in their order, with the client's feedback (yes, maybe, no). */
export const portfolioDonors = pgTable(
  'portfolio_donors',
  {
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    feedback: text('feedback'),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.portfolioId, t.donorId] }),
    index('portfolio_donors_donor_idx').on(t.donorId),
  ],
);

/** Other case managers of the same center a portfolio is shared with. */
export const portfolioShares = pgTable(
  'portfolio_shares',
  {
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.portfolioId, t.managerId] }),
    index('portfolio_shares_manager_idx').on(t.managerId),
  ],
);

/** Comments on a portfolio: per donor, or (donor_id null, overall) on the whole portfolio. */
export const portfolioNotes = pgTable(
  'portfolio_notes',
  {
    id: serial('id').primaryKey(),
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id').references(() => donors.userId, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    isOverall: boolean('is_overall').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_notes_portfolio_idx').on(t.portfolioId, t.createdAt)],
);

/** A Pre-Active client's question or consultation request about a donor, mailed to their manager. */
export const ipQueries = pgTable(
  'ip_queries',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id').references(() => donors.userId, { onDelete: 'set null' }),
    queryType: text('query_type').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ip_queries_user_idx').on(t.userId, t.createdAt)],
);
