import type { Database } from './db.js';

/**
 * The advisory lock key every API process takes for its start (migrations and the first seed): a
 * fixed number, the same in every release, so processes of an old and a new version queue too.
 */
export const START_LOCK_KEY = 7_240_511_893_007;

/**
 * Runs a process's start work (migrate, then seed an empty database) while holding a PostgreSQL
 * advisory lock, so that of several processes started at once one migrates and seeds and the
 * others wait, then find the migrations applied and the data there. The lock is held on a
 * connection of its own (not the pool's: the work needs the pool, and a pool of one would wait
 * for itself), and PostgreSQL releases it if the process dies mid-way. The embedded database has
 * one process: no lock.
 */
export async function underStartLock<T>(
  database: Pick<Database, 'kind'>,
  databaseUrl: string | null,
  work: () => Promise<T>,
  opts: { onWait?: () => void } = {},
): Promise<T> {
  if (database.kind !== 'postgres' || !databaseUrl) return work();
  const { default: pg } = await import('pg');
  const lock = new pg.Client({ connectionString: databaseUrl });
  // A lost lock connection must not end the process; the work's own queries report the outage.
  lock.on('error', () => {});
  await lock.connect();
  try {
    const { rows } = await lock.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [
      START_LOCK_KEY,
    ]);
    if (!rows[0]?.got) {
      opts.onWait?.();
      await lock.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    }
    try {
      return await work();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await lock.end().catch(() => {});
  }
}
