import {
  type AccessSubject,
  type ApiKeyScope,
  accessSubjectOf,
  decidePage,
  type EndpointAccess,
  MSG,
  ROLE,
  type RoleId,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  type SessionUser,
  TOKEN_HEADER,
  type UserStatus,
} from '@dm/shared';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { centerSettings, centers, donors, sessions, users } from '../db/schema/index.js';
import { apiKeyOf, checkKeyAccess, resolveApiKey } from './api-key-auth.js';
import type { Clock } from './clock.js';
import { hashToken } from './crypto.js';
import { type Db, preparedPerDb } from './db.js';
import type { ChangeFeed } from './db-listen.js';
import { forbidden, notFound, unauthenticated } from './errors.js';
import { SessionCache } from './session-cache.js';
import { sessionUserColumns, sessionUserOf, switchedFromUser } from './session-user.js';

/**
 * What a route declares about who may call it (declared with the endpoint's contract in
 * packages/shared). Every route must declare one; a test walks the routes and fails on any without it.
 */
export type Access = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** The signed-in caller, as every service receives it. */
export interface Auth {
  sessionId: number;
  /** When the person signed in; a switch keeps it, so switching never extends the lifetime. */
  sessionStartedAt: Date;
  userId: number;
  role: RoleId;
  status: UserStatus;
  centerId: number;
  parentId: number | null;
  managerId: number | null;
  switchedFromUserId: number | null;
  subject: AccessSubject;
  /** The caller's address (`request.ip`), recorded by `audit()` on every entry. */
  ip: string | null;
  /** The session user, read with the session when the route asked for it (Access `sessionUser`). */
  sessionUser?: SessionUser;
  /**
   * The API key the caller is (platform/api-key-auth.ts): then `userId` is the key's
   * creator, the role the agency admin's and `sessionId` 0; the audit log records the key.
   */
  apiKey?: { id: number; scope: ApiKeyScope };
}

/** Reads the session token from the header or, for the browser, the httpOnly cookie. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  if (typeof header === 'string' && header.length > 0) return header;
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie && cookie.length > 0 ? cookie : null;
}

/** Only refresh last_seen_at this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/** The session, user and center columns a session check needs. */
const sessionColumns = {
  session: {
    id: sessions.id,
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    endedAt: sessions.endedAt,
    endReason: sessions.endReason,
    switchedFromUserId: sessions.switchedFromUserId,
  },
  user: {
    id: users.id,
    role: users.role,
    status: users.status,
    centerId: users.centerId,
    parentId: users.parentId,
    managerId: users.managerId,
  },
  center: {
    onboarded: centers.onboarded,
    preActiveAccess: centers.preActiveAccess,
    payments: centers.payments,
    settings: centers.settings,
  },
};

/**
 * The session lookups, built once per database and run as prepared statements (building a drizzle
 * select of three whole tables cost more than running it): the one every signed-in request makes,
 * with only the columns it needs, and the one of a route that answers the session user (GET /me),
 * which reads the session user's columns as well: one round trip, not two.
 */
