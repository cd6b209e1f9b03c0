import type { Db } from '../../platform/db.js';
import {
  CLIENT_LISTED,
  CODES,
  type CodeColumn,
  dayOf,
  FLAG,
  type IndexAnswer,
  type IndexColumns,
  type IndexQuery,
  type IndexSort,
  NUMBERS,
  type NumberColumn,
  WEIGHT,
} from './search.index.columns.js';
import { predicate } from './search.index.filter.js';
import { rankOf, sortByRank, TOP_K_MAX, TopK } from './search.index.sort.js';
import * as repo from './search.repo.js';

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
 *
 * This file holds the copy and keeps it up to date; the filters are in search.index.filter.ts,
 * the orders in search.index.sort.ts, the shared definitions in search.index.columns.ts.
 */

/** One entry of a tsvector's text form: the quoted lexeme and its positions. */
const TSVECTOR_ENTRY = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

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

/**
 * The columns are public for the filters and sorts (IndexColumns), which only read them; every
 * write goes through sync.
 */
export class DonorSearchIndex implements IndexColumns {
  /** Slots in use, freed slots included (a freed slot has no center). */
  private used = 0;
  private capacity = 0;
  private readonly slotOf = new Map<number, number>();
  id = new Int32Array(0);
  center = new Int32Array(0);
  flags = new Uint8Array(0);
  readonly numbers = Object.fromEntries(NUMBERS.map((c) => [c, new Float64Array(0)])) as Record<
    NumberColumn,
    Float64Array
  >;
  readonly codes = Object.fromEntries(CODES.map((c) => [c, new Int32Array(0)])) as Record<
    CodeColumn,
    Int32Array
  >;
  /** Heritage, race and ethnicity names as code lists (shared between donors with the same list). */
  heritage: (readonly number[])[] = [];
  races: (readonly number[])[] = [];
  ethnicities: (readonly number[])[] = [];
  /** The agency's and the platform's donor id, lower case (the donor id filter ignores case). */
  agencyIds: (string | null)[] = [];
  displayIds: (string | null)[] = [];
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
  readonly names: string[] = [];
  readonly nameCodes = new Map<string, number>();
  private readonly listCodes = new Map<string, readonly number[]>();
  /** Rank of each state, city, race and ethnicity name (by code) in the database's collation. */
  nameRank = new Float64Array(0);
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
    const rows = await repo.indexChangesSince(this.db, this.since);
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

  private upsert(r: repo.IndexRow): void {
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
  hasWord(slot: number, term: string, allowed: number): boolean {
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
      const sorted = await repo.inCollationOrder(
        this.db,
        codes.map((c) => [c, this.names[c]!] as const),
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

  /** Every matching donor's id, in no order. */
  async matchingIds(q: IndexQuery): Promise<number[]> {
    await (q.synced ?? this.sync());
    const matches = predicate(this, q);
    const ids: number[] = [];
    for (const list of this.candidates(q)) for (const s of list) if (matches(s)) ids.push(this.id[s]!);
    return ids;
  }

  /** How many donors match, and one page of them in the asked order (ids and their centers). */
  async search(q: IndexQuery, s: IndexSort | null): Promise<IndexAnswer> {
    await (q.synced ?? this.sync());
    if (s && (s.sort === 'Location' || s.sort === 'Race' || s.sort === 'Ethnicity')) await this.rankNames();
    const matches = predicate(this, q);
    const lists = this.candidates(q);
    let total = 0;
    if (!s) {
      for (const list of lists) for (const slot of list) if (matches(slot)) total++;
      return { total, ids: [], centers: [] };
    }
    const { rank, dir } = rankOf(this, s, q.point);
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
