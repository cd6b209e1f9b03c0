import { and, asc, eq, like } from 'drizzle-orm';
import { donors, users } from '../db/schema/index.js';
import { donorVisibility } from '../modules/donor-access/donor-access.js';
import { resolveSession } from '../platform/auth-context.js';
import type { TestApp } from './harness.js';

/**
 * Hands out Available, unrequested synthetic donors of a center that `viewer` may see, each once
 * per picker (one picker per test file, reading its app once started), for the cross-agency match tests.
 */
export function donorPicker(app: () => TestApp): (centerId: number, viewer: string) => Promise<number> {
  const used = new Set<number>();
  return async (centerId, viewer) => {
    const t = app();
    const auth = await resolveSession(t.db, t.clock, await t.tokenFor(viewer));
    const rows = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(
        and(
          eq(donors.centerId, centerId),
          eq(donors.availability, 'Available'),
          eq(donors.queueCount, 0),
          like(users.username, '%@synthetic.test'),
          await donorVisibility(t.db, auth),
        ),
      )
      .orderBy(asc(donors.userId))
      .limit(40);
    const id = rows.map((r) => r.id).find((x) => !used.has(x))!;
    used.add(id);
    return id;
  };
}
