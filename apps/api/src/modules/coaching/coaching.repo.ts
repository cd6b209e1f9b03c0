import type { CoachingListScope, CoachingSort } from '@dm/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centers,
  coachingCalendars,
  coachingSessionComments,
  coachingSessions,
  users,
} from '../../db/schema/index.js';
import { type Db, escapeLike } from '../../platform/db.js';

const client = alias(users, 'coaching_client');
const manager = alias(users, 'coaching_manager');
const author = alias(users, 'comment_author');

const nameOf = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`trim(concat_ws(' ', ${u.firstName}, ${u.lastName}))`;

// --- people --------------------------------------------------------------------------------------

/** The account facts the coaching rules read of a user. */
export async function findPerson(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      centerId: users.centerId,
      parentId: users.parentId,
      managerId: users.managerId,
      username: users.username,
      name: nameOf(users),
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
export type Person = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** The center's default case manager (agency setting), for clients without one of their own. */
export async function defaultManagerOf(db: Db, centerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: sql<number | null>`(${centers.settings} ->> 'defaultCaseManagerId')::int` })
    .from(centers)
    .where(eq(centers.id, centerId));
  return row?.id ?? null;
}

// --- calendars -----------------------------------------------------------------------------------

export type CalendarRow = typeof coachingCalendars.$inferSelect;

