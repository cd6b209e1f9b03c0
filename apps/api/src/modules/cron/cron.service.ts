import {
  CRON_JOB_KEYS,
  CRON_JOBS,
  type CronCenter,
  type CronCounts,
  type CronJobKey,
  type CronJobRow,
  type CronRunPage,
  type CronRunStatus,
  type CronStatusFilter,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { centerInScope } from '../centers/centers.service.js';
import * as repo from './cron.repo.js';

type CronDeps = Pick<ModuleDeps, 'db'>;

/**
 * Whose runs the caller asks for: the master admin any center (0: all of them, and runs of no
 * center); an agency admin only her own (0 means her own). Another center answers 404.
 */
const scopeCenter = (deps: CronDeps, auth: Auth, center: number) =>
  centerInScope(deps.db, auth, center === 0 ? null : center);

/** GET getcroncount/{center}: runs by status. */
export async function counts(deps: CronDeps, auth: Auth, center: number): Promise<CronCounts> {
  const centerId = await scopeCenter(deps, auth, center);
  const rows = await repo.countByStatus(deps.db, centerId);
  const of = (s: CronRunStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  return {
    center_id: centerId ?? 0,
    total: rows.reduce((sum, r) => sum + r.n, 0),
    running: of('running'),
    success: of('success'),
    failed: of('failed'),
  };
}

/** GET centerlist/{status}: the centers with runs in the status (the center filter). */
export async function centerList(
  deps: CronDeps,
  auth: Auth,
  status: CronStatusFilter,
): Promise<CronCenter[]> {
  const centerId = await scopeCenter(deps, auth, 0);
  const rows = await repo.centersWithRuns(deps.db, { centerId, status });
  return rows.map((r) => ({ center_id: r.centerId, name: r.name, runs: r.runs }));
}

/** GET crondata/{status}: every scheduled job, its heartbeat and its runs in the status. */
export async function jobList(deps: CronDeps, auth: Auth, status: CronStatusFilter): Promise<CronJobRow[]> {
  const centerId = await scopeCenter(deps, auth, 0);
  const [beats, runs] = await Promise.all([
    repo.heartbeats(deps.db),
    repo.countByJob(deps.db, { centerId, status }),
  ]);
  return CRON_JOB_KEYS.flatMap((job) => {
    const beat = beats.find((b) => b.job === job);
    const n = runs.find((r) => r.job === job)?.n ?? 0;
    const meta = CRON_JOBS[job];
    // A job that runs only on some deployments is listed where it has run.
    if ('onlyWhenScheduled' in meta && !beat && n === 0) return [];
    return [
      {
        job,
        name: meta.name,
        description: meta.description,
        everySeconds: meta.everySeconds,
        lastRunAt: beat?.lastRunAt.toISOString() ?? null,
        lastOkAt: beat?.lastOkAt?.toISOString() ?? null,
        lastFailedAt: beat?.lastFailedAt?.toISOString() ?? null,
        runs: n,
      },
    ];
  });
}

/** POST getcrondetails: a page of runs, newest first; entryUpto is where the next page starts. */
export async function runList(
  deps: CronDeps,
  auth: Auth,
  q: { from: number; to: number; center_id: number; status: CronStatusFilter; job?: CronJobKey },
): Promise<CronRunPage> {
  const centerId = await scopeCenter(deps, auth, q.center_id);
  const { rows, total } = await repo.listRuns(
    deps.db,
    { centerId, status: q.status, job: q.job },
    { from: q.from, to: q.to },
  );
  return {
    rows: rows.map(({ run, centerName }) => ({
      id: run.id,
      job: run.job as CronJobKey,
      name: CRON_JOBS[run.job as CronJobKey]?.name ?? run.job,
      center_id: run.centerId,
      center_name: centerName,
      status: run.status as CronRunStatus,
      processed: run.processed,
      error: run.error,
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
    })),
    total,
    entryUpto: q.from + rows.length,
  };
}
