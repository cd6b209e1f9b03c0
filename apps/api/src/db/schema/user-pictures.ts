import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The profile picture of a user who is not a donor (/profileimg); donors' pictures are
 * donor_pictures. The file lives in the uploads storage under `storage_key`, re-encoded
 * without metadata like every photo.
 */
export const userPictures = pgTable('user_pictures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
