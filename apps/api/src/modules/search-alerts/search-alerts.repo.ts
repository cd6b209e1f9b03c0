import type { RoleId, SearchFilters, UserStatus } from '@dm/shared';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  type CenterSettings,
  centerSettings,
  centers,
  donors,
  savedSearches,
  searchAlertDigests,
  searchAlertDonors,
  searchAlerts,
  users,
} from '../../db/schema/index.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { notifiedUserColumns } from '../../platform/session-user.js';

/** The ids of the user's saved searches whose alert is on. */
export async function alertedSearchIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: searchAlerts.savedSearchId })
    .from(searchAlerts)
    .where(eq(searchAlerts.userId, userId));
  return new Set(rows.map((r) => r.id));
}

/** Switches an alert on with its first seen donors; false when it was on already. */
export async function insertAlert(
  db: Db,
  row: { savedSearchId: number; userId: number; seen: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(searchAlerts)
    .values({
      savedSearchId: row.savedSearchId,
      userId: row.userId,
      enabledAt: row.at,
      seen: row.seen,
      seenAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ id: searchAlerts.savedSearchId });
  return inserted.length > 0;
}

export async function deleteAlert(db: Db, savedSearchId: number): Promise<void> {
  await db.delete(searchAlerts).where(eq(searchAlerts.savedSearchId, savedSearchId));
}

/** The alert of a search, its row locked until the caller's transaction ends (waits for a pass). */
export async function lockAlert(tx: Db, savedSearchId: number): Promise<{ seen: string } | undefined> {
  const [row] = await tx
    .select({ seen: searchAlerts.seen })
    .from(searchAlerts)
    .where(eq(searchAlerts.savedSearchId, savedSearchId))
    .for('update');
  return row;
}

export async function writeSeen(tx: Db, savedSearchId: number, seen: string, at: Date): Promise<void> {
  await tx
    .update(searchAlerts)
    .set({ seen, seenAt: at })
    .where(eq(searchAlerts.savedSearchId, savedSearchId));
}

/** A user with alerts whose digest of the day is not sent yet, and what the pass needs of them. */
export interface AlertUser
  extends Pick<Auth, 'userId' | 'role' | 'status' | 'centerId' | 'parentId' | 'managerId'> {
  username: string;
  firstName: string;
  lastName: string;
  contactNo: string;
  countryCode: string;
  /** Texts: the user chose them and verified the number. */
  wantsTexts: boolean;
  agencyName: string;
  onboarded: boolean;
  preActiveAccess: boolean;
  payments: boolean;
  settings: CenterSettings;
}

/**
 * Up to `limit` users after `afterUserId` (in id order) who have an alert and no digest for
 * `day`, archived accounts left out; `onlyUserIds` narrows to those (the development pass).
 */
export async function dueAlertUsers(
  db: Db,
  input: { day: string; afterUserId: number; limit: number; onlyUserIds?: readonly number[] | undefined },
): Promise<AlertUser[]> {
  const rows = await db
    .select({
      ...notifiedUserColumns,
      onboarded: centers.onboarded,
      preActiveAccess: centers.preActiveAccess,
      payments: centers.payments,
    })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(
      and(
        gt(users.id, input.afterUserId),
        sql`${users.id} in (select ${searchAlerts.userId} from ${searchAlerts})`,
        sql`not exists (select 1 from ${searchAlertDigests} g
              where g.user_id = ${users.id} and g.day = ${input.day})`,
        ne(users.status, 'Archived'),
        input.onlyUserIds ? inArray(users.id, [...input.onlyUserIds]) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(input.limit);
  return rows.map((r) => ({
    ...r,
    role: r.role as RoleId,
    status: r.status as UserStatus,
    wantsTexts: r.wantsTexts === true,
    settings: centerSettings(r.settings),
  }));
}

export interface UserAlert {
  userId: number;
  savedSearchId: number;
  name: string;
  filters: SearchFilters;
  seen: string;
}

/** These users' alerted searches with their filters and seen donors (read without a lock). */
export function alertsOfUsers(db: Db, userIds: readonly number[]): Promise<UserAlert[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: searchAlerts.userId,
      savedSearchId: searchAlerts.savedSearchId,
      name: savedSearches.name,
      filters: savedSearches.filters,
      seen: searchAlerts.seen,
    })
    .from(searchAlerts)
    .innerJoin(savedSearches, eq(savedSearches.id, searchAlerts.savedSearchId))
    .where(inArray(searchAlerts.userId, [...userIds]))
    .orderBy(asc(searchAlerts.userId), asc(savedSearches.name), asc(searchAlerts.savedSearchId));
}

/**
 * The user's alerts, locked FOR UPDATE SKIP LOCKED: while one pass works on a user, another
 * process's pass gets none of them and moves on (the lock lasts until the caller's transaction,
 * which also records the digest and queues its mail, commits).
 */
export function lockUserAlerts(tx: Db, userId: number): Promise<{ savedSearchId: number; seen: string }[]> {
  return tx
    .select({ savedSearchId: searchAlerts.savedSearchId, seen: searchAlerts.seen })
    .from(searchAlerts)
    .where(eq(searchAlerts.userId, userId))
    .orderBy(asc(searchAlerts.savedSearchId))
    .for('update', { skipLocked: true });
}

export async function digestExists(db: Db, userId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: searchAlertDigests.id })
    .from(searchAlertDigests)
    .where(and(eq(searchAlertDigests.userId, userId), eq(searchAlertDigests.day, day)))
    .limit(1);
  return row !== undefined;
}

