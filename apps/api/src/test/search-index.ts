import { type SearchFilters, searchFilters } from '@dm/shared';
import type { VisibilityRule } from '../modules/donor-access/donor-access.js';
import type { IndexQuery } from '../modules/search/search.index.columns.js';
import type { TestApp } from './harness.js';

export const ALL: VisibilityRule = { kind: 'all' };

/** A search index query over every donor, applicants and archived ones too, near Manhattan. */
export const indexQuery = (
  t: TestApp,
  filters: Partial<SearchFilters> = {},
  visibility: VisibilityRule = ALL,
): IndexQuery => ({
  visibility,
  // Every donor, applicants and archived ones too: these tests count the index against the table.
  filters: searchFilters.parse({ minage: 18, maxage: 60, profiles: 'all', ...filters }),
  now: t.clock.now(),
  point: { latitude: 40.75, longitude: -73.99 },
  allowedIds: null,
});
