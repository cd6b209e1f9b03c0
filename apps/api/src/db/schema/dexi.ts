import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { donorImports } from './staff-donors.js';
import { users } from './users.js';

/**
 * Where a center's external donor data comes from (/dexi, decision 020): `folder` (the drop
 * folder DATA_DIR/dexi/<center>/, the default when a center has no row) or `http` (the
 * provider's export URL, with its API key sealed by SecretBox).
 */
export const dexiSources = pgTable('dexi_sources', {
  centerId: integer('center_id')
    .primaryKey()
    .references(() => centers.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull().default('folder'),
  url: text('url'),
  apiKeySealed: text('api_key_sealed'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One external data run (executedexirun): queued by the master admin, fetched by the dexi job,
 * then handed to the donor import (import_id), whose results are the run's counts. A center has
 * one run queued or fetching at a time (the partial unique index); the import's own index keeps
 * one import at a time.
 */
export const dexiRuns = pgTable(
  'dexi_runs',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** folder or http: the source the run was started with. */
    source: text('source').notNull(),
    /** queued, fetching, importing (the import decides the rest), failed */
    status: text('status').notNull().default('queued'),
    importId: integer('import_id').references(() => donorImports.id, { onDelete: 'set null' }),
    fileNames: text('file_names').array().notNull().default(sql`'{}'::text[]`),
    /** Data rows in the fetched files (headers left out). */
    rowsRead: integer('rows_read').notNull().default(0),
    /** Why the fetch failed, in words the master admin can act on; never a key or the data. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dexi_runs_one_active').on(t.centerId).where(sql`status in ('queued', 'fetching')`),
    index('dexi_runs_center_idx').on(t.centerId, t.createdAt),
  ],
);
