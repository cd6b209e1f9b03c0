import type { CronStatusFilter } from '@dm/shared';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { centers, jobHeartbeats, jobRuns } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** The runs a caller may see: one center, or (null) every center and the runs of none. */
export interface RunScope {
  centerId: number | null;
  status: CronStatusFilter;
  job?: string;
}

function whereOf(scope: RunScope): SQL | undefined {
  const conditions: SQL[] = [];
  if (scope.centerId !== null) conditions.push(eq(jobRuns.centerId, scope.centerId));
  if (scope.status !== 'all') conditions.push(eq(jobRuns.status, scope.status));
  if (scope.job) conditions.push(eq(jobRuns.job, scope.job));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function countByStatus(db: Db, centerId: number | null) {
  return db
    .select({ status: jobRuns.status, n: sql<number>`count(*)::int` })
    .from(jobRuns)
    .where(whereOf({ centerId, status: 'all' }))
    .groupBy(jobRuns.status);
}

export async function countByJob(db: Db, scope: RunScope) {
  return db
    .select({ job: jobRuns.job, n: sql<number>`count(*)::int` })
    .from(jobRuns)
    .where(whereOf(scope))
    .groupBy(jobRuns.job);
}

export async function heartbeats(db: Db) {
  return db.select().from(jobHeartbeats).orderBy(asc(jobHeartbeats.job));
}

/** Centers with runs in the status, with how many. */
export async function centersWithRuns(db: Db, scope: RunScope) {
  return db
    .select({ centerId: centers.id, name: centers.name, runs: sql<number>`count(*)::int` })
    .from(jobRuns)
    .innerJoin(centers, eq(centers.id, jobRuns.centerId))
    .where(and(whereOf(scope), isNotNull(jobRuns.centerId)))
    .groupBy(centers.id, centers.name)
    .orderBy(asc(centers.name));
}

export async function listRuns(db: Db, scope: RunScope, page: { from: number; to: number }) {
  const where = whereOf(scope);
  const [rows, [total]] = await Promise.all([
    db
      .select({ run: jobRuns, centerName: centers.name })
      .from(jobRuns)
      .leftJoin(centers, eq(centers.id, jobRuns.centerId))
      .where(where)
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(page.to)
      .offset(page.from),
    db.select({ n: sql<number>`count(*)::int` }).from(jobRuns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
