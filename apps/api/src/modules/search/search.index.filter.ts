import { heightRangeCm } from '@dm/shared';
import {
  dayOf,
  FLAG,
  type IndexColumns,
  type IndexQuery,
  MILES_PER_DEGREE_LATITUDE,
  milesBetween,
} from './search.index.columns.js';
import { postedFilters } from './search.index.postings.js';

/** The search index's filters: one test of a slot built from a query (search.index.ts runs it). */

/** YYYY-MM-DD of `years` whole years before `now` (UTC calendar). */
function yearsBefore(now: Date, years: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * The filters as one test of a slot (visibility and age first, inline). `donorIdMatches`: the
 * donors whose agency or platform id is the donor id filter's (the index does not hold the ids,
 * two strings a donor; the database finds them by their indexes). `fromBitmap`: the slots tested
 * come from the postings' bitmaps (search.index.postings.ts, kept exact by every write), so they
 * hold the filters on posted columns (eye, hair, state...) and, for an intended parent, the
 * listing and center rules of her visibility already, and those tests are left out: fewer calls
 * per slot, and the same few test shapes whatever the query.
 */
export function predicate(
  ix: IndexColumns,
  q: IndexQuery,
  donorIdMatches: ReadonlySet<number> | null = null,
  fromBitmap = false,
): (slot: number) => boolean {
  const f = q.filters;
  const { id, center, flags, numbers, codes } = ix;
  const tests: ((slot: number) => boolean)[] = [];
  const codeSet = (values: readonly string[]) => {
    const wanted = new Uint8Array(ix.names.length);
    for (const v of values) {
      const c = ix.nameCodes.get(v);
      if (c !== undefined) wanted[c] = 1;
    }
    return wanted;
  };
  if (!fromBitmap) {
    for (const [column, values] of postedFilters(f)) {
      if (values.length === 0) continue;
      const wanted = codeSet(values);
      const held = codes[column];
      tests.push((s) => wanted[held[s]!] === 1);
    }
  }
  const { nameLists } = ix;
  const named = (values: readonly string[], condition: 'AND' | 'OR', listOf: Int32Array) => {
    if (values.length === 0) return;
    const wanted = codeSet(values);
    if (condition === 'OR') {
      tests.push((s) => {
        const list = nameLists[listOf[s]!]!;
        for (let i = 0; i < list.length; i++) if (wanted[list[i]!] === 1) return true;
        return false;
      });
    } else {
      const all = values.map((v) => ix.nameCodes.get(v) ?? -1);
      tests.push((s) => {
        const list = nameLists[listOf[s]!]!;
        for (const c of all) if (!list.includes(c)) return false;
        return true;
      });
    }
  };
  named(f.heritage, 'OR', ix.heritage);
  named(f.race, f.raceCondition, ix.races);
  named(f.ethnicity, f.ethCondition, ix.ethnicities);
  // A missing number is NaN, which fails both bounds.
  const range = (column: Float64Array, min: number | null | undefined, max: number | null | undefined) => {
    if (min != null && max != null) tests.push((s) => column[s]! >= min && column[s]! <= max);
    else if (min != null) tests.push((s) => column[s]! >= min);
    else if (max != null) tests.push((s) => column[s]! <= max);
  };
  const height = heightRangeCm(f);
  range(numbers.height, height.min, height.max);
  const scored = (column: Float64Array, min?: number, max?: number) => {
    if (min === undefined && max === undefined) return;
    range(column, min ?? Number.NEGATIVE_INFINITY, max ?? Number.POSITIVE_INFINITY);
  };
  scored(numbers.act, f.minact, f.maxact);
  scored(numbers.sat, f.minsat, f.maxsat);
  scored(numbers.gpa, f.mingpa, f.maxgpa);
  scored(numbers.amh, f.minamhscore, f.maxamhscore);
  if (f.donor_id) {
    const wanted = donorIdMatches ?? new Set<number>();
    tests.push((s) => wanted.has(id[s]!));
  }
  // A staff search lists complete profiles unless it asks for applicants or everyone; a
  // client's is held to complete profiles by its visibility below, a donor sees only herself.
  const staff = q.visibility.kind === 'all' || q.visibility.kind === 'centers';
  if (staff && f.profiles !== 'all') {
    const complete = f.profiles === 'complete';
    tests.push((s) => ((flags[s]! & FLAG.listed) !== 0) === complete && (flags[s]! & FLAG.archived) === 0);
  }
  const flag = (wanted: boolean | undefined, bit: number) => {
    if (wanted !== undefined) tests.push((s) => ((flags[s]! & bit) !== 0) === wanted);
  };
  flag(f.previousdonor, FLAG.previous);
  flag(f.provenfertility, FLAG.proven);
  flag(f.college_degree, FLAG.college);
  if (q.point && f.distance !== undefined) {
    const { latitude, longitude } = q.point;
    const distance = f.distance;
    const dLat = distance / MILES_PER_DEGREE_LATITUDE;
    const { lat, lng } = numbers;
    tests.push(
      (s) =>
        Math.abs(lat[s]! - latitude) <= dLat &&
        milesBetween(latitude, longitude, lat[s]!, lng[s]!) <= distance,
    );
  }
  if (q.createdAfter) {
    const after = q.createdAfter.getTime() * 1000;
    const created = numbers.created;
    tests.push((s) => created[s]! > after);
  }
  if (f.centers.length) {
    const asked = new Set(f.centers);
    tests.push((s) => asked.has(center[s]!));
  }
  const allowed = q.allowedIds;
  if (allowed) tests.push((s) => allowed.has(id[s]!));
  if (q.words) {
    const { terms, weightsFor } = q.words;
    const byCenter = new Map<number, number>();
    const matchers = terms.map((term) => ix.wordMatcher(term));
    tests.push((s) => {
      let weights = byCenter.get(center[s]!);
      if (weights === undefined) {
        weights = weightsFor(center[s]!);
        byCenter.set(center[s]!, weights);
      }
      for (const has of matchers) if (!has(s, weights)) return false;
      return true;
    });
  }
  // age >= minage <=> born on or before minage years ago; age <= maxage <=> born after maxage+1 years ago.
  const bornBy = dayOf(yearsBefore(q.now, f.minage));
  const bornAfter = dayOf(yearsBefore(q.now, f.maxage + 1));
  const dob = numbers.dob;
  const v = q.visibility;
  const client = v.kind === 'client' ? v : null;
  const ownCenter = client?.ownCenter ?? -1;
  const hidden = client && client.hidden.length > 0 ? new Set(client.hidden) : null;
  const flagged = client !== null && !fromBitmap;
  const n = tests.length;
  return (s) => {
    const born = dob[s]!;
    if (!(born <= bornBy && born > bornAfter)) return false;
    if (flagged) {
      const bits = flags[s]!;
      if ((bits & FLAG.listed) === 0) return false;
      if (center[s] !== ownCenter && (bits & FLAG.allowed) === 0) return false;
    }
    if (hidden?.has(id[s]!)) return false;
    for (let i = 0; i < n; i++) if (!tests[i]!(s)) return false;
    return true;
  };
}
