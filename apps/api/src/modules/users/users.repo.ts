import {
  type IpSearchRow,
  ROLE,
  type RoleId,
  type StaffOption,
  type UserListQuery,
  type UserRow,
  type UserStatus,
  userFullName,
} from '@dm/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  auditLog,
  type CenterSettings,
  centerSettings,
  centers,
  donors,
  portfolios,
  searchHistory,
  users,
  usersSearchText,
} from '../../db/schema/index.js';
import { type Db, escapeLike } from '../../platform/db.js';

const manager = alias(users, 'manager');

/** Who the list is for: the center it is limited to (null: every center) and roles it may show. */
export interface ListScope {
  centerId: number | null;
  /** Roles the caller may see at all (a manager sees clients only; nobody but the master sees the master). */
  roles: readonly RoleId[];
  /** The caller, for scope 'my'. */
  userId: number;
}

const rowColumns = {
  userId: users.id,
  centerId: users.centerId,
  centerName: centers.name,
  role: users.role,
  status: users.status,
  username: users.username,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  contactNo: users.contactNo,
  managerId: users.managerId,
  managerFirst: manager.firstName,
  managerLast: manager.lastName,
  parentId: users.parentId,
  archivedNote: users.archivedNote,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  referrer: users.referrer,
};

type RawRow = {
  userId: number;
  centerId: number;
  centerName: string;
  role: number;
  status: string;
  username: string;
  firstName: string;
  middleName: string;
  lastName: string;
  contactNo: string;
  managerId: number | null;
  managerFirst: string | null;
  managerLast: string | null;
  parentId: number | null;
  archivedNote: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  referrer: string | null;
};

export function toUserRow(r: RawRow): UserRow {
  return {
    userId: r.userId,
    centerId: r.centerId,
    centerName: r.centerName,
    role: r.role as RoleId,
    status: r.status as UserStatus,
    username: r.username,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    contactNo: r.contactNo,
    managerId: r.managerId,
    managerName:
      r.managerId === null
        ? null
        : userFullName({ firstName: r.managerFirst ?? '', lastName: r.managerLast ?? '' }),
    parentId: r.parentId,
    hasSecondary: false,
    archivedNote: r.archivedNote,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
  };
}

const SORT_COLUMNS: Record<UserListQuery['sort'], SQL | AnyColumn> = {
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  username: users.username,
  role: users.role,
  status: users.status,
  manager: sql`lower(${manager.firstName} || ' ' || ${manager.lastName})`,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

function whereOf(scope: ListScope, q: UserListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(users.role, [...scope.roles])];
  if (scope.centerId !== null) conditions.push(eq(users.centerId, scope.centerId));
  if (q.user_type_id !== undefined) conditions.push(eq(users.role, q.user_type_id));
  if (q.user_status) conditions.push(eq(users.status, q.user_status));
  if (q.scope === 'my') conditions.push(eq(users.managerId, scope.userId));
  if (q.scope === 'unassigned') conditions.push(isNull(users.managerId));
  if (q.manager_id !== undefined) conditions.push(eq(users.managerId, q.manager_id));
  if (q.parent_type === 'primary') conditions.push(isNull(users.parentId));
  if (q.parent_type === 'secondary') conditions.push(isNotNull(users.parentId));
  if (q.search) {
    conditions.push(ilike(usersSearchText(users), `%${escapeLike(q.search)}%`));
  }
  return and(...conditions);
}

function baseSelect(db: Db) {
  return db
    .select(rowColumns)
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .leftJoin(manager, eq(manager.id, users.managerId));
}

function ordered(q: UserListQuery) {
  const direction = q.ord === 'desc' ? desc : asc;
  return [direction(SORT_COLUMNS[q.sort]), direction(users.id)] as const;
}

/**
 * One page of users and how many match. Whether a row has a secondary parent is asked for the
 * page's ids alone (an index probe each), not per row of the whole center.
 */
export async function listUsers(db: Db, scope: ListScope, q: UserListQuery) {
  const where = whereOf(scope, q);
  const [rows, [total]] = await Promise.all([
    baseSelect(db)
      .where(where)
      .orderBy(...ordered(q))
      .limit(q.to)
      .offset(q.from),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const ids = rows.map((r) => r.userId);
  const parents = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectDistinct({ parentId: users.parentId })
            .from(users)
            .where(inArray(users.parentId, ids))
        ).map((r) => r.parentId),
  );
  return {
    rows: (rows as RawRow[]).map((r) => ({ ...toUserRow(r), hasSecondary: parents.has(r.userId) })),
    count: total?.n ?? 0,
  };
}

const CSV_BATCH = 1000;

/** Every user the filters select, in the grid's order, a batch at a time (memory stays flat). */
export async function* allUsers(db: Db, scope: ListScope, q: UserListQuery): AsyncGenerator<UserRow[]> {
  const where = whereOf(scope, q);
  for (let from = 0; ; from += CSV_BATCH) {
    const rows = (await baseSelect(db)
      .where(where)
      .orderBy(...ordered(q))
      .limit(CSV_BATCH)
      .offset(from)) as RawRow[];
    if (rows.length > 0) yield rows.map(toUserRow);
    if (rows.length < CSV_BATCH) return;
  }
}

