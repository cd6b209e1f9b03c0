import { CLIENT_VISIBLE_AVAILABILITY } from '@dm/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { donors, portfolioDonors, portfolios, users } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

export const DEMO_PORTFOLIO_NAME = 'Demo portfolio';

/**
 * One Active portfolio that manager@demo.test built for parent@demo.test with the first three
 * donors of center 1 the parent may see, so the demo and the browser tests have one to open.
 */
export async function seedDemoPortfolio(db: Db): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['manager@demo.test', 'parent@demo.test']));
  const manager = people.find((u) => u.username === 'manager@demo.test');
  const parent = people.find((u) => u.username === 'parent@demo.test');
  if (!manager || !parent) return;
  const picks = await db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(
      and(
        eq(donors.centerId, 1),
        ne(users.status, 'Archived'),
        inArray(donors.availability, [...CLIENT_VISIBLE_AVAILABILITY]),
        ne(donors.displayId, 'D-1001'),
      ),
    )
    .orderBy(asc(donors.userId))
    .limit(3);
  if (picks.length === 0) return;
  const at = new Date('2026-01-02T00:00:00Z');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(portfolios)
      .values({
        centerId: 1,
        name: DEMO_PORTFOLIO_NAME,
        status: 'Active',
        clientId: parent.id,
        managerId: manager.id,
        createdBy: manager.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: portfolios.id });
    await tx.insert(portfolioDonors).values(
      picks.map((d, i) => ({
        portfolioId: row!.id,
        donorId: d.id,
        position: i,
        addedBy: manager.id,
        addedAt: at,
      })),
    );
  });
}
