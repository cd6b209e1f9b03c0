import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { centers, dexiRuns, dexiSources, donorImports, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { claimDue, type WorkQueue } from '../../platform/jobs/queue.js';

export type DexiRunRow = typeof dexiRuns.$inferSelect;
export type DexiSourceRow = typeof dexiSources.$inferSelect;

export async function sourceOf(db: Db, centerId: number): Promise<DexiSourceRow | null> {
  const [row] = await db.select().from(dexiSources).where(eq(dexiSources.centerId, centerId)).limit(1);
  return row ?? null;
}

export async function saveSource(db: Db, values: typeof dexiSources.$inferInsert): Promise<DexiSourceRow> {
  const { centerId, ...set } = values;
  const [row] = await db
    .insert(dexiSources)
    .values(values)
    .onConflictDoUpdate({ target: dexiSources.centerId, set: { ...set, centerId } })
    .returning();
  return row!;
}

/** Whether the center has a donor import waiting or running (an upload's or a run's). */
export async function importInProgress(db: Db, centerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: donorImports.id })
    .from(donorImports)
    .where(and(eq(donorImports.centerId, centerId), inArray(donorImports.status, ['queued', 'running'])))
    .limit(1);
  return row !== undefined;
}

/** A queued run; the partial unique index refuses a second one of the center while one is queued or fetching. */
export async function insertRun(db: Db, values: typeof dexiRuns.$inferInsert): Promise<DexiRunRow> {
  const [row] = await db.insert(dexiRuns).values(values).returning();
  return row!;
}

/** A run fetching this long belongs to a process that died; another takes it over. */
export const DEXI_LEASE_MS = 10 * 60_000;

const RUN_QUEUE: WorkQueue<typeof dexiRuns> = {
  table: dexiRuns,
  id: dexiRuns.id,
  status: dexiRuns.status,
  waiting: 'queued',
  claimed: 'fetching',
  lease: { since: dexiRuns.startedAt },
  leaseMs: DEXI_LEASE_MS,
  order: [dexiRuns.id],
};

export async function claimRun(db: Db, now: Date): Promise<DexiRunRow | null> {
  const [row] = await claimDue(db, RUN_QUEUE, now);
  return row ?? null;
}

export async function updateRun(
  db: Db,
  id: number,
  set: Partial<typeof dexiRuns.$inferInsert>,
): Promise<void> {
  await db.update(dexiRuns).set(set).where(eq(dexiRuns.id, id));
}

/** The newest runs of one center or of every center (null), with their imports' results. */
export async function listRuns(db: Db, centerId: number | null, limit: number) {
  const where: SQL | undefined = centerId === null ? undefined : eq(dexiRuns.centerId, centerId);
  return db
    .select({
      run: dexiRuns,
      centerName: centers.name,
      startedByFirst: users.firstName,
      startedByLast: users.lastName,
      importStatus: donorImports.status,
      importedKeys: donorImports.importedKeys,
      updatedKeys: donorImports.updatedKeys,
      rejected: donorImports.rejected,
      importError: donorImports.error,
      importFinishedAt: donorImports.finishedAt,
    })
    .from(dexiRuns)
    .innerJoin(centers, eq(centers.id, dexiRuns.centerId))
    .leftJoin(users, eq(users.id, dexiRuns.startedBy))
    .leftJoin(donorImports, eq(donorImports.id, dexiRuns.importId))
    .where(where)
    .orderBy(desc(dexiRuns.createdAt), desc(dexiRuns.id))
    .limit(limit);
}

export async function runById(db: Db, id: number) {
  const [row] = await db.select().from(dexiRuns).where(eq(dexiRuns.id, id)).limit(1);
  return row ?? null;
}
