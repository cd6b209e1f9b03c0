import { sql } from 'drizzle-orm';
import {
  boolean,
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
 * A donor import (importdonors): the uploaded CSV files wait here until the import job takes
 * them, then the row holds what was imported and every rejected row with its reason. A center
 * runs one import at a time (the partial unique index), so 'Import already in progress.' is
 * decided by the database, not by a check that two requests could both pass.
 */
export const donorImports = pgTable(
  'donor_imports',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    /** The files as uploaded ({name, content}); cleared when the import ends. */
    files: jsonb('files').$type<{ name: string; content: string }[]>().notNull(),
    fileNames: text('file_names').array().notNull(),
    importedKeys: text('imported_keys').array().notNull().default(sql`'{}'::text[]`),
    /**
     * An external data run's import (/dexi, decision 020): a donor the feed imported before (same
     * donor_key in the center) is updated instead of rejected; its key goes to updated_keys.
     */
    updatesExisting: boolean('updates_existing').notNull().default(false),
    updatedKeys: text('updated_keys').array().notNull().default(sql`'{}'::text[]`),
    rejected: jsonb('rejected')
      .$type<{ file: string; row: number; donorKey: string; reason: string }[]>()
      .notNull()
      .default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('donor_imports_one_running').on(t.centerId).where(sql`status in ('queued', 'running')`),
    index('donor_imports_center_idx').on(t.centerId, t.createdAt),
  ],
);
