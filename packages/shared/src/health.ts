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

export interface DatabaseHealth {
  state: typeof HEALTH_STATE.CONNECTED | typeof HEALTH_STATE.NOT_CONNECTED;
  /** Round trip of a trivial query, when connected. */
  latencyMs: number | null;
}

export interface DiskHealth {
  state: typeof HEALTH_STATE.CALCULATED | typeof HEALTH_STATE.NOT_CALCULATED;
  /** The file system that holds the data directory (database files and uploads). */
  freeBytes: number | null;
  totalBytes: number | null;
  usedPercent: number | null;
}

export interface JobHeartbeat {
  job: string;
  lastRunAt: string;
  lastOkAt: string | null;
  lastFailedAt: string | null;
}

export interface JobsHealth {
  state: typeof HEALTH_STATE.RUNNING | typeof HEALTH_STATE.NOT_RUNNING;
  jobs: JobHeartbeat[];
}
