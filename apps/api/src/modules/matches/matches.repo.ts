import type { MatchStatus } from '@dm/shared';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type CenterSettings,
  centerSettings,
  centers,
  donorDisplayIdSql,
  donorDonationCycles,
  donors,
  matchEvents,
  matches,
  portfolios,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Queries only; the rules are in matches.service.ts. */

const donorUser = alias(users, 'donor_user');
const parentUser = alias(users, 'parent_user');
const parentCenter = alias(centers, 'parent_center');

const rowColumns = {
  matchId: matches.id,
  donorId: matches.donorId,
  donorDisplayId: donors.displayId,
  donorAgencyDisplayId: donors.agencyDisplayId,
  donorFirstName: donorUser.firstName,
  donorLastName: donorUser.lastName,
  donorAvailability: donors.availability,
  donorCenterId: matches.donorCenterId,
  parentId: matches.parentId,
  parentFirstName: parentUser.firstName,
  parentLastName: parentUser.lastName,
  parentUsername: parentUser.username,
  ipAgencyName: parentCenter.agencyName,
  parentCenterId: matches.parentCenterId,
  portfolioId: matches.portfolioId,
  queueType: matches.queueType,
  status: matches.status,
  queuePosition: matches.queuePosition,
  cancelReason: matches.cancelReason,
  requestedAt: matches.requestedAt,
  statusChangedAt: matches.statusChangedAt,
};

function joined(db: Db) {
  return db
    .select(rowColumns)
    .from(matches)
    .innerJoin(donors, eq(donors.userId, matches.donorId))
    .innerJoin(donorUser, eq(donorUser.id, matches.donorId))
    .innerJoin(parentUser, eq(parentUser.id, matches.parentId))
    .innerJoin(parentCenter, eq(parentCenter.id, matches.parentCenterId));
}
export type MatchRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** Which matches a read selects; every field given narrows it. */
export interface MatchFilter {
  matchId?: number;
  donorId?: number;
  parentId?: number;
  donorCenterId?: number;
  parentCenterId?: number;
  statuses?: readonly string[];
  donorAvailabilities?: readonly string[];
  /** Words of the grid search: donor id, donor and parent names, the parent's e-mail (2 letters or more). */
  search?: string;
  /** The status changed on or after this time, and before `changedBefore`. */
  changedFrom?: Date;
  changedBefore?: Date;
}

function whereOf(f: MatchFilter): SQL {
  return (
    and(
      f.matchId === undefined ? undefined : eq(matches.id, f.matchId),
      f.donorId === undefined ? undefined : eq(matches.donorId, f.donorId),
      f.parentId === undefined ? undefined : eq(matches.parentId, f.parentId),
      f.donorCenterId === undefined ? undefined : eq(matches.donorCenterId, f.donorCenterId),
      f.parentCenterId === undefined ? undefined : eq(matches.parentCenterId, f.parentCenterId),
      f.statuses === undefined ? undefined : inArray(matches.status, [...f.statuses]),
      f.donorAvailabilities?.length ? inArray(donors.availability, [...f.donorAvailabilities]) : undefined,
      f.search === undefined ? undefined : gridSearch(f.search),
      f.changedFrom === undefined ? undefined : gte(matches.statusChangedAt, f.changedFrom),
      f.changedBefore === undefined ? undefined : lt(matches.statusChangedAt, f.changedBefore),
    ) ?? sql`true`
  );
}

/** The matches of the filter, oldest request first (`byRequest` false: by id only). */
export async function matchRows(db: Db, filter: MatchFilter, byRequest = true) {
  return joined(db)
    .where(whereOf(filter))
    .orderBy(...(byRequest ? [asc(matches.requestedAt)] : []), asc(matches.id));
}

export const SORT_COLUMNS = {
  requested: matches.requestedAt,
  updated: matches.statusChangedAt,
  donor: donorDisplayIdSql,
  parent: parentUser.lastName,
  status: matches.status,
  availability: donors.availability,
} as const;

