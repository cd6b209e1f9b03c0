import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One chat per pair of people: the lower user id in `user_low`, the higher in
 * `user_high`, unique together, so two browsers opening the same chat at once share one row.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    userLow: integer('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: integer('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chats_pair_unique').on(t.userLow, t.userHigh),
    // The chats of a person who is the higher id of the pair (the unique index serves the lower).
    index('chats_user_high_idx').on(t.userHigh),
    check('chats_pair_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/**
 * A file sent in a chat: stored under a generated key (platform/storage.ts); the uploader's name
 * is kept for display only.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** image, pdf, document or audio (CHAT_ATTACHMENT_KINDS). */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_attachments_chat_idx').on(t.chatId),
    // An account's deletion finds the files it uploaded.
    index('chat_attachments_uploader_idx').on(t.uploaderId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    attachmentId: integer('attachment_id').references(() => chatAttachments.id, { onDelete: 'set null' }),
    /** The id the sending browser gave the message: a retry with it is stored once. */
    clientMessageId: text('client_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // Pages of a chat, newest first: an index scan from the end.
    index('chat_messages_chat_idx').on(t.chatId, t.id),
    uniqueIndex('chat_messages_client_id_unique').on(t.senderId, t.clientMessageId),
    // Unread counts of a receiver.
    index('chat_messages_unread_idx').on(t.receiverId, t.chatId).where(sql`${t.readAt} is null`),
    // A removed attachment clears its message's link.
    index('chat_messages_attachment_idx').on(t.attachmentId),
  ],
);

/**
 * People who may not send chat messages. `reason` 'preactive': a Pre-Active consumer-center
 * client who wrote to support (applies while the account is Pre-Active); 'self': set by the person.
 */
export const chatDisabled = pgTable('chat_disabled', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  /** The message that triggered the rule, if any. */
  messageId: bigint('message_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
