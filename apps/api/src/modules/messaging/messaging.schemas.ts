import { CHAT_ATTACHMENT_KINDS, idSchema } from '@dm/shared';
import { z } from 'zod';

/** Answer schemas of the messaging routes (request schemas are in packages/shared/src/chat.ts). */

export const idParams = z.object({ id: idSchema() });
export const chatIdParams = z.object({ chatId: idSchema() });
export const usersByTypeQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(6), z.literal(7), z.literal(9)])),
});

export const chatAttachment = z.object({
  id: z.number(),
  kind: z.enum(CHAT_ATTACHMENT_KINDS),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  url: z.string(),
});

export const chatMessage = z.object({
  id: z.number(),
  clientMessageId: z.string().nullable(),
  chatId: z.number(),
  senderId: z.number(),
  receiverId: z.number(),
  message: z.string(),
  attachment: chatAttachment.nullable(),
  sentAt: z.string(),
  readAt: z.string().nullable(),
});

export const chatMessagePage = z.object({
  chatId: z.number(),
  pageNo: z.number(),
  messages: z.array(chatMessage),
  hasMore: z.boolean(),
});

export const chatContact = z.object({
  userId: z.number(),
  name: z.string(),
  role: z.number(),
  centerId: z.number(),
  centerName: z.string(),
  chatId: z.number().nullable(),
  unread: z.number(),
});

export const chatInfo = z.object({
  chatId: z.number(),
  other: z.object({ userId: z.number(), name: z.string(), role: z.number(), centerName: z.string() }),
  disabled: z.boolean(),
});

export const disableFlag = z.object({ disableChat: z.boolean() });

export const messageHistory = z.object({
  user: z.object({ userId: z.number(), name: z.string() }),
  chats: z.array(
    z.object({
      chatId: z.number(),
      other: z.object({ userId: z.number(), name: z.string() }),
      messages: z.array(chatMessage),
    }),
  ),
});
