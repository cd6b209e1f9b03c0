import {
  type DonorProfileScope,
  GLOBAL_SEARCH_MIN,
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_HEIGHT_DEFAULT,
  type SearchDistance,
  type SearchFilters,
  type SearchFiltersInput,
  type SearchRecordCount,
  type SearchRequestInput,
  type SearchSort,
  searchRequest,
} from '@dm/shared';

type ListKey =
  | 'eyecolor'
  | 'haircolor'
  | 'blood_group'
  | 'religions'
  | 'ethnicity'
  | 'race'
  | 'heritage'
  | 'locations'
  | 'educationlevel'
  | 'donortype'
  | 'donoravailability'
  | 'eggDonationArrangement';
type RangeKey =
  | 'minact'
  | 'maxact'
  | 'minsat'
  | 'maxsat'
  | 'mingpa'
  | 'maxgpa'
  | 'minamhscore'
  | 'maxamhscore';

/** What the filter form holds: strings for selects, '' for an empty number box. */
export type SearchFormValues = Record<ListKey, string[]> &
  Record<RangeKey, number | ''> & {
    /** Staff only: complete profiles (the default), applicants or every donor. */
    profiles: DonorProfileScope;
    centers: string[];
    ethCondition: 'AND' | 'OR';
    raceCondition: 'AND' | 'OR';
    minHeightFeet: number;
    minHeightInches: number;
    maxHeightFeet: number;
    maxHeightInches: number;
    age: [number, number];
    first_name: string;
    donor_id: string;
    globalSearch: string;
    zipcode: string;
    distance: string;
    previousdonor: boolean;
    provenfertility: boolean;
    college_degree: boolean;
    noSharedCarrier: boolean;
  };

const LIST_KEYS: ListKey[] = [
  'eyecolor',
  'haircolor',
  'blood_group',
  'religions',
  'ethnicity',
  'race',
  'heritage',
  'locations',
  'educationlevel',
  'donortype',
  'donoravailability',
  'eggDonationArrangement',
];
const RANGE_KEYS: RangeKey[] = [
  'minact',
  'maxact',
  'minsat',
  'maxsat',
  'mingpa',
  'maxgpa',
  'minamhscore',
  'maxamhscore',
];

export const EMPTY_FORM: SearchFormValues = {
  profiles: 'complete',
  centers: [],
  ...(Object.fromEntries(LIST_KEYS.map((k) => [k, []])) as unknown as Record<ListKey, string[]>),
  ...(Object.fromEntries(RANGE_KEYS.map((k) => [k, ''])) as Record<RangeKey, ''>),
  ethCondition: 'OR',
  raceCondition: 'OR',
  minHeightFeet: SEARCH_HEIGHT_DEFAULT.minFeet,
  minHeightInches: SEARCH_HEIGHT_DEFAULT.minInches,
  maxHeightFeet: SEARCH_HEIGHT_DEFAULT.maxFeet,
  maxHeightInches: SEARCH_HEIGHT_DEFAULT.maxInches,
  age: [SEARCH_AGE_MIN, SEARCH_AGE_MAX],
  first_name: '',
  donor_id: '',
  globalSearch: '',
  zipcode: '',
  distance: '',
  previousdonor: false,
  provenfertility: false,
  college_degree: false,
  noSharedCarrier: false,
};

/**
 * The filters the form says, in the shape of the shared request schema: only what narrows the
 * search is sent (the default height range, empty boxes, unticked boxes and text search under
 * two characters are left out).
 */
