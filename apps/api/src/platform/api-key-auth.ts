import {
  AGENCY_API_MSG,
  API_KEY_PREFIX,
  type ApiKeyScope,
  accessSubjectOf,
  decidePage,
  keyMayCall,
  keyPages,
  MSG,
  ROLE,
} from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiKeys, centerSettings, centers } from '../db/schema/index.js';
import type { Access, Auth } from './auth-context.js';
import type { Clock } from './clock.js';
import { hashToken } from './crypto.js';
import { type Db, preparedPerDb } from './db.js';
import { forbidden, unauthenticated } from './errors.js';

/**
 * Agency API keys as callers (decision 028). A key is read from
 * `Authorization: Bearer dmk_<id>_<secret>` only when the request carries no session token, so
 * the session path costs one header read more and nothing else.
 */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith(`Bearer ${API_KEY_PREFIX}`)) return null;
  return header.slice('Bearer '.length).trim();
}

/** last_used_at moves at most this often, so a key's calls do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

const keyLookup = preparedPerDb('resolve_api_key', (db, name) =>
  db
    .select({
      id: apiKeys.id,
      centerId: apiKeys.centerId,
      scope: apiKeys.scope,
      createdBy: apiKeys.createdBy,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      center: {
        onboarded: centers.onboarded,
        preActiveAccess: centers.preActiveAccess,
        payments: centers.payments,
        settings: centers.settings,
      },
    })
    .from(apiKeys)
    .innerJoin(centers, eq(centers.id, apiKeys.centerId))
    .where(eq(apiKeys.secretHash, sql.placeholder('secretHash')))
    .limit(1)
    .prepare(name),
);

/**
 * The caller an API key stands for, or 401 (unknown or revoked key, or its creator gone): a
 * service principal of the key's center with an agency admin's reach, never the master admin's,
 * whatever the role of who created it. Columns that name a user name the key's creator; the audit
 * log records the key (`apiKey`).
 */
export async function resolveApiKey(db: Db, clock: Clock, key: string, ip: string | null): Promise<Auth> {
  const [row] = await keyLookup(db, { secretHash: hashToken(key) });
  if (!row || row.revokedAt || row.createdBy === null) throw unauthenticated(MSG.BAD_TOKEN);
  const now = clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  const principal = { role: ROLE.ADMIN, status: 'Active', parentId: null };
  return {
    sessionId: 0,
    sessionStartedAt: now,
    userId: row.createdBy,
    role: ROLE.ADMIN,
    status: 'Active',
    centerId: row.centerId,
    parentId: null,
    managerId: null,
    switchedFromUserId: null,
    subject: accessSubjectOf(principal, { ...row.center, settings: centerSettings(row.center.settings) }),
    ip,
    apiKey: { id: row.id, scope: row.scope as ApiKeyScope },
  };
}

/**
 * Whether the key's caller may call this route: 403 on a route for people (public, any signed-in,
 * or only personal pages), on a write with a read-only key, and on a route none of whose other
 * pages the key's subject may open.
 */
export function checkKeyAccess(auth: Auth, access: Access, method: string): Error | null {
  const pages = 'pages' in access ? access.pages : null;
  const reads = 'pages' in access && access.reads === true;
  const verdict = keyMayCall(auth.apiKey!.scope, { method, pages, reads });
  if (verdict === 'people-only') return forbidden(AGENCY_API_MSG.NOT_FOR_KEYS);
  if (verdict === 'read-only') return forbidden(AGENCY_API_MSG.READ_ONLY);
  if (!keyPages(pages).some((page) => decidePage(auth.subject, page).allowed))
    return forbidden(MSG.UNAUTHORIZED);
  return null;
}

/** The OpenAPI description of the key scheme (app.ts). */
export const API_KEY_SCHEME_DESCRIPTION =
  "An agency's API key, `Authorization: Bearer dmk_<id>_<secret>`, created on the API keys page. " +
  "It acts for its center with an agency admin's reach: read-only keys call GET routes (and POST " +
  'routes marked as only reading), read-write keys every route that lists it. Routes of a person ' +
  '(sign-in, session, password, profile, notifications, messages, key and webhook management) refuse keys (403).';

/** Which keys a route accepts, for its OpenAPI description; null when it refuses keys. */
export function apiKeyAccessOf(access: Access, method: string): string | null {
  const pages = 'pages' in access ? access.pages : null;
  const reads = 'pages' in access && access.reads === true;
  if (keyMayCall('read', { method, pages, reads }) === 'ok') return 'read-only and read-write';
  return keyMayCall('write', { method, pages, reads }) === 'ok' ? 'read-write' : null;
}
