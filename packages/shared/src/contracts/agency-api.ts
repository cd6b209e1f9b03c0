import {
  agencyApiIdParams,
  agencyApiQuery,
  apiKeyList,
  createApiKeyBody,
  createdApiKey,
  createdWebhook,
  createWebhookBody,
  webhookDeliveryList,
  webhookList,
} from '../agency-api.js';
import { endpoint } from '../contract.js';

const keys = { pages: ['apikeys'] } as const;
const webhooks = { pages: ['webhooks'] } as const;

/**
 * The agency API's management (decision 028): a center's API keys and webhook endpoints, for its
 * agency admins and the master admin. Both pages are personal pages (PERSONAL_PAGES): an API key
 * never calls these endpoints.
 */
export const agencyApiContract = {
  listKeys: endpoint({
    method: 'GET',
    path: '/apikeys',
    access: keys,
    summary: "A center's API keys (the master admin names the center)",
    query: agencyApiQuery,
    data: apiKeyList,
  }),
  createKey: endpoint({
    method: 'POST',
    path: '/apikeys',
    access: keys,
    summary: 'Create an API key (its secret is answered this once)',
    body: createApiKeyBody,
    data: createdApiKey,
  }),
  revokeKey: endpoint({
    method: 'DELETE',
    path: '/apikeys/:id',
    access: keys,
    summary: 'Revoke an API key',
    params: agencyApiIdParams,
    data: null,
  }),
  listWebhooks: endpoint({
    method: 'GET',
    path: '/webhooks',
    access: webhooks,
    summary: "A center's webhook endpoints with their delivery counts",
    query: agencyApiQuery,
    data: webhookList,
  }),
  createWebhook: endpoint({
    method: 'POST',
    path: '/webhooks',
    access: webhooks,
    summary: 'Register a webhook endpoint (its signing secret is answered this once)',
    body: createWebhookBody,
    data: createdWebhook,
  }),
  removeWebhook: endpoint({
    method: 'DELETE',
    path: '/webhooks/:id',
    access: webhooks,
    summary: 'Remove a webhook endpoint',
    params: agencyApiIdParams,
    data: null,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    access: webhooks,
    summary: "A webhook endpoint's deliveries with each attempt's outcome",
    params: agencyApiIdParams,
    data: webhookDeliveryList,
  }),
};
