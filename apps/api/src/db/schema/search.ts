import type { SearchFilters } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * A user's saved searches (search spec section 3 "Saved search"). The name is stored trimmed
 * and is unique per user ignoring case, enforced by the index so two concurrent saves cannot
 * both win. last_run_at starts the "new donors since your last visit" count.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<SearchFilters>().notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_searches_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Every donor search an intended parent runs: who, when, with which filters and how many
 * donors it found. The IP search history report reads it per center, newest first.
 */
export const searchHistory = pgTable(
  'search_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<SearchFilters>().notNull(),
    resultCount: integer('result_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_history_center_created_idx').on(t.centerId, t.createdAt),
    index('search_history_user_created_idx').on(t.userId, t.createdAt),
  ],
);
