import type { CodeColumn } from './search.index.columns.js';

/**
 * Which slots hold each value of the selective filter columns, and each center's slots, as
 * bitmaps by slot (issue 19): a search ORs the bitmaps of the values it asks for within a
 * filter, ANDs the filters and the centers the caller may see, and runs its full test on the
 * slots left only (a search for blue or green eyes and blond or brown hair leaves 8% of them).
 *
 * A bitmap is a bit a slot: at a million slots 125 KB a value, about 100 values (the states
 * most of them), some 13 MB. They are kept up to date by every write of the index (`move`),
 * never rebuilt, and a candidate set is only ever a superset of the matches: the full test
 * still judges each candidate, so an answer is the same with or without them.
 */

/** The code columns a filter asks by a list of values, each with its bitmaps. */
export const POSTED = [
  'eye',
  'hair',
  'blood',
  'religion',
  'state',
  'education',
  'donorType',
  'availability',
  'arrangement',
] as const satisfies readonly CodeColumn[];
export type PostedColumn = (typeof POSTED)[number];

class BitmapSet {
  readonly maps = new Map<number, Uint32Array>();
  /** Slots set in each bitmap (the size of a candidate set before it is computed). */
  readonly counts = new Map<number, number>();

  constructor(private words: number) {}

  grow(words: number): void {
    for (const [key, map] of this.maps) {
      const grown = new Uint32Array(words);
      grown.set(map);
      this.maps.set(key, grown);
    }
    this.words = words;
  }

  add(key: number, slot: number): void {
    let map = this.maps.get(key);
    if (!map) {
      map = new Uint32Array(this.words);
      this.maps.set(key, map);
    }
    const bit = 1 << (slot & 31);
    if ((map[slot >>> 5]! & bit) !== 0) return;
    map[slot >>> 5] = map[slot >>> 5]! | bit;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  delete(key: number, slot: number): void {
    const map = this.maps.get(key);
    if (!map) return;
    const bit = 1 << (slot & 31);
    if ((map[slot >>> 5]! & bit) === 0) return;
    map[slot >>> 5] = map[slot >>> 5]! & ~bit;
    this.counts.set(key, this.counts.get(key)! - 1);
  }

  /** Whether the slot is in the key's bitmap (tests). */
  has(key: number, slot: number): boolean {
    const map = this.maps.get(key);
    return map !== undefined && (map[slot >>> 5]! & (1 << (slot & 31))) !== 0;
  }

  /** The union of these keys' bitmaps and its size at most (null: none of them has a slot). */
  union(keys: Iterable<number>, words: number): { map: Uint32Array; size: number } | null {
    let map: Uint32Array | null = null;
    let size = 0;
    let copied = false;
    for (const key of keys) {
      const m = this.maps.get(key);
      const n = this.counts.get(key) ?? 0;
      if (!m || n === 0) continue;
      size += n;
      if (map === null) map = m;
      else {
        if (!copied) {
          map = map.slice(0, words);
          copied = true;
        }
        for (let i = 0; i < words; i++) map[i] = map[i]! | m[i]!;
      }
    }
    return map === null ? null : { map, size };
  }
}

export class Postings {
  private words = 0;
  private readonly columns = Object.fromEntries(POSTED.map((c) => [c, new BitmapSet(0)])) as Record<
    PostedColumn,
    BitmapSet
  >;
  private readonly centers = new BitmapSet(0);

  /** Room for `capacity` slots. */
  grow(capacity: number): void {
    const words = (capacity + 31) >>> 5;
    if (words <= this.words) return;
    for (const c of POSTED) this.columns[c].grow(words);
    this.centers.grow(words);
    this.words = words;
  }

  /** The slot's value of a column is now `to` (was `from`; -1: none). */
  move(column: PostedColumn, slot: number, from: number, to: number): void {
    if (from === to) return;
    const set = this.columns[column];
    if (from >= 0) set.delete(from, slot);
    if (to >= 0) set.add(to, slot);
  }

  /** The slot's center is now `to` (was `from`; -1: none, a removed donor). */
  moveCenter(slot: number, from: number, to: number): void {
    if (from === to) return;
    if (from >= 0) this.centers.delete(from, slot);
    if (to >= 0) this.centers.add(to, slot);
  }

  /** Whether the slot is listed under the value (tests). */
  has(column: PostedColumn, code: number, slot: number): boolean {
    return this.columns[column].has(code, slot);
  }

  hasCenter(center: number, slot: number): boolean {
    return this.centers.has(center, slot);
  }

  /**
   * The slots that may match: those holding one of the asked values of every filter (by code;
   * an unknown value is -1) and, unless `centers` is null, one of these centers. Null when no
   * filter asks a posted column (the center lists serve then); an empty bitmap when nothing can.
   */
  candidates(asked: readonly [PostedColumn, readonly number[]][], centers: readonly number[] | null): Uint32Array | null {
    if (asked.length === 0) return null;
    const words = this.words;
    const unions: { map: Uint32Array; size: number }[] = [];
    for (const [column, codes] of asked) {
      const u = this.columns[column].union(codes, words);
      if (u === null) return new Uint32Array(0);
      unions.push(u);
    }
    if (centers !== null) {
      const u = this.centers.union(centers, words);
      if (u === null) return new Uint32Array(0);
      unions.push(u);
    }
    // Smallest first: the AND of the others only narrows it.
    unions.sort((a, b) => a.size - b.size);
    const out = unions[0]!.map.slice(0, words);
    for (let k = 1; k < unions.length; k++) {
      const m = unions[k]!.map;
      for (let i = 0; i < words; i++) out[i] = out[i]! & m[i]!;
    }
    return out;
  }
}
