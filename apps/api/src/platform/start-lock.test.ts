import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/index.js';
import { type Database, MIGRATIONS_DIR, migrate, openDatabase, queryRows } from './db.js';
import { underStartLock } from './start-lock.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** What main.ts does under the lock, with a small demo (no synthetic donors, one country). */
const migrateAndSeed = (database: Database, url: string | null) =>
  underStartLock(database, url, async () => {
    await migrate(database);
    return seedIfEmpty(database.db, { demo: true, donors: 0, onlyCountries: ['US'] });
  });

describe('start under the advisory lock', () => {
  it.skipIf(!serverUrl)(
    'three processes started at once on a fresh database migrate and seed it once',
    {
      timeout: 300_000,
    },
    async () => {
      const name = `ops_start_${randomBytes(5).toString('hex')}`;
      const admin = await openDatabase({ databaseUrl: serverUrl });
      await admin.db.execute(sql.raw(`create database ${name}`));
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const handles = await Promise.all(
        [0, 1, 2].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 2 })),
      );
      try {
        const outcomes = await Promise.allSettled(handles.map((h) => migrateAndSeed(h, url.toString())));
        expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const seeded = outcomes.map((o) => (o as PromiseFulfilledResult<boolean>).value);
        expect(seeded.filter(Boolean)).toHaveLength(1);

        const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
        const [applied] = await queryRows<{ n: number }>(
          handles[0]!.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied!.n).toBe(migrations);
        // Seeded once: the demo's centers are there once each.
        const [centers] = await queryRows<{ n: number; names: number }>(
          handles[0]!.db,
          sql`select count(*)::int as n, count(distinct name)::int as names from centers`,
        );
        expect(centers!.n).toBeGreaterThan(0);
        expect(centers!.n).toBe(centers!.names);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await admin.close();
      }
    },
  );

  it('runs the work without a lock on the embedded database', async () => {
    expect(await underStartLock({ kind: 'pglite' }, null, async () => 'done')).toBe('done');
  });
});
