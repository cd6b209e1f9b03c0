import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@dm/shared';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { claimDue } from '../../platform/jobs/queue.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { endpointForDelivery, recordWebhookAttempt, WEBHOOK_QUEUE } from './agency-api.repo.js';
import { guardedLookup } from './webhook-target.js';

export { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from './agency-api.repo.js';

/**
 * Delivering the webhook outbox (decision 028). The database triggers queue one
 * webhook_deliveries row per event and endpoint; this job claims due rows (FOR UPDATE SKIP LOCKED,
 * as the mail job), POSTs the signed body, records each attempt and retries with backoff until
 * WEBHOOK_MAX_ATTEMPTS, when the delivery is marked failed.
 */
export const WEBHOOK_BATCH_SIZE = 20;
/** Give up on a receiver that has not answered in this long. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** How much of a receiver's answer is kept, for the admin page. */
const EXCERPT_CHARS = 200;

/** The signature header's value: `v1=` and the hex HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  config: Pick<Config, 'production'>;
}

export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  excerpt: string;
}

/**
 * One POST: no redirects followed (a 3xx is a failure like any other non-2xx), a short timeout,
 * at most EXCERPT_CHARS of the answer read. Errors are named by their code, never with the body.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  production: boolean,
): Promise<PostOutcome> {
  const started = performance.now();
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        timeout: WEBHOOK_TIMEOUT_MS,
        lookup: guardedLookup(production) as never,
      },
      (response) => {
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          excerpt += chunk;
          if (excerpt.length >= EXCERPT_CHARS) response.destroy();
        });
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            error: null,
            excerpt: excerpt.slice(0, EXCERPT_CHARS),
          });
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ statusCode: null, error: error.code ?? 'request failed', excerpt: '' }),
    );
    request.end(body);
  });
}

export interface WebhookPassResult {
  claimed: number;
  delivered: number;
  retried: number;
  failed: number;
}

/** One pass: claims up to a batch of due deliveries and sends each. */
export async function deliverWebhooks(
  deps: WebhookDeliveryDeps,
  post: typeof postWebhook = postWebhook,
): Promise<WebhookPassResult> {
  const now = deps.clock.now();
  const rows = await claimDue(deps.db, WEBHOOK_QUEUE, now, { limit: WEBHOOK_BATCH_SIZE });
  const result: WebhookPassResult = { claimed: rows.length, delivered: 0, retried: 0, failed: 0 };
  for (const row of rows) {
    const endpoint = await endpointForDelivery(deps.db, row.endpointId);
    if (!endpoint) continue;
    const body = JSON.stringify({
      id: row.eventId,
      type: row.eventType,
      created_at: row.createdAt.toISOString(),
      data: row.payload,
    });
    const timestamp = Math.floor(now.getTime() / 1000);
    const outcome = await post(
      endpoint.url,
      body,
      {
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(deps.secrets.open(endpoint.secretSealed), timestamp, body),
        [WEBHOOK_EVENT_HEADER]: row.eventType,
      },
      deps.config.production,
    );
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const error = ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`);
    const outcomeOf = await recordWebhookAttempt(deps.db, row, now, { ...outcome, ok, error });
    if (outcomeOf === 'failed') result.failed++;
    else if (outcomeOf === 'retried') result.retried++;
    if (ok) result.delivered++;
  }
  return result;
}

/** The heartbeat and cron name of the job. */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

export function webhookDeliveryJob(
  deps: Omit<WebhookDeliveryDeps, 'db' | 'clock'>,
  everyMs = 5_000,
): JobDefinition {
  return {
    key: WEBHOOK_DELIVERY_JOB,
    everyMs,
    records: 'runner',
    run: async (ctx) => {
      const result = await deliverWebhooks({ ...deps, db: ctx.db, clock: ctx.clock });
      return { processed: result.claimed, more: result.claimed === WEBHOOK_BATCH_SIZE };
    },
  };
}
