import type { CronJobKey } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { jobRuns } from '../db/schema/index.js';
import type { Db } from './db.js';
import { errorSummary } from './log-safe.js';

const ERROR_MAX = 500;

/** Records the start of a run; finishRun closes it. Returns the run id. */
export async function startRun(db: Db, job: CronJobKey, centerId: number | null, at: Date): Promise<number> {
  const [row] = await db
    .insert(jobRuns)
    .values({ job, centerId, status: 'running', startedAt: at })
    .returning({ id: jobRuns.id });
  return row!.id;
}

export async function finishRun(
  db: Db,
  id: number,
  outcome: { ok: boolean; processed: number; error?: string | null; at: Date },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      status: outcome.ok ? 'success' : 'failed',
      processed: outcome.processed,
      error: outcome.error ? outcome.error.slice(0, ERROR_MAX) : null,
      finishedAt: outcome.at,
    })
    .where(eq(jobRuns.id, id));
}

/** A run recorded once it is over (a mail pass for one center). */
export async function recordRun(
  db: Db,
  run: {
    job: CronJobKey;
    centerId: number | null;
    startedAt: Date;
    finishedAt: Date;
    ok: boolean;
    processed: number;
    error?: string | null;
  },
): Promise<void> {
  await db.insert(jobRuns).values({
    job: run.job,
    centerId: run.centerId,
    status: run.ok ? 'success' : 'failed',
    processed: run.processed,
    error: run.error ? run.error.slice(0, ERROR_MAX) : null,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  });
}

/**
 * A pass over several agencies recorded as one run per agency once it is over: `processed` what
 * it did there, a failure recorded with `failedMessage` (the details are in the server log). A
 * run that cannot be recorded is logged, not thrown: the pass's work is already committed.
 */
export async function recordCenterRuns(
  db: Db,
  job: CronJobKey,
  tallies: Map<number, { processed: number; failed: number }>,
  times: { startedAt: Date; finishedAt: () => Date },
  failedMessage: string,
  log?: { error(details: object, message: string): void },
): Promise<void> {
  for (const [centerId, t] of tallies) {
    await recordRun(db, {
      job,
      centerId,
      startedAt: times.startedAt,
      finishedAt: times.finishedAt(),
      ok: t.failed === 0,
      processed: t.processed,
      ...(t.failed > 0 ? { error: failedMessage } : {}),
    }).catch((error) => log?.error({ job, centerId, error: errorSummary(error) }, 'run not recorded'));
  }
}
