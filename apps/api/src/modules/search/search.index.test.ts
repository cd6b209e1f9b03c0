import type { SearchFilters } from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorSearch, donorSearchRemoved, donors } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { indexQuery } from '../../test/search-index.js';
import { DonorSearchIndex } from './search.index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const query = (filters: Partial<SearchFilters> = {}) => indexQuery(t, filters);
const count = async (index: DonorSearchIndex, filters: Partial<SearchFilters> = {}) =>
  (await index.search(query(filters), null)).total;

/** The database's own answer: the donors of donor_search with this eye colour and age range. */
async function countInDatabase(eyeColor: string): Promise<number> {
  const f = query({ eyecolor: [eyeColor] as SearchFilters['eyecolor'] }).filters;
  const now = t.clock.now();
  const year = (n: number) =>
    new Date(Date.UTC(now.getUTCFullYear() - n, now.getUTCMonth(), now.getUTCDate()))
      .toISOString()
      .slice(0, 10);
  const [row] = (
    (await t.db.execute(
      sql`select count(*)::int as n from ${donorSearch} where eye_color = ${eyeColor}
        and date_of_birth <= ${year(f.minage)} and date_of_birth > ${year(f.maxage + 1)}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  return row!.n;
}

describe('the in-process donor search index', () => {
  it('sees every write committed before a search, made by any process', async () => {
    // Two indexes over one database stand for two API processes.
    const first = new DonorSearchIndex(t.db);
    const second = new DonorSearchIndex(t.db);
    const blue = await count(first, { eyecolor: ['Blue'] });
    expect(blue).toBe(await countInDatabase('Blue'));
    expect(await count(second, { eyecolor: ['Blue'] })).toBe(blue);
    // Asked again with nothing written: the answer found is served, without a scan.
    const hits = first.answers.hits;
    expect(await count(first, { eyecolor: ['Blue'] })).toBe(blue);
    expect(first.answers.hits).toBe(hits + 1);

    const [donor] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(donorSearch, eq(donorSearch.userId, donors.userId))
      .where(eq(donorSearch.eyeColor, 'Blue'))
      .limit(1);
    await t.db.update(donors).set({ eyeColor: 'Green' }).where(eq(donors.userId, donor!.id));
    // The write changed the index: the answer kept before it is not served. Two parents asking
    // at once after it share one scan.
    const shared = first.answers.shared;
    expect(
      await Promise.all([count(first, { eyecolor: ['Blue'] }), count(first, { eyecolor: ['Blue'] })]),
    ).toEqual([blue - 1, blue - 1]);
    expect(first.answers.hits).toBe(hits + 1);
    expect(first.answers.shared).toBe(shared + 1);
    expect(await count(second, { eyecolor: ['Blue'] })).toBe(blue - 1);
    expect(await count(second, { eyecolor: ['Blue'] })).toBe(await countInDatabase('Blue'));

    // A deleted donor leaves both indexes (its donor_search row goes with it).
    const total = await count(first);
    const green = await count(first, { eyecolor: ['Green'] });
    await t.db.delete(donors).where(eq(donors.userId, donor!.id));
    const [removed] = await t.db
      .select()
      .from(donorSearchRemoved)
      .where(eq(donorSearchRemoved.userId, donor!.id));
    expect(removed).toBeDefined();
    expect(await count(first)).toBe(total - 1);
    expect(await count(second, { eyecolor: ['Green'] })).toBe(green - 1);
    expect(first.size).toBe(second.size);
  });

  it('reads a write that was still uncommitted at its last look once it commits', async (ctx) => {
    // Needs two connections at once: PostgreSQL only (PGlite has one).
    if (t.database.kind !== 'postgres') ctx.skip();
    const index = new DonorSearchIndex(t.db);
    const hazel = await count(index, { eyecolor: ['Hazel'] });
    const [donor] = await t.db
      .select({ id: donorSearch.userId })
      .from(donorSearch)
      .where(eq(donorSearch.eyeColor, 'Brown'))
      .limit(1);
    await t.db.transaction(async (tx) => {
      await tx.update(donors).set({ eyeColor: 'Hazel' }).where(eq(donors.userId, donor!.id));
      // Another connection looks while the change is uncommitted: not seen yet.
      expect(await count(index, { eyecolor: ['Hazel'] })).toBe(hazel);
      // Later transactions commit first, moving the database on past this one.
      await t.db.execute(sql`select pg_current_xact_id()`);
      expect(await count(index, { eyecolor: ['Hazel'] })).toBe(hazel);
    });
    expect(await count(index, { eyecolor: ['Hazel'] })).toBe(hazel + 1);
  });

  it('reads only the rows written since its last look while a transaction stays open', async (ctx) => {
    // Needs two connections at once: PostgreSQL only (PGlite has one).
    if (t.database.kind !== 'postgres') ctx.skip();
    const index = new DonorSearchIndex(t.db);
    const hazel = await count(index, { eyecolor: ['Hazel'] });
    const picked = await t.db
      .select({ id: donorSearch.userId })
      .from(donorSearch)
      .where(eq(donorSearch.eyeColor, 'Brown'))
      .limit(11);
    const [old, ...others] = picked.map((r) => r.id);
    await t.db.transaction(async (tx) => {
      // The long transaction writes a donor first: its id stays in every snapshot until it ends.
      await tx.update(donors).set({ eyeColor: 'Hazel' }).where(eq(donors.userId, old!));
      const before = { ...index.reads };
      for (const id of others) {
        await t.db
          .update(donors)
          .set({ viewsCount: sql`${donors.viewsCount} + 1` })
          .where(eq(donors.userId, id));
        await index.sync();
      }
      // One row a look: the one written since the last (not every row since the transaction began).
      expect(index.reads.looks - before.looks).toBe(others.length);
      expect(index.reads.rows - before.rows).toBe(others.length);
      // Nothing written: nothing read.
      await index.sync();
      expect(index.reads.rows - before.rows).toBe(others.length);
      expect(await count(index, { eyecolor: ['Hazel'] })).toBe(hazel);
    });
    // The old transaction's write, committed after all the others, is still seen.
    const before = index.reads.rows;
    expect(await count(index, { eyecolor: ['Hazel'] })).toBe(hazel + 1);
    expect(index.reads.rows - before).toBe(1);
  });
});
