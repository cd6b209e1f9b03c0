import type { Db } from '../../platform/db.js';
import { FreshRead } from '../../platform/fresh-read.js';
import { answerKey, IndexAnswers } from './search.index.answers.js';
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
} from './search.index.columns.js';
import { predicate } from './search.index.filter.js';
import { MAX_BITMAPS, POSTED, type PostedColumn, Postings, postedFilters } from './search.index.postings.js';
import { holdsSlot, SLICE_MS, scanSlots, yieldToLoop } from './search.index.scan.js';
import { rankOf, sortByRank, TOP_K_MAX, TopK } from './search.index.sort.js';
import { DonorWords } from './search.index.words.js';
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

/**
 * Rows of the first load read at a time, each chunk its own statement, so the peak is bounded.
 * Small enough that a chunk's rows are garbage before the young generation is collected twice:
 * larger chunks lived long enough to be promoted and left the old generation full of them (at
 * 120,000 donors the heap in use after the load was 165 MB with 2,000 rows a chunk, 70 with 500;
 * the load takes 0.1 s longer). Decision 013.
 */
const LOAD_CHUNK = 500;

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
  /** Slots in use, freed slots included (a freed slot has no center); written by sync only. */
  used = 0;
  private capacity = 0;
  private count = 0;
  /** Each donor id's slot plus one (0: none), by donor id: a few bytes a user, not a Map entry. */
  private slotById = new Int32Array(0);
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
  heritage = new Int32Array(0);
  races = new Int32Array(0);
  ethnicities = new Int32Array(0);
  readonly nameLists: (readonly number[])[] = [];
  private readonly words = new DonorWords();
  /** Bitmaps of the slots of each value of the selective filters and of each center. */
  readonly postings = new Postings(() => this);

  /** One dictionary of the filter values (not the words): code -> text and text -> code. */
  readonly names: string[] = [];
  readonly nameCodes = new Map<string, number>();
  private readonly listCodes = new Map<string, number>();
  /** Rank of each state, city, race and ethnicity name (by code) in the database's collation. */
  nameRank = new Float64Array(0);
  private readonly sortable = new Set<number>();
  private ranksStale = false;

  private byCenter: Map<number, Int32Array> | null = null;
  /** The snapshot of the last look: what it did not see may be unread. Null before the first load. */
  private since: repo.IndexHorizon | null = null;
  /** When the look that took `since` began (Date.now()). */
  private lookedAt = 0;
  /** Concurrent callers share one look that began after they asked (platform/fresh-read.ts). */
  private readonly look = new FreshRead(() => (this.since ? this.readChanges(this.since) : this.load()));
  /** Scans under way (see scan): the words are not compacted meanwhile. */
  private scans = 0;
  /** Rows the looks after the first load read (changed and removed donors), for tests and benches. */
  readonly reads = { looks: 0, rows: 0 };
  /** Changes applied (rows, ranks): an answer found at one count holds while it stays. */
  private changes = 0;
  readonly answers = new IndexAnswers();

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.count;
  }

  /**
   * Reads what changed since the last look, so a search sees every write committed before it
   * began. Every donor_search write stamps its row with the writing transaction's id (migration
   * 0024) and a deleted row leaves its id in donor_search_removed. A look remembers its snapshot;
   * the next reads the rows of the transactions that snapshot did not see (at or after its xmax,
   * or running then), so a long transaction costs one more probe, not every row written since
   * it began. Concurrent callers share one queued look.
   */
  sync(): Promise<void> {
    return this.look.get();
  }

  /**
   * The first look: every row, in chunks by donor id (each its own statement), then the rows
   * written since the load began. A row changed during the load was read in either version
   * and is read again then, as is a donor removed meanwhile.
   */
  private async load(): Promise<void> {
    const start = await repo.indexSnapshot(this.db);
    // Sized once for the donors there are: growing by halves would copy the columns a few times
    // and leave up to a third of them unused.
    const expected = await repo.indexRowCount(this.db);
    if (expected > this.capacity) this.grow(expected + (expected >> 6) + 64);
    this.words.expect(expected);
    let after = 0;
    for (;;) {
      const rows = await repo.indexRowsAfter(this.db, after, LOAD_CHUNK);
      await this.apply(rows, (r) => this.upsert(r));
      if (rows.length < LOAD_CHUNK) break;
      after = rows.at(-1)!.user_id;
    }
    this.words.trim();
    await this.readChanges(start);
  }

  private async readChanges(since: repo.IndexHorizon): Promise<void> {
    const began = Date.now();
    const rows = await repo.indexChangesSince(this.db, since);
    let horizon: string | null = null;
    await this.apply(rows, (r) => {
      if (r.kind === 'r') this.upsert(r);
      else if (r.kind === 'h') horizon = r.horizon;
      else this.remove(r.user_id);
    });
    if (horizon === null) throw new Error('donor search index: no snapshot horizon read');
    if (this.since) {
      this.reads.looks++;
      this.reads.rows += rows.length - 1;
    }
    if (this.scans === 0) this.words.compact(this.liveSlots());
    this.since = repo.parseSnapshot(horizon);
    this.lookedAt = began;
  }

  /**
   * How far the index is behind the database, in seconds: 0 when nothing was written since its
   * last look (it refreshes when searched, so an idle index is not behind), else the time since
   * that look; null before the first load.
   */
  async lagSeconds(): Promise<number | null> {
    if (!this.since) return null;
    const at = this.lookedAt;
    return (await repo.changedSince(this.db, this.since)) ? (Date.now() - at) / 1000 : 0;
  }

  /** Applies rows a few milliseconds at a time, so no request waits long behind a big change. */
  private async apply<R>(rows: readonly R[], each: (r: R) => void): Promise<void> {
    let sliceStart = performance.now();
    for (let i = 0; i < rows.length; i++) {
      each(rows[i]!);
      if ((i & 63) === 63 && performance.now() - sliceStart > SLICE_MS) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
    }
  }

  private *liveSlots(): Generator<number> {
    const center = this.center;
    for (let slot = 0; slot < this.used; slot++) if (center[slot]! >= 0) yield slot;
  }

  private slotOf(donorId: number): number | undefined {
    const s = donorId < this.slotById.length ? this.slotById[donorId]! : 0;
    return s === 0 ? undefined : s - 1;
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

  /** A list of names as the number of its code list in nameLists (shared by the same lists). */
  private codeList(texts: readonly string[]): number {
    const key = texts.join('\u0000');
    const known = this.listCodes.get(key);
    if (known !== undefined) return known;
    const number = this.nameLists.length;
    this.nameLists.push(Object.freeze(texts.map((t) => this.code(t))));
    this.listCodes.set(key, number);
    return number;
  }

  private sortableCode(text: string | null): number {
    const code = this.code(text);
    if (code >= 0 && !this.sortable.has(code)) {
      this.sortable.add(code);
      this.ranksStale = true;
    }
    return code;
  }

  /** Room for more slots: `capacity` of them, else an eighth more (a few more bytes than needed). */
  private grow(capacity = Math.max(1024, Math.ceil(this.capacity * 1.125))): void {
    this.id = grownI32(this.id, capacity);
    this.center = grownI32(this.center, capacity);
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.flags = flags;
    for (const c of NUMBERS) this.numbers[c] = grownF64(this.numbers[c], capacity);
    for (const c of CODES) this.codes[c] = grownI32(this.codes[c], capacity);
    this.heritage = grownI32(this.heritage, capacity);
    this.races = grownI32(this.races, capacity);
    this.ethnicities = grownI32(this.ethnicities, capacity);
    this.words.grow(capacity);
    this.postings.grow(capacity);
    this.capacity = capacity;
  }

  private upsert(r: repo.IndexRow): void {
    this.changes++;
    let slot = this.slotOf(r.user_id);
    if (slot === undefined) {
      if (this.used === this.capacity) this.grow();
      slot = this.used++;
      if (r.user_id >= this.slotById.length) {
        const byId = new Int32Array(Math.max(1024, Math.ceil((r.user_id + 1) * 1.25)));
        byId.set(this.slotById);
        this.slotById = byId;
      }
      this.slotById[r.user_id] = slot + 1;
      this.count++;
      this.byCenter = null;
    } else if (this.center[slot] !== r.center_id) {
      this.byCenter = null;
    }
    this.id[slot] = r.user_id;
    this.postings.moveCenter(slot, this.center[slot]!, r.center_id);
    this.center[slot] = r.center_id;
    const flags =
      (r.allowed_for_matching_tool ? FLAG.allowed : 0) |
      (!r.archived && CLIENT_LISTED.has(r.availability) ? FLAG.listed : 0) |
      (r.previous_donor ? FLAG.previous : 0) |
      (r.proven_fertility ? FLAG.proven : 0) |
      (r.college_degree ? FLAG.college : 0) |
      (r.archived ? FLAG.archived : 0);
    this.postings.moveFlags(slot, this.flags[slot]!, flags);
    this.flags[slot] = flags;
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
    this.post('availability', slot, this.code(r.availability));
    this.post('eye', slot, this.code(r.eye_color));
    this.post('hair', slot, this.code(r.hair_color));
    this.post('blood', slot, this.code(r.blood_group));
    this.post('religion', slot, this.code(r.religion));
    this.post('state', slot, this.sortableCode(r.state));
    c.city[slot] = this.sortableCode(r.city);
    this.post('education', slot, this.code(r.education_level));
    this.post('donorType', slot, this.code(r.donor_type));
    this.post('arrangement', slot, this.code(r.egg_donation_arrangement));
    c.mainRace[slot] = this.sortableCode(r.main_race);
    c.mainEthnicity[slot] = this.sortableCode(r.main_ethnicity);
    this.heritage[slot] = this.codeList(r.heritage);
    this.races[slot] = this.codeList(r.race_names);
    this.ethnicities[slot] = this.codeList(r.ethnicity_names);
    this.words.set(slot, r.words);
  }

  /** Sets a posted column's code of a slot, keeping its bitmaps in step. */
  private post(column: PostedColumn, slot: number, code: number): void {
    const values = this.codes[column];
    this.postings.move(column, slot, values[slot]!, code);
    values[slot] = code;
  }

  private remove(donorId: number): void {
    const slot = this.slotOf(donorId);
    if (slot === undefined) return;
    this.changes++;
    this.slotById[donorId] = 0;
    this.count--;
    for (const column of POSTED) this.post(column, slot, -1);
    this.postings.moveCenter(slot, this.center[slot]!, -1);
    this.center[slot] = -1;
    this.postings.moveFlags(slot, this.flags[slot]!, 0);
    this.flags[slot] = 0;
    this.words.clear(slot);
    this.byCenter = null;
  }

  /** A test of whether a donor has a word starting with `term` under a weight in `allowed`. */
  wordMatcher(term: string): (slot: number, allowed: number) => boolean {
    return this.words.matcher(term);
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
      this.changes++;
    }
  }

  /** Each center's slots, by donor id (newer donors have higher ids). */
  private centerLists(): Map<number, Int32Array> {
    if (this.byCenter) return this.byCenter;
    const lists = new Map<number, number[]>();
    for (const slot of this.liveSlots()) {
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

  /**
   * The slots to test: when a filter asks for values of a posted column (eye, hair, state...),
   * a bitmap of the slots holding them, among the centers the caller may see; else the slot
   * lists of those centers. Either holds every match (the full test judges each). An intended
   * parent's is a bitmap of the donors her rule lets through (hidden ones aside) in either case.
   */
  private candidates(q: IndexQuery): Int32Array[] | Uint32Array {
    const v = q.visibility;
    if (v.kind === 'self') {
      const slot = this.slotOf(v.donorId);
      return slot === undefined ? [] : [Int32Array.of(slot)];
    }
    const asked = new Set(q.filters.centers);
    const narrow = (centers: readonly number[]) =>
      asked.size === 0 ? centers : centers.filter((c) => asked.has(c));
    const codes: [PostedColumn, number[]][] = [];
    for (const [column, values] of postedFilters(q.filters)) {
      if (values.length > 0) codes.push([column, values.map((t) => this.nameCodes.get(t) ?? -1)]);
    }
    const lists = this.centerLists();
    // Every center with donors: no need to ask. Many of them: their slots, not a bitmap each.
    const centersOf = (among: readonly number[] | null): readonly number[] | Uint32Array | null => {
      const visible = new Set(among);
      if (asked.size === 0 && [...lists.keys()].every((c) => visible.has(c))) return null;
      if (among === null || among.length <= MAX_BITMAPS / 4) return among;
      const mask = new Uint32Array((this.capacity + 31) >>> 5);
      for (const c of among)
        for (const slot of lists.get(c) ?? []) mask[slot >>> 5] = mask[slot >>> 5]! | (1 << (slot & 31));
      return mask;
    };
    if (v.kind === 'client') {
      const seen = narrow(v.centers);
      const own = seen.includes(v.ownCenter) ? v.ownCenter : null;
      // Her own center among the others changes nothing: its donors are in already.
      const visible = this.postings.clientVisible(own, centersOf(seen));
      return codes.length > 0 ? this.postings.candidates(codes, visible)! : visible;
    }
    if (codes.length > 0)
      return this.postings.candidates(
        codes,
        centersOf(v.kind === 'all' ? (asked.size ? [...asked] : null) : narrow(v.centers)),
      )!;
    const centers = narrow(v.kind === 'all' ? [...lists.keys()] : v.centers);
    return centers.map((c) => lists.get(c) ?? new Int32Array(0));
  }

  /**
   * The candidates, and only the donors the donor id filter names when it is given (one or two
   * donors: a staff member looking a donor up by id tests them, not every visible donor).
   */
  private candidatesOf(q: IndexQuery, byDonorId: ReadonlySet<number> | null): Int32Array[] | Uint32Array {
    const all = this.candidates(q);
    if (byDonorId === null) return all;
    const slots: number[] = [];
    for (const donorId of byDonorId) {
      const slot = this.slotOf(donorId);
      if (slot !== undefined) slots.push(slot);
    }
    if (all instanceof Uint32Array) {
      // A bitmap of the named donors among the candidates: it still holds the posted filters.
      const some = new Uint32Array(all.length);
      for (const slot of slots) {
        const word = slot >>> 5;
        if (word < all.length) some[word] = some[word]! | (all[word]! & (1 << (slot & 31)));
      }
      return some;
    }
    // The center lists run by donor id: a named donor is a candidate when one of them holds it.
    const id = this.id;
    const held = slots.filter((slot) => all.some((list) => holdsSlot(list, id, slot)));
    return [Int32Array.from(held.sort((a, b) => id[a]! - id[b]!))];
  }

  /** `scanSlots` (search.index.scan.ts), the words not compacted meanwhile. */
  private async scan(
    lists: readonly Int32Array[] | Uint32Array,
    reverse: boolean,
    visit: (slot: number) => void,
  ): Promise<void> {
    this.scans++;
    try {
      await scanSlots(lists, reverse, visit);
    } finally {
      this.scans--;
    }
  }

  /** Every matching donor's id, in no order. */
  async matchingIds(q: IndexQuery): Promise<number[]> {
    await (q.synced ?? this.sync());
    const byDonorId = q.filters.donor_id ? await repo.donorsWithId(this.db, q.filters.donor_id) : null;
    const lists = this.candidatesOf(q, byDonorId);
    const matches = predicate(this, q, byDonorId, lists instanceof Uint32Array);
    const id = this.id;
    const ids: number[] = [];
    await this.scan(lists, false, (s) => {
      if (matches(s)) ids.push(id[s]!);
    });
    return ids;
  }

  /**
   * How many donors match, and one page of them in the asked order (ids and their centers); the
   * same search asked again before the index changes gets the same answer without a scan, and
   * the same search asked while one is being found shares its scan.
   */
  async search(q: IndexQuery, s: IndexSort | null): Promise<IndexAnswer> {
    await (q.synced ?? this.sync());
    if (s && (s.sort === 'Location' || s.sort === 'Race' || s.sort === 'Ethnicity')) await this.rankNames();
    return this.answers.answer(
      answerKey(q, s),
      this.changes,
      () => this.find(q, s),
      () => this.changes,
    );
  }

  private async find(q: IndexQuery, s: IndexSort | null): Promise<IndexAnswer> {
    const byDonorId = q.filters.donor_id ? await repo.donorsWithId(this.db, q.filters.donor_id) : null;
    const lists = this.candidatesOf(q, byDonorId);
    // A bitmap holds the posted filters and a parent's listing and center rules (fromBitmap).
    const matches = predicate(this, q, byDonorId, lists instanceof Uint32Array);
    const center = this.center;
    let total = 0;
    if (!s) {
      await this.scan(lists, false, (slot) => {
        if (matches(slot)) total++;
      });
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
      await this.scan(lists, dir !== 1, (slot) => {
        if (!matches(slot)) return;
        total++;
        top.offer(rank(slot), dir * id[slot]!, slot);
      });
      sorted = top.sorted();
    } else {
      // A deep page (over TOP_K_MAX donors before its end) sorts every match once instead.
      const found: number[] = [];
      const ranks: number[] = [];
      const ties: number[] = [];
      await this.scan(lists, false, (slot) => {
        if (!matches(slot)) return;
        found.push(slot);
        ranks.push(rank(slot));
        ties.push(dir * id[slot]!);
      });
      total = found.length;
      sorted = sortByRank(found, ranks, ties);
    }
    const page = sorted.slice(s.offset, kept);
    return {
      total,
      ids: page.map((slot) => id[slot]!),
      centers: [...new Set(page.map((slot) => center[slot]!))],
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
