import {
  CHAT_MESSAGE_COUNT,
  CHAT_MESSAGE_LIMIT,
  CHAT_MSG,
  type ChatChannels,
  type ChatInfo,
  type ChatMessage,
  type ChatMessagePage,
  canReadMessageHistory,
  canStartChat,
  chatMessageProblem,
  disablesChatAfterSend,
  EMAIL_TYPE,
  type MessageHistory,
  type SaveChatMessageBody,
  type saveChatMessageBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { queueText } from '../../platform/sms.js';
import { type Announce, notify } from '../notifications/index.js';
import * as repo from './messaging.repo.js';
import {
  chatOfCaller,
  type Deps,
  factsOf,
  isDisabled,
  meOf,
  messageView,
  nameOf,
} from './messaging.shared.js';

export { chatPartnerIds } from './messaging.repo.js';

type SaveBody = z.output<typeof saveChatMessageBody>;

export type { SaveChatMessageBody };

const roomLink = (deps: Pick<Deps, 'config'>, otherId: number) =>
  `${deps.config.publicUrl}/#/messageroom/0/${otherId}/chat`;

/** POST create: the chat with someone on the caller's lists (anyone else: 404). */
export async function createChat(deps: Deps, auth: Auth, otherId: number): Promise<{ chatId: number }> {
  const me = await meOf(deps.db, auth);
  const other = await repo.findPerson(deps.db, otherId);
  const existing = other ? await repo.findChatOf(deps.db, me.userId, otherId) : undefined;
  if (existing) return { chatId: existing.id };
  if (!other || !canStartChat(me, other, await factsOf(deps.db, me.centerId)))
    throw notFound(CHAT_MSG.USER_NOT_FOUND);
  return { chatId: await repo.upsertChat(deps.db, me.userId, otherId) };
}

async function info(deps: Pick<Deps, 'db'>, auth: Auth, chatId: number, otherId: number): Promise<ChatInfo> {
  const other = await repo.findPerson(deps.db, otherId);
  if (!other) throw notFound();
  return {
    chatId,
    other: { userId: other.userId, name: nameOf(other), role: other.role, centerName: other.centerName },
    disabled: await isDisabled(deps.db, auth),
  };
}

/** GET chat/{chatId}: who the chat is with. */
export async function getChat(deps: Pick<Deps, 'db'>, auth: Auth, chatId: number): Promise<ChatInfo> {
  const { otherId } = await chatOfCaller(deps.db, auth, chatId);
  return info(deps, auth, chatId, otherId);
}

/**
 * GET getchatdata/{id}: the chat with user `id` (the message room opened from a link or a
 * notification), created when the caller may chat with them.
 */
export async function chatData(deps: Deps, auth: Auth, otherId: number): Promise<ChatInfo> {
  const { chatId } = await createChat(deps, auth, otherId);
  return info(deps, auth, chatId, otherId);
}

/** POST getchatmessage/: one page, newest page first; reading marks the caller's messages read. */
export async function messages(
  deps: Pick<Deps, 'db' | 'clock'>,
  auth: Auth,
  chatId: number,
  pageNo: number,
): Promise<ChatMessagePage> {
  await chatOfCaller(deps.db, auth, chatId);
  const rows = await repo.messagePage(deps.db, chatId, pageNo, CHAT_MESSAGE_COUNT);
  if (pageNo === 1) await repo.markRead(deps.db, chatId, auth.userId, deps.clock.now());
  return {
    chatId,
    pageNo,
    messages: rows.reverse().map(messageView),
    hasMore: rows.length === CHAT_MESSAGE_COUNT,
  };
}

interface Outgoing {
  chatId: number;
  text: string;
  clientMessageId: string | null;
  channels: ChatChannels;
  attachmentId?: number | null;
}

/**
 * Stores one message and its deliveries in one transaction (notification row, e-mail and text
 * queued), then pushes it to both people. A retried clientMessageId answers the stored message.
 * `beforeInsert` runs in the transaction (an attachment row is written there).
 */
export async function storeMessage(
  deps: Deps,
  auth: Auth,
  out: Outgoing,
  beforeInsert?: (tx: Db, chatId: number) => Promise<number>,
): Promise<ChatMessage> {
  const problem = chatMessageProblem(out.text, out.channels, beforeInsert !== undefined);
  if (problem) throw badRequest(problem);
  let announce: Announce = () => {};
  let fresh = false;
  const stored = await deps.db.transaction(async (tx) => {
    const { otherId } = await chatOfCaller(tx, auth, out.chatId);
    if (out.clientMessageId) {
      const again = await repo.findByClientId(tx, auth.userId, out.clientMessageId);
      if (again) {
        if (again.message.chatId !== out.chatId) throw notFound();
        return again;
      }
    }
    if (await isDisabled(tx, auth)) throw forbidden(CHAT_MSG.DISABLED);
    const attachmentId = beforeInsert ? await beforeInsert(tx, out.chatId) : null;
    const row = await repo.insertMessage(tx, {
      chatId: out.chatId,
      senderId: auth.userId,
      receiverId: otherId,
      text: out.text,
      attachmentId,
      clientMessageId: out.clientMessageId,
      createdAt: deps.clock.now(),
    });
    if (!row) {
      // A concurrent retry stored it first.
      const again = await repo.findByClientId(tx, auth.userId, out.clientMessageId!);
      if (!again) throw notFound();
      return again;
    }
    fresh = true;
    const full = (await repo.findMessage(tx, row.id))!;
    const me = await meOf(tx, auth);
    const other = (await repo.findPerson(tx, otherId))!;
    announce = await deliver(deps, tx, me, other, full, out.channels);
    const facts = await factsOf(tx, me.centerId);
    if (
      disablesChatAfterSend(me, facts.consumerSite, otherId === facts.supportUserId) &&
      !(await repo.sentBefore(tx, me.userId, otherId, row.id))
    ) {
      await repo.setDisabled(tx, me.userId, 'preactive', row.id);
    }
    return full;
  });
  const message = messageView(stored);
  if (fresh) {
    deps.realtime.emitToUsers([stored.message.senderId, stored.message.receiverId], 'chat:message', {
      chatId: out.chatId,
      message,
    });
    announce(deps.realtime);
  }
  return message;
}

/** The chosen deliveries of a message, in the caller's transaction; answers what to announce. */
async function deliver(
  deps: Deps,
  tx: Db,
  me: repo.PersonRow,
  other: repo.PersonRow,
  row: repo.MessageWithFile,
  channels: ChatChannels,
): Promise<Announce> {
  const preview = row.message.text.slice(0, CHAT_MESSAGE_LIMIT) || (row.attachment?.originalName ?? '');
  if (channels.email) await mailMessage(deps, tx, me, other, preview);
  if (channels.text) await textMessage(deps, tx, me, other, preview);
  if (!channels.notification) return () => {};
  return notify(tx, [
    {
      userId: other.userId,
      sharedBy: me.userId,
      kind: 'chat',
      text: `${nameOf(me)}: ${preview}`,
      link: `/messageroom/0/${me.userId}/chat`,
      chatId: row.message.chatId,
    },
  ]);
}

async function mailMessage(deps: Deps, tx: Db, me: repo.PersonRow, other: repo.PersonRow, text: string) {
  await queueTemplatedMail(tx, deps.secrets, {
    centerId: other.centerId,
    emailTypeId: EMAIL_TYPE.CHAT_MESSAGE,
    to: other.username,
    vars: { recipient: nameOf(other), sender: nameOf(me), message: text, link: roomLink(deps, me.userId) },
  });
}

async function textMessage(deps: Deps, tx: Db, me: repo.PersonRow, other: repo.PersonRow, text: string) {
  if (!other.contactNo) return false;
  const digits = other.contactNo.replace(/\D/g, '');
  const code = other.countryCode.startsWith('+') ? other.countryCode : `+${other.countryCode}`;
  await queueText(tx, deps.secrets, {
    centerId: other.centerId,
    toUserId: other.userId,
    to: `${code}${digits}`,
    body: `${nameOf(me)}: ${text}`,
  });
  return true;
}

/** POST savemessagetodb/. */
export function saveMessage(deps: Deps, auth: Auth, body: SaveBody): Promise<ChatMessage> {
  return storeMessage(deps, auth, {
    chatId: body.chatId,
    text: body.message,
    clientMessageId: body.clientMessageId ?? null,
    channels: { notification: body.notification, email: body.email, text: body.text },
  });
}

/** A message the caller sent in this chat (sendemailtousers/, sendtextmessagetousers/). */
async function ownMessage(tx: Db, auth: Auth, chatId: number, messageId: number) {
  await chatOfCaller(tx, auth, chatId);
  const row = await repo.findMessage(tx, messageId);
  if (!row || row.message.chatId !== chatId || row.message.senderId !== auth.userId) throw notFound();
  return row;
}

/** POST sendemailtousers/: e-mails a stored message to the other person. */
export async function emailMessage(deps: Deps, auth: Auth, body: { chatId: number; messageId: number }) {
  await deps.db.transaction(async (tx) => {
    const row = await ownMessage(tx, auth, body.chatId, body.messageId);
    const other = (await repo.findPerson(tx, row.message.receiverId))!;
    const text = row.message.text.slice(0, CHAT_MESSAGE_LIMIT) || (row.attachment?.originalName ?? '');
    await mailMessage(deps, tx, await meOf(tx, auth), other, text);
  });
  return null;
}

/** POST sendtextmessagetousers/: texts a stored message to the other person (400 without a number). */
export async function textStoredMessage(deps: Deps, auth: Auth, body: { chatId: number; messageId: number }) {
  await deps.db.transaction(async (tx) => {
    const row = await ownMessage(tx, auth, body.chatId, body.messageId);
    const other = (await repo.findPerson(tx, row.message.receiverId))!;
    const text = row.message.text.slice(0, CHAT_MESSAGE_LIMIT) || (row.attachment?.originalName ?? '');
    if (!(await textMessage(deps, tx, await meOf(tx, auth), other, text)))
      throw badRequest(CHAT_MSG.NO_CONTACT);
  });
  return null;
}

/** GET getdisablechatflag/. */
export async function disableFlag(deps: Pick<Deps, 'db'>, auth: Auth) {
  return { disableChat: await isDisabled(deps.db, auth) };
}

/**
 * POST setdisablechat/: a person switches their own sending off or on again; the Pre-Active rule's
 * flag cannot be switched off while the account is Pre-Active (403).
 */
export async function setDisableFlag(deps: Pick<Deps, 'db'>, auth: Auth, disable: boolean) {
  if (disable) await repo.setDisabled(deps.db, auth.userId, 'self', null);
  else {
    const row = await repo.findDisabled(deps.db, auth.userId);
    if (row?.reason === 'preactive' && auth.status === 'Pre-Active') throw forbidden(CHAT_MSG.DISABLED);
    await repo.clearDisabled(deps.db, auth.userId, row?.reason ?? 'self');
  }
  return { disableChat: await isDisabled(deps.db, auth) };
}

/** Messages of each chat the history shows. */
const HISTORY_PER_CHAT = 200;

/** GET messagehistory/{id}: staff read every chat of one person; audited. */
export async function messageHistory(
  deps: Pick<Deps, 'db'>,
  auth: Auth,
  userId: number,
): Promise<MessageHistory> {
  const me = await meOf(deps.db, auth);
  const person = await repo.findPerson(deps.db, userId);
  if (!person || !canReadMessageHistory(me, person)) throw notFound();
  const chats = await repo.chatsOfUser(deps.db, userId);
  const result: MessageHistory['chats'] = [];
  for (const chat of chats) {
    const otherId = chat.userLow === userId ? chat.userHigh : chat.userLow;
    const other = await repo.findPerson(deps.db, otherId);
    const rows = await repo.latestMessages(deps.db, chat.id, HISTORY_PER_CHAT);
    result.push({
      chatId: chat.id,
      other: { userId: otherId, name: other ? nameOf(other) : '' },
      messages: rows.reverse().map(messageView),
    });
  }
  await audit(deps.db, auth, {
    action: 'message_history_read',
    entityType: 'user',
    entityId: userId,
    centerId: person.centerId,
    details: { chats: result.length },
  });
  return { user: { userId, name: nameOf(person) }, chats: result };
}
