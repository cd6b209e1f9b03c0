import { z } from 'zod';

/**
 * The chat calls' request shapes both sides agree on (issue 20). The messaging module owns the rest
 * of the chat contract; these two are fixed because the socket bench drives them.
 */

/** POST create: open (or reuse) the one-to-one chat with another user. Answers `{ chatId }`. */
export const createChatBody = z.object({ another_user: z.coerce.number().int().positive() });

/**
 * POST savemessagetodb/: store a text message in a chat the caller belongs to. Answers the stored
 * message (the `ChatMessageEvent['message']` shape) once it is committed; a retry with the same
 * `clientMessageId` from the same sender answers the message stored the first time.
 * `notification`, `email`, `text`: the delivery channels chosen, at least one.
 */
export const saveChatMessageBody = z.object({
  chatId: z.coerce.number().int().positive(),
  message: z.string(),
  clientMessageId: z.string().min(8).max(64).optional(),
  notification: z.boolean().default(true),
  email: z.boolean().default(false),
  text: z.boolean().default(false),
});
export type SaveChatMessageBody = z.input<typeof saveChatMessageBody>;
