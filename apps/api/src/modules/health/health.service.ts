import { createHash, timingSafeEqual } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import {
  type DatabaseHealth,
  type DiskHealth,
  HEALTH_STATE,
  type HealthCredentials,
  type JobsHealth,
  MSG,
} from '@dm/shared';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, tooManyRequests } from '../../platform/errors.js';
import { heartbeatStaleMs } from '../../platform/heartbeat.js';
import { ATTEMPT, attemptsSince, recordAttempt } from '../auth/auth.repo.js';
import * as repo from './health.repo.js';

type Deps = Pick<ModuleDeps, 'db' | 'config' | 'clock'>;

/** Failed health-check logins per address within the window before it is refused for a while. */
const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** The login-attempt rows of the health check use this name, apart from user accounts. */
const ATTEMPT_NAME = 'healthcheck';

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Compares in constant time (of the digests), so the answer's timing tells nothing. */
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * A production process without HEALTHCHECK_PASSWORD has no health-check login: the development
 * default password would otherwise open it to anyone who read the README.
 */
function passwordOf(deps: Deps): string {
  const password = deps.config.healthcheckPassword;
  if (password === null) throw forbidden(MSG.HEALTH_LOGIN_OFF);
  return password;
}

function valid(deps: Deps, c: HealthCredentials): boolean {
  const expected = passwordOf(deps);
  // Both comparisons always run.
  const user = same(c.username, deps.config.healthcheckUser);
  const password = same(c.password, expected);
  return user && password;
}

/** POST healthcheckauthenticate: the page's own login, throttled per address like user logins. */
export async function authenticate(deps: Deps, c: HealthCredentials, ip: string): Promise<void> {
  passwordOf(deps);
  const now = deps.clock.now();
  const { failedByAddress } = await attemptsSince(
    deps.db,
    ATTEMPT_NAME,
    ip,
    new Date(now.getTime() - FAILURE_WINDOW_MS),
  );
  if (failedByAddress >= MAX_FAILURES) throw tooManyRequests(MSG.HEALTH_LOGIN_FAILED);
  const ok = valid(deps, c);
  await recordAttempt(deps.db, {
    username: ATTEMPT_NAME,
    ip,
    outcome: ok ? ATTEMPT.SUCCEEDED : ATTEMPT.FAILED,
    at: now,
  });
  if (!ok) throw badRequest(MSG.HEALTH_LOGIN_FAILED);
}

/** Every check carries the credentials; wrong ones are refused as the spec's Unauthorized. */
export function assertAllowed(deps: Deps, c: HealthCredentials): void {
  if (!valid(deps, c)) throw forbidden(MSG.HEALTH_UNAUTHORIZED);
}

/** POST checkdatabase (the spec's checkmysql): a trivial query and its round trip. */
export async function database(deps: Pick<Deps, 'db'>): Promise<DatabaseHealth> {
  const start = performance.now();
  try {
    await repo.ping(deps.db);
    return { state: HEALTH_STATE.CONNECTED, latencyMs: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return { state: HEALTH_STATE.NOT_CONNECTED, latencyMs: null };
  }
}

/**
 * How long GET /health reuses a probe's answer, counted from when the probe was sent: under load
 * the check costs a query every half second rather than one per request, and an answer is never
 * older than this, so /health reports the database down within a second of losing it.
 */
export const HEALTH_PROBE_FRESH_MS = 500;

/**
 * GET /health's database check: concurrent checks share the probe in flight, and a probe's
 * answer is reused while it is fresh (HEALTH_PROBE_FRESH_MS). `now` is the monotonic clock (a
 * test's clock may stand still; the age of an answer is real time).
 */
export function sharedDatabaseProbe(
  deps: Pick<Deps, 'db'>,
  now: () => number = () => performance.now(),
): () => Promise<DatabaseHealth> {
  let last: { sentAt: number; answer: Promise<DatabaseHealth> } | null = null;
  return () => {
    const at = now();
    if (last === null || at - last.sentAt >= HEALTH_PROBE_FRESH_MS) {
      last = { sentAt: at, answer: database(deps) };
    }
    return last.answer;
  };
}

/** POST checkspace: free and total space of the file system holding the data directory. */
export async function disk(deps: Deps): Promise<DiskHealth> {
  try {
    const s = await statfs(deps.config.dataDir);
    const total = s.blocks * s.bsize;
    const free = s.bavail * s.bsize;
    return {
      state: HEALTH_STATE.CALCULATED,
      freeBytes: free,
      totalBytes: total,
      usedPercent: total > 0 ? Math.round(((total - free) / total) * 1000) / 10 : null,
    };
  } catch {
    return { state: HEALTH_STATE.NOT_CALCULATED, freeBytes: null, totalBytes: null, usedPercent: null };
  }
}

/**
 * POST checkjobs (in place of the spec's checkmongo; this product has no second store): the
 * job runner is Running when every job wrote a heartbeat recently, whichever process runs it.
 */
export async function jobs(deps: Deps): Promise<JobsHealth> {
  try {
    const rows = await repo.heartbeats(deps.db);
    const now = deps.clock.now().getTime();
    const fresh =
      rows.length > 0 && rows.every((r) => now - r.lastRunAt.getTime() <= heartbeatStaleMs(r.job));
    return {
      state: fresh ? HEALTH_STATE.RUNNING : HEALTH_STATE.NOT_RUNNING,
      jobs: rows.map((r) => ({
        job: r.job,
        lastRunAt: r.lastRunAt.toISOString(),
        lastOkAt: r.lastOkAt?.toISOString() ?? null,
        lastFailedAt: r.lastFailedAt?.toISOString() ?? null,
      })),
    };
  } catch {
    return { state: HEALTH_STATE.NOT_RUNNING, jobs: [] };
  }
}
