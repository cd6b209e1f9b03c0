import { z } from 'zod';
import { idSchema } from './validation.js';

/**
 * Agency API keys and webhooks (beyond the spec; decision 028). An agency admin (the
 * master admin for any center) creates keys her center's own tools call the /api routes with
 * (`Authorization: Bearer dmk_<id>_<secret>`), and registers webhook endpoints that receive
 * signed deliveries of donor status changes, new match requests and completed matches.
 */

export const API_KEY_PREFIX = 'dmk_';
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read-only',
  write: 'Read and write',
};

export const WEBHOOK_EVENTS = ['donor.status_changed', 'match.requested', 'match.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'donor.status_changed': 'Donor status changes',
  'match.requested': 'New match requests',
  'match.completed': 'Completed matches',
};
/** The headers a delivery carries: the Unix time in seconds, and `v1=<hex HMAC-SHA256>` of `${timestamp}.${body}`. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-dm-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-dm-signature';
export const WEBHOOK_EVENT_HEADER = 'x-dm-event';
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const AGENCY_API_MSG = {
  KEY_CREATED: 'API key created. Copy it now: it is not shown again.',
  KEY_REVOKED: 'API key revoked.',
  KEY_NAME: 'Name the key (1 to 80 characters).',
  KEY_SCOPE: 'Scope must be read or write.',
  /** A key on a route keys may not call (sign-in, password, profile, key and webhook management). */
  NOT_FOR_KEYS: 'API keys cannot call this route.',
  READ_ONLY: 'This API key is read-only.',
  WEBHOOK_CREATED: 'Webhook registered. Copy its signing secret now: it is not shown again.',
  WEBHOOK_REMOVED: 'Webhook removed.',
  WEBHOOK_URL: 'Enter an https:// address (http:// only for this machine during development).',
  WEBHOOK_URL_PRIVATE: 'The address must be reachable on the public internet.',
  WEBHOOK_EVENTS: 'Choose at least one event.',
  CENTER: 'Choose an agency.',
} as const;

const centerId = idSchema({ message: AGENCY_API_MSG.CENTER });

/** GET /apikeys, GET /webhooks: the master admin names the center; an agency admin's is her own. */
export const agencyApiQuery = z.object({ center_id: centerId.optional() });

/** POST /apikeys */
export const createApiKeyBody = z.object({
  name: z
    .string({ error: AGENCY_API_MSG.KEY_NAME })
    .trim()
    .min(1, AGENCY_API_MSG.KEY_NAME)
    .max(80, AGENCY_API_MSG.KEY_NAME),
  scope: z.enum(API_KEY_SCOPES, { error: AGENCY_API_MSG.KEY_SCOPE }),
  center_id: centerId.optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeyRow = z.object({
  id: z.number(),
  center_id: z.number(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's public part, `dmk_<id>_` and the secret's first four characters: enough to tell keys apart. */
  hint: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;
export const apiKeyList = z.array(apiKeyRow);
/** The answer of POST /apikeys: the key, and its secret this once. */
export const createdApiKey = z.object({ key: apiKeyRow, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** DELETE /apikeys/:id, DELETE /webhooks/:id, GET /webhooks/:id/deliveries */
export const agencyApiIdParams = z.object({ id: idSchema() });

/** POST /webhooks */
export const createWebhookBody = z.object({
  url: z
    .string({ error: AGENCY_API_MSG.WEBHOOK_URL })
    .trim()
    .max(500, AGENCY_API_MSG.WEBHOOK_URL)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), AGENCY_API_MSG.WEBHOOK_URL),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: AGENCY_API_MSG.WEBHOOK_EVENTS }), {
      error: AGENCY_API_MSG.WEBHOOK_EVENTS,
    })
    .min(1, AGENCY_API_MSG.WEBHOOK_EVENTS)
    .transform((events) => [...new Set(events)]),
  center_id: centerId.optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhookRow = z.object({
  id: z.number(),
  center_id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
  delivered: z.number(),
  failed: z.number(),
  pending: z.number(),
});
export type WebhookRow = z.infer<typeof webhookRow>;
export const webhookList = z.array(webhookRow);
export const createdWebhook = z.object({ webhook: webhookRow, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

/** One attempt of a delivery: its outcome as the admin page lists it. */
export const webhookAttemptRow = z.object({
  at: z.string(),
  status_code: z.number().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number(),
  /** The first characters of the receiver's answer, never more. */
  excerpt: z.string(),
});
export const webhookDeliveryRow = z.object({
  id: z.number(),
  event_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  created_at: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptRow),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;
export const webhookDeliveryList = z.array(webhookDeliveryRow);