/** Which of these donors a digest listed for the search already. */
export async function listedAmong(
  db: Db,
  savedSearchId: number,
  donorIds: readonly number[],
): Promise<Set<number>> {
  if (donorIds.length === 0) return new Set();
  const rows = await db
    .select({ id: searchAlertDonors.donorId })
    .from(searchAlertDonors)
    .where(
      and(
        eq(searchAlertDonors.savedSearchId, savedSearchId),
        inArray(searchAlertDonors.donorId, [...donorIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Records the user's digest of the day; null when one is recorded already (the unique (user,
 * day): a second process's or a restarted pass's digest of that day is never written).
 */
export async function claimDigest(
  tx: Db,
  row: { userId: number; day: string; at: Date; donors: number; searches: number },
): Promise<number | null> {
  const [inserted] = await tx
    .insert(searchAlertDigests)
    .values({
      userId: row.userId,
      day: row.day,
      sentAt: row.at,
      donors: row.donors,
      searches: row.searches,
      emailed: false,
      texted: false,
    })
    .onConflictDoNothing()
    .returning({ id: searchAlertDigests.id });
  return inserted?.id ?? null;
}

export async function setDigestChannels(
  tx: Db,
  digestId: number,
  channels: { emailed: boolean; texted: boolean },
): Promise<void> {
  await tx.update(searchAlertDigests).set(channels).where(eq(searchAlertDigests.id, digestId));
}

export async function insertListed(
  tx: Db,
  rows: readonly { savedSearchId: number; donorId: number; digestId: number }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(searchAlertDonors).values([...rows]);
}

/** What a digest shows of a donor (no medical data): her ids, first name and center's settings. */
export interface DigestDonor {
  id: number;
  displayId: string | null;
  agencyDisplayId: string | null;
  firstName: string;
  centerId: number;
  settings: CenterSettings;
}

export async function digestDonors(db: Db, donorIds: readonly number[]): Promise<DigestDonor[]> {
  if (donorIds.length === 0) return [];
  const rows = await db
    .select({
      id: donors.userId,
      displayId: donors.displayId,
      agencyDisplayId: donors.agencyDisplayId,
      firstName: users.firstName,
      centerId: donors.centerId,
      settings: centers.settings,
    })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(inArray(donors.userId, [...donorIds]));
  return rows.map((r) => ({ ...r, settings: centerSettings(r.settings) }));
}
