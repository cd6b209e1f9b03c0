import { sql } from 'drizzle-orm';
import { type Database, migrate, openDatabase } from '../../apps/api/src/platform/db.js';

/**
 * The database to measure: a reused one as it is (BENCH_REUSE_DATABASE_URL / BENCH_REUSE_DATA_DIR),
 * a scratch database on BENCH_DATABASE_URL's server (dropped by `drop`), else an embedded one.
 */
export async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const reuseUrl = process.env.BENCH_REUSE_DATABASE_URL;
  const reuseDir = process.env.BENCH_REUSE_DATA_DIR;
  if (reuseUrl || reuseDir) {
    const database = await openDatabase(reuseUrl ? { databaseUrl: reuseUrl } : { dataDir: reuseDir });
    await migrate(database);
    return { database, drop: async () => {} };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const name = `dm_bench_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}
