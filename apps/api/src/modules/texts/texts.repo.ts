import { ROLE } from '@dm/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  auditLog,
  type CenterSettings,
  centerSettings,
  centers,
  phoneCodes,
  textOutbox,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
export type PhoneCodeInsert = typeof phoneCodes.$inferInsert;

/** A center's name and settings, for the texts it sends; undefined when there is no such center. */
export async function findTextCenter(
  db: Db,
  centerId: number,
): Promise<{ id: number; agencyName: string; visible: boolean; settings: CenterSettings } | undefined> {
  const [row] = await db
    .select({
      id: centers.id,
      agencyName: centers.agencyName,
      visible: centers.visible,
      settings: centers.settings,
    })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return row && { ...row, settings: centerSettings(row.settings) };
}

/**
 * Serializes the code requests and checks of one number across processes for the rest of the
 * transaction (a transaction-scoped advisory lock on the number).
 */
export async function lockPhone(tx: Db, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
}

/** The newest request for a number (sent or refused). */
export async function newestRequest(db: Db, phone: string): Promise<PhoneCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(eq(phoneCodes.phone, phone))
    .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
    .limit(1);
  return row;
}

/** The newest code sent to a number: the live one (a newer send replaces it). */
export async function newestCode(
  db: Db,
  phone: string,
  forUpdate = false,
): Promise<PhoneCodeRow | undefined> {
  const query = db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.ok, 1), isNotNull(phoneCodes.codeHash)))
    .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
    .limit(1);
  return (forUpdate ? await query.for('update') : await query)[0];
}

/** Codes sent since `since` to the number and from the address (refusals are not counted). */
export async function codesSentSince(db: Db, phone: string, ip: string, since: Date) {
  const sent = (column: typeof phoneCodes.phone | typeof phoneCodes.ip, value: string) =>
    db
      .select({ n: count() })
      .from(phoneCodes)
      .where(and(eq(column, value), eq(phoneCodes.ok, 1), gte(phoneCodes.createdAt, since)));
  const [[byNumber], [byAddress]] = await Promise.all([
    sent(phoneCodes.phone, phone),
    sent(phoneCodes.ip, ip),
  ]);
  return { byNumber: byNumber?.n ?? 0, byAddress: byAddress?.n ?? 0 };
}

export async function insertRequest(db: Db, row: PhoneCodeInsert): Promise<PhoneCodeRow> {
  const [inserted] = await db.insert(phoneCodes).values(row).returning();
  return inserted!;
}

export async function updateCode(
  db: Db,
  id: number,
  set: Partial<Pick<PhoneCodeRow, 'tries' | 'verifiedAt' | 'usedAt'>>,
): Promise<void> {
  await db.update(phoneCodes).set(set).where(eq(phoneCodes.id, id));
}

/** The newest rows of the text outbox, of one center or (null) of all. */
export function listTextOutbox(db: Db, centerId: number | null, limit: number) {
  return db
    .select()
    .from(textOutbox)
    .where(centerId === null ? sql`true` : eq(textOutbox.centerId, centerId))
    .orderBy(desc(textOutbox.id))
    .limit(limit);
}

/** A user by login name (lower-case), with what the archived-client notice needs. */
export async function findUserForNotice(db: Db, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      centerId: users.centerId,
      role: users.role,
      status: users.status,
      managerId: users.managerId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Audit entries of an action about a user since `since`, optionally from one address. */
export async function auditEntriesSince(
  db: Db,
  action: string,
  since: Date,
  filter: { userId?: number; ip?: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        gte(auditLog.at, since),
        filter.userId === undefined ? undefined : eq(auditLog.entityId, String(filter.userId)),
        filter.ip === undefined ? undefined : eq(auditLog.ip, filter.ip),
      ),
    );
  return row?.n ?? 0;
}

/** The active agency admins of a center: who hears of an archived client without a manager. */
export async function activeAdminIds(db: Db, centerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.centerId, centerId), inArray(users.role, [ROLE.ADMIN]), eq(users.status, 'Active')));
  return rows.map((r) => r.id);
}

/** Whether a user is active (an archived client's case manager may have left). */
export async function isActiveUser(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, id)).limit(1);
  return row?.status === 'Active';
}

/** Marks the number a user registered with as verified, with their text-notification choice. */
export async function setUserTextChoice(
  db: Db,
  userId: number,
  values: { receiveTextNotification: boolean; mobileVerifiedAt: Date | null },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}
