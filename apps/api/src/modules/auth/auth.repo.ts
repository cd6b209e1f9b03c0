import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  auditLog,
  centers,
  donors,
  loginAttempts,
  sessions,
  terms,
  users,
  userTokens,
} from '../../db/schema/index.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';

export type UserRow = typeof users.$inferSelect;
export type CenterRow = typeof centers.$inferSelect;
export type TokenPurpose = 'reset' | 'invite';

/** Usernames are e-mail addresses and unique whatever their case. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Changes a user's row; the changed row, or none when the id is unknown. */
export async function updateUser(
  db: Db,
  id: number,
  set: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** The donor row of a new donor account (no pre-form yet). */
export async function insertDonor(db: Db, userId: number, centerId: number): Promise<void> {
  await db.insert(donors).values({ userId, centerId });
}

/** Sign-up link requests from one address since a time (the audit log is the counter). */
export async function signupLinkRequestsSince(db: Db, ip: string, since: Date): Promise<number> {
  // audit_entity_idx covers the lookup.
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.entityType, 'signup_link_request'), eq(auditLog.entityId, ip), gt(auditLog.at, since)),
    );
  return row?.n ?? 0;
}

export async function findUserWithCenter(
  db: Db,
  userId: number,
): Promise<{ user: UserRow; center: CenterRow } | undefined> {
  const [row] = await db
    .select({ user: users, center: centers })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findCenter(db: Db, centerId: number): Promise<CenterRow | undefined> {
  const [row] = await db.select().from(centers).where(eq(centers.id, centerId)).limit(1);
  return row;
}

/**
 * What a login_attempts row records, in its `succeeded` column: a success, a wrong password (or
 * unknown account), or an attempt refused before any password was checked because the captcha
 * it needed was missing or did not verify. Refusals count against the address only: counting them
 * against the account would let anyone lock its owner out without ever solving a captcha.
 */
export const ATTEMPT = { FAILED: 0, SUCCEEDED: 1, REFUSED: 2 } as const;
export type AttemptOutcome = (typeof ATTEMPT)[keyof typeof ATTEMPT];

/**
 * Login attempts since `since`: the account's successes and password failures, oldest first, and
 * how many attempts from the address did not succeed (failures and refusals).
 */
export async function attemptsSince(db: Db, username: string, ip: string, since: Date) {
  const byAccount = await db
    .select({ succeeded: loginAttempts.succeeded, at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        gt(loginAttempts.at, since),
        ne(loginAttempts.succeeded, ATTEMPT.REFUSED),
      ),
    )
    .orderBy(loginAttempts.at, loginAttempts.id);
  const [byAddress] = await db
    .select({ failed: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        gt(loginAttempts.at, since),
        ne(loginAttempts.succeeded, ATTEMPT.SUCCEEDED),
      ),
    );
  return { byAccount, failedByAddress: byAddress?.failed ?? 0 };
}

export async function recordAttempt(
  db: Db,
  attempt: { username: string; ip: string; outcome: AttemptOutcome; at: Date },
): Promise<void> {
  await db.insert(loginAttempts).values({
    username: attempt.username,
    ip: attempt.ip,
    succeeded: attempt.outcome,
    at: attempt.at,
  });
}

/** Ends a user's open sessions; `ownOnly` spares sessions an admin opened by switching in. */
export async function endUserSessions(
  db: Db,
  userId: number,
  reason: string,
  now: Date,
  opts: { ownOnly: boolean },
): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        opts.ownOnly ? isNull(sessions.switchedFromUserId) : undefined,
      ),
    );
}

export async function endSession(db: Db, sessionId: number, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Creates a session and returns its token; only the token's hash is stored. */
export async function insertSession(
  db: Db,
  input: {
    userId: number;
    switchedFromUserId: number | null;
    ip: string;
    userAgent: string | null;
    now: Date;
    /** When the session's lifetime began, if earlier than now (a switch keeps the sign-in time). */
    startedAt?: Date;
  },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    switchedFromUserId: input.switchedFromUserId,
    createdAt: input.startedAt ?? input.now,
    lastSeenAt: input.now,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return token;
}

/** Issues a one-time link token; returns the raw token for the e-mail, stores only its hash. */
export async function issueUserToken(
  db: Db,
  input: { userId: number; purpose: TokenPurpose; ttlMs: number; now: Date },
): Promise<string> {
  const token = newToken();
  await db.insert(userTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    createdAt: input.now,
  });
  return token;
}

/** The unused, unexpired token with this value and one of these purposes, with its user. */
export async function findLiveToken(db: Db, token: string, purposes: TokenPurpose[], now: Date) {
  const [row] = await db
    .select({ token: userTokens, user: users, center: centers })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        inArray(userTokens.purpose, purposes),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks every unused token of these purposes as spent, so older links stop working too. */
export async function spendUserTokens(
  db: Db,
  userId: number,
  purposes: TokenPurpose[],
  now: Date,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(eq(userTokens.userId, userId), inArray(userTokens.purpose, purposes), isNull(userTokens.usedAt)),
    );
}

/** How many tokens of a purpose a user was sent since `since` (throttles reset mails). */
export async function tokensIssuedSince(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(userTokens)
    .where(
      and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), gt(userTokens.createdAt, since)),
    );
  return row?.count ?? 0;
}

export async function latestTerms(db: Db) {
  const [row] = await db.select().from(terms).orderBy(desc(terms.publishedAt)).limit(1);
  return row;
}
