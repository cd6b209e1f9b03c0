import { notificationsContract as api, MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './notifications.service.js';
import * as unsubscribe from './unsubscribe.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.list, { run: (auth) => service.list(deps, auth) });
  route(app, api.readAll, { run: (auth) => service.readAll(deps, auth), message: MSG.NOTIFICATIONS_READ });
  route(app, api.archive, {
    run: (auth, { body }) => service.archive(deps, auth, body.notification_id),
    message: MSG.NOTIFICATION_ARCHIVED,
  });
  route(app, api.messageCaseManager, {
    run: (auth, { body }) => service.sendMessageCaseManager(deps, auth, body),
    message: MSG.NOTIFICATION_MESSAGE_SENT,
  });
  route(app, api.listRange, { run: (auth, { params }) => service.list(deps, auth, params.range) });
  route(app, api.readOne, { run: (auth, { params }) => service.readOne(deps, auth, params.id) });
  route(app, api.one, { run: (auth, { params }) => service.notificationData(deps, auth, params.id) });

  route(app, api.messagesOfUser, {
    run: (auth, { params }) => service.messagesOfUser(deps, auth, params.id),
  });
  route(app, api.messageUser, {
    run: (auth, { body }) => service.sendMessageNotification(deps, auth, body),
    message: MSG.NOTIFICATION_MESSAGE_SENT,
  });

  route(app, api.unsubscribe, {
    run: async ({ body, ip }) => {
      await unsubscribe.unsubscribe(deps, body, ip);
      return null;
    },
    message: MSG.UNSUBSCRIBED,
  });

  // RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click" form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  route(app, api.unsubscribeOneClick, {
    run: async ({ params, ip }) => {
      await unsubscribe.oneClick(deps, params, ip);
      return null;
    },
    message: MSG.UNSUBSCRIBED,
  });
};
