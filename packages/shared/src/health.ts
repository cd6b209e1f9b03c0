import { z } from 'zod';

/** The health check's own login, sent with every check (the page keeps it in memory only). */
export const healthCredentials = z.object({
  username: z.string({ error: 'Please enter username' }).trim().min(1, 'Please enter username'),
  password: z.string({ error: 'Please enter password' }).min(1, 'Please enter password'),
});
export type HealthCredentials = z.infer<typeof healthCredentials>;

/** The states the spec names for a failed check, and their good counterparts. */
export const HEALTH_STATE = {
  CONNECTED: 'Connected',
  NOT_CONNECTED: 'Not Connected',
  CALCULATED: 'Calculated',
  NOT_CALCULATED: 'Not Calculated',
  RUNNING: 'Running',
  NOT_RUNNING: 'Not Running',
} as const;

export const databaseHealth = z.object({
  state: z.enum([HEALTH_STATE.CONNECTED, HEALTH_STATE.NOT_CONNECTED]),
  /** Round trip of a trivial query, when connected. */
  latencyMs: z.number().nullable(),
});
export type DatabaseHealth = z.output<typeof databaseHealth>;

export const diskHealth = z.object({
  state: z.enum([HEALTH_STATE.CALCULATED, HEALTH_STATE.NOT_CALCULATED]),
  /** The file system that holds the data directory (database files and uploads). */
  freeBytes: z.number().nullable(),
  totalBytes: z.number().nullable(),
  usedPercent: z.number().nullable(),
});
export type DiskHealth = z.output<typeof diskHealth>;

export const jobHeartbeat = z.object({
  job: z.string(),
  lastRunAt: z.string(),
  lastOkAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
});
export type JobHeartbeat = z.output<typeof jobHeartbeat>;

export const jobsHealth = z.object({
  state: z.enum([HEALTH_STATE.RUNNING, HEALTH_STATE.NOT_RUNNING]),
  jobs: z.array(jobHeartbeat),
});
export type JobsHealth = z.output<typeof jobsHealth>;
