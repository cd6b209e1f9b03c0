import {
  archiveNotificationBody,
  MSG,
  notificationRangeParams,
  type PageKey,
  sendMessageCaseManagerBody,
  sendMessageNotificationBody,
  unsubscribeBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute, publicRoute } from '../../platform/routes.js';
import {
  notificationIdParams,
  notificationItem,
  notificationList,
  oneClickParams,
  sentAnswer,
  unreadAnswer,
  userIdParams,
} from './notifications.schemas.js';
import * as service from './notifications.service.js';
import * as unsubscribe from './unsubscribe.service.js';

/** Every signed-in role has /notifications; the object rule (own notifications) is in the service. */
const OWN: readonly PageKey[] = ['notifications'];
/** Staff who read a user's message history or message a user of their center. */
const STAFF: readonly PageKey[] = ['viewclient'];

export const notificationsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  callRoutes(app, deps, OWN, [
    [
      '/getnotifications',
      "The caller's notifications (not archived), newest first, with the unread count",
      null,
      notificationList,
      undefined,
      (d, auth) => service.list(d, auth),
    ],
    [
      '/readnotification',
      "Mark all the caller's notifications read",
      null,
      unreadAnswer,
      MSG.NOTIFICATIONS_READ,
      (d, auth) => service.readAll(d, auth),
    ],
    [
      '/archivenotification',
      "Archive one of the caller's notifications",
      archiveNotificationBody,
      unreadAnswer,
      MSG.NOTIFICATION_ARCHIVED,
      (d, auth, b) => service.archive(d, auth, b.notification_id),
    ],
    [
      '/sendmessagecasemanager',
      'A client sends their case manager an in-app message',
      sendMessageCaseManagerBody,
      sentAnswer,
      MSG.NOTIFICATION_MESSAGE_SENT,
      service.sendMessageCaseManager,
    ],
  ]);

  jsonRoute(app, 'GET /getnotifications/:range', OWN, {
    summary: "The caller's notifications of the last 7 days (week), last month (month) or all",
    params: notificationRangeParams,
    data: notificationList,
    run: (auth, { params }) => service.list(deps, auth, params.range),
  });
  jsonRoute(app, 'GET /readnotificationbyid/:id', OWN, {
    summary: "Mark one of the caller's notifications read (another's: 404)",
    params: notificationIdParams,
    data: notificationList,
    run: (auth, { params }) => service.readOne(deps, auth, params.id),
  });
  jsonRoute(app, 'GET /getnotificationdata/:id', OWN, {
    summary: "One of the caller's notifications (another's: 404)",
    params: notificationIdParams,
    data: notificationItem,
    run: (auth, { params }) => service.notificationData(deps, auth, params.id),
  });

  jsonRoute(app, 'GET /fetchallmessagesbyuserid/:id', STAFF, {
    summary: 'The in-app messages a user of the caller center received or sent (audited)',
    params: userIdParams,
    data: z.array(notificationItem),
    run: (auth, { params }) => service.messagesOfUser(deps, auth, params.id),
  });
  callRoutes(app, deps, STAFF, [
    [
      '/sendmessagenotfication',
      'Staff send a user of their center an in-app message (sharedby is the caller)',
      sendMessageNotificationBody,
      sentAnswer,
      MSG.NOTIFICATION_MESSAGE_SENT,
      service.sendMessageNotification,
    ],
  ]);

  publicRoute(app, 'POST /unsubscribe', {
    summary: "Turn a user's notification e-mails off (same answer whether or not the account exists)",
    body: unsubscribeBody,
    data: null,
    message: MSG.UNSUBSCRIBED,
    run: async (request) => {
      await unsubscribe.unsubscribe(deps, request.body, request.ip);
      return null;
    },
  });

  // RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click" form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  publicRoute(app, 'POST /unsubscribe/oneclick/:userId/:signature', {
    summary: 'One-click unsubscribe from a mail header (signed with the app secret)',
    params: oneClickParams,
    data: null,
    message: MSG.UNSUBSCRIBED,
    run: async (request) => {
      await unsubscribe.oneClick(deps, request.params, request.ip);
      return null;
    },
  });
};
