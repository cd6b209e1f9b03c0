import { CLIENT_VISIBLE_AVAILABILITY, heightRangeCm, type SearchFilters, type SearchSort } from '@dm/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { queryRows } from '../../platform/db.js';
import type { VisibilityRule } from '../donor-access/donor-access.js';

/**
 * The donor search, evaluated in process over a copy of `donor_search`.
 *
 * Why: at 100,000 donors a search's count had to read every matching row (a center's whole
 * third of the donors for a broad filter) at about a microsecond each in PostgreSQL, and a
 * search cost 40 ms. The same filters over a few hundred thousand JavaScript fields take a few
 * milliseconds, and the database then only reads the 25 cards of the page.
 *
 * The copy is a cache, never a source of truth: every process keeps its own and brings it up to
 * date before each search with the rows changed since its last look (see `sync`), so a second
 * process, a restart or a write from anywhere changes nothing.
 *
 * The copy is held by column (typed arrays indexed by a slot per donor, texts as codes of one
 * dictionary): a search reads a few numbers per donor in order, where objects scattered over
 * the heap cost a cache miss each. The search words are kept too, as each donor's sorted word
 * codes; only the first-name filter (and a text PostgreSQL reads as more than a list of
 * prefixes) asks the database for the ids it allows.
 */

interface Fetched {
  user_id: number;
  center_id: number;
  archived: boolean;
  availability: string;
  allowed_for_matching_tool: boolean;
  eye_color: string | null;
  hair_color: string | null;
  blood_group: string | null;
  religion: string | null;
  state: string | null;
  city: string | null;
  education_level: string | null;
  donor_type: string;
  egg_donation_arrangement: string | null;
  heritage: string[];
  race_names: string[];
  ethnicity_names: string[];
  main_race: string | null;
  main_ethnicity: string | null;
  height_cm: number | null;
  dob: string | null;
  amh_value: number | null;
  agency_display_id: string | null;
  display_id: string | null;
  previous_donor: boolean;
  proven_fertility: boolean;
  college_degree: boolean;
  latitude: number | null;
  longitude: number | null;
  created_us: number;
  views_count: number;
  act_best: number | null;
  sat_best: number | null;
  gpa_best: number | null;
  words: string;
}

/** The donor_search columns the index keeps, as read (after `kind` and `user_id`). */
const FETCH_COLUMNS = [
  'center_id',
  'archived',
  'availability',
  'allowed_for_matching_tool',
  'eye_color',
  'hair_color',
  'blood_group',
  'religion',
  'state',
  'city',
  'education_level',
  'donor_type',
  'egg_donation_arrangement',
  'heritage',
  'race_names',
  'ethnicity_names',
  'main_race',
  'main_ethnicity',
  'height_cm',
  'date_of_birth::text as dob',
  'amh_value',
  'agency_display_id',
  'display_id',
  'previous_donor',
  'proven_fertility',
  'college_degree',
  'latitude',
  'longitude',
  '(extract(epoch from created_at) * 1000000)::float8 as created_us',
  'views_count',
  'act_best',
  'sat_best',
  'gpa_best',
  'search_vector::text as words',
];
const NULL_COLUMNS = FETCH_COLUMNS.map(() => 'null').join(', ');

/**
 * Everything written since a transaction id, in one statement (one snapshot): the changed rows
 * ('r'), the removed donors ('d') and the snapshot's oldest running transaction ('h').
 */
const changesSince = (since: string) => sql`
  select 'r' as kind, user_id, ${sql.raw(FETCH_COLUMNS.join(', '))}, null as horizon
    from donor_search where changed_xid >= ${since}::xid8
  union all
  select 'd', user_id, ${sql.raw(NULL_COLUMNS)}, null
    from donor_search_removed where changed_xid >= ${since}::xid8
  union all
  select 'h', null, ${sql.raw(NULL_COLUMNS)}, pg_snapshot_xmin(pg_current_snapshot())::text`;

const DAY_MS = 86_400_000;
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;
const RAD = Math.PI / 180;

/** Great-circle miles (haversine): the distance filter, the Distance sort and the card's distance. */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lng2 - lng1) * RAD) / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const AVAILABILITY_RANK: Record<string, number> = {
  Available: 0,
  'In Cycle': 1,
  'Under Review': 2,
  Reserved: 3,
  'On Hold': 4,
};

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

