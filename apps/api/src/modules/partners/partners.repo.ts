import { eq, lt, sql } from 'drizzle-orm';
import { partnerSignIn, type StoredJwk, ssoUsedTokens } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type PartnerRow = typeof partnerSignIn.$inferSelect;

export async function partnerOf(db: Db, centerId: number): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partnerSignIn).where(eq(partnerSignIn.centerId, centerId)).limit(1);
  return row ?? null;
}

/** The partner whose tokens carry this `iss` (issuers are unique whatever their case). */
export async function partnerByIssuer(db: Db, issuer: string): Promise<PartnerRow | null> {
  const [row] = await db
    .select()
    .from(partnerSignIn)
    .where(sql`lower(${partnerSignIn.issuer}) = ${issuer.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function savePartner(
  db: Db,
  values: {
    centerId: number;
    enabled: boolean;
    issuer: string;
    keys: StoredJwk[];
    algorithms: string[];
    loginUrl: string;
    passwordLogin: boolean;
    updatedBy: number;
    updatedAt: Date;
  },
): Promise<PartnerRow> {
  const { centerId, keys, ...rest } = values;
  const set = { ...rest, keys: { keys } };
  const [row] = await db
    .insert(partnerSignIn)
    .values({ centerId, ...set })
    .onConflictDoUpdate({ target: partnerSignIn.centerId, set })
    .returning();
  return row!;
}

export async function deletePartner(db: Db, centerId: number): Promise<boolean> {
  const rows = await db
    .delete(partnerSignIn)
    .where(eq(partnerSignIn.centerId, centerId))
    .returning({ id: partnerSignIn.centerId });
  return rows.length > 0;
}

/**
 * Spends a token's jti for its center: true the first time, false when it was spent before (a
 * replay). The primary key decides, so two processes given one token at once spend it once.
 */
export async function spendToken(
  db: Db,
  token: { centerId: number; jti: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(ssoUsedTokens)
    .values({ centerId: token.centerId, jti: token.jti, expiresAt: token.expiresAt, usedAt: token.now })
    .onConflictDoNothing()
    .returning({ jti: ssoUsedTokens.jti });
  return rows.length > 0;
}

/** Forgets the jtis of tokens that have expired: an expired token is refused before its jti is read. */
export async function purgeSpentTokens(db: Db, now: Date): Promise<void> {
  await db.delete(ssoUsedTokens).where(lt(ssoUsedTokens.expiresAt, now));
}
