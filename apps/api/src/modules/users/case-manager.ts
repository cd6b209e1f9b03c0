import type { Db } from '../../platform/db.js';
import { centerSettingsOf, findActiveManager, findUser, type UserRecord } from './users.repo.js';

/**
 * The center's default case manager (the agency setting, /generalconfiguration) while she is still
 * an active case manager of that center; else null. New intended parents get her.
 */
export async function defaultCaseManagerOf(db: Db, centerId: number): Promise<number | null> {
  const id = (await centerSettingsOf(db, centerId)).defaultCaseManagerId;
  return id !== null && (await findActiveManager(db, id, centerId)) ? id : null;
}

/**
 * An intended parent and the case manager who answers for her: the one assigned to her, else the
 * center's default case manager. An archived or missing manager is no manager (null).
 */
export async function clientCaseManager(
  db: Db,
  clientId: number,
  centerId: number,
): Promise<{ client: UserRecord | null; manager: UserRecord | null }> {
  const client = (await findUser(db, clientId)) ?? null;
  let managerId = client?.managerId ?? null;
  if (managerId === null) managerId = (await centerSettingsOf(db, centerId)).defaultCaseManagerId;
  const manager = managerId ? ((await findUser(db, managerId)) ?? null) : null;
  return { client, manager: manager && manager.status !== 'Archived' ? manager : null };
}
