import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { users } from './users.js';

/**
 * A video upload in progress. The chunks themselves live on disk under
 * DATA_DIR/upload-sessions/{id}/ (one file per chunk index), so the disk is the truth about
 * which chunks arrived; this row says what the whole file must be and who may add to it.
 */
export const donorUploadSessions = pgTable(
  'donor_upload_sessions',
  {
    /** Random UUID: also the folder name. */
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

/** Per-donor state of the photos & media tab: image guidelines accepted, last visit. */
export const donorUploadState = pgTable('donor_upload_state', {
  donorId: integer('donor_id')
    .primaryKey()
    .references(() => donors.userId, { onDelete: 'cascade' }),
  imageGuidelinesAcceptedAt: timestamp('image_guidelines_accepted_at', { withTimezone: true }),
  lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
});
