import { and, eq, like, sql } from 'drizzle-orm';
import { auditLog, donors, users } from '../db/schema/index.js';
import { donorVisibility } from '../modules/donor-access/donor-access.js';
import { resolveSession } from '../platform/auth-context.js';
import type { TestApp } from './harness.js';

/** The donor page tests' helpers over one test app (read once started). */
export function donorFixtures(app: () => TestApp) {
  const get = (url: string, as?: string) => app().request({ method: 'GET', url, as });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, as?: string) =>
    app().request({ method, url, payload: payload as Record<string, unknown>, as });

  /** Synthetic donors of a center that a client of that center may see. */
  async function clientVisibleDonors(username: string, centerId: number, limit = 30): Promise<number[]> {
    const t = app();
    const auth = await resolveSession(t.db, t.clock, await t.tokenFor(username));
    const rows = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(
        and(
          eq(donors.centerId, centerId),
          like(users.username, '%@synthetic.test'),
          await donorVisibility(t.db, auth),
        ),
      )
      .orderBy(donors.userId)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async function donorOfCenter(centerId: number): Promise<number> {
    const [row] = await app()
      .db.select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(and(eq(donors.centerId, centerId), like(users.username, '%@synthetic.test')))
      .limit(1);
    return row!.id;
  }

  async function auditCount(action: string, entityId: number): Promise<number> {
    const [row] = await app()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
    return row!.n;
  }

  return { get, send, clientVisibleDonors, donorOfCenter, auditCount };
}
