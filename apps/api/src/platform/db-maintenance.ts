import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.js';
import { type JobDefinition, type JobRunner, startJobRunner } from './jobs/runner.js';

/**
 * The tables the busy reads depend on. The search counts donor_search with an index-only scan,
 * which reads the table itself only for pages not marked all-visible; VACUUM marks them, ANALYZE
 * keeps the planner's row estimates true.
 */
export const MAINTAINED_TABLES = ['donor_search', 'donors', 'users', 'matches'] as const;

/** VACUUM (ANALYZE) of the maintained tables, one at a time (VACUUM cannot run in a transaction). */
export async function vacuumAnalyze(db: Db, tables: readonly string[] = MAINTAINED_TABLES): Promise<void> {
  for (const table of tables) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
}

/**
 * The maintained tables that changed enough since their last vacuum or analyze: dead, inserted or
 * modified rows over 2% of the table (at least 50 rows), the threshold PostgreSQL's autovacuum
 * uses for donor_search. A quiet database is left alone.
 */
export async function tablesDue(db: Db): Promise<string[]> {
  const names = sql.join(
    MAINTAINED_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  // This connection's own counts reach the statistics views when it next goes idle; PGlite has
  // only this connection, so ask for that flush first (a statement of its own).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`select relname::text as name from pg_stat_user_tables
    where relname in (${names})
      and greatest(n_dead_tup + n_ins_since_vacuum, n_mod_since_analyze) > 50 + 0.02 * n_live_tup`)) as unknown as {
    rows: { name: string }[];
  };
  return result.rows.map((r) => r.name);
}

/** The run-record and heartbeat name of the maintenance job. */
export const DB_MAINTENANCE_JOB = 'db-maintenance';

/**
 * The embedded database (PGlite) runs no autovacuum daemon: without this job its statistics and
 * visibility map would stay as the seed left them while donors change. PostgreSQL's own
 * autovacuum does the same there (tuned for donor_search by a migration), so main.ts schedules
 * this only on PGlite. Each pass vacuums only the tables that changed enough (VACUUM holds PGlite's
 * one connection: at 100,000 donors all four tables take about 20 s, donor_search alone a few).
 * The first pass waits `everyMs` too: a fresh seed has just vacuumed. A pass that vacuumed
 * something is recorded as a run (processed: the tables).
 */
export function dbMaintenanceJob(everyMs = 5 * 60_000): JobDefinition {
  return {
    key: DB_MAINTENANCE_JOB,
    everyMs,
    firstAfterMs: everyMs,
    records: 'runner',
    run: async ({ db }) => {
      const due = await tablesDue(db);
      await vacuumAnalyze(db, due);
      return { processed: due.length };
    },
  };
}

/** The maintenance job alone. */
export function startDbMaintenance(
  deps: { db: Db; log: FastifyBaseLogger },
  everyMs = 5 * 60_000,
): JobRunner {
  return startJobRunner([dbMaintenanceJob(everyMs)], deps);
}
