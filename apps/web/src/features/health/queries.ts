import {
  healthContract as contract,
  type DatabaseHealth,
  type DiskHealth,
  HEALTH_STATE,
  type HealthCredentials,
  type JobsHealth,
} from '@dm/shared';
import { ApiError, call } from '../../lib/api';

export interface Report {
  database: DatabaseHealth;
  disk: DiskHealth;
  jobs: JobsHealth;
}

/** The health page's own login (its credentials are not a session). */
export const authenticateHealthCheck = (credentials: HealthCredentials) =>
  call(contract.authenticate, { body: credentials }, { silent: true });

/** Runs the three checks with the credentials; a failed call counts as the bad state. */
export async function runChecks(credentials: HealthCredentials): Promise<Report> {
  const check = <T>(answer: Promise<T>, failed: T) =>
    answer.catch((e) => {
      if (e instanceof ApiError && e.status === 403) throw e;
      return failed;
    });
  const options = { silent: true };
  const [database, disk, jobs] = await Promise.all([
    check(call(contract.database, { body: credentials }, options), {
      state: HEALTH_STATE.NOT_CONNECTED,
      latencyMs: null,
    }),
    check(call(contract.space, { body: credentials }, options), {
      state: HEALTH_STATE.NOT_CALCULATED,
      freeBytes: null,
      totalBytes: null,
      usedPercent: null,
    }),
    check(call(contract.jobs, { body: credentials }, options), { state: HEALTH_STATE.NOT_RUNNING, jobs: [] }),
  ]);
  return { database, disk, jobs };
}
