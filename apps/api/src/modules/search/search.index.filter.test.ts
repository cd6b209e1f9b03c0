import { searchFilters } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import type { VisibilityRule } from '../donor-access/index.js';
import { CODES, dayOf, FLAG, type IndexColumns, type IndexQuery, NUMBERS } from './search.index.columns.js';
import { predicate } from './search.index.filter.js';

/** Three donors: slot 0 (center 1, 25, blue), 1 (center 2, 35, green, not shared), 2 (center 1, 45, blue). */
function columns(): IndexColumns {
  const names = ['Blue', 'Green', 'Available'];
  const numbers = Object.fromEntries(NUMBERS.map((c) => [c, new Float64Array(3).fill(Number.NaN)]));
  const codes = Object.fromEntries(CODES.map((c) => [c, new Int32Array(3).fill(-1)]));
  numbers.dob!.set([dayOf('2000-01-01'), dayOf('1990-01-01'), dayOf('1980-01-01')]);
  codes.eye!.set([0, 1, 0]);
  codes.availability!.set([2, 2, 2]);
  const listed = FLAG.listed;
  return {
    id: Int32Array.of(10, 20, 30),
    center: Int32Array.of(1, 2, 1),
    flags: Uint8Array.of(listed | FLAG.allowed, listed, listed | FLAG.allowed),
    numbers: numbers as IndexColumns['numbers'],
    codes: codes as IndexColumns['codes'],
    heritage: new Int32Array(3),
    races: new Int32Array(3),
    ethnicities: new Int32Array(3),
    nameLists: [[]],
    names,
    nameCodes: new Map(names.map((n, i) => [n, i])),
    nameRank: new Float64Array(3),
    wordMatcher: () => () => false,
  };
}

const query = (filters: object, visibility: VisibilityRule = { kind: 'all' }): IndexQuery => ({
  visibility,
  filters: searchFilters.parse({ minage: 18, maxage: 60, profiles: 'all', ...filters }),
  now: new Date('2026-06-01T00:00:00Z'),
  point: null,
  allowedIds: null,
});
const matching = (q: IndexQuery) => {
  // The donor id filter's donors come from the database (agency ids a-10, a-20, a-30).
  const byDonorId = q.filters.donor_id
    ? new Set([10, 20, 30].filter((d) => `a-${d}` === q.filters.donor_id!.toLowerCase()))
    : null;
  const test = predicate(columns(), q, byDonorId);
  return [0, 1, 2].filter(test);
};

describe('the search index filters', () => {
  it('tests values, ages and donor ids of a slot', () => {
    expect(matching(query({}))).toEqual([0, 1, 2]);
    expect(matching(query({ eyecolor: ['Blue'] }))).toEqual([0, 2]);
    expect(matching(query({ minage: 30, maxage: 40 }))).toEqual([1]);
    expect(matching(query({ donor_id: 'A-30' }))).toEqual([2]);
  });

  it('leaves the posted filters to the bitmaps the slots came from (fromBitmap)', () => {
    const q = query({ eyecolor: ['Blue'], minage: 30, maxage: 50 });
    expect([0, 1, 2].filter(predicate(columns(), q, null, true))).toEqual([1, 2]);
    expect(matching(q)).toEqual([2]);
  });

  it('holds a client to listed donors of her center and those shared with every center', () => {
    const client: VisibilityRule = { kind: 'client', centers: [1, 2], ownCenter: 1, hidden: [30] };
    expect(matching(query({}, client))).toEqual([0]);
    // From a bitmap, which holds her listing and center rules: her hidden donors are still left out.
    expect([0, 1, 2].filter(predicate(columns(), query({}, client), null, true))).toEqual([0, 1]);
  });
});
