import type { Db } from '../../platform/db.js';
import { centerSettingsOf, findUser, type UserRecord } from './users.repo.js';

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
