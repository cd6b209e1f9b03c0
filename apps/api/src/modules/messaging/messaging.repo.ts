import { CHAT_STATUSES, type ChatPerson, type RoleId } from '@dm/shared';
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  centerDonorAccess,
  centerSettings,
  centers,
  chatAttachments,
  chatDisabled,
  chatMessages,
  chats,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type AttachmentRow = typeof chatAttachments.$inferSelect;
export type AttachmentInsert = typeof chatAttachments.$inferInsert;

export interface PersonRow extends ChatPerson {
  firstName: string;
  lastName: string;
  username: string;
  contactNo: string;
  countryCode: string;
  centerName: string;
}

const personColumns = {
  userId: users.id,
  role: sql<RoleId>`${users.role}`,
  centerId: users.centerId,
  managerId: users.managerId,
  status: users.status,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  contactNo: users.contactNo,
  countryCode: users.countryCode,
  centerName: centers.name,
};

export async function findPerson(db: Db, userId: number): Promise<PersonRow | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * The partner centers of a center: those whose donors it may see (allowed organizations), its
 * own excluded. One direction, as "multi-agency access" is read everywhere (getagencieshasdonoraccess):
 * a center that shares its donors learns nothing of who sees them.
 */
export async function partnerCenterIds(db: Db, centerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: centerDonorAccess.allowedCenterId })
    .from(centerDonorAccess)
    .where(and(eq(centerDonorAccess.centerId, centerId), ne(centerDonorAccess.allowedCenterId, centerId)));
  return [...new Set(rows.map((r) => r.id))].sort((x, y) => x - y);
}

export async function centerFacts(db: Db, centerId: number) {
  const [row] = await db
    .select({ consumerSite: centers.consumerSite, settings: centers.settings })
    .from(centers)
    .where(eq(centers.id, centerId));
  const settings = centerSettings(row?.settings);
  return { consumerSite: row?.consumerSite ?? false, supportUserId: settings.defaultCaseManagerId };
}

/**
 * People the chat lists may show, narrowed by SQL (roles, centers, manager); the policy then
 * decides each one. At most `limit` by name.
 */
export async function candidates(
  db: Db,
  where: { roles: readonly number[]; centerIds?: readonly number[]; managerId?: number; userIds?: number[] },
  limit = 500,
): Promise<PersonRow[]> {
  const conditions: SQL[] = [
    inArray(users.role, [...where.roles]),
    inArray(users.status, [...CHAT_STATUSES]),
  ];
  if (where.centerIds) {
    if (where.centerIds.length === 0) return [];
    conditions.push(inArray(users.centerId, [...where.centerIds]));
  }
  if (where.managerId !== undefined) conditions.push(eq(users.managerId, where.managerId));
  if (where.userIds) {
    if (where.userIds.length === 0) return [];
    conditions.push(inArray(users.id, where.userIds));
  }
  return db
    .select(personColumns)
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id))
    .limit(limit);
}

/** The caller's chats with these people and the unread count of each. */
export async function chatsWith(db: Db, me: number, others: number[]) {
  if (others.length === 0) return [];
  const other = sql<number>`case when ${chats.userLow} = ${me} then ${chats.userHigh} else ${chats.userLow} end`;
  return db
    .select({
      chatId: chats.id,
      otherId: other,
      unread: sql<number>`(select count(*)::int from ${chatMessages} m where m.chat_id = ${chats.id} and m.receiver_id = ${me} and m.read_at is null)`,
    })
    .from(chats)
    .where(
      or(
        and(eq(chats.userLow, me), inArray(chats.userHigh, others)),
        and(eq(chats.userHigh, me), inArray(chats.userLow, others)),
      ),
    );
}

export const pair = (a: number, b: number) =>
  a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };

/** The chat of two people, created if missing (the unique pair makes concurrent opens share it). */
export async function upsertChat(db: Db, a: number, b: number): Promise<number> {
  const p = pair(a, b);
  await db.insert(chats).values(p).onConflictDoNothing();
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.userLow, p.userLow), eq(chats.userHigh, p.userHigh)));
  return row!.id;
}

export async function findChat(db: Db, chatId: number, forUpdate = false): Promise<ChatRow | undefined> {
  const query = db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  return (forUpdate ? await query.for('update') : await query)[0];
}

