import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * Every text message is written here in the transaction of the change that causes it
 * (platform/sms.ts queueText) and delivered after commit by the text job (platform/sms-delivery.ts).
 * Texts carry one-time codes and private messages, so the body is kept only sealed with the app's
 * SecretBox and cleared once the text is sent or has failed for good, like mail_outbox
 * (decision 009). SMS_TRANSPORT=outbox keeps captured rows (sealed) for the development outbox.
 */
export const textOutbox = pgTable(
  'text_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    /** The recipient account, when it is one (null: a number being verified at sign-up). */
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164, e.g. +15551234567. */
    toNumber: text('to_number').notNull(),
    /** SecretBox-sealed body; null once sent or failed. */
    sealedContent: text('sealed_content'),
    /** pending -> sending -> sent | failed; 'captured' when the local outbox keeps it. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // Due from the moment it is queued, to the millisecond: the job compares with the app's clock
    // (JavaScript dates have milliseconds), so a row queued within the same millisecond as a pass
    // is not left for the next one.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    lastError: text('last_error'),
    /** The provider's id of the sent message (Twilio's message sid). */
    providerId: text('provider_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('text_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('text_outbox_center_idx').on(t.centerId, t.id),
    index('text_outbox_to_user_idx').on(t.toUserId),
  ],
);

/**
 * One row per request for a one-time code (sendotpcontact / resendmoileotp): the code hashed,
 * its expiry and wrong tries; refused requests are rows too (ok = 0) so the short wait after a
 * failure holds in every process. The newest row with a code for a number is the live one.
 * Counted per number and per address for the rate limits (like login_attempts).
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** E.164 number the code was sent to. */
    phone: text('phone').notNull(),
    centerId: integer('center_id').references(() => centers.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    /** 1: a code was queued; 0: the request was refused (waits 10 s before the next). */
    ok: smallint('ok').notNull(),
    /** keyed hash (HMAC-SHA-256 under APP_SECRET) of the code; null when refused. */
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    tries: integer('tries').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when a registration used the verified code: it is good for one account. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
    index('phone_codes_ip_idx').on(t.ip, t.createdAt),
    index('phone_codes_center_idx').on(t.centerId),
  ],
);
