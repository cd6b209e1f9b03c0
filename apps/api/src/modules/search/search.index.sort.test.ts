import { SEARCH_SORTS } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorSearch } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { indexQuery } from '../../test/search-index.js';
import { DonorSearchIndex } from './search.index.js';
import { TOP_K_MAX } from './search.index.sort.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const query = () => indexQuery(t);

describe('the search index orders', () => {
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
