import { z } from 'zod';
import { idSchema } from './validation.js';

/**
 * The chat calls' request shapes both sides agree on. The messaging module owns the rest
 * of the chat contract; these two are fixed because the socket bench drives them.
 */

/** POST create: open (or reuse) the one-to-one chat with another user. Answers `{ chatId }`. */
export const createChatBody = z.object({ another_user: idSchema() });

/**
 * POST savemessagetodb/: store a text message in a chat the caller belongs to. Answers the stored
 * message (the `ChatMessageEvent['message']` shape) once it is committed; a retry with the same
 * `clientMessageId` from the same sender answers the message stored the first time.
 * `notification`, `email`, `text`: the delivery channels chosen, at least one.
 */
export const saveChatMessageBody = z.object({
  chatId: idSchema(),
  message: z.string(),
  clientMessageId: z.string().min(8).max(64).optional(),
  notification: z.boolean().default(true),
  email: z.boolean().default(false),
  text: z.boolean().default(false),
});
export type SaveChatMessageBody = z.input<typeof saveChatMessageBody>;

// --- the rest of the chat contract

/** Messages a page of `getchatmessage` holds (platform spec: "Chat message count 10"). */
export const CHAT_MESSAGE_COUNT = 10;
/**
 * The platform spec's "message limit 120": read as the characters of a chat message carried in a
 * notification or a text message (the full message stays in the chat).
 */
export const CHAT_MESSAGE_LIMIT = 120;
/** The longest message stored (not in the spec; keeps one row bounded). */
export const CHAT_MESSAGE_MAX = 5000;
/** Chat lists are shown in groups of six (donor-forms spec section 9). */
export const CHAT_LIST_GROUP = 6;
/** Chat box sizes (donor-forms spec section 9). */
export const CHAT_BOX = {
  width: 310,
  height: 300,
  minHeight: 32,
  maxWidth: 500,
  maxHeight: 550,
  /** The box may be maximized only when the window is wider than this. */
  maximizeAbove: 515,
} as const;

export const CHAT_MSG = {
  BLANK: 'Message can not be blank.',
  SELECT_OPTION: 'Please select at least one option',
  ONE_BOX: 'You are already in an active chat with one parent. Close active message box to open new one',
  TOO_BIG: 'File is too big',
  INVALID_FORMAT: 'Invalid file format.',
  USER_NOT_FOUND: 'User Not Found',
  // Wording not given by the spec:
  TOO_LONG: `Message can not be longer than ${CHAT_MESSAGE_MAX} characters.`,
  DISABLED: 'Messaging is not available on your current plan.',
  PREMIUM_UPGRADE:
    'Messaging your agency is part of the Premium membership. Upgrade to Premium to keep the conversation going.',
  SENT: 'Message sent.',
  EMAIL_SENT: 'E-mail sent.',
  TEXT_SENT: 'Text message sent.',
  NO_CONTACT: 'The recipient has no contact number for text messages.',
} as const;

/** What an attachment is; decided by the file's bytes. */
export const CHAT_ATTACHMENT_KINDS = ['image', 'pdf', 'document', 'audio'] as const;
export type ChatAttachmentKind = (typeof CHAT_ATTACHMENT_KINDS)[number];
/** Image types accepted by /uploadmessageimage. */
export const CHAT_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'bmp'] as const;
/** File types accepted by /uploadmessagepdf: documents and mp3 audio. */
export const CHAT_FILE_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'mp3'] as const;

/** The channel checkboxes: at least one must be chosen (spec: "Please select at least one option"). */
export const chatChannels = z.object({
  notification: z.boolean(),
  email: z.boolean(),
  text: z.boolean(),
});
export type ChatChannels = z.infer<typeof chatChannels>;
export const hasChannel = (c: ChatChannels): boolean => c.notification || c.email || c.text;

/** The problem with a message about to be sent, or null. Shared by the API and the chat box. */
export function chatMessageProblem(message: string, channels: ChatChannels, hasFile = false): string | null {
  if (!hasFile && message.trim() === '') return CHAT_MSG.BLANK;
  if (message.length > CHAT_MESSAGE_MAX) return CHAT_MSG.TOO_LONG;
  if (!hasChannel(channels)) return CHAT_MSG.SELECT_OPTION;
  return null;
}

/** POST getchatmessage/: page 1 is the newest CHAT_MESSAGE_COUNT messages, page 2 the ones before. */
export const chatMessagesBody = z.object({
  chatId: idSchema(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
});
/** POST sendemailtousers/ and sendtextmessagetousers/: deliver a stored message by that channel too. */
export const chatDeliverBody = z.object({
  chatId: idSchema(),
  /** A chat message's key is a bigserial. */
  messageId: idSchema({ max: Number.MAX_SAFE_INTEGER }),
});
/** POST setdisablechat/. */
export const setDisableChatBody = z.object({ disable_chat: z.boolean() });
/** POST getpartneragencyiplist/. */
export const partnerAgencyIpBody = z.object({ ip_center: idSchema() });

export interface ChatAttachment {
  id: number;
  kind: ChatAttachmentKind;
  /** The uploader's file name, for display only. */
  name: string;
  size: number;
  mime: string;
  /** Streams the file through the API, to the two people of the chat only. */
  url: string;
}

/** A stored chat message as getchatmessage, savemessagetodb and the socket event carry it. */
export interface ChatMessage {
  id: number;
  clientMessageId: string | null;
  chatId: number;
  senderId: number;
  receiverId: number;
  message: string;
  attachment: ChatAttachment | null;
  sentAt: string;
  readAt: string | null;
  [field: string]: unknown;
}

export interface ChatMessagePage {
  chatId: number;
  pageNo: number;
  /** Oldest first within the page. */
  messages: ChatMessage[];
  /** A full page: an older page may follow. */
  hasMore: boolean;
}

/** Someone the caller may chat with, as the chat lists show them. */
export interface ChatContact {
  userId: number;
  name: string;
  role: number;
  centerId: number;
  centerName: string;
  /** The existing chat with this person, if any. */
  chatId: number | null;
  unread: number;
}

export interface ChatInfo {
  chatId: number;
  other: { userId: number; name: string; role: number; centerName: string };
  /** The caller may not send (Pre-Active consumer client after the first support message). */
  disabled: boolean;
}

/** A staff read of one person's chats (/message-history/{id}). */
export interface MessageHistory {
  user: { userId: number; name: string };
  chats: { chatId: number; other: { userId: number; name: string }; messages: ChatMessage[] }[];
}

/** Whether a page of messages was full, so the box should load the one before it. */
export const pageIsFull = (count: number): boolean => count >= CHAT_MESSAGE_COUNT;