export async function findChatOf(db: Db, a: number, b: number): Promise<ChatRow | undefined> {
  const p = pair(a, b);
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.userLow, p.userLow), eq(chats.userHigh, p.userHigh)));
  return row;
}

/** Everyone who has a chat with this person (presence is shown to them). */
export async function chatPartnerIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({
      other: sql<number>`case when ${chats.userLow} = ${userId} then ${chats.userHigh} else ${chats.userLow} end`,
    })
    .from(chats)
    .where(or(eq(chats.userLow, userId), eq(chats.userHigh, userId)));
  return rows.map((r) => r.other);
}

export async function chatsOfUser(db: Db, userId: number): Promise<ChatRow[]> {
  return db
    .select()
    .from(chats)
    .where(or(eq(chats.userLow, userId), eq(chats.userHigh, userId)))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id));
}

const messageColumns = {
  message: chatMessages,
  attachment: chatAttachments,
};

export type MessageWithFile = { message: MessageRow; attachment: AttachmentRow | null };

/** One page of a chat, newest first: page 1 the newest `size`. */
export async function messagePage(
  db: Db,
  chatId: number,
  pageNo: number,
  size: number,
): Promise<MessageWithFile[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(chatAttachments, eq(chatAttachments.id, chatMessages.attachmentId))
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.id))
    .limit(size)
    .offset((pageNo - 1) * size);
}

/** The latest messages of a chat, at most `limit` (message history). */
export const latestMessages = (db: Db, chatId: number, limit: number) => messagePage(db, chatId, 1, limit);

export async function findMessage(db: Db, id: number): Promise<MessageWithFile | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(chatAttachments, eq(chatAttachments.id, chatMessages.attachmentId))
    .where(eq(chatMessages.id, id));
  return row;
}

export async function findByClientId(db: Db, senderId: number, clientMessageId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(chatAttachments, eq(chatAttachments.id, chatMessages.attachmentId))
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, clientMessageId)));
  return row;
}

/** Inserts a message; a repeated client id of the sender inserts nothing and answers undefined. */
export async function insertMessage(
  db: Db,
  values: typeof chatMessages.$inferInsert,
): Promise<MessageRow | undefined> {
  const [row] = await db.insert(chatMessages).values(values).onConflictDoNothing().returning();
  if (row) await db.update(chats).set({ lastMessageAt: row.createdAt }).where(eq(chats.id, row.chatId));
  return row;
}

export async function insertAttachment(db: Db, values: AttachmentInsert): Promise<AttachmentRow> {
  const [row] = await db.insert(chatAttachments).values(values).returning();
  return row!;
}

export async function findAttachment(db: Db, id: number) {
  const [row] = await db
    .select({ attachment: chatAttachments, chat: chats })
    .from(chatAttachments)
    .innerJoin(chats, eq(chats.id, chatAttachments.chatId))
    .where(eq(chatAttachments.id, id));
  return row;
}

/** Marks the messages to `me` in a chat up to `upTo` read. */
export async function markRead(db: Db, chatId: number, me: number, at: Date): Promise<void> {
  await db
    .update(chatMessages)
    .set({ readAt: at })
    .where(
      and(eq(chatMessages.chatId, chatId), eq(chatMessages.receiverId, me), isNull(chatMessages.readAt)),
    );
}

/** Whether the sender wrote to this person before this message. */
export async function sentBefore(db: Db, senderId: number, receiverId: number, beforeId: number) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.senderId, senderId),
        eq(chatMessages.receiverId, receiverId),
        lt(chatMessages.id, beforeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findDisabled(db: Db, userId: number) {
  const [row] = await db.select().from(chatDisabled).where(eq(chatDisabled.userId, userId));
  return row;
}

export async function setDisabled(db: Db, userId: number, reason: string, messageId: number | null) {
  await db.insert(chatDisabled).values({ userId, reason, messageId }).onConflictDoNothing();
}

export async function clearDisabled(db: Db, userId: number, reason: string) {
  await db.delete(chatDisabled).where(and(eq(chatDisabled.userId, userId), eq(chatDisabled.reason, reason)));
}
