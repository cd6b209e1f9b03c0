import { eq } from 'drizzle-orm';
import { centerSettings, centers, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

type UserRow = typeof users.$inferSelect;

/**
 * An intended parent and the case manager who answers for her: the one assigned to her, else the
 * center's default case manager. An archived or missing manager is no manager (null).
 */
export async function clientCaseManager(
  db: Db,
  clientId: number,
  centerId: number,
): Promise<{ client: UserRow | null; manager: UserRow | null }> {
  const byId = async (id: number) =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;
  const client = await byId(clientId);
  let managerId = client?.managerId ?? null;
  if (managerId === null) {
    const [center] = await db
      .select({ settings: centers.settings })
      .from(centers)
      .where(eq(centers.id, centerId))
      .limit(1);
    managerId = centerSettings(center?.settings).defaultCaseManagerId;
  }
  const manager = managerId ? await byId(managerId) : null;
  return { client, manager: manager && manager.status !== 'Archived' ? manager : null };
}
