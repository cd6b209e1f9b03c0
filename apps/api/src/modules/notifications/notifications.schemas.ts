import { NOTIFICATION_KINDS, type NotificationItem, type NotificationList } from '@dm/shared';
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
export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const oneClickParams = z.object({
  userId: z.coerce.number().int().positive(),
  signature: z.string().min(10).max(100),
});
