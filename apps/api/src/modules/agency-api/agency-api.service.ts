import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKeyRow,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type CreatedWebhook,
  type CreateWebhookBody,
  managesAgencyApi,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { hashToken } from '../../platform/crypto.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './agency-api.repo.js';
import { checkResolvedHost, checkWebhookUrl } from './webhook-target.js';

export type AgencyApiDeps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets'>;

/**
 * The center the caller works on (decision 028): the master admin's named one, an
 * agency admin's own; another center named by an agency admin, or one that does not exist, is 404.
 */
async function centerOf(deps: AgencyApiDeps, auth: Auth, named: number | undefined): Promise<number> {
  const centerId = named ?? auth.centerId;
  if (!managesAgencyApi(auth, centerId)) throw notFound();
  if (named !== undefined && !(await repo.centerExists(deps.db, centerId))) throw notFound();
  return centerId;
}

/** An object of a center the caller does not manage answers 404 as if it did not exist. */
function assertManages(auth: Auth, centerId: number | undefined): asserts centerId is number {
  if (centerId === undefined || !managesAgencyApi(auth, centerId)) throw notFound();
}

export async function listKeys(deps: AgencyApiDeps, auth: Auth, centerId?: number): Promise<ApiKeyRow[]> {
  return repo.listKeys(deps.db, await centerOf(deps, auth, centerId));
}

/** POST /apikeys: a new key, `dmk_<id>_<secret>`, answered this once; only its hash is kept. */
export async function createKey(
  deps: AgencyApiDeps,
  auth: Auth,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const centerId = await centerOf(deps, auth, body.center_id);
  const random = randomBytes(24).toString('base64url');
  return deps.db.transaction(async (tx) => {
    const inserted = await repo.insertKey(tx, {
      centerId,
      name: body.name,
      scope: body.scope,
      // Replaced below once the id the key names is known; unique like every hash.
      secretHash: `pending:${random}`,
      hint: '',
      createdBy: auth.userId,
      createdAt: deps.clock.now(),
    });
    const secret = `${API_KEY_PREFIX}${inserted.id}_${random}`;
    const row = await repo.setKeySecret(
      tx,
      inserted.id,
      hashToken(secret),
      `${API_KEY_PREFIX}${inserted.id}_${random.slice(0, 4)}…`,
    );
    await audit(tx, auth, {
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: row.id,
      centerId,
      details: { name: row.name, scope: row.scope },
    });
    return { key: repo.keyRowOf(row, null), secret };
  });
}

/** DELETE /apikeys/:id: the key stops working at once (401); revoking twice changes nothing. */
export async function revokeKey(deps: AgencyApiDeps, auth: Auth, id: number): Promise<void> {
  const key = await repo.findKey(deps.db, id);
  assertManages(auth, key?.centerId);
  await deps.db.transaction(async (tx) => {
    if (await repo.revokeKey(tx, id, deps.clock.now(), auth.userId))
      await audit(tx, auth, {
        action: 'api_key.revoke',
        entityType: 'api_key',
        entityId: id,
        centerId: key!.centerId,
      });
  });
}

export async function listWebhooks(
  deps: AgencyApiDeps,
  auth: Auth,
  centerId?: number,
): Promise<WebhookRow[]> {
  return repo.listWebhooks(deps.db, await centerOf(deps, auth, centerId));
}

/** POST /webhooks: an endpoint and its signing secret, answered this once (kept sealed to sign with). */
export async function createWebhook(
  deps: AgencyApiDeps,
  auth: Auth,
  body: CreateWebhookBody,
): Promise<CreatedWebhook> {
  const centerId = await centerOf(deps, auth, body.center_id);
  const url = checkWebhookUrl(body.url, deps.config.production);
  await checkResolvedHost(url, deps.config.production);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertWebhook(tx, {
      centerId,
      url: url.toString(),
      events: body.events,
      secretSealed: deps.secrets.seal(secret),
      createdBy: auth.userId,
      createdAt: deps.clock.now(),
    });
    await audit(tx, auth, {
      action: 'webhook.create',
      entityType: 'webhook',
      entityId: row.id,
      centerId,
      details: { url: row.url, events: row.events },
    });
    return { webhook: repo.webhookRowOf(row), secret };
  });
}

/** DELETE /webhooks/:id: the endpoint and its deliveries are removed; no further event is queued for it. */
export async function removeWebhook(deps: AgencyApiDeps, auth: Auth, id: number): Promise<void> {
  const endpoint = await repo.findWebhook(deps.db, id);
  assertManages(auth, endpoint?.centerId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteWebhook(tx, id);
    await audit(tx, auth, {
      action: 'webhook.remove',
      entityType: 'webhook',
      entityId: id,
      centerId: endpoint!.centerId,
    });
  });
}

/** GET /webhooks/:id/deliveries: the endpoint's newest deliveries with each attempt's outcome. */
export async function listDeliveries(
  deps: AgencyApiDeps,
  auth: Auth,
  id: number,
): Promise<WebhookDeliveryRow[]> {
  const endpoint = await repo.findWebhook(deps.db, id);
  assertManages(auth, endpoint?.centerId);
  return repo.listDeliveries(deps.db, id);
}
