import { asc, sql } from 'drizzle-orm';
import { jobHeartbeats } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** A trivial query: throws when the database does not answer. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Every job's last heartbeat, by job name. */
export const heartbeats = (db: Db) => db.select().from(jobHeartbeats).orderBy(asc(jobHeartbeats.job));
