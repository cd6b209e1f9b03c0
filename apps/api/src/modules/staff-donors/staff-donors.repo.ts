import {
  DONOR_MANDATORY_FIELDS,
  type DonorGridQuery,
  type DonorGridSort,
  globalSearchQuery,
  ROLE,
  statusesForFilters,
} from '@dm/shared';
import { and, asc, desc, eq, gt, inArray, max, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import {
  centerSettings,
  centers,
  donorDisplayIdSql,
  donorImports,
  donorRaces,
  donorStatusMessages,
  donors,
  fieldMappingDonors,
  matches,
  users,
  userTokens,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { claimDue, type WorkQueue } from '../../platform/jobs/queue.js';

const parent = alias(users, 'reserved_parent');
const manager = alias(users, 'reserved_manager');

/**
 * The text search of the staff grids: names and ids (full text), the e-mail prefix, the user id.
 * It is a set of donor ids, each part read through its own index (the users (center, username
 * pattern) index, the GIN search vector), so a search costs what it finds, not the center's size.
 */
export function staffSearch(term: string, centerId: number | null): SQL | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const prefix = `${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
  const parts: SQL[] = [
    sql`select ${users.id} from ${users} where ${centerId === null ? sql`` : sql`${users.centerId} = ${centerId} and `}lower(${users.username}) like ${prefix}`,
  ];
  const q = globalSearchQuery(text);
  if (q)
    parts.push(
      sql`select ${donors.userId} from ${donors} where ${donors.searchVector} @@ to_tsquery('simple', ${q})`,
    );
  if (/^\d{1,9}$/.test(text)) parts.push(sql`select ${Number(text)}::int`);
  return sql`${donors.userId} in (${sql.join(parts, sql` union all `)})`;
}

/** Matches the Matches column counts: the filter's steps, parents in the chosen statuses. */
function matchCondition(q: DonorGridQuery): SQL {
  const statuses = statusesForFilters(q.match_status_filter);
  if (statuses.length === 0 || q.parent_status.length === 0) return sql`false`;
  return sql`m.donor_id = ${donors.userId}
    and m.status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})
    and p.status in (${sql.join(
      q.parent_status.map((s) => sql`${s}`),
      sql`, `,
    )})`;
}

/** Every condition of the donor grid but the keyset: one center, not archived, the filters. */
export function gridWhere(centerId: number, q: DonorGridQuery): SQL {
  const conds: (SQL | undefined)[] = [
    eq(donors.centerId, centerId),
    eq(donors.archived, false),
    staffSearch(q.search, centerId),
  ];
  if (q.donor_availability.length > 0) conds.push(inArray(donors.availability, q.donor_availability));
  if (q.donor_frozen_availability.length > 0)
    conds.push(inArray(donors.frozenAvailability, q.donor_frozen_availability));
  if (q.matched_only)
    conds.push(
      sql`exists (select 1 from ${matches} m join ${users} p on p.id = m.parent_id where ${matchCondition(q)})`,
    );
  return and(...conds)!;
}

const SORT: Record<DonorGridSort, SQL | AnyPgColumn> = {
  donor_id: donorDisplayIdSql,
  // The name as the grid shows it (first, last): the users index (center_id, this, id) orders it.
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  username: users.username,
  availability: donors.availability,
  frozen_availability: sql`coalesce(${donors.frozenAvailability}, '')`,
  priority: donors.priority,
  donation_count: donors.donationCount,
  created: donors.createdAt,
};

function gridColumns(q: DonorGridQuery) {
  return {
    userId: donors.userId,
    displayId: donors.displayId,
    agencyDisplayId: donors.agencyDisplayId,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
    userStatus: users.status,
    donorType: donors.donorType,
    availability: donors.availability,
    frozenAvailability: donors.frozenAvailability,
    donationCount: donors.donationCount,
    priority: donors.priority,
    allowedForMatchingTool: donors.allowedForMatchingTool,
    createdAt: donors.createdAt,
    reservedParentId: donors.reservedParentId,
    reservedManagerId: donors.reservedManagerId,
    parentFirst: parent.firstName,
    parentLast: parent.lastName,
    managerFirst: manager.firstName,
    managerLast: manager.lastName,
    queueType: sql<string | null>`(select m.queue_type from ${matches} m
      where m.donor_id = ${donors.userId} and m.status = 'Active' limit 1)`,
    matchCount: sql<number>`(select count(*)::int from ${matches} m join ${users} p on p.id = m.parent_id
      where ${matchCondition(q)})`,
  };
}

export type GridRecord = Awaited<ReturnType<typeof gridPage>>['rows'][number];

export async function gridPage(db: Db, centerId: number, q: DonorGridQuery, offset: number, limit: number) {
  const where = gridWhere(centerId, q);
  const dir = q.ord === 'asc' ? asc : desc;
  const byUser = q.sort === 'name' || q.sort === 'username';
  const order = [dir(SORT[q.sort]), dir(byUser ? users.id : donors.userId)];
  // First the page's donor ids, reading only donors (and users when the sort is on them), then
  // the columns of those ids: a search that finds thousands sorts them without joining the
  // reservation names and counting matches for each. A donor's user belongs to the donor's
  // center; saying so lets a sort on users columns walk the users (center, name, id) index.
  const base = db.select({ id: donors.userId }).from(donors);
  const pageIds = (
    byUser ? base.innerJoin(users, and(eq(users.id, donors.userId), eq(users.centerId, centerId))) : base
  )
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit);
  // The count runs beside the page (another connection on PostgreSQL), not after it. The
  // conditions are all on donors (the search is a set of donor ids), so it reads donors alone.
  const [rows, count] = await Promise.all([
    db
      .select(gridColumns(q))
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .leftJoin(parent, eq(parent.id, donors.reservedParentId))
      .leftJoin(manager, eq(manager.id, donors.reservedManagerId))
      .where(inArray(donors.userId, pageIds))
      .orderBy(...order),
    db.select({ n: sql<number>`count(*)::int` }).from(donors).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** One batch of the CSV export, in user id order after `afterId` (keyset: no offset scan). */
export function csvBatch(db: Db, centerId: number, q: DonorGridQuery, afterId: number, limit: number) {
  return db
    .select(gridColumns(q))
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .leftJoin(parent, eq(parent.id, donors.reservedParentId))
    .leftJoin(manager, eq(manager.id, donors.reservedManagerId))
    .where(and(gridWhere(centerId, q), gt(donors.userId, afterId)))
    .orderBy(asc(donors.userId))
    .limit(limit);
}

export async function donorOf(db: Db, donorId: number) {
  const [row] = await db
    .select({ donor: donors, user: users })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(eq(donors.userId, donorId))
    .limit(1);
  return row ?? null;
}

/** Changes a donor's row (by the donor's user id). */
export const updateDonor = (db: Db, donorId: number, set: Partial<typeof donors.$inferInsert>) =>
  db.update(donors).set(set).where(eq(donors.userId, donorId));

/** The donor's row, locked until the transaction ends. */
export async function lockDonor(tx: Db, donorId: number) {
  const [row] = await tx.select().from(donors).where(eq(donors.userId, donorId)).for('update');
  return row ?? null;
}

/** Deletes the donor's account and, through the foreign keys, everything of it. */
export const deleteDonorAccount = (db: Db, donorId: number) => db.delete(users).where(eq(users.id, donorId));

export async function lastInvitedAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(userTokens.createdAt) })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'invite')));
  return row?.at ?? null;
}

/** Parents of a center a donor may be reserved for, and its case managers. */
export function centerParents(db: Db, centerId: number, statuses: string[]) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      status: users.status,
      managerId: users.managerId,
    })
    .from(users)
    .where(
      and(
        eq(users.centerId, centerId),
        eq(users.role, ROLE.CLIENT),
        inArray(users.status, statuses),
        sql`${users.parentId} is null`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(1000);
}

export function centerManagers(db: Db, centerId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.centerId, centerId), eq(users.role, ROLE.MANAGER), eq(users.status, 'Active')))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function centerOf(db: Db, centerId: number) {
  const [row] = await db.select().from(centers).where(eq(centers.id, centerId)).limit(1);
  return row ?? null;
}

/** A center's settings, defaults filled in (an unknown center has the defaults). */
export async function settingsOf(db: Db, centerId: number) {
  return centerSettings((await centerOf(db, centerId))?.settings);
}

// ---------------------------------------------------------------------------------------------
// Reports

/** The blank mandatory fields of a donor, as labels, computed in SQL. */
const COLUMN_OF: Record<(typeof DONOR_MANDATORY_FIELDS)[number]['key'], SQL> = {
  date_of_birth: sql`${donors.dateOfBirth}::text`,
  zipcode: sql`${donors.zipcode}`,
  city: sql`${donors.city}`,
  state: sql`${donors.state}`,
  height_cm: sql`${donors.heightCm}::text`,
  weight_kg: sql`${donors.weightKg}::text`,
  education_level: sql`${donors.educationLevel}`,
  eye_color: sql`${donors.eyeColor}`,
  hair_color: sql`${donors.hairColor}`,
  blood_group: sql`${donors.bloodGroup}`,
};
const blankFields = sql<string[]>`array_remove(array[${sql.join(
  DONOR_MANDATORY_FIELDS.map(
    (f) => sql`case when coalesce(${COLUMN_OF[f.key]}, '') = '' then ${f.label} end`,
  ),
  sql`, `,
)}]::text[], null)`;

export async function mandatoryFieldsPage(
  db: Db,
  centerId: number,
  q: { search: string; donor_availability: string[]; sort: string; ord: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  const where = and(
    eq(donors.centerId, centerId),
    eq(donors.archived, false),
    sql`cardinality(${blankFields}) > 0`,
    q.donor_availability.length > 0 ? inArray(donors.availability, q.donor_availability) : undefined,
    staffSearch(q.search, centerId),
  )!;
  const sorts: Record<string, SQL | AnyPgColumn> = {
    donor_id: donorDisplayIdSql,
    // The name as the grid shows it (first, last): the users index (center_id, this, id) orders it.
    name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    availability: donors.availability,
    blank_count: sql`cardinality(${blankFields})`,
  };
  const dir = q.ord === 'asc' ? asc : desc;
  const rows = await db
    .select({
      userId: donors.userId,
      displayId: donors.displayId,
      agencyDisplayId: donors.agencyDisplayId,
      firstName: users.firstName,
      lastName: users.lastName,
      availability: donors.availability,
      blank: blankFields,
    })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(where)
    .orderBy(dir(sorts[q.sort] ?? sorts.blank_count!), dir(donors.userId))
    .offset(offset)
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function archivedPage(
  db: Db,
  q: { centerId: number | null; isNotes: boolean; search: string; sort: string; ord: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  const where = and(
    eq(donors.archived, true),
    q.centerId !== null ? eq(donors.centerId, q.centerId) : undefined,
    q.isNotes ? sql`coalesce(${users.archivedNote}, '') <> ''` : undefined,
    staffSearch(q.search, q.centerId),
  )!;
  const sorts: Record<string, SQL | AnyPgColumn> = {
    donor_id: donorDisplayIdSql,
    // The name as the grid shows it (first, last): the users index (center_id, this, id) orders it.
    name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    agency: centers.name,
    archived_at: users.updatedAt,
  };
  const dir = q.ord === 'asc' ? asc : desc;
  const rows = await db
    .select({
      userId: donors.userId,
      displayId: donors.displayId,
      agencyDisplayId: donors.agencyDisplayId,
      firstName: users.firstName,
      lastName: users.lastName,
      agency: centers.name,
      centerId: donors.centerId,
      archivedNote: users.archivedNote,
      archivedAt: users.updatedAt,
    })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(where)
    .orderBy(dir(sorts[q.sort] ?? users.updatedAt), dir(donors.userId))
    .offset(offset)
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** New donors per agency and month since `since` (null: from the first donor). */
export function monthlyCounts(db: Db, centerId: number | null, since: Date | null) {
  const month = sql<string>`to_char(date_trunc('month', ${donors.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  return db
    .select({ centerId: donors.centerId, agency: centers.name, month, count: sql<number>`count(*)::int` })
    .from(donors)
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(
      and(
        centerId !== null ? eq(donors.centerId, centerId) : undefined,
        since ? sql`${donors.createdAt} >= ${since.toISOString()}` : undefined,
      ),
    )
    .groupBy(donors.centerId, centers.name, month)
    .orderBy(asc(centers.name), asc(month));
}

// ---------------------------------------------------------------------------------------------
// Imports

export async function insertImport(db: Db, values: typeof donorImports.$inferInsert) {
  const [row] = await db.insert(donorImports).values(values).returning();
  return row!;
}

export async function importOf(db: Db, id: number) {
  const [row] = await db.select().from(donorImports).where(eq(donorImports.id, id)).limit(1);
  return row ?? null;
}

export async function latestImport(db: Db, centerId: number) {
  const [row] = await db
    .select()
    .from(donorImports)
    .where(eq(donorImports.centerId, centerId))
    .orderBy(desc(donorImports.createdAt), desc(donorImports.id))
    .limit(1);
  return row ?? null;
}

/** An import still 'running' this long after it started belongs to a process that died. */
export const IMPORT_LEASE_MS = 30 * 60_000;

/** donor_imports as a work queue: a 'running' import is leased from its started_at. */
const IMPORT_QUEUE: WorkQueue<typeof donorImports> = {
  table: donorImports,
  id: donorImports.id,
  status: donorImports.status,
  waiting: 'queued',
  claimed: 'running',
  lease: { since: donorImports.startedAt },
  leaseMs: IMPORT_LEASE_MS,
  order: [donorImports.id],
};

/**
 * Takes the oldest queued import, or one whose runner died (another process skips the locked
 * row). A retaken import starts over: donors it already wrote are rejected as existing.
 */
export async function claimImport(db: Db, now: Date) {
  const [claimed] = await claimDue(db, IMPORT_QUEUE, now);
  return claimed ?? null;
}

export async function finishImport(db: Db, id: number, values: Partial<typeof donorImports.$inferInsert>) {
  await db
    .update(donorImports)
    .set({ ...values, files: [] })
    .where(eq(donorImports.id, id));
}

/**
 * A donor by the id staff read off the grids: display id, agency id or user id, in one center or
 * (null, the master admin's audit list) any center.
 */
export async function donorByAnyId(db: Db, centerId: number | null, id: string) {
  const lower = id.toLowerCase();
  const conds: SQL[] = [
    sql`lower(${donors.displayId}) = ${lower}`,
    sql`lower(${donors.agencyDisplayId}) = ${lower}`,
  ];
  if (/^\d{1,9}$/.test(id)) conds.push(eq(donors.userId, Number(id)));
  const [row] = await db
    .select({
      userId: donors.userId,
      displayId: donors.displayId,
      agencyDisplayId: donors.agencyDisplayId,
      firstName: users.firstName,
      lastName: users.lastName,
      availability: donors.availability,
      archived: donors.archived,
    })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(centerId === null ? or(...conds) : and(eq(donors.centerId, centerId), or(...conds)))
    .orderBy(asc(donors.userId))
    .limit(1);
  return row ?? null;
}

const sender = alias(users, 'sender');

/** The status messages sent to a donor, newest first, with who sent them. */
export function donorMessages(db: Db, donorId: number) {
  return db
    .select({
      id: donorStatusMessages.id,
      status: donorStatusMessages.status,
      message: donorStatusMessages.message,
      createdAt: donorStatusMessages.createdAt,
      senderFirst: sender.firstName,
      senderLast: sender.lastName,
    })
    .from(donorStatusMessages)
    .leftJoin(sender, eq(sender.id, donorStatusMessages.sentBy))
    .where(eq(donorStatusMessages.donorId, donorId))
    .orderBy(desc(donorStatusMessages.createdAt), desc(donorStatusMessages.id))
    .limit(500);
}

/** An imported donor: the invited account and its donor row, in the import's transaction. Returns the user id. */
export async function insertImportedDonor(
  tx: Db,
  user: typeof users.$inferInsert,
  donor: Omit<typeof donors.$inferInsert, 'userId'>,
): Promise<number> {
  const [row] = await tx.insert(users).values(user).returning({ id: users.id });
  await tx.insert(donors).values({ ...donor, userId: row!.id });
  return row!.id;
}

/**
 * The donor an earlier external data run imported with this donor_key in the center (the feed's
 * own donors only, not archived), which a later run updates (decision 020). Locks the row.
 */
export async function importedDonorByKey(tx: Db, centerId: number, key: string): Promise<number | null> {
  const [row] = await tx
    .select({ userId: donors.userId })
    .from(donors)
    .where(
      and(
        eq(donors.centerId, centerId),
        sql`lower(${donors.agencyDisplayId}) = ${key.toLowerCase()}`,
        eq(donors.isScraped, true),
        eq(donors.archived, false),
      ),
    )
    .limit(1)
    .for('update');
  return row?.userId ?? null;
}

/**
 * Writes a feed's newer facts over an imported donor: names and profile facts; the account's
 * e-mail and status and the donor's availability stay as the agency's work left them. Her races
 * and the values waiting for a mapping are written again by the caller.
 */
export async function updateImportedDonor(
  tx: Db,
  userId: number,
  user: Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'updatedAt'>,
  donor: Partial<typeof donors.$inferInsert>,
): Promise<void> {
  const { centerId: _c, availability: _a, agencyDisplayId: _k, createdAt: _t, isScraped: _s, ...set } = donor;
  await tx.update(users).set(user).where(eq(users.id, userId));
  await tx.update(donors).set(set).where(eq(donors.userId, userId));
  await tx.delete(donorRaces).where(eq(donorRaces.donorId, userId));
  await tx.delete(fieldMappingDonors).where(eq(fieldMappingDonors.donorId, userId));
}
