import { z } from 'zod';
import { endpoint } from '../contract.js';
import {
  archiveNotificationBody,
  messagesUserParams,
  notificationIdParams,
  notificationItem,
  notificationList,
  notificationRangeParams,
  notificationSent,
  notificationUnread,
  oneClickParams,
  sendMessageCaseManagerBody,
  sendMessageNotificationBody,
  unsubscribeBody,
} from '../notifications.js';

/** Every signed-in role has /notifications; the object rule (own notifications) is the server's. */
const own = { pages: ['notifications'] } as const;
/** Staff who read a user's message history or message a user of their center. */
const staff = { pages: ['viewclient'] } as const;

/** In-app notifications, the in-app messages behind some of them, and unsubscribing from e-mails. */
export const notificationsContract = {
  list: endpoint({
    method: 'GET',
    path: '/getnotifications',
    access: own,
    summary: "The caller's notifications (not archived), newest first, with the unread count",
    data: notificationList,
  }),
  readAll: endpoint({
    method: 'GET',
    path: '/readnotification',
    access: own,
    summary: "Mark all the caller's notifications read",
    data: notificationUnread,
  }),
  archive: endpoint({
    method: 'POST',
    path: '/archivenotification',
    access: own,
    summary: "Archive one of the caller's notifications",
    body: archiveNotificationBody,
    data: notificationUnread,
  }),
  messageCaseManager: endpoint({
    method: 'POST',
    path: '/sendmessagecasemanager',
    access: own,
    summary: 'A client sends their case manager an in-app message',
    body: sendMessageCaseManagerBody,
    data: notificationSent,
  }),
  listRange: endpoint({
    method: 'GET',
    path: '/getnotifications/:range',
    access: own,
    summary: "The caller's notifications of the last 7 days (week), last month (month) or all",
    params: notificationRangeParams,
    data: notificationList,
  }),
  readOne: endpoint({
    method: 'GET',
    path: '/readnotificationbyid/:id',
    access: own,
    summary: "Mark one of the caller's notifications read (another's: 404)",
    params: notificationIdParams,
    data: notificationList,
  }),
  one: endpoint({
    method: 'GET',
    path: '/getnotificationdata/:id',
    access: own,
    summary: "One of the caller's notifications (another's: 404)",
    params: notificationIdParams,
    data: notificationItem,
  }),
  messagesOfUser: endpoint({
    method: 'GET',
    path: '/fetchallmessagesbyuserid/:id',
    access: staff,
    summary: 'The in-app messages a user of the caller center received or sent (audited)',
    params: messagesUserParams,
    data: z.array(notificationItem),
  }),
  messageUser: endpoint({
    method: 'POST',
    path: '/sendmessagenotfication',
    access: staff,
    summary: 'Staff send a user of their center an in-app message (sharedby is the caller)',
    body: sendMessageNotificationBody,
    data: notificationSent,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/unsubscribe',
    access: { public: true },
    summary: "Turn a user's notification e-mails off (same answer whether or not the account exists)",
    body: unsubscribeBody,
    data: null,
  }),
  /** The mail client POSTs "List-Unsubscribe=One-Click" form-encoded; the body is not read. */
  unsubscribeOneClick: endpoint({
    method: 'POST',
    path: '/unsubscribe/oneclick/:userId/:signature',
    access: { public: true },
    summary: 'One-click unsubscribe from a mail header (signed with the app secret)',
    params: oneClickParams,
    data: null,
  }),
};
