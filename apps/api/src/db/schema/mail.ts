import { sql } from 'drizzle-orm';
import {
  bigserial,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/** E-mail types with the placeholders each offers and the default wording. */
export const emailTypes = pgTable('email_types', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  placeholders: jsonb('placeholders').$type<string[]>().notNull().default([]),
  defaultSubject: text('default_subject').notNull(),
  defaultDefinition: text('default_definition').notNull(),
  defaultSignature: text('default_signature').notNull(),
});

/** A center's own wording for an e-mail type. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    emailTypeId: integer('email_type_id')
      .notNull()
      .references(() => emailTypes.id),
    subject: text('subject').notNull(),
    definition: text('definition').notNull(),
    signature: text('signature').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_templates_center_type_unique').on(t.centerId, t.emailTypeId)],
);

/** Per-center SMTP connection; the password is encrypted at rest. */
export const smtpConnections = pgTable('smtp_connections', {
  centerId: integer('center_id')
    .primaryKey()
    .references(() => centers.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: smallint('secure').notNull().default(0),
  username: text('username').notNull().default(''),
  passwordEncrypted: text('password_encrypted').notNull().default(''),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mail is written here in the same transaction as the change that causes it, then
 * delivered by the mail job; nothing is lost if SMTP is down. Mail carries sign-in secrets
 * (reset and invitation links, codes), so the rendered subject and bodies are kept only sealed
 * with the app's SecretBox, and cleared once the mail is sent or has failed for good; the
 * development outbox transport keeps the sealed copy of captured mail for its recipient
 * (decision 009).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  centerId: integer('center_id'),
  emailTypeId: integer('email_type_id'),
  toAddress: text('to_address').notNull(),
  /** SecretBox-sealed JSON {subject, html, text}; null once delivered or failed. */
  sealedContent: text('sealed_content'),
  /** pending -> sent | failed; 'captured' when the local transport keeps it. */
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  // Due from the moment it is queued, to the millisecond, as text_outbox: the job compares with
  // the app's clock (JavaScript dates have milliseconds), so a row queued within the same
  // millisecond as a pass is not left for the next one.
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
    .notNull()
    .default(sql`date_trunc('milliseconds', now())`),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
