import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
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

/**
 * The text the users grids search in: names, e-mail and phone joined (one ILIKE over one text is
 * half the work of one per field, and one trigram index serves it).
 */
export function usersSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  username: AnyPgColumn;
  contactNo: AnyPgColumn;
}) {
  return sql`${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.username} || ' ' || ${t.contactNo}`;
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    role: smallint('role').notNull(),
    status: text('status').notNull().default('Invited'),
    /** The login name: an e-mail address, stored lower-case. */
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    contactNo: text('contact_no').notNull().default(''),
    countryCode: text('country_code').notNull().default('+1'),
    /** The user chose text notifications (sign-up's optional step). */
    receiveTextNotification: boolean('receive_text_notification').notNull().default(false),
    /** When a one-time code sent to contact_no was verified; null: not verified. */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    country: text('country').notNull().default(''),
    passwordHash: text('password_hash'),
    managerId: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The primary intended parent of a secondary parent. */
    parentId: integer('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    referrer: text('referrer'),
    eulaAcceptedAt: timestamp('eula_accepted_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ipFormSubmittedAt: timestamp('ip_form_submitted_at', { withTimezone: true }),
    archivedNote: text('archived_note'),
    /** Notification e-mails (favourites, portfolios, matches, chat); off by /unsubscribe. Account mail always goes. */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_center_role_idx').on(t.centerId, t.role, t.status),
    index('users_manager_idx').on(t.managerId),
    // Secondary parents of a primary (the grids' has_secondary, status following, assignment).
    index('users_parent_idx').on(t.parentId),
    // The users grids: a center's page by name (the default sort) or by creation is an index scan.
    index('users_center_name_idx').on(t.centerId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('users_center_created_idx').on(t.centerId, t.createdAt, t.id),
    // The staff grids' e-mail prefix search (lower(username) like 'x%'): text_pattern_ops lets
    // a prefix use the index whatever the database's collation.
    index('users_center_username_pattern_idx').on(t.centerId, sql`lower(${t.username}) text_pattern_ops`),
    // The users grids' "contains" search (usersSearchText ilike '%x%'): trigrams (pg_trgm) find
    // the few users holding the text without reading every user of the center.
    index('users_search_trgm_idx').using('gin', sql`(${usersSearchText(t)}) gin_trgm_ops`),
  ],
);

/** One-time links: password reset and invitations. Only a hash of the token is kept. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_unique').on(t.tokenHash),
    // The last invitation of a user, and deleting a user.
    index('user_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Login sessions. The browser holds a random token; only its SHA-256 is stored.
 * A new login ends the older session with reason 'replaced' so it can answer 'relogin'.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** While an admin works inside another account: the admin's user id. */
    switchedFromUserId: integer('switched_from_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Distinct donor pages a client opened in this session (captcha after the threshold). */
    donorViews: jsonb('donor_views').$type<number[]>().notNull().default([]),
    captchaSolvedAt: timestamp('captcha_solved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed and throttled logins, per account and per address; shared by every API process. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    /** 1 succeeded, 0 wrong password, 2 refused for a missing or bad captcha (auth.repo ATTEMPT). */
    succeeded: smallint('succeeded').notNull().default(0),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_user_idx').on(t.username, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
  ],
);

/** Solved captcha challenges, kept until they expire so that one solution is used once. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The donor an audit entry is about: a donor entry's id, or the donor of a match transition
 * (details.donorId). The audit list (modules/audit) filters and pages on this expression.
 */
export const auditDonorSql = (t: { entityType: AnyPgColumn; entityId: AnyPgColumn; details: AnyPgColumn }) =>
  sql`(CASE WHEN ${t.entityType} = 'donor' THEN ${t.entityId} WHEN ${t.entityType} = 'match' THEN ${t.details}->>'donorId' END)`;

/**
 * Every staff read and write of protected data, and every security event. Append-only: a
 * trigger (migration 0026) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    /** The admin behind a switched session. */
    onBehalfOfUserId: integer('on_behalf_of_user_id'),
    /** The API key the change was made with: the actor is then the key's creator. */
    apiKeyId: integer('api_key_id'),
    centerId: integer('center_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('audit_entity_idx').on(t.entityType, t.entityId),
    index('audit_actor_idx').on(t.actorUserId, t.at),
    // The audit list: one donor's entries newest first, and every donor entry newest first.
    index('audit_donor_idx')
      .on(auditDonorSql(t), t.at, t.id)
      .where(sql`${auditDonorSql(t)} IS NOT NULL`),
    index('audit_donor_at_idx')
      .on(t.at, t.id)
      .where(sql`${auditDonorSql(t)} IS NOT NULL`),
  ],
);

/** The terms (EULA) text; the newest row is in force. */
export const terms = pgTable('terms', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
