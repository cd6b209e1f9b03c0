import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/** A JSON Web Key as stored: public members only (kty, crv, x, y, n, e, kid, alg, use). */
export type StoredJwk = Record<string, string>;

/**
 * The partner site a center trusts to sign its users in (single sign-on, decision 019): the
 * partner's issuer name, its public keys (a JWK set; never a private key, nothing fetched at run
 * time), the signature algorithms accepted (asymmetric only), where the partner's own login page
 * is, and whether the center's users may still sign in with a password here. The master admin
 * sets it per center.
 */
export const partnerSignIn = pgTable(
  'partner_sign_in',
  {
    centerId: integer('center_id')
      .primaryKey()
      .references(() => centers.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    /** The `iss` of the partner's tokens; unique, so a token names the one center it is for. */
    issuer: text('issuer').notNull(),
    keys: jsonb('keys').$type<{ keys: StoredJwk[] }>().notNull(),
    algorithms: text('algorithms').array().notNull(),
    loginUrl: text('login_url').notNull(),
    /** False: a password login of the center's users answers redirectPartnerLogin. */
    passwordLogin: boolean('password_login').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_sign_in_issuer').on(sql`lower(${t.issuer})`)],
);

/**
 * The `jti` of every partner token that signed someone in (or was checked far enough to be
 * spent), kept until the token's expiry: a token is used once, whichever process sees it.
 */
export const ssoUsedTokens = pgTable(
  'sso_used_tokens',
  {
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.centerId, t.jti] }), index('sso_used_tokens_expiry').on(t.expiresAt)],
);
