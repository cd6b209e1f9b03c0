import { CLIENT_VISIBLE_AVAILABILITY, type SearchFilters, type SearchSort } from '@dm/shared';
import type { VisibilityRule } from '../donor-access/index.js';

/**
 * What the in-process search index (search.index.ts) shares with its filters
 * (search.index.filter.ts) and sorts (search.index.sort.ts): the questions and answers, the
 * columns it holds and how their values are coded.
 */

export const DAY_MS = 86_400_000;
const EARTH_RADIUS_MILES = 3958.8;
export const MILES_PER_DEGREE_LATITUDE = 69.0;
const RAD = Math.PI / 180;

/** Great-circle miles (haversine): the distance filter, the Distance sort and the card's distance. */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lng2 - lng1) * RAD) / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface IndexQuery {
  visibility: VisibilityRule;
  filters: SearchFilters;
  now: Date;
  point: { latitude: number; longitude: number } | null;
  /** Ids the database allowed for the filters the copy does not hold (first name, odd words). */
  allowedIds: Set<number> | null;
  /**
   * The global text search: every term must start a word of the donor under a weight the caller
   * may see for the donor's center (`weightsFor`, WEIGHT bits).
   */
  words?: { terms: readonly string[]; weightsFor: (centerId: number) => number } | null;
  /** Only donors created after this time (a saved search's new donors). */
  createdAfter?: Date;
  /** A look at the changes (sync) started for this query, else the search starts one. */
  synced?: Promise<void>;
}

export interface IndexAnswer {
  total: number;
  ids: number[];
  /** The centers of the page's donors. */
  centers: number[];
}

export interface IndexSort {
  sort: SearchSort;
  descending: boolean;
  limit: number;
  offset: number;
}

/** Weight bits of the search words: A (first name), B (last name), C, D (the rest). */
export const WEIGHT = { A: 1, B: 2, C: 4, D: 8 } as const;

/** Days since 1970 of a YYYY-MM-DD date. */
export const dayOf = (date: string) => Date.parse(date) / DAY_MS;
export const CLIENT_LISTED = new Set<string>(CLIENT_VISIBLE_AVAILABILITY);

/** Flag bits of a donor. */
export const FLAG = { allowed: 1, listed: 2, previous: 4, proven: 8, college: 16, archived: 32 } as const;

/** Columns of numbers; NaN stands for a missing value, which fails every comparison. */
export const NUMBERS = [
  'dob',
  'created',
  'height',
  'amh',
  'act',
  'sat',
  'gpa',
  'lat',
  'lng',
  'views',
] as const;
/** Columns of text codes; -1 stands for a missing text. */
export const CODES = [
  'availability',
  'eye',
  'hair',
  'blood',
  'religion',
  'state',
  'city',
  'education',
  'donorType',
  'arrangement',
  'mainRace',
  'mainEthnicity',
] as const;
export type NumberColumn = (typeof NUMBERS)[number];
export type CodeColumn = (typeof CODES)[number];

/**
 * The index's columns by slot, as its filters and sorts read them (never write them). Each is
 * read straight from the index object, so a filter's loop costs what it did inside the class.
 */
export interface IndexColumns {
  readonly id: Int32Array;
  readonly center: Int32Array;
  readonly flags: Uint8Array;
  readonly numbers: Record<NumberColumn, Float64Array>;
  readonly codes: Record<CodeColumn, Int32Array>;
  /** Heritage, race and ethnicity names: each slot's list of name codes, by its number in `nameLists`. */
  readonly heritage: Int32Array;
  readonly races: Int32Array;
  readonly ethnicities: Int32Array;
  readonly nameLists: readonly (readonly number[])[];
  /** The dictionary: code -> text and text -> code. */
  readonly names: string[];
  readonly nameCodes: Map<string, number>;
  /** Rank of each sortable name (by code) in the database's collation. */
  readonly nameRank: Float64Array;
  /** A test of whether a donor has a word starting with `term` under a weight in `allowed`. */
  wordMatcher(term: string): (slot: number, allowed: number) => boolean;
}
