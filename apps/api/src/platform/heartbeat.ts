import { CRON_JOBS, type CronJobKey } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { jobHeartbeats } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import type { Db } from './db.js';

/** How often a job writes its heartbeat at most; the health check allows four times this. */
export const HEARTBEAT_EVERY_MS = 30_000;
export const HEARTBEAT_STALE_MS = 4 * HEARTBEAT_EVERY_MS;

/**
 * How long a job's heartbeat may stay unwritten before the health check calls the runner not
 * running: a job that runs less often than that (maintenance, every 5 minutes) gets two of its
 * intervals.
 */
export function heartbeatStaleMs(job: string): number {
  const everySeconds = CRON_JOBS[job as CronJobKey]?.everySeconds ?? 0;
  return Math.max(HEARTBEAT_STALE_MS, 2 * everySeconds * 1000);
}

/**
 * A job's heartbeat: call it after every pass with whether the pass succeeded. It writes at
 * most once per HEARTBEAT_EVERY_MS (a failure after a success is written at once), and a failed
 * write is left to the next pass: the heartbeat must never stop the job.
 */
export function heartbeat(db: Db, clock: Clock, job: string): (ok: boolean) => Promise<void> {
  let lastWrite = 0;
  let lastOk = true;
  return async (ok) => {
    const now = clock.now();
    if (now.getTime() - lastWrite < HEARTBEAT_EVERY_MS && ok === lastOk) return;
    lastWrite = now.getTime();
    lastOk = ok;
    try {
      await db
        .insert(jobHeartbeats)
        .values({ job, lastRunAt: now, lastOkAt: ok ? now : null, lastFailedAt: ok ? null : now })
        .onConflictDoUpdate({
          target: jobHeartbeats.job,
          set: ok
            ? { lastRunAt: now, lastOkAt: now }
            : { lastRunAt: now, lastFailedAt: now, lastOkAt: sql`${jobHeartbeats.lastOkAt}` },
        });
    } catch {
      lastWrite = 0;
    }
  };
}