/** Intended parents of a center registered in [start, end), in batches, for the registered IP report. */
export async function* registeredParents(
  db: Db,
  centerId: number,
  start: Date,
  end: Date,
  status: string,
): AsyncGenerator<(UserRow & { referrer: string | null })[]> {
  const where = and(
    eq(users.centerId, centerId),
    eq(users.role, ROLE.CLIENT),
    gte(users.createdAt, start),
    lt(users.createdAt, end),
    status ? eq(users.status, status) : undefined,
  );
  for (let lastId = 0; ; ) {
    const rows = (await baseSelect(db)
      .where(and(where, sql`${users.id} > ${lastId}`))
      .orderBy(asc(users.id))
      .limit(CSV_BATCH)) as RawRow[];
    if (rows.length > 0) yield rows.map((r) => ({ ...toUserRow(r), referrer: r.referrer }));
    if (rows.length < CSV_BATCH) return;
    lastId = rows[rows.length - 1]!.userId;
  }
}

export async function findUser(db: Db, userId: number, forUpdate = false) {
  const query = db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export type UserRecord = typeof users.$inferSelect;

/** A center row's settings, the defaults filling what it has not set. */
export const settingsOf = (center: { settings: Partial<CenterSettings> } | undefined): CenterSettings =>
  centerSettings(center?.settings);

export async function centerSettingsOf(db: Db, centerId: number): Promise<CenterSettings> {
  const [center] = await db
    .select({ settings: centers.settings })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return settingsOf(center);
}

/** A case manager of the center who is not archived, or undefined. */
export async function findActiveManager(db: Db, managerId: number, centerId: number) {
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, managerId),
        eq(users.role, ROLE.MANAGER),
        eq(users.centerId, centerId),
        ne(users.status, 'Archived'),
      ),
    )
    .limit(1);
  return manager;
}

/** A new user; a donor also gets her donor row. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRecord> {
  const [created] = await db.insert(users).values(values).returning();
  if (created!.role === ROLE.DONOR) await insertDonorRow(db, created!.id, created!.centerId);
  return created!;
}

export async function insertDonorRow(db: Db, userId: number, centerId: number): Promise<void> {
  await db.insert(donors).values({ userId, centerId });
}

export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRecord | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}

export async function deleteUserRow(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Whether the primary parent already has a secondary parent. */
export async function hasSecondaryParent(db: Db, primaryId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.parentId, primaryId)).limit(1);
  return row !== undefined;
}

/** Active (not archived) users of a center with one of these roles, for the pickers. */
export async function staffOf(db: Db, centerId: number, roles: RoleId[]): Promise<StaffOption[]> {
  const rows = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(eq(users.centerId, centerId), inArray(users.role, roles), ne(users.status, 'Archived')))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
  return rows.map((r) => ({ userId: r.userId, name: userFullName(r), role: r.role as RoleId }));
}

/** Portfolios a manager still works on (not archived). */
export async function activePortfolioCount(db: Db, managerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(portfolios)
    .where(and(eq(portfolios.managerId, managerId), ne(portfolios.status, 'Archived')));
  return row?.n ?? 0;
}

/** Secondary parents of a primary that follow its change (every one but the Invited). */
export async function setFollowersStatus(db: Db, primaryId: number, status: UserStatus, now: Date) {
  const rows = await db
    .update(users)
    .set({ status, updatedAt: now })
    .where(and(eq(users.parentId, primaryId), ne(users.status, 'Invited')))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Users of `centerId` among `ids` that have the role. */
export async function idsWithRole(db: Db, centerId: number, ids: number[], role: RoleId): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.centerId, centerId), eq(users.role, role), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

/** Sets the manager (or assignee) of these users and of their secondary parents. */
export async function assignManager(db: Db, ids: number[], managerId: number, now: Date): Promise<number> {
  const rows = await db
    .update(users)
    .set({ managerId, updatedAt: now })
    .where(or(inArray(users.id, ids), inArray(users.parentId, ids)))
    .returning({ id: users.id });
  return rows.length;
}

const historyName = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;
const HISTORY_SORTS = {
  createdAt: searchHistory.createdAt,
  name: historyName,
  resultCount: searchHistory.resultCount,
} as const;

/** A page of the searches intended parents of a center ran, newest first by default. */
export async function listSearchHistory(
  db: Db,
  centerId: number,
  q: { from: number; to: number; search: string; sort: keyof typeof HISTORY_SORTS; ord: 'asc' | 'desc' },
): Promise<{ rows: Omit<IpSearchRow, 'summary'>[]; filters: unknown[]; count: number }> {
  const pattern = `%${escapeLike(q.search)}%`;
  const where = and(
    eq(searchHistory.centerId, centerId),
    q.search
      ? or(
          ilike(users.username, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  );
  const direction = q.ord === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: searchHistory.id,
        userId: searchHistory.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        filters: searchHistory.filters,
        resultCount: searchHistory.resultCount,
        createdAt: searchHistory.createdAt,
      })
      .from(searchHistory)
      .innerJoin(users, eq(users.id, searchHistory.userId))
      .where(where)
      .orderBy(direction(HISTORY_SORTS[q.sort]), direction(searchHistory.id))
      .limit(q.to)
      .offset(q.from),
    db
      .select({ n: count() })
      .from(searchHistory)
      .innerJoin(users, eq(users.id, searchHistory.userId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: userFullName(r),
      username: r.username,
      resultCount: r.resultCount,
      createdAt: r.createdAt.toISOString(),
    })),
    filters: rows.map((r) => r.filters),
    count: total?.n ?? 0,
  };
}

/** When an action was last recorded for a center (audit log), or null. */
export async function lastCenterAuditAt(db: Db, centerId: number, action: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'center'),
        eq(auditLog.entityId, String(centerId)),
        eq(auditLog.action, action),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row?.at ?? null;
}
