import { eq } from 'drizzle-orm';
import { siteTourViews } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export async function tourViewOf(db: Db, userId: number) {
  const [row] = await db.select().from(siteTourViews).where(eq(siteTourViews.userId, userId)).limit(1);
  return row;
}

/** Records the tour seen; a finish after a skip (the tour taken later from the menu) replaces it. */
export async function recordTourView(
  db: Db,
  userId: number,
  outcome: 'finished' | 'skipped',
  at: Date,
): Promise<void> {
  await db
    .insert(siteTourViews)
    .values({ userId, outcome, seenAt: at })
    .onConflictDoUpdate({ target: siteTourViews.userId, set: { outcome, seenAt: at } });
}
