import { z } from 'zod';
import { idSchema } from './validation.js';

/**
 * In-app notifications: the bell, /notifications and the calls behind them.
 * The kinds match `NotificationKind` of the API's notify().
 */
export const NOTIFICATION_KINDS = [
  'chat',
  'portfolio_shared',
  'portfolio_updated',
  'feedback',
  'favourite',
  'note',
  'match',
  'donor_shared',
  'message',
  'search_alert',
  'donor_available',
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/** The list filters (platform spec: last 7 days, last month, from the beginning). */
export const NOTIFICATION_RANGES = ['week', 'month', 'all'] as const;
export type NotificationRange = (typeof NOTIFICATION_RANGES)[number];
export const NOTIFICATION_RANGE_LABELS: Record<NotificationRange, string> = {
  week: 'Last 7 days',
  month: 'Last month',
  all: 'From the beginning',
};
export const notificationRangeParams = z.object({
  range: z.enum(NOTIFICATION_RANGES, { message: 'Unknown notification filter.' }),
});

/** The bell previews this many characters of a notification's text, then an ellipsis. */
export const NOTIFICATION_PREVIEW_CHARS = 35;
/** How many of the latest notifications the bell's menu shows. */
export const NOTIFICATION_BELL_ITEMS = 5;

export function notificationPreview(text: string): string {
  const chars = Array.from(text);
  return chars.length > NOTIFICATION_PREVIEW_CHARS
    ? `${chars.slice(0, NOTIFICATION_PREVIEW_CHARS).join('')}...`
    : text;
}

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
});
export type NotificationItem = z.output<typeof notificationItem>;

export const notificationList = z.object({
  items: z.array(notificationItem),
  unread: z.number(),
});
export type NotificationList = z.output<typeof notificationList>;

/** What a read or an archive leaves unread. */
export const notificationUnread = z.object({ unread: z.number() });
/** How many in-app messages a send created. */
export const notificationSent = z.object({ sent: z.number() });

/** A notification's key is a bigserial. */
export const notificationIdParams = z.object({ id: idSchema({ max: Number.MAX_SAFE_INTEGER }) });
/** The user whose in-app messages staff read. */
export const messagesUserParams = z.object({ id: idSchema() });

export const archiveNotificationBody = z.object({
  /** A notification's key is a bigserial. */
  notification_id: idSchema({ message: 'Please select a notification.', max: Number.MAX_SAFE_INTEGER }),
});

const messageText = z
  .string()
  .trim()
  .min(1, { message: 'Message cannot be blank.' })
  .max(2000, { message: 'Message is too long.' });

/** POST sendmessagenotfication: staff send a user of their center an in-app message. */
export const sendMessageNotificationBody = z.object({
  sharedby: idSchema().optional(),
  sharedto: idSchema({ message: 'Please select a user.' }),
  type: z.string().max(40).optional(),
  message: messageText,
});

/** POST sendmessagecasemanager: a client sends their case manager an in-app message. */
export const sendMessageCaseManagerBody = z.object({ message: messageText });

// --- unsubscribe

export const unsubscribeBody = z.object({
  userid: idSchema(),
  username: z.string().trim().min(1).max(320),
});
export type UnsubscribeBody = z.input<typeof unsubscribeBody>;

/** POST unsubscribe/oneclick/{userId}/{signature}: the signed link of a mail's List-Unsubscribe header. */
export const oneClickParams = z.object({
  userId: idSchema(),
  signature: z.string().min(10).max(100),
});