/** YYYY-MM-DD of `years` whole years before `now` (UTC calendar). */
function yearsBefore(now: Date, years: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** One entry of a tsvector's text form: the quoted lexeme and its positions. */
const TSVECTOR_ENTRY = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

/** Weight bits of the search words: A (first name), B (last name), C, D (the rest). */
export const WEIGHT = { A: 1, B: 2, C: 4, D: 8 } as const;

/** Days since 1970 of a YYYY-MM-DD date. */
const dayOf = (date: string) => Date.parse(date) / DAY_MS;
const CLIENT_LISTED = new Set<string>(CLIENT_VISIBLE_AVAILABILITY);

/** Flag bits of a donor. */
const FLAG = { allowed: 1, listed: 2, previous: 4, proven: 8, college: 16, archived: 32 } as const;

/** Columns of numbers; NaN stands for a missing value, which fails every comparison. */
const NUMBERS = ['dob', 'created', 'height', 'amh', 'act', 'sat', 'gpa', 'lat', 'lng', 'views'] as const;
/** Columns of text codes; -1 stands for a missing text. */
const CODES = [
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
type NumberColumn = (typeof NUMBERS)[number];
type CodeColumn = (typeof CODES)[number];

const grownF64 = (a: Float64Array, n: number) => {
  const b = new Float64Array(n).fill(Number.NaN);
  b.set(a);
  return b;
};
const grownI32 = (a: Int32Array, n: number) => {
  const b = new Int32Array(n).fill(-1);
  b.set(a);
  return b;
};
const num = (v: number | string | null) => (v === null ? Number.NaN : Number(v));

/** Up to this many donors a page keeps the best ones as they come; past it, it sorts them all. */
export const TOP_K_MAX = 1000;

/**
 * The first `size` slots of an order among those offered, without sorting them all: a binary
 * heap whose root is the last one kept. The order is (rank, tie) ascending.
 */
class TopK {
  private readonly ranks: Float64Array;
  private readonly ties: Float64Array;
  private readonly slots: Int32Array;
  private n = 0;

  constructor(private readonly size: number) {
    this.ranks = new Float64Array(size);
    this.ties = new Float64Array(size);
    this.slots = new Int32Array(size);
  }

  /** Whether entry i comes after entry j. */
  private after(i: number, j: number): boolean {
    const { ranks, ties } = this;
    return ranks[i]! > ranks[j]! || (ranks[i] === ranks[j] && ties[i]! > ties[j]!);
  }

  private swap(i: number, j: number): void {
    const { ranks, ties, slots } = this;
    const rank = ranks[i]!;
    ranks[i] = ranks[j]!;
    ranks[j] = rank;
    const tie = ties[i]!;
    ties[i] = ties[j]!;
    ties[j] = tie;
    const slot = slots[i]!;
    slots[i] = slots[j]!;
    slots[j] = slot;
  }

  offer(rank: number, tie: number, slot: number): void {
    const { ranks, ties, slots, size } = this;
    if (this.n < size) {
      let i = this.n++;
      ranks[i] = rank;
      ties[i] = tie;
      slots[i] = slot;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.after(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (size === 0 || rank > ranks[0]! || (rank === ranks[0] && tie > ties[0]!)) return;
    ranks[0] = rank;
    ties[0] = tie;
    slots[0] = slot;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && this.after(right, left) ? right : left;
      if (!this.after(child, i)) break;
      this.swap(i, child);
      i = child;
    }
  }

  /** The slots kept, first first. */
  sorted(): number[] {
    return sortByRank(Array.from(this.slots.subarray(0, this.n)), this.ranks, this.ties);
  }
}

/** Slots in (rank, tie) ascending order, their ranks and ties given by position. */
function sortByRank(slots: number[], ranks: ArrayLike<number>, ties: ArrayLike<number>): number[] {
  const order = slots.map((_, i) => i);
  order.sort((i, j) => ranks[i]! - ranks[j]! || ties[i]! - ties[j]!);
  return order.map((i) => slots[i]!);
}

export class DonorSearchIndex {
  /** Slots in use, freed slots included (a freed slot has no center). */
  private used = 0;
  private capacity = 0;
  private readonly slotOf = new Map<number, number>();
  private id = new Int32Array(0);
  private center = new Int32Array(0);
  private flags = new Uint8Array(0);
  private readonly numbers = Object.fromEntries(NUMBERS.map((c) => [c, new Float64Array(0)])) as Record<
    NumberColumn,
    Float64Array
  >;
  private readonly codes = Object.fromEntries(CODES.map((c) => [c, new Int32Array(0)])) as Record<
    CodeColumn,
    Int32Array
  >;
  /** Heritage, race and ethnicity names as code lists (shared between donors with the same list). */
  private heritage: (readonly number[])[] = [];
  private races: (readonly number[])[] = [];
  private ethnicities: (readonly number[])[] = [];
  /** The agency's and the platform's donor id, lower case (the donor id filter ignores case). */
  private agencyIds: (string | null)[] = [];
  private displayIds: (string | null)[] = [];
  /**
   * Each donor's words: `wordCount` codes from `wordStart` in `wordCodes`, sorted by their text,
   * with their weights in `wordWeights`. A donor's new words are appended; the space they leave
   * is reclaimed when half of it is unused.
   */
  private wordStart = new Int32Array(0);
  private wordCount = new Int32Array(0);
  private wordCodes = new Int32Array(1024);
  private wordWeights = new Uint8Array(1024);
  private wordsUsed = 0;
  private wordsLive = 0;

  /** One dictionary of every text: code -> text and text -> code. */
  private readonly names: string[] = [];
  private readonly nameCodes = new Map<string, number>();
  private readonly listCodes = new Map<string, readonly number[]>();
  /** Rank of each state, city, race and ethnicity name (by code) in the database's collation. */
  private nameRank = new Float64Array(0);
  private readonly sortable = new Set<number>();
  private ranksStale = false;

  private byCenter: Map<number, Int32Array> | null = null;
  /** Rows written by transactions at or after this id may not have been read yet. */
  private since = '0';
  private queued: Promise<void> | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.slotOf.size;
  }

  /**
   * Reads what changed since the last look, so a search sees every write committed before it
   * began. Every donor_search write stamps its row with the writing transaction's id (migration
   * 0024) and a deleted row leaves its id in donor_search_removed. The snapshot's xmin, the
   * oldest transaction still running, is where the next look starts: anything older has
   * committed (and was read now) or rolled back. Concurrent callers share one queued look.
   */
  sync(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.running.then(() => {
      this.queued = null;
      return this.readChanges();
    });
    this.queued = next;
    this.running = next.catch(() => undefined);
    return next;
  }

  private async readChanges(): Promise<void> {
    const rows = await queryRows<Fetched & { kind: 'r' | 'd' | 'h'; horizon: string | null }>(
      this.db,
      changesSince(this.since),
    );
    let horizon: string | null = null;
    for (const r of rows) {
      if (r.kind === 'r') this.upsert(r);
      else if (r.kind === 'h') horizon = r.horizon;
      else this.remove(r.user_id);
    }
    if (horizon === null) throw new Error('donor search index: no snapshot horizon read');
    if (this.wordsUsed > 1024 && this.wordsLive * 2 < this.wordsUsed) this.compactWords();
    this.since = horizon;
  }

  private code(text: string | null): number {
    if (text === null) return -1;
    const known = this.nameCodes.get(text);
    if (known !== undefined) return known;
    const code = this.names.length;
    this.names.push(text);
    this.nameCodes.set(text, code);
    return code;
  }

  private codeList(texts: readonly string[]): readonly number[] {
    const key = texts.join('\u0000');
    const known = this.listCodes.get(key);
    if (known) return known;
    const list = Object.freeze(texts.map((t) => this.code(t)));
    this.listCodes.set(key, list);
    return list;
  }

  private sortableCode(text: string | null): number {
    const code = this.code(text);
    if (code >= 0 && !this.sortable.has(code)) {
      this.sortable.add(code);
      this.ranksStale = true;
    }
    return code;
  }

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    this.id = grownI32(this.id, capacity);
    this.center = grownI32(this.center, capacity);
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.flags = flags;
    for (const c of NUMBERS) this.numbers[c] = grownF64(this.numbers[c], capacity);
    for (const c of CODES) this.codes[c] = grownI32(this.codes[c], capacity);
    this.wordStart = grownI32(this.wordStart, capacity);
    const counts = new Int32Array(capacity);
    counts.set(this.wordCount);
    this.wordCount = counts;
    this.capacity = capacity;
  }

  private upsert(r: Fetched): void {
    let slot = this.slotOf.get(r.user_id);
    if (slot === undefined) {
      if (this.used === this.capacity) this.grow();
      slot = this.used++;
      this.slotOf.set(r.user_id, slot);
      this.byCenter = null;
    } else if (this.center[slot] !== r.center_id) {
      this.byCenter = null;
    }
    this.id[slot] = r.user_id;
    this.center[slot] = r.center_id;
    this.flags[slot] =
      (r.allowed_for_matching_tool ? FLAG.allowed : 0) |
      (!r.archived && CLIENT_LISTED.has(r.availability) ? FLAG.listed : 0) |
      (r.previous_donor ? FLAG.previous : 0) |
      (r.proven_fertility ? FLAG.proven : 0) |
      (r.college_degree ? FLAG.college : 0) |
      (r.archived ? FLAG.archived : 0);
    const n = this.numbers;
    n.dob[slot] = r.dob === null ? Number.NaN : dayOf(r.dob);
    n.created[slot] = Number(r.created_us);
    n.height[slot] = num(r.height_cm);
    n.amh[slot] = num(r.amh_value);
    n.act[slot] = num(r.act_best);
    n.sat[slot] = num(r.sat_best);
    n.gpa[slot] = num(r.gpa_best);
    n.lat[slot] = num(r.latitude);
    n.lng[slot] = num(r.longitude);
    n.views[slot] = r.views_count;
    const c = this.codes;
    c.availability[slot] = this.code(r.availability);
    c.eye[slot] = this.code(r.eye_color);
    c.hair[slot] = this.code(r.hair_color);
    c.blood[slot] = this.code(r.blood_group);
    c.religion[slot] = this.code(r.religion);
    c.state[slot] = this.sortableCode(r.state);
    c.city[slot] = this.sortableCode(r.city);
    c.education[slot] = this.code(r.education_level);
    c.donorType[slot] = this.code(r.donor_type);
    c.arrangement[slot] = this.code(r.egg_donation_arrangement);
    c.mainRace[slot] = this.sortableCode(r.main_race);
    c.mainEthnicity[slot] = this.sortableCode(r.main_ethnicity);
    this.heritage[slot] = this.codeList(r.heritage);
    this.races[slot] = this.codeList(r.race_names);
    this.ethnicities[slot] = this.codeList(r.ethnicity_names);
    this.agencyIds[slot] = r.agency_display_id?.toLowerCase() ?? null;
    this.displayIds[slot] = r.display_id?.toLowerCase() ?? null;
    this.setWords(slot, r.words);
  }

  private remove(donorId: number): void {
    const slot = this.slotOf.get(donorId);
    if (slot === undefined) return;
    this.slotOf.delete(donorId);
    this.center[slot] = -1;
    this.wordsLive -= this.wordCount[slot]!;
    this.wordCount[slot] = 0;
    this.byCenter = null;
  }

  /**
   * A tsvector's text ('dana':1A 'donor':2B 'white':10) as the donor's word codes, sorted by
   * their text, and their weights (a position without a letter is D).
   */
  private setWords(slot: number, text: string): void {
    const found = new Map<string, number>();
    for (const m of text.matchAll(TSVECTOR_ENTRY)) {
      const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
      let bits = 0;
      for (const position of m[2]?.split(',') ?? ['']) {
        const letter = position.at(-1);
        bits |= letter === 'A' || letter === 'B' || letter === 'C' ? WEIGHT[letter] : WEIGHT.D;
      }
      found.set(lexeme, (found.get(lexeme) ?? 0) | bits);
    }
    const lexemes = [...found.keys()].sort();
    // Unchanged words (a views count or an availability changed) stay where they are.
    const start = this.wordStart[slot]!;
    const count = this.wordCount[slot]!;
    if (
      count === lexemes.length &&
      lexemes.every(
        (l, i) =>
          this.names[this.wordCodes[start + i]!] === l && this.wordWeights[start + i] === found.get(l),
      )
    )
      return;
    this.wordsLive += lexemes.length - count;
    this.reserveWords(lexemes.length);
    const at = this.wordsUsed;
    lexemes.forEach((l, i) => {
      this.wordCodes[at + i] = this.code(l);
      this.wordWeights[at + i] = found.get(l)!;
    });
    this.wordStart[slot] = at;
    this.wordCount[slot] = lexemes.length;
    this.wordsUsed += lexemes.length;
  }

  private reserveWords(n: number): void {
    if (this.wordsUsed + n <= this.wordCodes.length) return;
    const size = Math.max(this.wordCodes.length * 2, this.wordsUsed + n);
    const codes = new Int32Array(size);
    codes.set(this.wordCodes.subarray(0, this.wordsUsed));
    const weights = new Uint8Array(size);
    weights.set(this.wordWeights.subarray(0, this.wordsUsed));
    this.wordCodes = codes;
    this.wordWeights = weights;
  }

  /** Copies every donor's current words together again, leaving out the replaced ones. */
  private compactWords(): void {
    const codes = new Int32Array(Math.max(1024, this.wordsLive * 2));
    const weights = new Uint8Array(codes.length);
    let at = 0;
    for (const slot of this.slotOf.values()) {
      const start = this.wordStart[slot]!;
      const count = this.wordCount[slot]!;
      codes.set(this.wordCodes.subarray(start, start + count), at);
      weights.set(this.wordWeights.subarray(start, start + count), at);
      this.wordStart[slot] = at;
      at += count;
    }
    this.wordCodes = codes;
    this.wordWeights = weights;
    this.wordsUsed = at;
    this.wordsLive = at;
  }

  /** Whether the donor has a word starting with `term` under a weight the caller may see. */
  private hasWord(slot: number, term: string, allowed: number): boolean {
    const { names, wordCodes, wordWeights } = this;
    const start = this.wordStart[slot]!;
    const end = start + this.wordCount[slot]!;
    let lo = start;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (names[wordCodes[mid]!]! < term) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < end && names[wordCodes[i]!]!.startsWith(term); i++) {
      if (wordWeights[i]! & allowed) return true;
    }
    return false;
  }

  /**
   * Names ranked in the database's own collation, so a name sort agrees with ORDER BY. A name
   * first seen while the ranks are read marks them stale again.
   */
  private async rankNames(): Promise<void> {
    while (this.ranksStale) {
      this.ranksStale = false;
      const codes = [...this.sortable];
      const sorted = await queryRows<{ code: number }>(
        this.db,
        sql`select (value ->> 0)::int as code from json_array_elements(${JSON.stringify(
          codes.map((c) => [c, this.names[c]]),
        )}::json) order by value ->> 1`,
      );
      const ranks = new Float64Array(this.names.length);
      for (const [i, r] of sorted.entries()) ranks[r.code] = i;
      this.nameRank = ranks;
    }
  }

  /** Each center's slots, by donor id (newer donors have higher ids). */
  private centerLists(): Map<number, Int32Array> {
    if (this.byCenter) return this.byCenter;
    const lists = new Map<number, number[]>();
    for (const slot of this.slotOf.values()) {
      const c = this.center[slot]!;
      const list = lists.get(c);
      if (list) list.push(slot);
      else lists.set(c, [slot]);
    }
    const byCenter = new Map<number, Int32Array>();
    for (const [c, list] of lists) {
      list.sort((a, b) => this.id[a]! - this.id[b]!);
      byCenter.set(c, Int32Array.from(list));
    }
    this.byCenter = byCenter;
    return byCenter;
  }

  /** The slot lists to test: those of the centers the caller may see and the filter asks for. */
  private candidates(q: IndexQuery): Int32Array[] {
    const v = q.visibility;
    if (v.kind === 'self') {
      const slot = this.slotOf.get(v.donorId);
      return slot === undefined ? [] : [Int32Array.of(slot)];
    }
    const lists = this.centerLists();
    let centers = v.kind === 'all' ? [...lists.keys()] : v.centers;
    if (q.filters.centers.length) {
      const asked = new Set(q.filters.centers);
      centers = centers.filter((c) => asked.has(c));
    }
    return centers.map((c) => lists.get(c) ?? new Int32Array(0));
  }

  /** The filters as one test of a slot (visibility and age first, inline). */
  private predicate(q: IndexQuery): (slot: number) => boolean {
    const f = q.filters;
    const { id, center, flags, numbers, codes } = this;
    const tests: ((slot: number) => boolean)[] = [];
    const codeSet = (values: readonly string[]) => {
      const wanted = new Uint8Array(this.names.length);
      for (const v of values) {
        const c = this.nameCodes.get(v);
        if (c !== undefined) wanted[c] = 1;
      }
      return wanted;
    };
    const member = (values: readonly string[], column: Int32Array) => {
      if (values.length === 0) return;
      const wanted = codeSet(values);
      tests.push((s) => wanted[column[s]!] === 1);
    };
    member(f.eyecolor, codes.eye);
    member(f.haircolor, codes.hair);
    member(f.blood_group, codes.blood);
    member(f.religions, codes.religion);
    member(f.locations, codes.state);
    member(f.educationlevel, codes.education);
    member(f.donortype, codes.donorType);
    member(f.donoravailability, codes.availability);
    member(f.eggDonationArrangement, codes.arrangement);
    const named = (values: readonly string[], condition: 'AND' | 'OR', lists: (readonly number[])[]) => {
      if (values.length === 0) return;
      const wanted = codeSet(values);
      if (condition === 'OR') {
        tests.push((s) => {
          const list = lists[s]!;
          for (let i = 0; i < list.length; i++) if (wanted[list[i]!] === 1) return true;
          return false;
        });
      } else {
        const all = values.map((v) => this.nameCodes.get(v) ?? -1);
        tests.push((s) => {
          const list = lists[s]!;
          for (const c of all) if (!list.includes(c)) return false;
          return true;
        });
      }
    };
    named(f.heritage, 'OR', this.heritage);
    named(f.race, f.raceCondition, this.races);
    named(f.ethnicity, f.ethCondition, this.ethnicities);
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
      const wanted = f.donor_id.toLowerCase();
      const { agencyIds, displayIds } = this;
      tests.push((s) => agencyIds[s] === wanted || displayIds[s] === wanted);
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
      tests.push((s) => {
        let weights = byCenter.get(center[s]!);
        if (weights === undefined) {
          weights = weightsFor(center[s]!);
          byCenter.set(center[s]!, weights);
        }
        for (const term of terms) if (!this.hasWord(s, term, weights)) return false;
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
    const n = tests.length;
    return (s) => {
      const born = dob[s]!;
      if (!(born <= bornBy && born > bornAfter)) return false;
      if (client !== null) {
        const bits = flags[s]!;
        if ((bits & FLAG.listed) === 0) return false;
        if (center[s] !== ownCenter && (bits & FLAG.allowed) === 0) return false;
        if (hidden?.has(id[s]!)) return false;
      }
      for (let i = 0; i < n; i++) if (!tests[i]!(s)) return false;
      return true;
    };
  }

  /**
   * The order of a sort as one number per slot, ascending: the key times the direction, a donor
   * without a key last in both directions (ORDER BY ... NULLS LAST). Location's two names become
   * one number (state rank, then city rank). The tie, the donor id in the same direction, comes
   * apart.
   */
  private rankOf(s: IndexSort, point: IndexQuery['point']): { rank: (slot: number) => number; dir: number } {
    const { numbers, codes, nameRank } = this;
    const reversed = s.sort === 'Age';
    const dir = s.descending !== reversed ? -1 : 1;
    const LAST = Number.POSITIVE_INFINITY;
    const byNumber = (column: Float64Array) => (slot: number) => {
      const k = column[slot]!;
      return Number.isNaN(k) ? LAST : dir * k;
    };
    const byName = (column: Int32Array) => (slot: number) => {
      const c = column[slot]!;
      return c < 0 ? LAST : dir * nameRank[c]!;
    };
    switch (s.sort) {
      case 'Newest':
        return { rank: byNumber(numbers.created), dir };
      case 'Height':
        return { rank: byNumber(numbers.height), dir };
      case 'Age':
        return { rank: byNumber(numbers.dob), dir };
      case 'Views':
        return { rank: byNumber(numbers.views), dir };
      case 'Race':
        return { rank: byName(codes.mainRace), dir };
      case 'Ethnicity':
        return { rank: byName(codes.mainEthnicity), dir };
      case 'Availability': {
        const availability = codes.availability;
        const byCode = new Float64Array(this.names.length).fill(5);
        for (const [name, rank] of Object.entries(AVAILABILITY_RANK)) {
          const code = this.nameCodes.get(name);
          if (code !== undefined) byCode[code] = rank;
        }
        return { rank: (slot) => dir * byCode[availability[slot]!]!, dir };
      }
      case 'Location': {
        // A city without a value comes after every city of its state, in both directions.
        const span = this.names.length + 1;
        const missing = dir === 1 ? span - 1 : -1;
        const { state, city } = codes;
        return {
          rank: (slot) => {
            const a = state[slot]!;
            if (a < 0) return LAST;
            const b = city[slot]!;
            return dir * (nameRank[a]! * span + (b < 0 ? missing : nameRank[b]!));
          },
          dir,
        };
      }
      case 'Distance': {
        if (!point) return { rank: () => LAST, dir };
        const { latitude, longitude } = point;
        const { lat, lng } = numbers;
        return {
          rank: (slot) => {
            const miles = milesBetween(latitude, longitude, lat[slot]!, lng[slot]!);
            return Number.isNaN(miles) ? LAST : dir * miles;
          },
          dir,
        };
      }
    }
  }

  /** Every matching donor's id, in no order. */
  async matchingIds(q: IndexQuery): Promise<number[]> {
    await (q.synced ?? this.sync());
    const matches = this.predicate(q);
    const ids: number[] = [];
    for (const list of this.candidates(q)) for (const s of list) if (matches(s)) ids.push(this.id[s]!);
    return ids;
  }

  /** How many donors match, and one page of them in the asked order (ids and their centers). */
  async search(q: IndexQuery, s: IndexSort | null): Promise<IndexAnswer> {
    await (q.synced ?? this.sync());
    if (s && (s.sort === 'Location' || s.sort === 'Race' || s.sort === 'Ethnicity')) await this.rankNames();
    const matches = this.predicate(q);
    const lists = this.candidates(q);
    let total = 0;
    if (!s) {
      for (const list of lists) for (const slot of list) if (matches(slot)) total++;
      return { total, ids: [], centers: [] };
    }
    const { rank, dir } = this.rankOf(s, q.point);
    const id = this.id;
    const kept = s.offset + s.limit;
    let sorted: number[];
    if (kept <= TOP_K_MAX) {
      const top = new TopK(kept);
      // The lists run by id, and ids follow the creation time: read them in the direction asked
      // for, so that under Newest the first donors kept are the ones that stay and the rest fail
      // at the first comparison (read the other way, every donor would replace the last kept).
      for (const list of lists) {
        const n = list.length;
        for (let j = 0; j < n; j++) {
          const slot = list[dir === 1 ? j : n - 1 - j]!;
          if (!matches(slot)) continue;
          total++;
          top.offer(rank(slot), dir * id[slot]!, slot);
        }
      }
      sorted = top.sorted();
    } else {
      // A deep page (over a thousand donors before its end) sorts every match once instead.
      const found: number[] = [];
      const ranks: number[] = [];
      const ties: number[] = [];
      for (const list of lists) {
        for (const slot of list) {
          if (!matches(slot)) continue;
          found.push(slot);
          ranks.push(rank(slot));
          ties.push(dir * id[slot]!);
        }
      }
      total = found.length;
      sorted = sortByRank(found, ranks, ties);
    }
    const page = sorted.slice(s.offset, kept);
    return {
      total,
      ids: page.map((slot) => id[slot]!),
      centers: [...new Set(page.map((slot) => this.center[slot]!))],
    };
  }
}

const indexes = new WeakMap<Db, DonorSearchIndex>();

/** The search index of this database handle (one per process and database). */
export function donorSearchIndex(db: Db): DonorSearchIndex {
  const known = indexes.get(db);
  if (known) return known;
  const index = new DonorSearchIndex(db);
  indexes.set(db, index);
  return index;
}