export function toFilters(v: SearchFormValues): SearchFiltersInput {
  const out: SearchFiltersInput = { minage: v.age[0], maxage: v.age[1] };
  if (v.profiles !== 'complete') out.profiles = v.profiles;
  if (v.centers.length) out.centers = v.centers.map(Number);
  for (const key of LIST_KEYS) {
    if (v[key].length) (out as Record<string, unknown>)[key] = [...v[key]];
  }
  if (v.ethnicity.length > 1) out.ethCondition = v.ethCondition;
  if (v.race.length > 1) out.raceCondition = v.raceCondition;
  const d = SEARCH_HEIGHT_DEFAULT;
  if (v.minHeightFeet !== d.minFeet || v.minHeightInches !== d.minInches) {
    out.minHeightFeet = v.minHeightFeet;
    out.minHeightInches = v.minHeightInches;
  }
  if (v.maxHeightFeet !== d.maxFeet || v.maxHeightInches !== d.maxInches) {
    out.maxHeightFeet = v.maxHeightFeet;
    out.maxHeightInches = v.maxHeightInches;
  }
  for (const key of RANGE_KEYS) {
    const value = v[key];
    if (value !== '') (out as Record<string, unknown>)[key] = value;
  }
  const text = (s: string) => s.trim();
  if (text(v.first_name)) out.first_name = text(v.first_name);
  if (text(v.donor_id)) out.donor_id = text(v.donor_id);
  if (text(v.globalSearch).length >= GLOBAL_SEARCH_MIN) out.globalSearch = text(v.globalSearch);
  if (text(v.zipcode)) out.zipcode = text(v.zipcode);
  if (v.distance) out.distance = Number(v.distance) as SearchDistance;
  if (v.previousdonor) out.previousdonor = true;
  if (v.provenfertility) out.provenfertility = true;
  if (v.college_degree) out.college_degree = true;
  if (v.noSharedCarrier) out.noSharedCarrier = true;
  return out;
}

/** The form showing a saved search's filters. */
export function fromFilters(f: Partial<SearchFilters>): SearchFormValues {
  const v: SearchFormValues = {
    ...EMPTY_FORM,
    age: [f.minage ?? SEARCH_AGE_MIN, f.maxage ?? SEARCH_AGE_MAX],
  };
  v.profiles = f.profiles ?? 'complete';
  if (f.centers) v.centers = f.centers.map(String);
  for (const key of LIST_KEYS) {
    const list = f[key];
    if (list) v[key] = [...list];
  }
  for (const key of RANGE_KEYS) v[key] = f[key] ?? '';
  v.ethCondition = f.ethCondition ?? 'OR';
  v.raceCondition = f.raceCondition ?? 'OR';
  if (f.minHeightFeet !== undefined) {
    v.minHeightFeet = f.minHeightFeet;
    v.minHeightInches = f.minHeightInches ?? 0;
  }
  if (f.maxHeightFeet !== undefined) {
    v.maxHeightFeet = f.maxHeightFeet;
    v.maxHeightInches = f.maxHeightInches ?? 0;
  }
  v.first_name = f.first_name ?? '';
  v.donor_id = f.donor_id ?? '';
  v.globalSearch = f.globalSearch ?? '';
  v.zipcode = f.zipcode ?? '';
  v.distance = f.distance ? String(f.distance) : '';
  v.previousdonor = f.previousdonor === true;
  v.provenfertility = f.provenfertility === true;
  v.college_degree = f.college_degree === true;
  v.noSharedCarrier = f.noSharedCarrier === true;
  return v;
}

export interface ListOptions {
  sortby: SearchSort;
  orderby: 'asc' | 'desc' | null;
  recordcount: SearchRecordCount;
  currentPage: number;
  searchId?: number | undefined;
}

export function toSearchRequest(filters: SearchFiltersInput, o: ListOptions): SearchRequestInput {
  const req: SearchRequestInput = {
    ...filters,
    sortby: o.sortby,
    recordcount: o.recordcount,
    currentPage: o.currentPage,
  };
  if (o.orderby) req.orderby = o.orderby;
  if (o.searchId !== undefined) req.searchId = o.searchId;
  return req;
}

/** The form checked with the route's own schema: field -> first message. */
export function validate(req: SearchRequestInput): Record<string, string> {
  const parsed = searchRequest.safeParse(req);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
