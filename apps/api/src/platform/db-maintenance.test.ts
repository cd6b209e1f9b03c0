import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { startDbMaintenance, tablesDue, vacuumAnalyze } from './db-maintenance.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('database maintenance', () => {
  it('vacuums and analyzes the search table: the planner knows its size afterwards', async () => {
    await t.db.execute(sql`update donor_search set views_count = views_count + 1`);
    await vacuumAnalyze(t.db, ['donor_search']);
    const [stats] = rows<{ reltuples: number; n: number }>(
      await t.db.execute(sql`select c.reltuples::int as reltuples, (select count(*)::int from donor_search) as n
        from pg_class c where c.relname = 'donor_search'`),
    );
    expect(stats!.n).toBeGreaterThan(0);
    expect(stats!.reltuples).toBe(stats!.n);
  });

  it('finds the tables that changed enough since their last vacuum, not the quiet ones', async () => {
    await vacuumAnalyze(t.db);
    await t.db.execute(sql`update donor_search set views_count = views_count + 1`);
    const due = await tablesDue(t.db);
    expect(due).toContain('donor_search');
    expect(due).not.toContain('matches');
  });

  it('runs a pass every interval and stops cleanly', async () => {
    const vacuums = async () =>
      rows<{ n: number }>(
        await t.db.execute(
          sql`select vacuum_count::int as n from pg_stat_user_tables where relname = 'donor_search'`,
        ),
      )[0]!.n;
    const before = await vacuums();
    const errors: unknown[] = [];
    const log = { error: (o: unknown) => errors.push(o) } as never;
    await t.db.execute(sql`update donor_search set views_count = views_count + 1`);
    const runner = startDbMaintenance({ db: t.db, log }, 20);
    await new Promise((r) => setTimeout(r, 400));
    await runner.stop();
    expect(errors).toEqual([]);
    expect(await vacuums()).toBeGreaterThan(before);
  });
});
