import {
  canMessageCaseManager,
  canReadMessageHistory,
  canReadNotification,
  canSendMessageTo,
  MSG,
  type NotificationItem,
  type NotificationKindName,
  type NotificationList,
  type NotificationRange,
  type RoleId,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { clientCaseManager } from '../users/case-manager.js';
import * as repo from './notifications.repo.js';
import { notify } from './notify.js';

type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'realtime'>;

/** The most a list answers (the page shows them all; older ones stay behind the date filters). */
const LIST_LIMIT = 200;

type Listed = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;

function itemOf({ row, senderFirst, senderLast }: Listed): NotificationItem {
  return {
    id: row.id,
    kind: row.kind as NotificationKindName,
    text: row.text,
    link: row.link,
    chatId: row.chatId,
    sharedBy: row.sharedBy,
    sharedByName: `${senderFirst ?? ''} ${senderLast ?? ''}`.trim(),
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where a date filter starts: 7 days back, one calendar month back, or none. */
export function rangeStart(range: NotificationRange, now: Date): Date | null {
  if (range === 'week') return new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  if (range === 'month') {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() - 1);
    return d;
  }
  return null;
}

async function unreadOf(deps: Deps, userId: number): Promise<number> {
  return (await repo.unreadCounts(deps.db, [userId])).get(userId) ?? 0;
}

/** Tells every open tab of the caller the new unread count (after the change committed). */
async function announceUnread(deps: Deps, userId: number): Promise<number> {
  const unread = await unreadOf(deps, userId);
  deps.realtime.emitToUsers([userId], 'notification', { unread });
  return unread;
}

/** GET getnotifications[/{range}]: the caller's notifications (not archived) and the unread count. */
export async function list(
  deps: Deps,
  auth: Auth,
  range: NotificationRange = 'all',
): Promise<NotificationList> {
  const since = rangeStart(range, deps.clock.now());
  const [rows, unread] = await Promise.all([
    repo.listFor(deps.db, auth.userId, since, LIST_LIMIT),
    unreadOf(deps, auth.userId),
  ]);
  return { items: rows.map(itemOf), unread };
}

async function own(deps: Deps, auth: Auth, id: number): Promise<Listed> {
  const found = await repo.findById(deps.db, id);
  if (!found || !canReadNotification(auth, found.row)) throw notFound();
  return found;
}

/** GET getnotificationdata/{id}: one of the caller's notifications. */
export async function notificationData(deps: Deps, auth: Auth, id: number): Promise<NotificationItem> {
  return itemOf(await own(deps, auth, id));
}

/** GET readnotificationbyid/{id}: marks one of the caller's notifications read. */
export async function readOne(deps: Deps, auth: Auth, id: number): Promise<NotificationList> {
  const found = await own(deps, auth, id);
  if (found.row.readAt === null) {
    await repo.markRead(deps.db, id, deps.clock.now());
    await announceUnread(deps, auth.userId);
  }
  const item = itemOf(await own(deps, auth, id));
  return { items: [item], unread: await unreadOf(deps, auth.userId) };
}

/** GET readnotification: marks all of the caller's notifications read. */
export async function readAll(deps: Deps, auth: Auth): Promise<{ unread: number }> {
  await repo.markAllRead(deps.db, auth.userId, deps.clock.now());
  return { unread: await announceUnread(deps, auth.userId) };
}

/** POST archivenotification: hides one of the caller's notifications from the lists (read too). */
export async function archive(deps: Deps, auth: Auth, id: number): Promise<{ unread: number }> {
  const found = await own(deps, auth, id);
  if (found.row.archivedAt === null) await repo.archive(deps.db, id, deps.clock.now());
  return { unread: await announceUnread(deps, auth.userId) };
}

/**
 * GET fetchallmessagesbyuserid/{id}: the in-app messages a user of the caller's center received or
 * sent (/message-history). Staff only; another center's user is 404. The read is audited.
 */
export async function messagesOfUser(deps: Deps, auth: Auth, userId: number): Promise<NotificationItem[]> {
  const target = await repo.userById(deps.db, userId);
  const me = { userId: auth.userId, role: auth.role, centerId: auth.centerId, managerId: null, status: '' };
  const person = target && { ...target, userId: target.id, role: target.role as RoleId };
  if (!person || !canReadMessageHistory(me, person)) throw notFound();
  const rows = await repo.messagesOf(deps.db, userId, LIST_LIMIT);
  await audit(deps.db, auth, {
    action: 'notification.messages_read',
    entityType: 'user',
    entityId: userId,
    centerId: target.centerId,
  });
  return rows.map(itemOf);
}

/** Stores an in-app message for `to` and announces it after commit. */
async function sendMessage(
  deps: Deps,
  auth: Auth,
  to: { id: number; centerId: number },
  message: string,
  action: string,
): Promise<{ sent: number }> {
  const announce = await deps.db.transaction(async (tx) => {
    const done = await notify(tx, [
      { userId: to.id, sharedBy: auth.userId, kind: 'message', text: message, link: '/notifications' },
    ]);
    // The audit names the recipient, never the message text.
    await audit(tx, auth, { action, entityType: 'user', entityId: to.id, centerId: to.centerId });
    return done;
  });
  announce(deps.realtime);
  return { sent: 1 };
}

/**
 * POST sendmessagenotfication: staff send a user of their center an in-app message. `sharedby` of
 * the body is ignored (the session says who); a user of another center (or none) is 404.
 */
export async function sendMessageNotification(
  deps: Deps,
  auth: Auth,
  body: { sharedto: number; message: string },
): Promise<{ sent: number }> {
  if (!canSendMessageTo(auth, { centerId: auth.centerId, userId: -1 })) throw forbidden();
  const target = await repo.userById(deps.db, body.sharedto);
  if (!target || target.status === 'Archived') throw notFound();
  if (!canSendMessageTo(auth, { centerId: target.centerId, userId: target.id })) throw notFound();
  return sendMessage(deps, auth, target, body.message, 'notification.message');
}

/** POST sendmessagecasemanager: a client sends their case manager (or the center's default) a message. */
export async function sendMessageCaseManager(
  deps: Deps,
  auth: Auth,
  body: { message: string },
): Promise<{ sent: number }> {
  if (!canMessageCaseManager(auth)) throw forbidden();
  const { manager } = await clientCaseManager(deps.db, auth.userId, auth.centerId);
  if (!manager) throw badRequest(MSG.NO_CASE_MANAGER);
  return sendMessage(deps, auth, manager, body.message, 'notification.message_manager');
}
