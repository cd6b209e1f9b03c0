import { ROLE } from '@dm/shared';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  type CenterSettings,
  centers,
  feeOptions,
  twilioNumberRequests,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** A center's settings with the defaults filled in. */
export { centerSettings as settingsWithDefaults } from '../../db/schema/index.js';
export type { CenterSettings };

const centerColumns = {
  id: centers.id,
  name: centers.name,
  preActiveAccess: centers.preActiveAccess,
  settings: centers.settings,
  twilioPhoneNumber: centers.twilioPhoneNumber,
  twilioAccountSid: centers.twilioAccountSid,
  twilioAuthTokenSealed: centers.twilioAuthTokenSealed,
};

export type CenterSettingsRow = {
  id: number;
  name: string;
  preActiveAccess: boolean;
  settings: Partial<CenterSettings>;
  twilioPhoneNumber: string | null;
  twilioAccountSid: string | null;
  twilioAuthTokenSealed: string | null;
};

/** The center's settings and phone columns; `forUpdate` locks the row until the transaction ends. */
export async function centerSettingsRow(
  db: Db,
  centerId: number,
  forUpdate = false,
): Promise<CenterSettingsRow | undefined> {
  const query = db.select(centerColumns).from(centers).where(eq(centers.id, centerId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function writeCenterSettings(
  db: Db,
  centerId: number,
  values: {
    settings?: Partial<CenterSettings>;
    twilioPhoneNumber?: string;
    twilioAccountSid?: string;
    twilioAuthTokenSealed?: string;
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(centers).set(values).where(eq(centers.id, centerId));
}

/** The case managers of a center who are not archived, by name. */
export function caseManagersOf(db: Db, centerId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.centerId, centerId), eq(users.role, ROLE.MANAGER), ne(users.status, 'Archived')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export async function userName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return `${row.firstName} ${row.lastName}`.trim() || row.username;
}

// --- Twilio number change requests

export async function pendingNumberRequest(db: Db, centerId: number) {
  const [row] = await db
    .select({
      id: twilioNumberRequests.id,
      requestedNumber: twilioNumberRequests.requestedNumber,
      reason: twilioNumberRequests.reason,
      createdAt: twilioNumberRequests.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(twilioNumberRequests)
    .leftJoin(users, eq(users.id, twilioNumberRequests.requestedBy))
    .where(and(eq(twilioNumberRequests.centerId, centerId), eq(twilioNumberRequests.status, 'pending')))
    .limit(1);
  return row;
}

export async function insertNumberRequest(
  db: Db,
  values: {
    centerId: number;
    requestedBy: number;
    requestedNumber: string | null;
    reason: string;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(twilioNumberRequests)
    .values(values)
    .returning({ id: twilioNumberRequests.id });
  return row!.id;
}

/** Marks the center's pending request done; the ids it resolved. */
export async function resolveNumberRequests(
  db: Db,
  centerId: number,
  by: number,
  at: Date,
): Promise<number[]> {
  const rows = await db
    .update(twilioNumberRequests)
    .set({ status: 'done', resolvedBy: by, resolvedAt: at })
    .where(and(eq(twilioNumberRequests.centerId, centerId), eq(twilioNumberRequests.status, 'pending')))
    .returning({ id: twilioNumberRequests.id });
  return rows.map((r) => r.id);
}

/** The active master admins: who is asked for a number change. */
export function activeMasterAdmins(db: Db) {
  return db
    .select({ id: users.id, username: users.username, firstName: users.firstName, centerId: users.centerId })
    .from(users)
    .where(and(eq(users.role, ROLE.MASTER), eq(users.status, 'Active')))
    .orderBy(asc(users.id));
}

// --- fee options

/**
 * Serializes fee option writes (a handful a year): an agency option and a global one are checked
 * against each other, which no unique index can do across the two scopes.
 */
export async function lockFeeOptions(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fee_options'))`);
}

/** The agency's own options and the global ones, global first, each in the order added. */
export function feeOptionsOf(db: Db, centerId: number) {
  return db
    .select({
      option_id: feeOptions.id,
      options: feeOptions.options,
      center_id: feeOptions.centerId,
      comment: feeOptions.comment,
    })
    .from(feeOptions)
    .where(or(isNull(feeOptions.centerId), eq(feeOptions.centerId, centerId)))
    .orderBy(sql`${feeOptions.centerId} nulls first`, asc(feeOptions.id));
}

/**
 * Whether the key is taken where it would clash: for an agency option its own and the global
 * ones; for a global option every option of every agency.
 */
export async function feeOptionKeyTaken(db: Db, key: string, centerId: number | null): Promise<boolean> {
  const scope =
    centerId === null ? sql`true` : or(isNull(feeOptions.centerId), eq(feeOptions.centerId, centerId));
  const [row] = await db
    .select({ id: feeOptions.id })
    .from(feeOptions)
    .where(and(eq(feeOptions.optionKey, key), scope))
    .limit(1);
  return row !== undefined;
}

export async function insertFeeOption(db: Db, values: typeof feeOptions.$inferInsert): Promise<number> {
  const [row] = await db.insert(feeOptions).values(values).returning({ id: feeOptions.id });
  return row!.id;
}

export async function findFeeOption(db: Db, optionId: number) {
  const [row] = await db.select().from(feeOptions).where(eq(feeOptions.id, optionId)).limit(1);
  return row;
}

export async function deleteFeeOption(db: Db, optionId: number): Promise<void> {
  await db.delete(feeOptions).where(eq(feeOptions.id, optionId));
}
