import { and, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { notifications, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, rows: NotificationInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

const unreadOf = (recipient: SQL | ReturnType<typeof eq>) =>
  and(recipient, isNull(notifications.readAt), isNull(notifications.archivedAt));

/** Unread, not archived notifications per recipient (the bell); absent users count 0. */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.recipientId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(unreadOf(inArray(notifications.recipientId, [...userIds])))
    .groupBy(notifications.recipientId);
  for (const r of rows) counts.set(r.userId, Number(r.n));
  return counts;
}

const listColumns = {
  row: notifications,
  senderFirst: users.firstName,
  senderLast: users.lastName,
};

/** A recipient's notifications that are not archived, newest first, since `since` when given. */
export const listFor = (db: Db, recipientId: number, since: Date | null, limit: number) =>
  db
    .select(listColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.sharedBy))
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.archivedAt),
        since ? gte(notifications.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);

export const findById = async (db: Db, id: number) =>
  (
    await db
      .select(listColumns)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.sharedBy))
      .where(eq(notifications.id, id))
      .limit(1)
  )[0];

export const markRead = (db: Db, id: number, now: Date) =>
  db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));

export const markAllRead = (db: Db, recipientId: number, now: Date) =>
  db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));

export const archive = (db: Db, id: number, now: Date) =>
  db
    .update(notifications)
    .set({
      archivedAt: now,
      readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(notifications.id, id));

/** The in-app messages a user received or sent, newest first. */
export const messagesOf = (db: Db, userId: number, limit: number) =>
  db
    .select(listColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.sharedBy))
    .where(
      and(
        eq(notifications.kind, 'message'),
        or(eq(notifications.recipientId, userId), eq(notifications.sharedBy, userId)),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);

export const userById = async (db: Db, id: number) =>
  (
    await db
      .select({
        id: users.id,
        centerId: users.centerId,
        role: users.role,
        status: users.status,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        managerId: users.managerId,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];

// --- unsubscribe

/** Turns a user's notification e-mails off when the id and the user name belong together. */
export async function turnEmailOff(db: Db, userId: number, username: string | null): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailNotifications: false })
    .where(
      and(
        eq(users.id, userId),
        username === null ? undefined : sql`lower(${users.username}) = lower(${username})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