const sessionLookup = preparedPerDb('resolve_session', (db, name) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(name),
);
const sessionWithUserLookup = preparedPerDb('resolve_session_user', (db, name) =>
  db
    .select({ session: sessionColumns.session, ...sessionUserColumns(db) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(centers, eq(centers.id, users.centerId))
    .leftJoin(donors, eq(donors.userId, users.id))
    .leftJoin(switchedFromUser, eq(switchedFromUser.id, sessions.switchedFromUserId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(name),
);

/** The session lookup's row: the session, its user and their center's columns. */
type SessionRow = Awaited<ReturnType<typeof sessionLookup>>[number];
/** What a session check found, and the session user when it read that too (GET /me). */
interface CachedSession {
  row: SessionRow;
  sessionUser?: SessionUser;
}

/**
 * The caller of a session token, or 401. `withUser` also reads the session user (`sessionUser`),
 * in the same statement.
 */
export async function resolveSession(
  db: Db,
  clock: Clock,
  token: string,
  ip: string | null = null,
  withUser = false,
  cache: SessionCache<CachedSession> | null = null,
): Promise<Auth> {
  const tokenHash = hashToken(token);
  const now = clock.now();
  const cached = cache?.find(tokenHash, now.getTime(), withUser);
  // A kept session grown too old since is read again, and ended.
  if (cached && !tooOld(cached.row.session, now)) return authOf(cached, ip);
  const generation = cache?.generation ?? 0;
  let row: SessionRow | undefined;
  let sessionUser: SessionUser | undefined;
  if (withUser) {
    const [found] = await sessionWithUserLookup(db, { tokenHash });
    if (found) {
      // The session user's columns include the ones the check needs (each selected once).
      row = { session: found.session, user: found.profile, center: found.profileCenter };
      sessionUser = sessionUserOf(found, found.session.switchedFromUserId);
    }
  } else {
    [row] = await sessionLookup(db, { tokenHash });
  }
  if (!row) throw unauthenticated(MSG.BAD_TOKEN);
  const { session, user } = row;
  if (session.endedAt) {
    throw unauthenticated(session.endReason === 'replaced' ? MSG.RELOGIN_CODE : MSG.SESSION_EXPIRED_CODE);
  }
  const idle = now.getTime() - session.lastSeenAt.getTime();
  if (idle > SESSION_IDLE_MS || tooOld(session, now) || user.status === 'Archived') {
    await db
      .update(sessions)
      .set({ endedAt: now, endReason: user.status === 'Archived' ? 'archived' : 'expired' })
      .where(and(eq(sessions.id, session.id), isNull(sessions.endedAt)));
    throw unauthenticated(MSG.SESSION_EXPIRED_CODE);
  }
  let seen = row;
  if (idle > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    seen = { ...row, session: { ...session, lastSeenAt: now } };
  }
  const found: CachedSession = sessionUser ? { row: seen, sessionUser } : { row: seen };
  cache?.keep(tokenHash, generation, found);
  return authOf(found, ip);
}

/** Signed in 12 hours ago however active since: the session ends ('login'). */
function tooOld(session: SessionRow['session'], now: Date): boolean {
  return now.getTime() - session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
}

/** The caller of a session in force, read or kept. */
function authOf({ row, sessionUser }: CachedSession, ip: string | null): Auth {
  const { session, user, center } = row;
  const settings = centerSettings(center.settings);
  return {
    sessionId: session.id,
    sessionStartedAt: session.createdAt,
    userId: user.id,
    role: user.role as RoleId,
    status: user.status as UserStatus,
    centerId: user.centerId,
    parentId: user.parentId,
    managerId: user.managerId,
    switchedFromUserId: session.switchedFromUserId,
    subject: accessSubjectOf(user, { ...center, settings }),
    ip,
    ...(sessionUser ? { sessionUser } : {}),
  };
}

/**
 * Which of these sessions are still in force (not ended, not idle or too old, the user not
 * archived), read without touching them: an open socket is no activity of its user, so checking
 * it must not keep the session alive. The socket server re-checks its connections with it.
 */
export async function sessionsInForce(
  db: Db,
  clock: Clock,
  sessionIds: readonly number[],
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const now = clock.now().getTime();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        gt(sessions.createdAt, new Date(now - SESSION_ABSOLUTE_MS)),
        ne(users.status, 'Archived'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Runs before validation so that an anonymous caller gets 401 and a wrong role 403, not 400. */
export function installAccessHook(app: FastifyInstance, db: Db, clock: Clock, changes: ChangeFeed): void {
  app.decorateRequest('auth', null);
  const cache = new SessionCache<CachedSession>(changes, TOUCH_EVERY_MS);
  app.addHook('onClose', (_app, done) => {
    cache.close();
    done();
  });
  // Callback style (done): a public route called without a token (GET /health) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access) {
      // Unknown URLs fall through to the 404 handler; a known route without access is a bug.
      if (request.routeOptions.url === undefined) return done();
      return done(forbidden());
    }
    const token = tokenOf(request);
    // An API key only when there is no session token: the session path reads one header more.
    const key = token ? null : apiKeyOf(request);
    if (key) {
      resolveApiKey(db, clock, key, request.ip).then((auth) => {
        request.auth = auth;
        done(checkKeyAccess(auth, access, request.method) ?? undefined);
      }, done);
      return;
    }
    if ('public' in access) {
      if (!token) return done();
      resolveSession(db, clock, token, request.ip, false, cache).then(
        (auth) => {
          request.auth = auth;
          done();
        },
        () => done(),
      );
      return;
    }
    if (!token) return done(unauthenticated(MSG.NO_TOKEN));
    const withUser = 'signedIn' in access && access.sessionUser === true;
    resolveSession(db, clock, token, request.ip, withUser, cache).then((auth) => {
      request.auth = auth;
      if ('pages' in access) {
        const decisions = access.pages.map((page) => decidePage(auth.subject, page));
        if (!decisions.some((d) => d.allowed)) {
          // Where the page table sends the caller instead, when it is not /unauthorize (a Pre-Active
          // parent: /notpaid), so the browser goes there as its router would.
          const elsewhere = decisions.find((d) => !d.allowed && d.redirect !== '/unauthorize');
          return done(
            forbidden(
              MSG.UNAUTHORIZED,
              elsewhere && !elsewhere.allowed ? { redirect: elsewhere.redirect } : null,
            ),
          );
        }
      }
      done();
    }, done);
  });
}

/** The caller, for routes that declared signedIn or pages access. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthenticated(MSG.NO_TOKEN);
  return request.auth;
}

/**
 * Another center's object answers 404 as if it did not exist. The master admin works across
 * centers. Call with the center the object belongs to.
 */
export function assertCenter(auth: Auth, objectCenterId: number | null | undefined): void {
  if (auth.role === ROLE.MASTER) return;
  if (objectCenterId !== auth.centerId) throw notFound();
}

/** SQL condition limiting a query on a center_id column to what the caller may see. */
export function centerScope(auth: Auth, column: typeof users.centerId) {
  return auth.role === ROLE.MASTER ? sql`true` : eq(column, auth.centerId);
}
