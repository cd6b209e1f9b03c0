import {
  type DatabaseHealth,
  type DiskHealth,
  HEALTH_STATE,
  type HealthCredentials,
  type JobsHealth,
} from '@dm/shared';
import { ApiError, api } from '../../lib/api';

export interface Report {
  database: DatabaseHealth;
  disk: DiskHealth;
  jobs: JobsHealth;
}

/** The health page's own login (its credentials are not a session). */
export const authenticateHealthCheck = (credentials: HealthCredentials) =>
  api<null>('healthcheckauthenticate', { body: credentials, silent: true });

/** Runs the three checks with the credentials; a failed call counts as the bad state. */
export async function runChecks(credentials: HealthCredentials): Promise<Report> {
  const call = <T>(name: string, failed: T) =>
    api<T>(name, { body: credentials, silent: true }).catch((e) => {
      if (e instanceof ApiError && e.status === 403) throw e;
      return failed;
    });
  const [database, disk, jobs] = await Promise.all([
    call<DatabaseHealth>('checkdatabase', { state: HEALTH_STATE.NOT_CONNECTED, latencyMs: null }),
    call<DiskHealth>('checkspace', {
      state: HEALTH_STATE.NOT_CALCULATED,
      freeBytes: null,
      totalBytes: null,
      usedPercent: null,
    }),
    call<JobsHealth>('checkjobs', { state: HEALTH_STATE.NOT_RUNNING, jobs: [] }),
  ]);
  return { database, disk, jobs };
}
