import { SEARCH_SORTS, type SearchFilters, searchFilters } from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorSearch, donorSearchRemoved, donors } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import type { VisibilityRule } from '../donor-access/donor-access.js';
import { DonorSearchIndex, type IndexQuery, TOP_K_MAX } from './search.index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ALL: VisibilityRule = { kind: 'all' };
const query = (filters: Partial<SearchFilters> = {}, visibility: VisibilityRule = ALL): IndexQuery => ({
  visibility,
  // Every donor, applicants and archived ones too: these tests count the index against the table.
  filters: searchFilters.parse({ minage: 18, maxage: 60, profiles: 'all', ...filters }),
  now: t.clock.now(),
  point: { latitude: 40.75, longitude: -73.99 },
  allowedIds: null,
});
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

    const [donor] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(donorSearch, eq(donorSearch.userId, donors.userId))
      .where(eq(donorSearch.eyeColor, 'Blue'))
      .limit(1);
    await t.db.update(donors).set({ eyeColor: 'Green' }).where(eq(donors.userId, donor!.id));
    expect(await count(first, { eyecolor: ['Blue'] })).toBe(blue - 1);
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

  it('keeps the best of a page as they come, exactly as a full sort orders them', async () => {
    const index = new DonorSearchIndex(t.db);
    for (const sort of SEARCH_SORTS) {
      for (const descending of [false, true]) {
        // More than TOP_K_MAX donors in one page: every match sorted at once.
        const full = await index.search(query(), { sort, descending, limit: TOP_K_MAX + 1, offset: 0 });
        expect(full.ids.length).toBe(Math.min(full.total, TOP_K_MAX + 1));
        expect(full.total).toBeGreaterThan(100);
        // Pages of 50: kept as they come.
        const paged: number[] = [];
        for (let offset = 0; offset < full.ids.length; offset += 50) {
          const page = await index.search(query(), { sort, descending, limit: 50, offset });
          paged.push(...page.ids);
        }
        expect(paged, `${sort} ${descending ? 'desc' : 'asc'}`).toEqual(full.ids);
      }
    }
  });

  it('orders names as the database collates them', async () => {
    const index = new DonorSearchIndex(t.db);
    const { ids } = await index.search(query(), {
      sort: 'Location',
      descending: false,
      limit: TOP_K_MAX,
      offset: 0,
    });
    const rows = (
      (await t.db.execute(
        sql`select user_id as id from ${donorSearch} where date_of_birth is not null
          order by state asc nulls last, city asc nulls last, user_id asc`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
    const page = new Set(ids);
    expect(ids).toEqual(rows.filter((id) => page.has(id)));
  });
});
