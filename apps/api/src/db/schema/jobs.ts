import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';

/**
 * The last pass of each background job of any process (at most one write per job every 30 s),
 * so the health check can tell whether the job runner is alive without asking the process.
 */
export const jobHeartbeats = pgTable('job_heartbeats', {
  job: text('job').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
});

/**
 * One run of a background job that did work (a mail pass per center, an import): what the
 * /cronjob and /crontable pages list. Passes that find nothing to do are not recorded (the
 * heartbeat above says the job is alive).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    centerId: integer('center_id').references(() => centers.id, { onDelete: 'cascade' }),
    /** running, success, failed */
    status: text('status').notNull(),
    /** Items handled: mails sent, donors imported. */
    processed: integer('processed').notNull().default(0),
    /** What went wrong, in words an admin can act on; never personal data. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('job_runs_center_started_idx').on(t.centerId, t.startedAt),
    index('job_runs_status_started_idx').on(t.status, t.startedAt),
  ],
);
