import type { ApiKeyRow, ApiKeyScope, WebhookDeliveryRow, WebhookEvent, WebhookRow } from '@dm/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  apiKeys,
  centers,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { afterFailure, backoffMs, type WorkQueue } from '../../platform/jobs/queue.js';
import { fullNameOf } from '../../platform/session-user.js';

export async function centerExists(db: Db, centerId: number): Promise<boolean> {
  const [row] = await db.select({ id: centers.id }).from(centers).where(eq(centers.id, centerId));
  return !!row;
}

// --- API keys

const iso = (at: Date | null) => at?.toISOString() ?? null;

export async function listKeys(db: Db, centerId: number): Promise<ApiKeyRow[]> {
  const rows = await db
    .select({
      key: apiKeys,
      creator: { firstName: users.firstName, lastName: users.lastName, username: users.username },
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.centerId, centerId))
    .orderBy(desc(apiKeys.id));
  return rows.map(({ key, creator }) => keyRowOf(key, creator ? fullNameOf(creator) : null));
}

export function keyRowOf(key: typeof apiKeys.$inferSelect, createdBy: string | null): ApiKeyRow {
  return {
    id: key.id,
    center_id: key.centerId,
    name: key.name,
    scope: key.scope as ApiKeyScope,
    hint: key.hint,
    created_at: key.createdAt.toISOString(),
    created_by: createdBy,
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}

export async function findKey(db: Db, id: number) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

/** Inserts a key with a placeholder hash (the secret names the id, known only after the insert). */
export async function insertKey(db: Db, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function setKeySecret(db: Db, id: number, secretHash: string, hint: string) {
  const [row] = await db.update(apiKeys).set({ secretHash, hint }).where(eq(apiKeys.id, id)).returning();
  return row!;
}

export async function revokeKey(db: Db, id: number, at: Date, by: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

// --- webhooks

const counted = (status: string) =>
  sql<number>`(select count(*) from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id} and d.status = ${status})`.mapWith(
    Number,
  );

export async function listWebhooks(db: Db, centerId: number): Promise<WebhookRow[]> {
  const rows = await db
    .select({
      endpoint: webhookEndpoints,
      delivered: counted('delivered'),
      failed: counted('failed'),
      pending:
        sql<number>`(select count(*) from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id} and d.status in ('pending', 'sending'))`.mapWith(
          Number,
        ),
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.centerId, centerId))
    .orderBy(desc(webhookEndpoints.id));
  return rows.map(({ endpoint, delivered, failed, pending }) =>
    webhookRowOf(endpoint, { delivered, failed, pending }),
  );
}

export function webhookRowOf(
  endpoint: typeof webhookEndpoints.$inferSelect,
  counts = { delivered: 0, failed: 0, pending: 0 },
): WebhookRow {
  return {
    id: endpoint.id,
    center_id: endpoint.centerId,
    url: endpoint.url,
    events: endpoint.events as WebhookEvent[],
    created_at: endpoint.createdAt.toISOString(),
    ...counts,
  };
}

export async function findWebhook(db: Db, id: number) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function insertWebhook(db: Db, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function deleteWebhook(db: Db, id: number) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** An endpoint's newest deliveries (at most `limit`), each with its attempts oldest first. */
export async function listDeliveries(db: Db, endpointId: number, limit = 100): Promise<WebhookDeliveryRow[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(webhookAttempts.id);
  return rows.map((row) => ({
    id: row.id,
    event_id: row.eventId,
    event: row.eventType as WebhookEvent,
    created_at: row.createdAt.toISOString(),
    status: row.status as WebhookDeliveryRow['status'],
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        status_code: attempt.statusCode,
        error: attempt.error,
        duration_ms: attempt.durationMs,
        excerpt: attempt.excerpt,
      })),
  }));
}

// --- Webhook delivery (the job in webhook-delivery.ts)

export const WEBHOOK_MAX_ATTEMPTS = 6;

/** 30 s, 1, 2, 4, 8 minutes ... at most 6 hours. */
export const webhookRetryDelayMs = (attempts: number) => backoffMs(attempts, 30_000, 6 * 3600_000);

export const WEBHOOK_QUEUE: WorkQueue<typeof webhookDeliveries> = {
  table: webhookDeliveries,
  id: webhookDeliveries.id,
  status: webhookDeliveries.status,
  waiting: 'pending',
  claimed: 'sending',
  lease: { until: webhookDeliveries.nextAttemptAt },
  leaseMs: 5 * 60_000,
  order: [webhookDeliveries.nextAttemptAt, webhookDeliveries.id],
  retry: {
    attempts: webhookDeliveries.attempts,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    delayMs: webhookRetryDelayMs,
    failed: 'failed',
  },
};

export async function endpointForDelivery(db: Db, endpointId: number) {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return endpoint ?? null;
}

/**
 * Records one attempt of a delivery and its outcome in one transaction: delivered, or waiting
 * its backoff, or failed after the last attempt.
 */
export async function recordWebhookAttempt(
  db: Db,
  row: { id: number; attempts: number },
  now: Date,
  outcome: {
    ok: boolean;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    excerpt: string;
  },
): Promise<'delivered' | 'retried' | 'failed'> {
  return db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: row.id,
      at: now,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      excerpt: outcome.excerpt,
    });
    if (outcome.ok) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: now })
        .where(eq(webhookDeliveries.id, row.id));
      return 'delivered';
    }
    const next = afterFailure(WEBHOOK_QUEUE as unknown as WorkQueue, row.attempts, now);
    await tx.update(webhookDeliveries).set(next.set).where(eq(webhookDeliveries.id, row.id));
    return next.failed ? 'failed' : 'retried';
  });
}
