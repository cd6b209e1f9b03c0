import { AGENCY_API_MSG, agencyApiContract as api } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './agency-api.service.js';

/**
 * The agency API's management (decision 028): a center's API keys and webhook
 * endpoints, for its agency admins and the master admin. Both pages are personal pages
 * (PERSONAL_PAGES): an API key never calls these routes.
 */
export const agencyApiRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.listKeys, { run: (auth, { query }) => service.listKeys(deps, auth, query.center_id) });
  route(app, api.createKey, {
    run: (auth, { body }) => service.createKey(deps, auth, body),
    message: AGENCY_API_MSG.KEY_CREATED,
  });
  route(app, api.revokeKey, {
    run: async (auth, { params }) => {
      await service.revokeKey(deps, auth, params.id);
      return null;
    },
    message: AGENCY_API_MSG.KEY_REVOKED,
  });

  route(app, api.listWebhooks, {
    run: (auth, { query }) => service.listWebhooks(deps, auth, query.center_id),
  });
  route(app, api.createWebhook, {
    run: (auth, { body }) => service.createWebhook(deps, auth, body),
    message: AGENCY_API_MSG.WEBHOOK_CREATED,
  });
  route(app, api.removeWebhook, {
    run: async (auth, { params }) => {
      await service.removeWebhook(deps, auth, params.id);
      return null;
    },
    message: AGENCY_API_MSG.WEBHOOK_REMOVED,
  });
  route(app, api.deliveries, { run: (auth, { params }) => service.listDeliveries(deps, auth, params.id) });
};
