import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
