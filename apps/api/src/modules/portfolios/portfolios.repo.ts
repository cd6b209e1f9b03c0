import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';

import {
  type CenterSettings,
  centerSettings,
  centers,
  donorPictures,
  donors,
  ipQueries,
  portfolioDonors,
  portfolioNotes,
  portfolioShares,
  portfolios,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** The outer portfolio row inside correlated subqueries (drizzle leaves columns unqualified there). */
const P_ID = sql.raw('"portfolios"."id"');
const P_CLIENT = sql.raw('"portfolios"."client_id"');

export type PortfolioRow = typeof portfolios.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function findPortfolio(db: Db, id: number): Promise<PortfolioRow | undefined> {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.id, id)).limit(1);
  return row;
}

export async function isSharedWith(db: Db, portfolioId: number, managerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: portfolioShares.portfolioId })
    .from(portfolioShares)
    .where(and(eq(portfolioShares.portfolioId, portfolioId), eq(portfolioShares.managerId, managerId)))
    .limit(1);
  return row !== undefined;
}

const donorCount = sql<number>`(select count(*)::int from ${portfolioDonors} pd where pd.portfolio_id = ${P_ID})`;
const clientName = sql<
  string | null
>`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from ${users} u where u.id = ${P_CLIENT})`;
const sharedByName = (userId: number) =>
  sql<string | null>`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from ${portfolioShares} s
    join ${users} u on u.id = s.shared_by where s.portfolio_id = ${P_ID} and s.manager_id = ${userId} limit 1)`;

export interface ListedPortfolio extends PortfolioRow {
  donorCount: number;
  clientName: string | null;
  sharedBy: string | null;
}

/** What one user may list: a manager's own, managed and shared ones; a client's own. */
export async function listFor(
  db: Db,
  who: { userId: number; centerId: number; client: boolean; clientIds: number[] },
  includeArchived: boolean,
): Promise<ListedPortfolio[]> {
  const mine = who.client
    ? inArray(portfolios.clientId, who.clientIds)
    : or(
        eq(portfolios.createdBy, who.userId),
        eq(portfolios.managerId, who.userId),
        sql`exists (select 1 from ${portfolioShares} s where s.portfolio_id = ${P_ID} and s.manager_id = ${who.userId})`,
      );
  return db
    .select({
      ...portfolioColumns,
      donorCount,
      clientName,
      sharedBy: sharedByName(who.userId),
    })
    .from(portfolios)
    .where(
      and(
        eq(portfolios.centerId, who.centerId),
        mine,
        includeArchived ? sql`true` : ne(portfolios.status, 'Archived'),
      ),
    )
    .orderBy(desc(portfolios.updatedAt), desc(portfolios.id));
}

const portfolioColumns = {
  id: portfolios.id,
  centerId: portfolios.centerId,
  name: portfolios.name,
  status: portfolios.status,
  clientId: portfolios.clientId,
  managerId: portfolios.managerId,
  createdBy: portfolios.createdBy,
  firstViewedAt: portfolios.firstViewedAt,
  submittedAt: portfolios.submittedAt,
  createdAt: portfolios.createdAt,
  updatedAt: portfolios.updatedAt,
};

export async function listedById(db: Db, id: number, userId: number): Promise<ListedPortfolio> {
  const [row] = await db
    .select({ ...portfolioColumns, donorCount, clientName, sharedBy: sharedByName(userId) })
    .from(portfolios)
    .where(eq(portfolios.id, id));
  return row!;
}

