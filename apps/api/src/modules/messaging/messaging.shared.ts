import {
  CHAT_MSG,
  type ChatAttachment,
  type ChatAttachmentKind,
  type ChatCenterFacts,
  type ChatMessage,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './messaging.repo.js';

/** What the messaging services use of the wiring. */
export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets' | 'realtime' | 'storage'>;

export const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export function attachmentView(row: repo.AttachmentRow): ChatAttachment {
  return {
    id: row.id,
    kind: row.kind as ChatAttachmentKind,
    name: row.originalName,
    size: row.size,
    mime: row.mime,
    url: `/api/chatfile/${row.id}`,
  };
}

export function messageView({ message, attachment }: repo.MessageWithFile): ChatMessage {
  return {
    id: message.id,
    clientMessageId: message.clientMessageId,
    chatId: message.chatId,
    senderId: message.senderId,
    receiverId: message.receiverId,
    message: message.text,
    attachment: attachment ? attachmentView(attachment) : null,
    sentAt: message.createdAt.toISOString(),
    readAt: message.readAt ? message.readAt.toISOString() : null,
  };
}

/** The caller as the chat rule reads them. */
export async function meOf(db: Db, auth: Auth): Promise<repo.PersonRow> {
  const me = await repo.findPerson(db, auth.userId);
  if (!me) throw notFound(CHAT_MSG.USER_NOT_FOUND);
  return me;
}

export async function factsOf(
  db: Db,
  centerId: number,
): Promise<ChatCenterFacts & { consumerSite: boolean }> {
  const [partners, center] = await Promise.all([
    repo.partnerCenterIds(db, centerId),
    repo.centerFacts(db, centerId),
  ]);
  return {
    partnerCenterIds: partners,
    supportUserId: center.supportUserId,
    consumerSite: center.consumerSite,
  };
}

/** A chat of the caller, locked when asked; another person's chat answers 404. */
export async function chatOfCaller(db: Db, auth: Auth, chatId: number, forUpdate = false) {
  const chat = await repo.findChat(db, chatId, forUpdate);
  if (!chat || (chat.userLow !== auth.userId && chat.userHigh !== auth.userId)) throw notFound();
  const otherId = chat.userLow === auth.userId ? chat.userHigh : chat.userLow;
  return { chat, otherId };
}

/** Whether the caller may not send: the Pre-Active rule while Pre-Active, or switched off by themselves. */
export async function isDisabled(db: Db, auth: Pick<Auth, 'userId' | 'status'>): Promise<boolean> {
  const row = await repo.findDisabled(db, auth.userId);
  if (!row) return false;
  return row.reason === 'self' || auth.status === 'Pre-Active';
}
