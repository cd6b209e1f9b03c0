import { idSchema, NOTIFICATION_KINDS, type NotificationItem, type NotificationList } from '@dm/shared';
import { z } from 'zod';

/*
 * Request bodies are the shared schemas (archiveNotificationBody, sendMessageNotificationBody,
 * sendMessageCaseManagerBody, unsubscribeBody, notificationRangeParams).
 */

export const notificationItem = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  link: z.string().nullable(),
  chatId: z.number().nullable(),
  sharedBy: z.number().nullable(),
  sharedByName: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<NotificationItem>;

export const notificationList = z.object({
  items: z.array(notificationItem),
  unread: z.number(),
}) satisfies z.ZodType<NotificationList>;

export const unreadAnswer = z.object({ unread: z.number() });
export const sentAnswer = z.object({ sent: z.number() });
/** A notification's key is a bigserial. */
export const notificationIdParams = z.object({ id: idSchema({ max: Number.MAX_SAFE_INTEGER }) });
export const userIdParams = z.object({ id: idSchema() });
export const oneClickParams = z.object({
  userId: idSchema(),
  signature: z.string().min(10).max(100),
});