/** An empty portfolio without a client that this user created: the "new" one still being set up. */
export async function pendingNewPortfolio(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(
      and(
        eq(portfolios.createdBy, userId),
        isNull(portfolios.clientId),
        ne(portfolios.status, 'Archived'),
        sql`not exists (select 1 from ${portfolioDonors} pd where pd.portfolio_id = ${P_ID})`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The client's (or their primary parent's) portfolio that is still in use, if any. */
export async function openPortfolioOfClient(db: Db, clientId: number, exceptId?: number) {
  const [row] = await db
    .select({ id: portfolios.id, createdBy: portfolios.createdBy })
    .from(portfolios)
    .where(
      and(
        eq(portfolios.clientId, clientId),
        ne(portfolios.status, 'Archived'),
        exceptId ? ne(portfolios.id, exceptId) : sql`true`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertPortfolio(db: Db, values: typeof portfolios.$inferInsert): Promise<PortfolioRow> {
  const [row] = await db.insert(portfolios).values(values).returning();
  return row!;
}

export async function updatePortfolio(
  db: Db,
  id: number,
  values: Partial<typeof portfolios.$inferInsert>,
  where: SQL = sql`true`,
): Promise<PortfolioRow | undefined> {
  const [row] = await db
    .update(portfolios)
    .set(values)
    .where(and(eq(portfolios.id, id), where))
    .returning();
  return row;
}

/** Submits the portfolio only from Active: a concurrent status change by the manager wins. */
export const submitIfActive = (db: Db, id: number, at: Date) =>
  updatePortfolio(
    db,
    id,
    { status: 'Submitted', submittedAt: at, updatedAt: at },
    eq(portfolios.status, 'Active'),
  );

/** Records the client's first view once; undefined when it was already recorded. */
export const markFirstViewed = (db: Db, id: number, at: Date) =>
  updatePortfolio(db, id, { firstViewedAt: at }, sql`${portfolios.firstViewedAt} is null`);

export async function deletePortfolio(db: Db, id: number): Promise<void> {
  await db.delete(portfolios).where(eq(portfolios.id, id));
}

export const touch = (db: Db, id: number, at: Date) =>
  db.update(portfolios).set({ updatedAt: at }).where(eq(portfolios.id, id));

// --- donors of a portfolio

export async function donorIdsOf(
  db: Db,
  portfolioId: number,
): Promise<{ donorId: number; position: number }[]> {
  return db
    .select({ donorId: portfolioDonors.donorId, position: portfolioDonors.position })
    .from(portfolioDonors)
    .where(eq(portfolioDonors.portfolioId, portfolioId))
    .orderBy(asc(portfolioDonors.position));
}

export async function countDonors(db: Db, portfolioId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(portfolioDonors)
    .where(eq(portfolioDonors.portfolioId, portfolioId));
  return Number(row?.n ?? 0);
}

/** Appends donors after the last position; a donor already there is skipped. Returns the added ids. */
export async function appendDonors(
  db: Db,
  portfolioId: number,
  donorIds: number[],
  by: number,
  at: Date,
): Promise<number[]> {
  if (donorIds.length === 0) return [];
  const [max] = await db
    .select({ p: sql<number>`coalesce(max(${portfolioDonors.position}), -1)::int` })
    .from(portfolioDonors)
    .where(eq(portfolioDonors.portfolioId, portfolioId));
  const start = (max?.p ?? -1) + 1;
  const rows = await db
    .insert(portfolioDonors)
    .values(
      donorIds.map((donorId, i) => ({ portfolioId, donorId, position: start + i, addedBy: by, addedAt: at })),
    )
    .onConflictDoNothing()
    .returning({ donorId: portfolioDonors.donorId });
  return rows.map((r) => r.donorId);
}

export async function removeDonor(db: Db, portfolioId: number, donorId: number): Promise<boolean> {
  const rows = await db
    .delete(portfolioDonors)
    .where(and(eq(portfolioDonors.portfolioId, portfolioId), eq(portfolioDonors.donorId, donorId)))
    .returning({ id: portfolioDonors.donorId });
  return rows.length > 0;
}

/** Sets positions; only rows of a portfolio that is not Submitted or Archived change. */
export async function setPositions(
  db: Db,
  portfolioId: number,
  orders: { id: number; order: number }[],
): Promise<number> {
  let affected = 0;
  for (const o of orders) {
    const rows = await db
      .update(portfolioDonors)
      .set({ position: o.order })
      .where(
        and(
          eq(portfolioDonors.portfolioId, portfolioId),
          eq(portfolioDonors.donorId, o.id),
          sql`exists (select 1 from ${portfolios} p where p.id = ${portfolioId} and p.status not in ('Submitted', 'Archived'))`,
        ),
      )
      .returning({ id: portfolioDonors.donorId });
    affected += rows.length;
  }
  return affected;
}

export async function setFeedback(
  db: Db,
  portfolioId: number,
  donorId: number,
  feedback: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(portfolioDonors)
    .set({ feedback, feedbackAt: at })
    .where(and(eq(portfolioDonors.portfolioId, portfolioId), eq(portfolioDonors.donorId, donorId)))
    .returning({ id: portfolioDonors.donorId });
  return rows.length > 0;
}

export async function feedbackCounts(db: Db, portfolioId: number) {
  const rows = await db
    .select({ feedback: portfolioDonors.feedback, n: count() })
    .from(portfolioDonors)
    .where(eq(portfolioDonors.portfolioId, portfolioId))
    .groupBy(portfolioDonors.feedback);
  const out = { yes: 0, maybe: 0, no: 0 };
  for (const r of rows)
    if (r.feedback && r.feedback in out) out[r.feedback as keyof typeof out] = Number(r.n);
  return out;
}

export interface DonorRow {
  donorId: number;
  displayId: string | null;
  agencyDisplayId: string | null;
  firstName: string;
  dateOfBirth: string | null;
  heightCm: number | null;
  eyeColor: string | null;
  hairColor: string | null;
  availability: string;
  donorType: string;
  centerId: number;
  centerSettings: CenterSettings;
  queueCount: number;
  frozenQueueCount: number;
  pictureId: number | null;
  position: number;
  feedback: string | null;
  addedAt: Date;
}

/** The portfolio's donors the viewer may see, in position order. */
export async function donorRows(db: Db, portfolioId: number, visible: SQL): Promise<DonorRow[]> {
  const rows = await db
    .select({
      donorId: donors.userId,
      displayId: donors.displayId,
      agencyDisplayId: donors.agencyDisplayId,
      firstName: users.firstName,
      dateOfBirth: donors.dateOfBirth,
      heightCm: donors.heightCm,
      eyeColor: donors.eyeColor,
      hairColor: donors.hairColor,
      availability: donors.availability,
      donorType: donors.donorType,
      centerId: donors.centerId,
      centerSettings: centers.settings,
      queueCount: donors.queueCount,
      frozenQueueCount: donors.frozenQueueCount,
      pictureId: sql<number | null>`(select p.id from ${donorPictures} p where p.donor_id = ${donors.userId}
        and p.is_default and not p.private limit 1)`,
      position: portfolioDonors.position,
      feedback: portfolioDonors.feedback,
      addedAt: portfolioDonors.addedAt,
    })
    .from(portfolioDonors)
    .innerJoin(donors, eq(donors.userId, portfolioDonors.donorId))
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(and(eq(portfolioDonors.portfolioId, portfolioId), visible))
    .orderBy(asc(portfolioDonors.position), asc(portfolioDonors.donorId));
  return rows.map((r) => ({ ...r, centerSettings: centerSettings(r.centerSettings) }));
}

/** Of these donors, those the visibility condition lets through. */
/** The donors among these the viewer may see, with the ids they are shown by. */
export async function visibleDonorIds(db: Db, donorIds: number[], visible: SQL) {
  if (donorIds.length === 0) return [];
  return db
    .select({ id: donors.userId, displayId: donors.displayId, agencyDisplayId: donors.agencyDisplayId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(and(inArray(donors.userId, donorIds), visible));
}

export async function visibleAmong(db: Db, donorIds: number[], visible: SQL): Promise<number[]> {
  return (await visibleDonorIds(db, donorIds, visible)).map((r) => r.id);
}

export async function queueRows(db: Db, donorIds: number[], visible: SQL) {
  if (donorIds.length === 0) return [];
  return db
    .select({
      donorId: donors.userId,
      queueCount: donors.queueCount,
      frozenQueueCount: donors.frozenQueueCount,
    })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(and(inArray(donors.userId, donorIds), visible));
}

// --- sharing

export async function sharesOf(db: Db, portfolioId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      sharedAt: portfolioShares.sharedAt,
    })
    .from(portfolioShares)
    .innerJoin(users, eq(users.id, portfolioShares.managerId))
    .where(eq(portfolioShares.portfolioId, portfolioId))
    .orderBy(asc(portfolioShares.sharedAt));
}

export async function insertShare(db: Db, values: typeof portfolioShares.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(portfolioShares)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: portfolioShares.managerId });
  return rows.length > 0;
}

export async function deleteShare(db: Db, portfolioId: number, managerId: number): Promise<boolean> {
  const rows = await db
    .delete(portfolioShares)
    .where(and(eq(portfolioShares.portfolioId, portfolioId), eq(portfolioShares.managerId, managerId)))
    .returning({ id: portfolioShares.managerId });
  return rows.length > 0;
}

// --- notes

export async function notesOf(db: Db, portfolioId: number, donorId?: number) {
  return db
    .select({
      id: portfolioNotes.id,
      donorId: portfolioNotes.donorId,
      userId: portfolioNotes.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      note: portfolioNotes.note,
      isOverall: portfolioNotes.isOverall,
      createdAt: portfolioNotes.createdAt,
    })
    .from(portfolioNotes)
    .leftJoin(users, eq(users.id, portfolioNotes.userId))
    .where(
      and(
        eq(portfolioNotes.portfolioId, portfolioId),
        donorId === undefined ? sql`true` : eq(portfolioNotes.donorId, donorId),
      ),
    )
    .orderBy(asc(portfolioNotes.createdAt), asc(portfolioNotes.id));
}

export async function insertNote(db: Db, values: typeof portfolioNotes.$inferInsert): Promise<number> {
  const [row] = await db.insert(portfolioNotes).values(values).returning({ id: portfolioNotes.id });
  return row!.id;
}

export async function insertQuery(db: Db, values: typeof ipQueries.$inferInsert): Promise<number> {
  const [row] = await db.insert(ipQueries).values(values).returning({ id: ipQueries.id });
  return row!.id;
}

export async function userById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function userByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The center's settings, the defaults filling what it has not set. */
export async function centerSettingsOf(db: Db, centerId: number): Promise<CenterSettings> {
  const [row] = await db.select({ settings: centers.settings }).from(centers).where(eq(centers.id, centerId));
  return centerSettings(row?.settings);
}

/** Whose portfolios' feedback one reads: a client's own, a center's, or those a manager may open. */
export type FeedbackScope =
  | { clientId: number }
  | { centerId: number }
  | { managerId: number; centerId: number };

function feedbackScopeSql(scope: FeedbackScope): SQL {
  if ('clientId' in scope) return eq(portfolios.clientId, scope.clientId);
  if ('managerId' in scope) return openableByManager(scope.managerId, scope.centerId);
  return eq(portfolios.centerId, scope.centerId);
}

/** Feedback given on one donor in the portfolios of the scope, newest first. */
export async function donorFeedback(db: Db, donorId: number, scope: FeedbackScope) {
  const where = feedbackScopeSql(scope);
  return db
    .select({
      portfolioId: portfolios.id,
      portfolioName: portfolios.name,
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      feedback: portfolioDonors.feedback,
      feedbackAt: portfolioDonors.feedbackAt,
    })
    .from(portfolioDonors)
    .innerJoin(portfolios, eq(portfolios.id, portfolioDonors.portfolioId))
    .leftJoin(users, eq(users.id, portfolios.clientId))
    .where(and(eq(portfolioDonors.donorId, donorId), sql`${portfolioDonors.feedback} is not null`, where))
    .orderBy(desc(portfolioDonors.feedbackAt), asc(portfolios.id));
}

/** Portfolios a case manager may open: made by or for him, or shared with him (as `open` rules). */
const openableByManager = (managerId: number, centerId: number): SQL =>
  and(
    eq(portfolios.centerId, centerId),
    or(
      eq(portfolios.createdBy, managerId),
      eq(portfolios.managerId, managerId),
      sql`exists (select 1 from ${portfolioShares} s where s.portfolio_id = ${portfolios.id}
        and s.manager_id = ${managerId})`,
    ),
  )!;
