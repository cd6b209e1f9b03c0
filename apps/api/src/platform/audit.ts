import { auditLog } from '../db/schema/index.js';
import type { Auth } from './auth-context.js';
import type { Db } from './db.js';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  centerId?: number | null;
  /** Never put passwords, tokens, SSNs or medical answers here: name the fields instead. */
  details?: Record<string, unknown>;
  /** The app clock's time, for rows a rate limit counts against that clock; else the database's now(). */
  at?: Date;
}

/**
 * Records who did what; call inside the same transaction as the change it describes. The address
 * is the caller's (`auth.ip`, taken from `request.ip` by the access hook) unless one is passed:
 * routes without a session (login, password reset) pass `request.ip` themselves.
 */
export async function audit(
  db: Db,
  actor: Auth | null,
  entry: AuditEntry,
  ip?: string | null,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    onBehalfOfUserId: actor?.switchedFromUserId ?? null,
    apiKeyId: actor?.apiKey?.id ?? null,
    centerId: entry.centerId ?? actor?.centerId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? {},
    ip: ip ?? actor?.ip ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}
