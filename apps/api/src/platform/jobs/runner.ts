import type { CronJobKey } from '@dm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../clock.js';
import type { Db } from '../db.js';
import { heartbeat } from '../heartbeat.js';
import { recordRun } from '../job-runs.js';
import { errorSummary } from '../log-safe.js';

export interface JobContext {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** True once stop() was called: a pass that loops over items may end early. */
  stopping(): boolean;
}

/** What a pass did. */
export interface JobPass {
  /** Items handled; a pass the runner records is recorded only when it handled some. */
  processed?: number;
  /** More work is waiting (a full batch): the next pass runs at once instead of after everyMs. */
  more?: boolean;
}

/**
 * A background job: a pass every `everyMs`. Modules and the platform each define theirs; the
 * wiring (main.ts) hands them all to startJobRunner.
 */
export interface JobDefinition {
  /** The job's name in job_runs, job_heartbeats and the cron pages (CRON_JOBS in @dm/shared). */
  key: CronJobKey;
  everyMs: number;
  /** The wait before the first pass (default 0). */
  firstAfterMs?: number;
  /**
   * 'handler' (default): the pass records its own runs (one per center, one per import).
   * 'runner': the runner records each pass that handled something or failed, of no center.
   */
  records?: 'handler' | 'runner';
  run(ctx: JobContext): Promise<JobPass | undefined>;
}

export interface JobRunner {
  /** Stops scheduling and waits for the passes in flight. */
  stop(): Promise<void>;
  /**
   * Per job, how many seconds its pending pass has been due without having finished: 0 while it
   * waits for its time, growing while a pass runs long or the event loop is too busy to start it.
   */
  dueAges(): { job: CronJobKey; seconds: number }[];
}

/** Shown in job_runs for a pass that threw: the log has the details, the table never a value. */
const PASS_FAILED = 'The pass failed; the server log has the details.';

/**
 * Runs each job's passes one after the other (never two of one job at once in this process;
 * other processes are kept apart by the queues' claims). After every pass the job's heartbeat is
 * written; a pass that throws is logged and the job tries again after everyMs.
 */
export function startJobRunner(
  jobs: readonly JobDefinition[],
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    clock?: Clock;
    /** Told of every pass as it ends (the metrics' job_runs_total). */
    onPass?: (job: CronJobKey, ok: boolean) => void;
  },
): JobRunner {
  const clock = deps.clock ?? systemClock;
  let stopped = false;
  const ctx: JobContext = { db: deps.db, clock, log: deps.log, stopping: () => stopped };
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  /** When each job's pending pass is (or was) due, in real time like the timers. */
  const dueAt = new Map<CronJobKey, number>();

  const schedule = (job: JobDefinition, pass: () => Promise<boolean>, ms: number) => {
    dueAt.set(job.key, Date.now() + ms);
    const timer = setTimeout(() => {
      timers.delete(timer);
      const running: Promise<void> = pass().then((more) => {
        inFlight.delete(running);
        if (!stopped) schedule(job, pass, more ? 0 : job.everyMs);
      });
      inFlight.add(running);
    }, ms);
    timers.add(timer);
  };

  for (const job of jobs) {
    const beat = heartbeat(deps.db, clock, job.key);
    const record = async (startedAt: Date, ok: boolean, processed: number) => {
      if (job.records !== 'runner' || (ok && processed === 0)) return;
      await recordRun(deps.db, {
        job: job.key,
        centerId: null,
        startedAt,
        finishedAt: clock.now(),
        ok,
        processed,
        error: ok ? null : PASS_FAILED,
      });
    };
    /** One pass; resolves (never rejects) with whether more work is waiting. */
    const pass = async (): Promise<boolean> => {
      const startedAt = clock.now();
      try {
        const result = await job.run(ctx);
        await beat(true);
        await record(startedAt, true, result?.processed ?? 0);
        deps.onPass?.(job.key, true);
        return result?.more === true;
      } catch (error) {
        deps.log.error({ job: job.key, error: errorSummary(error) }, `${job.key} pass failed`);
        await beat(false);
        // The database may be what failed: recording the run is left to the next pass then.
        await record(startedAt, false, 0).catch(() => {});
        deps.onPass?.(job.key, false);
        return false;
      }
    };
    schedule(job, pass, job.firstAfterMs ?? 0);
  }

  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight);
    },
    dueAges: () => {
      const now = Date.now();
      return [...dueAt].map(([job, at]) => ({ job, seconds: Math.max(0, now - at) / 1000 }));
    },
  };
}