export async function findCalendar(
  db: Db,
  managerId: number,
  lock = false,
): Promise<CalendarRow | undefined> {
  const query = db.select().from(coachingCalendars).where(eq(coachingCalendars.managerId, managerId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function saveCalendar(db: Db, row: typeof coachingCalendars.$inferInsert): Promise<CalendarRow> {
  const { managerId, ...rest } = row;
  const [saved] = await db
    .insert(coachingCalendars)
    .values(row)
    .onConflictDoUpdate({ target: coachingCalendars.managerId, set: rest })
    .returning();
  return saved!;
}

// --- sessions ------------------------------------------------------------------------------------

/** Live (not cancelled) sessions of a manager that overlap [from, to). */
export async function busyTimes(db: Db, managerId: number, from: Date, to: Date) {
  return db
    .select({ start: coachingSessions.startsAt, end: coachingSessions.endsAt })
    .from(coachingSessions)
    .where(
      and(
        eq(coachingSessions.managerId, managerId),
        ne(coachingSessions.status, 'Cancelled'),
        lt(coachingSessions.startsAt, to),
        sql`${coachingSessions.endsAt} > ${from}`,
      ),
    );
}

export async function insertSession(db: Db, row: typeof coachingSessions.$inferInsert): Promise<number> {
  const [saved] = await db.insert(coachingSessions).values(row).returning({ id: coachingSessions.id });
  return saved!.id;
}

const sessionColumns = {
  id: coachingSessions.id,
  centerId: coachingSessions.centerId,
  clientId: coachingSessions.clientId,
  holderId: coachingSessions.holderId,
  managerId: coachingSessions.managerId,
  startsAt: coachingSessions.startsAt,
  endsAt: coachingSessions.endsAt,
  clientTimeZone: coachingSessions.clientTimeZone,
  details: coachingSessions.details,
  location: coachingSessions.location,
  status: coachingSessions.status,
  icsSequence: coachingSessions.icsSequence,
  createdAt: coachingSessions.createdAt,
  doneAt: coachingSessions.doneAt,
  cancelledAt: coachingSessions.cancelledAt,
  clientName: nameOf(client),
  clientEmail: client.username,
  managerName: nameOf(manager),
  managerEmail: manager.username,
  comments: sql<number>`(select count(*)::int from ${coachingSessionComments} where ${coachingSessionComments.sessionId} = ${coachingSessions.id})`,
};

const sessionsWithPeople = (db: Db) =>
  db
    .select(sessionColumns)
    .from(coachingSessions)
    .innerJoin(client, eq(client.id, coachingSessions.clientId))
    .innerJoin(manager, eq(manager.id, coachingSessions.managerId));

export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsWithPeople>['execute']>>[number];

/** One session with its people; `lock` holds its row until the transaction ends. */
export async function findSession(db: Db, id: number, lock = false): Promise<SessionRow | undefined> {
  const query = sessionsWithPeople(db).where(eq(coachingSessions.id, id));
  const [row] = lock ? await query.for('update', { of: coachingSessions }) : await query;
  return row;
}

export async function markDone(db: Db, id: number, by: number, at: Date): Promise<void> {
  await db
    .update(coachingSessions)
    .set({ status: 'Done', doneAt: at, doneBy: by })
    .where(eq(coachingSessions.id, id));
}

/** Cancels a session and raises its invitation's sequence; answers the new sequence. */
export async function markCancelled(db: Db, id: number, by: number, at: Date): Promise<number> {
  const [row] = await db
    .update(coachingSessions)
    .set({
      status: 'Cancelled',
      cancelledAt: at,
      cancelledBy: by,
      icsSequence: sql`${coachingSessions.icsSequence} + 1`,
    })
    .where(eq(coachingSessions.id, id))
    .returning({ sequence: coachingSessions.icsSequence });
  return row!.sequence;
}

/** The newest booking of a couple (the callback poll). */
export async function newestSessionOf(db: Db, holderId: number): Promise<SessionRow | undefined> {
  const [row] = await sessionsWithPeople(db)
    .where(eq(coachingSessions.holderId, holderId))
    .orderBy(desc(coachingSessions.createdAt), desc(coachingSessions.id))
    .limit(1);
  return row;
}

export interface SessionListQuery {
  scope: CoachingListScope;
  search: string;
  status: 'All' | 'Requested' | 'Done' | 'Cancelled';
  sort: CoachingSort;
  ord: 'asc' | 'desc';
  offset: number;
  limit: number;
  from?: Date;
  to?: Date;
}

const SORTS: Record<CoachingSort, SQL | AnyColumn> = {
  scheduledTime: coachingSessions.startsAt,
  client: sql`lower(${nameOf(client)})`,
  manager: sql`lower(${nameOf(manager)})`,
  status: coachingSessions.status,
  booked: coachingSessions.createdAt,
};

/** A page of the sessions in a caller's scope, with the filters, and how many there are. */
export async function listSessions(
  db: Db,
  q: SessionListQuery,
): Promise<{ rows: SessionRow[]; total: number }> {
  const conditions: SQL[] = [eq(coachingSessions.centerId, q.scope.centerId)];
  if (q.scope.kind === 'holder') conditions.push(eq(coachingSessions.holderId, q.scope.holderId));
  if (q.scope.kind === 'manager') conditions.push(eq(coachingSessions.managerId, q.scope.managerId));
  if (q.status !== 'All') conditions.push(eq(coachingSessions.status, q.status));
  if (q.from) conditions.push(gte(coachingSessions.startsAt, q.from));
  if (q.to) conditions.push(lt(coachingSessions.startsAt, q.to));
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(
      or(
        ilike(nameOf(client), pattern),
        ilike(client.username, pattern),
        ilike(nameOf(manager), pattern),
        ilike(manager.username, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const order = q.ord === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    sessionsWithPeople(db)
      .where(where)
      .orderBy(order(SORTS[q.sort]), order(coachingSessions.id))
      .offset(q.offset)
      .limit(q.limit),
    db
      .select({ n: count() })
      .from(coachingSessions)
      .innerJoin(client, eq(client.id, coachingSessions.clientId))
      .innerJoin(manager, eq(manager.id, coachingSessions.managerId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// --- comments ------------------------------------------------------------------------------------

export async function commentsOf(db: Db, sessionId: number) {
  return db
    .select({
      commentId: coachingSessionComments.id,
      sessionId: coachingSessionComments.sessionId,
      authorId: coachingSessionComments.authorId,
      authorName: nameOf(author),
      comment: coachingSessionComments.comment,
      createdAt: coachingSessionComments.createdAt,
    })
    .from(coachingSessionComments)
    .innerJoin(author, eq(author.id, coachingSessionComments.authorId))
    .where(eq(coachingSessionComments.sessionId, sessionId))
    .orderBy(asc(coachingSessionComments.id));
}

export async function insertComment(db: Db, row: typeof coachingSessionComments.$inferInsert): Promise<void> {
  await db.insert(coachingSessionComments).values(row);
}