/** One page of a grid and the total, for the conditions the service built. */
export async function matchPage(
  db: Db,
  filter: MatchFilter,
  sort: keyof typeof SORT_COLUMNS,
  ord: 'asc' | 'desc',
  offset: number,
  limit: number | null,
) {
  const column = SORT_COLUMNS[sort];
  const where = whereOf(filter);
  const base = joined(db)
    .where(where)
    .orderBy(ord === 'asc' ? asc(column) : desc(column), desc(matches.id));
  const rows = limit === null ? await base : await base.offset(offset).limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches)
    .innerJoin(donors, eq(donors.userId, matches.donorId))
    .innerJoin(donorUser, eq(donorUser.id, matches.donorId))
    .innerJoin(parentUser, eq(parentUser.id, matches.parentId))
    .innerJoin(parentCenter, eq(parentCenter.id, matches.parentCenterId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Every row the conditions select, in the grid's order, a batch at a time (the streamed CSV
 * exports): memory stays flat however many matches there are.
 */
export async function* matchBatches(
  db: Db,
  filter: MatchFilter,
  sort: keyof typeof SORT_COLUMNS,
  ord: 'asc' | 'desc',
  size = 1000,
): AsyncGenerator<MatchRecord[]> {
  const column = SORT_COLUMNS[sort];
  const where = whereOf(filter);
  for (let offset = 0; ; offset += size) {
    const rows = await joined(db)
      .where(where)
      .orderBy(ord === 'asc' ? asc(column) : desc(column), desc(matches.id))
      .offset(offset)
      .limit(size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

function gridSearch(text: string): SQL | undefined {
  if (text.length < 2) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(donors.displayId, like),
    ilike(donors.agencyDisplayId, like),
    ilike(donorUser.firstName, like),
    ilike(donorUser.lastName, like),
    ilike(parentUser.firstName, like),
    ilike(parentUser.lastName, like),
    ilike(parentUser.username, like),
  );
}

/** The user row of the parent, locked until the transaction ends. */
export async function lockUser(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/** Donor rows locked in ascending id order, so that two transactions never wait on each other. */
export async function lockDonors(db: Db, donorIds: number[]) {
  const ids = [...new Set(donorIds)].sort((a, b) => a - b);
  const out = new Map<number, typeof donors.$inferSelect>();
  for (const id of ids) {
    const [row] = await db.select().from(donors).where(eq(donors.userId, id)).for('update');
    if (row) out.set(id, row);
  }
  return out;
}

/** The donor with her user and center rows, the center's settings with their defaults. */
export async function donorWithCenter(db: Db, donorId: number) {
  const [row] = await db
    .select({ donor: donors, user: users, center: centers })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(eq(donors.userId, donorId))
    .limit(1);
  return row ? { ...row, settings: centerSettings(row.center.settings) } : null;
}

export async function userWithCenter(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, center: centers })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row, settings: centerSettings(row.center.settings) } : null;
}

export async function matchById(db: Db, matchId: number) {
  const [row] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  return row ?? null;
}

export async function openMatchOf(db: Db, donorId: number, parentId: number, open: readonly MatchStatus[]) {
  const [row] = await db
    .select()
    .from(matches)
    .where(
      and(eq(matches.donorId, donorId), eq(matches.parentId, parentId), inArray(matches.status, [...open])),
    )
    .orderBy(desc(matches.id))
    .limit(1);
  return row ?? null;
}

export const matchesOfDonor = (db: Db, donorId: number, statuses: readonly MatchStatus[]) =>
  db
    .select()
    .from(matches)
    .where(and(eq(matches.donorId, donorId), inArray(matches.status, [...statuses])))
    .orderBy(asc(matches.requestedAt), asc(matches.id));

export const matchesOfParent = (db: Db, parentId: number, statuses: readonly MatchStatus[]) =>
  db
    .select()
    .from(matches)
    .where(and(eq(matches.parentId, parentId), inArray(matches.status, [...statuses])));

/** Whether the portfolio exists and is the parent's own (a match may name only that one). */
export async function isParentsPortfolio(db: Db, portfolioId: number, parentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.id, portfolioId), eq(portfolios.clientId, parentId)));
  return !!row;
}

export async function insertMatch(db: Db, values: typeof matches.$inferInsert) {
  const [row] = await db.insert(matches).values(values).returning();
  return row!;
}

export async function updateMatch(db: Db, matchId: number, values: Partial<typeof matches.$inferInsert>) {
  await db.update(matches).set(values).where(eq(matches.id, matchId));
}

export async function insertEvent(db: Db, values: typeof matchEvents.$inferInsert) {
  await db.insert(matchEvents).values(values);
}

export async function updateDonor(db: Db, donorId: number, values: Partial<typeof donors.$inferInsert>) {
  await db.update(donors).set(values).where(eq(donors.userId, donorId));
}

/** Hides an (Unavailable) donor from intended parents for some hours, by the database clock. */
export async function hideDonorFor(db: Db, donorId: number, hours: number) {
  await db
    .update(donors)
    .set({ hiddenUntil: sql`now() + make_interval(hours => ${hours})` })
    .where(eq(donors.userId, donorId));
}

export async function insertDonationCycle(db: Db, values: typeof donorDonationCycles.$inferInsert) {
  const [row] = await db.insert(donorDonationCycles).values(values).returning({ id: donorDonationCycles.id });
  return row!.id;
}

/** The history of one parent's matches with one donor, oldest first. */
export async function eventsOf(db: Db, donorId: number, parentId: number) {
  const actor = alias(users, 'actor');
  return db
    .select({
      matchId: matchEvents.matchId,
      action: matchEvents.action,
      fromStatus: matchEvents.fromStatus,
      toStatus: matchEvents.toStatus,
      reason: matchEvents.reason,
      at: matchEvents.at,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
    })
    .from(matchEvents)
    .innerJoin(matches, eq(matches.id, matchEvents.matchId))
    .leftJoin(actor, eq(actor.id, matchEvents.actorUserId))
    .where(and(eq(matches.donorId, donorId), eq(matches.parentId, parentId)))
    .orderBy(asc(matchEvents.at), asc(matchEvents.id));
}

/** The contact details of the given users (parents of a donor's current matches). */
export const contactsOf = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: users.id,
          username: users.username,
          countryCode: users.countryCode,
          contactNo: users.contactNo,
        })
        .from(users)
        .where(inArray(users.id, ids));

/** The center's settings, the defaults filling what it has not set. */
export async function centerSettingsOf(db: Db, centerId: number): Promise<CenterSettings> {
  const [row] = await db
    .select({ settings: centers.settings })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return centerSettings(row?.settings);
}
