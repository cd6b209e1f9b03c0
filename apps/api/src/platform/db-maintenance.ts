import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.js';

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

export interface DbMaintenanceRunner {
  stop(): Promise<void>;
}

/**
 * The embedded database (PGlite) runs no autovacuum daemon: without this job its statistics and
 * visibility map would stay as the seed left them while donors change. PostgreSQL's own
 * autovacuum does the same there (tuned for donor_search by a migration), so main.ts starts this
 * only on PGlite. The first pass waits `everyMs` too: a fresh seed has just vacuumed.
 */
export function startDbMaintenance(
  deps: { db: Db; log: FastifyBaseLogger },
  everyMs = 15 * 60_000,
): DbMaintenanceRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  const tick = () => {
    timer = null;
    inFlight = vacuumAnalyze(deps.db)
      .catch((err: unknown) => deps.log.error({ err }, 'database maintenance pass failed'))
      .finally(() => {
        inFlight = null;
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  timer = setTimeout(tick, everyMs);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
