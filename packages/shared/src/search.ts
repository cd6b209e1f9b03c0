import { z } from 'zod';
import { PORTFOLIO_NAME_MAX, PORTFOLIO_NAME_MIN } from './constants.js';
import {
  BLOOD_GROUPS,
  DONOR_TYPES,
  EDUCATION_LEVELS,
  EGG_DONATION_ARRANGEMENTS,
  ETHNICITIES,
  EXAM_SCORE_RANGE,
  EYE_COLORS,
  feetInchesToCm,
  GPA_MAX,
  HAIR_COLORS,
  HERITAGES,
  RACES,
  RELIGIONS,
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
} from './donor.js';
import { MSG } from './messages.js';
import { DONOR_AVAILABILITY } from './roles.js';
import { idSchema } from './validation.js';

/*
 * The donor search (search spec sections 2, 3 "Search filters", 5, 7 and 9): one request schema
 * for the POST /getdonorlist route and the search form, the saved-search contracts and the
 * list item the search answers with. Field names are the spec's.
 */

export const SEARCH_RECORD_COUNTS = [25, 50, 100, 500] as const;
export type SearchRecordCount = (typeof SEARCH_RECORD_COUNTS)[number];
export const SEARCH_DISTANCES = [100, 250, 500, 1000] as const;
export type SearchDistance = (typeof SEARCH_DISTANCES)[number];
export const SEARCH_SORTS = [
  'Newest',
  'Availability',
  'Height',
  'Age',
  'Location',
  'Race',
  'Ethnicity',
  'Views',
  'Distance',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_ORDERS = ['asc', 'desc'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
export const MATCH_CONDITIONS = ['AND', 'OR'] as const;

/**
 * Which donors a staff search lists: `complete` the profiles intended parents may see
 * (not archived, an availability of CLIENT_VISIBLE_AVAILABILITY), `applying` the donors still
 * applying or under form review (Invited, pending, rejected forms), `all` every donor the staff
 * member may see, archived ones included. Staff start with complete profiles and may widen;
 * a client's search always lists complete profiles only, whatever this says.
 */
export const DONOR_PROFILE_SCOPES = ['complete', 'applying', 'all'] as const;
export type DonorProfileScope = (typeof DONOR_PROFILE_SCOPES)[number];
export const DONOR_PROFILE_SCOPE_LABEL: Record<DonorProfileScope, string> = {
  complete: 'Complete profiles',
  applying: 'Applicants',
  all: 'All donors',
};
/** Global search text shorter than this is ignored. */
export const GLOBAL_SEARCH_MIN = 2;
/** Search height defaults: 4'0" to 6'11". */
export const SEARCH_HEIGHT_DEFAULT = { minFeet: 4, minInches: 0, maxFeet: 6, maxInches: 11 } as const;
export const SEARCH_AGE_LIMITS = { min: 18, max: 60 } as const;
export const AMH_MAX = 30;
/** The remaining-queue display: at most 3. */
export const REMAINING_QUEUE_MAX = 3;
/** The name of the built-in search (the form's defaults); it cannot be saved over. */
export const DEFAULT_SEARCH_NAME = 'Default Search';
/** The consumer center's loader messages, rotated every 2.5 s while a search is pending. */
export const SEARCH_LOADER_MESSAGES = [
  'Scanning our database',
  'Scanning 20,000 candidates',
  'Pulling your best matches',
] as const;
export const SEARCH_LOADER_ROTATE_MS = 2500;
/** The saved-search new-donor check is debounced this long. */
export const NEW_DONOR_CHECK_DEBOUNCE_MS = 300;
/** The compare page's donor id search is debounced this long (search spec section 9). */
export const COMPARE_SEARCH_DEBOUNCE_MS = 400;

/** Default order of each sort when the caller does not say. */
export const DEFAULT_SORT_ORDER: Record<SearchSort, SearchOrder> = {
  Newest: 'desc',
  Availability: 'asc',
  Height: 'asc',
  Age: 'asc',
  Location: 'asc',
  Race: 'asc',
  Ethnicity: 'asc',
  Views: 'desc',
  Distance: 'asc',
};

const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values)).max(values.length).default([]);
const range = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`)
    .optional();
const feet = (label: string) => z.number().int(`${label} is invalid.`).min(3).max(7).optional();
const inches = (label: string) => z.number().int(`${label} is invalid.`).min(0).max(11).optional();

/** Every filter of the search form; what a saved search stores. */
export const searchFilters = z.object({
  profiles: z.enum(DONOR_PROFILE_SCOPES, 'Profiles is invalid.').default('complete'),
  centers: z.array(idSchema()).max(100).default([]),
  eyecolor: list(EYE_COLORS),
  haircolor: list(HAIR_COLORS),
  blood_group: list(BLOOD_GROUPS),
  religions: list(RELIGIONS),
  ethnicity: list(ETHNICITIES),
  race: list(RACES),
  ethCondition: z.enum(MATCH_CONDITIONS).default('OR'),
  raceCondition: z.enum(MATCH_CONDITIONS).default('OR'),
  heritage: list(HERITAGES),
  /** State codes (donors.state). */
  locations: z.array(z.string().trim().min(1).max(60)).max(80).default([]),
  educationlevel: list(EDUCATION_LEVELS),
  donortype: list(DONOR_TYPES),
  donoravailability: list(DONOR_AVAILABILITY),
  eggDonationArrangement: list(EGG_DONATION_ARRANGEMENTS),
  minHeightFeet: feet('Minimum height'),
  minHeightInches: inches('Minimum height'),
  maxHeightFeet: feet('Maximum height'),
  maxHeightInches: inches('Maximum height'),
  minage: z
    .number()
    .int('Minimum age is invalid.')
    .min(SEARCH_AGE_LIMITS.min)
    .max(SEARCH_AGE_LIMITS.max)
    .default(SEARCH_AGE_MIN),
  maxage: z
    .number()
    .int('Maximum age is invalid.')
    .min(SEARCH_AGE_LIMITS.min)
    .max(SEARCH_AGE_LIMITS.max)
    .default(SEARCH_AGE_MAX),
  minact: range(EXAM_SCORE_RANGE.ACT.min, EXAM_SCORE_RANGE.ACT.max, 'Minimum ACT'),
  maxact: range(EXAM_SCORE_RANGE.ACT.min, EXAM_SCORE_RANGE.ACT.max, 'Maximum ACT'),
  minsat: range(EXAM_SCORE_RANGE.SAT.min, EXAM_SCORE_RANGE.SAT.max, 'Minimum SAT'),
  maxsat: range(EXAM_SCORE_RANGE.SAT.min, EXAM_SCORE_RANGE.SAT.max, 'Maximum SAT'),
  mingpa: range(0, GPA_MAX, 'Minimum GPA'),
  maxgpa: range(0, GPA_MAX, 'Maximum GPA'),
  minamhscore: range(0, AMH_MAX, 'Minimum AMH'),
  maxamhscore: range(0, AMH_MAX, 'Maximum AMH'),
  first_name: z.string().trim().max(100, 'First name is too long.').optional(),
  donor_id: z.string().trim().max(50, 'Donor id is too long.').optional(),
  globalSearch: z.string().max(200, 'Search text is too long.').optional(),
  zipcode: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, MSG.INVALID_ZIP)
    .optional(),
  distance: z
    .union(
      SEARCH_DISTANCES.map((d) => z.literal(d)) as [z.ZodLiteral<100>, ...z.ZodLiteral<SearchDistance>[]],
    )
    .optional(),
  previousdonor: z.boolean().optional(),
  provenfertility: z.boolean().optional(),
  college_degree: z.boolean().optional(),
  /** Donors whose carrier screening shares no carrier gene with the parent's results. */
  noSharedCarrier: z.boolean().optional(),
});
export type SearchFilters = z.infer<typeof searchFilters>;
export type SearchFiltersInput = z.input<typeof searchFilters>;

function checkFilters(
  v: { zipcode?: string | undefined; distance?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.distance !== undefined && !v.zipcode)
    ctx.addIssue({ code: 'custom', path: ['distance'], message: MSG.ZIP_CODE_FIRST });
}

/** A saved search's filters: the same rules as the search. */
export const savedFilters = searchFilters.superRefine(checkFilters);

/** POST /getdonorlist */
export const searchRequest = searchFilters
  .extend({
    sortby: z.enum(SEARCH_SORTS).default('Newest'),
    orderby: z.enum(SEARCH_ORDERS).optional(),
    recordcount: z
      .union(
        SEARCH_RECORD_COUNTS.map((n) => z.literal(n)) as [
          z.ZodLiteral<25>,
          ...z.ZodLiteral<SearchRecordCount>[],
        ],
      )
      .default(25),
    currentPage: z.number().int().min(1).max(100_000).default(1),
    /** The saved search being run, so its "new donors" count restarts from now. */
    searchId: idSchema().optional(),
  })
  .superRefine((v, ctx) => {
    checkFilters(v, ctx);
    if (v.sortby === 'Distance' && !v.zipcode)
      ctx.addIssue({ code: 'custom', path: ['sortby'], message: MSG.ZIP_CODE_FIRST });
  });
export type SearchRequest = z.infer<typeof searchRequest>;
export type SearchRequestInput = z.input<typeof searchRequest>;

/** The height filter in cm; the maximum is the entered height plus 1 (spec section 5). */
export function heightRangeCm(f: SearchFiltersInput): { min: number | null; max: number | null } {
  const min = f.minHeightFeet !== undefined ? feetInchesToCm(f.minHeightFeet, f.minHeightInches ?? 0) : null;
  const max =
    f.maxHeightFeet !== undefined ? feetInchesToCm(f.maxHeightFeet, f.maxHeightInches ?? 0) + 1 : null;
  return { min, max };
}

/**
 * The text-search query for to_tsquery('simple', ...): every word of the input as a prefix,
 * all required. Only letters, digits and inner hyphens survive (a hyphenated id such as
 * MA-00148 is parsed by to_tsquery the same way as the document), so no input can inject
 * tsquery syntax. Null
 * when there is nothing to search (under GLOBAL_SEARCH_MIN characters).
 */
export function globalSearchQuery(text: string | undefined): string | null {
  if (!text || text.trim().length < GLOBAL_SEARCH_MIN) return null;
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .map((w) => w.replace(/^-+|-+$/g, '').replace(/-+/g, '-'))
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

// ---------------------------------------------------------------------------------------------
// Answers

export const percentageEntry = z.object({ name: z.string(), percentage: z.number() });

/** One of the caller's portfolios holding a donor of the search list (shortlists, shortlists_added_time). */
export const donorShortlist = z.object({
  id: z.number(),
  name: z.string(),
  /** ISO time the donor was added to the portfolio. */
  addedAt: z.string(),
  feedback: z.string().nullable(),
});
export type DonorShortlist = z.infer<typeof donorShortlist>;

/** A donor in the search list (spec section 3 "Donor list item", the parts search knows). */
export const donorListItem = z.object({
  id: z.number(),
  displayId: z.string().nullable(),
  agencyDisplayId: z.string().nullable(),
  /** Only where the donor's center shows first names to this caller. */
  firstName: z.string().nullable(),
  centerId: z.number(),
  age: z.number().nullable(),
  ageUnconfirmed: z.boolean(),
  heightCm: z.number().nullable(),
  eyeColor: z.string().nullable(),
  hairColor: z.string().nullable(),
  races: z.array(percentageEntry),
  ethnicities: z.array(percentageEntry),
  city: z.string().nullable(),
  state: z.string().nullable(),
  availability: z.string(),
  frozenAvailability: z.string().nullable(),
  /** null where the donor's agency hides the donor type from the caller (isDonorTypeVisible). */
  donorType: z.string().nullable(),
  /** 0 to 3 (spec section 9). */
  remainingQueue: z.number(),
  frozenRemainingQueue: z.number(),
  /** /api/donorphoto/{pictureId} of the default picture, or null. */
  photoUrl: z.string().nullable(),
  /** The donor's visible pictures, default first, for the quick view. */
  photoIds: z.array(z.number()),
  views: z.number(),
  /** Miles from the searched zip code, when one is set. */
  distance: z.number().nullable(),
  /** The donor is in the caller's favourites. */
  fav: z.boolean(),
  /** The caller's own non-archived portfolios holding the donor, newest addition first. */
  shortlists: z.array(donorShortlist),
  /** The latest feedback (yes, maybe, no) given on the donor in those portfolios, or null. */
  feedback: z.string().nullable(),
  /** The caller's (an intended parent's) own open match with this donor, if any. */
  matchStatus: z.string().nullable(),
  /** Fresh or Frozen: the queue of that match. */
  queueType: z.string().nullable(),
});
export type DonorListItem = z.infer<typeof donorListItem>;

export const searchAnswer = z.object({
  rows: z.array(donorListItem),
  total: z.number(),
  page: z.number(),
  recordcount: z.number(),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

// ---------------------------------------------------------------------------------------------
// Saved searches

export const searchName = z
  .string({ error: MSG.SEARCH_NAME_LENGTH })
  .trim()
  .min(PORTFOLIO_NAME_MIN, MSG.SEARCH_NAME_LENGTH)
  .max(PORTFOLIO_NAME_MAX, MSG.SEARCH_NAME_LENGTH);

export const savedSearchId = idSchema({ label: 'Search id' });

/** POST /savesearch */
export const saveSearchBody = z.object({ name: searchName, filters: savedFilters });
export type SaveSearchBody = z.infer<typeof saveSearchBody>;
/** PUT /savesearch */
export const updateSearchBody = z.object({
  search_id: savedSearchId,
  name: searchName.optional(),
  filters: savedFilters,
});
export type UpdateSearchBody = z.infer<typeof updateSearchBody>;
/** PUT /updatesearchname */
export const renameSearchBody = z.object({ search_id: savedSearchId, name: searchName });
export type RenameSearchBody = z.infer<typeof renameSearchBody>;
/** PUT /deletesearchlist */
export const deleteSearchBody = z.object({ search_id: savedSearchId });

export const savedSearch = z.object({
  search_id: z.number(),
  search_name: z.string(),
  search_data: searchFilters,
  updated_at: z.string(),
  last_run_at: z.string().nullable(),
  /** Donors matching it created since the caller last ran it (or saved it). */
  newDonors: z.number(),
  /** The daily e-mail of new matches is on (PUT /savedsearchalert, decision 021). */
  alert: z.boolean(),
});
export type SavedSearch = z.infer<typeof savedSearch>;
