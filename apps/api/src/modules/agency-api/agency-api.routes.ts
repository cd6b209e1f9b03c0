import {
  AGENCY_API_MSG,
  agencyApiIdParams,
  agencyApiQuery,
  apiKeyList,
  createApiKeyBody,
  createdApiKey,
  createdWebhook,
  createWebhookBody,
  webhookDeliveryList,
  webhookList,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as service from './agency-api.service.js';

/**
 * The agency API's management (decision 028): a center's API keys and webhook
 * endpoints, for its agency admins and the master admin. Both pages are personal pages
 * (PERSONAL_PAGES): an API key never calls these routes.
 */
export const agencyApiRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /apikeys', ['apikeys'], {
    summary: "A center's API keys (the master admin names the center)",
    querystring: agencyApiQuery,
    data: apiKeyList,
    run: (auth, { query }) => service.listKeys(deps, auth, query.center_id),
  });
  jsonRoute(app, 'POST /apikeys', ['apikeys'], {
    summary: 'Create an API key (its secret is answered this once)',
    body: createApiKeyBody,
    data: createdApiKey,
    run: (auth, { body }) => service.createKey(deps, auth, body),
    message: AGENCY_API_MSG.KEY_CREATED,
  });
  jsonRoute(app, 'DELETE /apikeys/:id', ['apikeys'], {
    summary: 'Revoke an API key',
    params: agencyApiIdParams,
    data: null,
    run: (auth, { params }) => service.revokeKey(deps, auth, params.id),
    message: AGENCY_API_MSG.KEY_REVOKED,
  });

  jsonRoute(app, 'GET /webhooks', ['webhooks'], {
    summary: "A center's webhook endpoints with their delivery counts",
    querystring: agencyApiQuery,
    data: webhookList,
    run: (auth, { query }) => service.listWebhooks(deps, auth, query.center_id),
  });
  jsonRoute(app, 'POST /webhooks', ['webhooks'], {
    summary: 'Register a webhook endpoint (its signing secret is answered this once)',
    body: createWebhookBody,
    data: createdWebhook,
    run: (auth, { body }) => service.createWebhook(deps, auth, body),
    message: AGENCY_API_MSG.WEBHOOK_CREATED,
  });
  jsonRoute(app, 'DELETE /webhooks/:id', ['webhooks'], {
    summary: 'Remove a webhook endpoint',
    params: agencyApiIdParams,
    data: null,
    run: (auth, { params }) => service.removeWebhook(deps, auth, params.id),
    message: AGENCY_API_MSG.WEBHOOK_REMOVED,
  });
  jsonRoute(app, 'GET /webhooks/:id/deliveries', ['webhooks'], {
    summary: "A webhook endpoint's deliveries with each attempt's outcome",
    params: agencyApiIdParams,
    data: webhookDeliveryList,
    run: (auth, { params }) => service.listDeliveries(deps, auth, params.id),
  });
};
