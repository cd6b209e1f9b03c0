import { and, asc, eq, sql } from 'drizzle-orm';
import { educationResources } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type ResourceRow = typeof educationResources.$inferSelect;

/**
 * Serializes the writes of one center's resources that touch their order (add, move to another
 * type, reorder): a handful a week, and each must see the positions the last one left.
 */
export async function lockCenterResources(tx: Db, centerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('education_resources'), ${centerId})`);
}

/** A center's resources of one type in their order; only the published ones when asked. */
export function resourcesOf(db: Db, centerId: number, type: string, publishedOnly: boolean) {
  return db
    .select()
    .from(educationResources)
    .where(
      and(
        eq(educationResources.centerId, centerId),
        eq(educationResources.type, type),
        publishedOnly ? eq(educationResources.published, true) : undefined,
      ),
    )
    .orderBy(asc(educationResources.position), asc(educationResources.id));
}

export async function resourceById(db: Db, id: number, forUpdate = false): Promise<ResourceRow | undefined> {
  const query = db.select().from(educationResources).where(eq(educationResources.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The position after the last resource of the type (0 for the first). */
export async function nextPosition(db: Db, centerId: number, type: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${educationResources.position}) + 1, 0)::int` })
    .from(educationResources)
    .where(and(eq(educationResources.centerId, centerId), eq(educationResources.type, type)));
  return row?.next ?? 0;
}

export async function insertResource(
  tx: Db,
  values: Omit<typeof educationResources.$inferInsert, 'id'>,
): Promise<ResourceRow> {
  const [row] = await tx.insert(educationResources).values(values).returning();
  return row!;
}

export async function updateResource(
  tx: Db,
  id: number,
  values: Partial<Omit<typeof educationResources.$inferInsert, 'id' | 'centerId'>>,
): Promise<ResourceRow> {
  const [row] = await tx
    .update(educationResources)
    .set(values)
    .where(eq(educationResources.id, id))
    .returning();
  return row!;
}

/** Gives each resource its index in `ids` as its position. */
export async function setPositions(tx: Db, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries())
    await tx.update(educationResources).set({ position }).where(eq(educationResources.id, id));
}

export async function deleteResource(tx: Db, id: number): Promise<void> {
  await tx.delete(educationResources).where(eq(educationResources.id, id));
}
