import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * In-app notifications: one row per recipient, written in the same transaction as the
 * change it tells of (modules/notifications/notify.ts). The text never carries medical data.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    /** NotificationKind: chat, portfolio_shared, portfolio_updated, feedback, favourite, note, match, donor_shared, message, search_alert. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    /** The app path "open" goes to. */
    link: text('link'),
    chatId: integer('chat_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The bell: a recipient's unread, not archived rows (a partial index stays small).
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null and ${t.archivedAt} is null`),
    // The list: a recipient's rows newest first, within a date filter.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt, t.id),
    // Message history of a user (fetchallmessagesbyuserid): rows they sent.
    index('notifications_shared_by_idx').on(t.sharedBy, t.kind),
  ],
);
