import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { users } from './users.js';

/**
 * A video upload in progress: what the whole file must be and who may add to it. Its chunks are
 * files in the file store, listed in donor_upload_chunks, so any API process can take the next
 * chunk or join them (decision 032).
 */
export const donorUploadSessions = pgTable(
  'donor_upload_sessions',
  {
    /** Random UUID. */
    id: text('id').primaryKey(),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    /** 'video' (the donor's own) or 'additional' (a staff VID additional document). */
    area: text('area').notNull().default('video'),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    /** uploading -> assembling -> (row removed once the video is stored). */
    status: text('status').notNull().default('uploading'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('donor_upload_sessions_donor_idx').on(t.donorId)],
);

/**
 * The chunks of an upload that arrived whole, each a file in the file store: the truth about
 * which chunks the server holds. Sending a chunk again replaces its row (and its file).
 */
export const donorUploadChunks = pgTable(
  'donor_upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => donorUploadSessions.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkIndex] })],
);

/** Per-donor state of the photos & media tab: image guidelines accepted, last visit. */
export const donorUploadState = pgTable('donor_upload_state', {
  donorId: integer('donor_id')
    .primaryKey()
    .references(() => donors.userId, { onDelete: 'cascade' }),
  imageGuidelinesAcceptedAt: timestamp('image_guidelines_accepted_at', { withTimezone: true }),
  lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
});
