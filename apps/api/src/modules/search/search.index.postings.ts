import type { SearchFilters } from '@dm/shared';
import { type CodeColumn, FLAG } from './search.index.columns.js';

/**
 * Which slots hold a value of the selective filter columns, and which a center, as bitmaps by
 * slot: a search ORs the bitmaps of the values it asks for within a filter, ANDs the
 * filters and the centers the caller may see, and runs its full test on the slots left only (a
 * search for blue or green eyes and blond or brown hair leaves 8% of them).
 *
 * A bitmap is a bit a slot, 125 KB at a million slots. One is built when a search first asks
 * for its value (a pass over the column, about a millisecond at a million slots), kept up to date
 * by every write of the index from then on (`move`), and dropped, the least recently asked
 * first, past MAX_BITMAPS (5 MB at a million slots, so the index stays within its 300 MB).
 *
 * A candidate set holds exactly the slots with one of the asked values of every posted filter
 * (and of the centers asked): the full test leaves those filters out and judges the rest (age,
 * visibility, ranges, words...). It is taken once, after the search's sync, so every write
 * committed before the search began is in it; one applied while a long scan yields may show or
 * not, as for the other columns.
 */

/** The code columns a filter asks by a list of values. */
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

/** The filters on posted columns, each with the values asked (an empty list asks nothing). */
export function postedFilters(f: SearchFilters): [PostedColumn, readonly string[]][] {
  return [
    ['eye', f.eyecolor],
    ['hair', f.haircolor],
    ['blood', f.blood_group],
    ['religion', f.religions],
    ['state', f.locations],
    ['education', f.educationlevel],
    ['donorType', f.donortype],
    ['availability', f.donoravailability],
    ['arrangement', f.eggDonationArrangement],
  ];
}
/** The centers' bitmaps are kept as a column of their own. */
const CENTER = POSTED.length;
/**
 * So are the flags of an intended parent's visibility (a code here is a FLAG bit): listed (not
 * archived, in a client-visible availability) and allowed in the matching tool.
 */
const FLAGGED = POSTED.length + 1;
const VISIBILITY_FLAGS = [FLAG.listed, FLAG.allowed] as const;
const COLUMN_OF = new Map<PostedColumn, number>(POSTED.map((c, i) => [c, i]));
const keyOf = (column: number, code: number) => column * 2 ** 32 + code;

/** Bitmaps kept at most (the least recently asked go first). */
export const MAX_BITMAPS = 40;

/** What the bitmaps are built from: the index's columns as they are now. */
export interface PostedColumns {
  /** Slots in use (freed ones included: they have no center). */
  readonly used: number;
  readonly center: Int32Array;
  readonly flags: Uint8Array;
  readonly codes: Record<PostedColumn, Int32Array>;
}

interface Bitmap {
  bits: Uint32Array;
  /** Slots set (how big a candidate set may be before it is computed). */
  count: number;
}

export class Postings {
  private words = 0;
  /** By key, least recently asked first. */
  private readonly maps = new Map<number, Bitmap>();

  constructor(private readonly columns: () => PostedColumns) {}

  /** Bitmaps held (tests, benches). */
  get size(): number {
    return this.maps.size;
  }

  /** Room for `capacity` slots. */
  grow(capacity: number): void {
    const words = (capacity + 31) >>> 5;
    if (words <= this.words) return;
    for (const map of this.maps.values()) {
      const grown = new Uint32Array(words);
      grown.set(map.bits);
      map.bits = grown;
    }
    this.words = words;
  }

  private set(key: number, slot: number, on: boolean): void {
    const map = this.maps.get(key);
    if (!map) return;
    const bit = 1 << (slot & 31);
    const word = map.bits[slot >>> 5]!;
    if (((word & bit) !== 0) === on) return;
    map.bits[slot >>> 5] = on ? word | bit : word & ~bit;
    map.count += on ? 1 : -1;
  }

  /** The slot's value of a column is now `to` (was `from`; -1: none, or a removed donor). */
  move(column: PostedColumn, slot: number, from: number, to: number): void {
    if (from === to || this.maps.size === 0) return;
    const c = COLUMN_OF.get(column)!;
    if (from >= 0) this.set(keyOf(c, from), slot, false);
    if (to >= 0) this.set(keyOf(c, to), slot, true);
  }

  /** The slot's center is now `to` (was `from`; -1: none, a removed donor). */
  moveCenter(slot: number, from: number, to: number): void {
    if (from === to || this.maps.size === 0) return;
    if (from >= 0) this.set(keyOf(CENTER, from), slot, false);
    if (to >= 0) this.set(keyOf(CENTER, to), slot, true);
  }

  /** The slot's flags are now `to` (were `from`; 0 for a removed donor). */
  moveFlags(slot: number, from: number, to: number): void {
    if (from === to || this.maps.size === 0) return;
    for (const bit of VISIBILITY_FLAGS)
      if ((from & bit) !== (to & bit)) this.set(keyOf(FLAGGED, bit), slot, (to & bit) !== 0);
  }

  /** Whether the slot is in the value's bitmap; undefined if there is none now (tests). */
  has(column: PostedColumn | 'center' | 'flag', code: number, slot: number): boolean | undefined {
    const c = column === 'center' ? CENTER : column === 'flag' ? FLAGGED : COLUMN_OF.get(column)!;
    const map = this.maps.get(keyOf(c, code));
    return map && (map.bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
  }

  /** The bitmap of a value, built now if there is none, and marked as just asked. */
  private bitmap(column: number, code: number): Bitmap {
    const key = keyOf(column, code);
    const known = this.maps.get(key);
    if (known) {
      this.maps.delete(key);
      this.maps.set(key, known);
      return known;
    }
    const { used, center, flags, codes } = this.columns();
    const bits = new Uint32Array(this.words);
    let count = 0;
    const put = (slot: number) => {
      bits[slot >>> 5] = bits[slot >>> 5]! | (1 << (slot & 31));
      count++;
    };
    if (column === FLAGGED) {
      for (let slot = 0; slot < used; slot++)
        if ((flags[slot]! & code) !== 0 && center[slot]! >= 0) put(slot);
    } else {
      const values = column === CENTER ? center : codes[POSTED[column]!];
      for (let slot = 0; slot < used; slot++) if (values[slot] === code && center[slot]! >= 0) put(slot);
    }
    const map = { bits, count };
    this.maps.set(key, map);
    return map;
  }

  /** The union of these values' bitmaps and its size at most (null: none has a slot). */
  private union(column: number, codes: readonly number[]): { bits: Uint32Array; size: number } | null {
    const words = this.words;
    let bits: Uint32Array | null = null;
    let size = 0;
    let copied = false;
    for (const code of codes) {
      if (code < 0) continue;
      const m = this.bitmap(column, code);
      if (m.count === 0) continue;
      size += m.count;
      if (bits === null) bits = m.bits;
      else {
        if (!copied) {
          bits = bits.slice(0, words);
          copied = true;
        }
        for (let i = 0; i < words; i++) bits[i] = bits[i]! | m.bits[i]!;
      }
    }
    return bits === null ? null : { bits, size };
  }

  /**
   * The slots an intended parent may see (the client rule of donor-access, less its hidden
   * donors): listed, and of her `own` center (null: not asked) or of one of the `others` (their
   * codes, a bitmap of their slots the caller made, or null: every center) and allowed in the
   * matching tool.
   */
  clientVisible(own: number | null, others: readonly number[] | Uint32Array | null): Uint32Array {
    const words = this.words;
    const listed = this.bitmap(FLAGGED, FLAG.listed).bits;
    const allowed = this.bitmap(FLAGGED, FLAG.allowed).bits;
    const mine = own === null ? null : this.bitmap(CENTER, own).bits;
    const theirs =
      others === null || others instanceof Uint32Array ? others : this.union(CENTER, others)?.bits;
    this.trim(3 + (Array.isArray(others) ? others.length : 0));
    const out = new Uint32Array(words);
    for (let i = 0; i < words; i++) {
      const other = theirs === undefined ? 0 : allowed[i]! & (theirs === null ? -1 : (theirs[i] ?? 0));
      out[i] = listed[i]! & ((mine === null ? 0 : mine[i]!) | other);
    }
    return out;
  }

  /**
   * The slots that may match: those holding one of the asked values of every filter (by code;
   * an unknown value is -1) and, unless `centers` is null, one of these centers (their codes, or
   * a bitmap of their slots the caller made). Null when no filter asks a posted column (the
   * center lists serve then); an empty bitmap when nothing can.
   */
  candidates(
    asked: readonly [PostedColumn, readonly number[]][],
    centers: readonly number[] | Uint32Array | null,
  ): Uint32Array | null {
    if (asked.length === 0) return null;
    const unions: { bits: Uint32Array; size: number }[] = [];
    const add = (column: number, codes: readonly number[]) => {
      const u = this.union(column, codes);
      if (u !== null) unions.push(u);
      return u !== null;
    };
    let empty = false;
    for (const [column, codes] of asked) if (!add(COLUMN_OF.get(column)!, codes)) empty = true;
    if (centers instanceof Uint32Array) unions.push({ bits: centers, size: Number.POSITIVE_INFINITY });
    else if (centers !== null && !add(CENTER, centers)) empty = true;
    let touched = Array.isArray(centers) ? centers.length : 0;
    for (const [, codes] of asked) touched += codes.length;
    this.trim(touched);
    if (empty) return new Uint32Array(0);
    // Smallest first: the AND of the others only narrows it.
    unions.sort((a, b) => a.size - b.size);
    const words = this.words;
    const out = unions[0]!.bits.slice(0, words);
    for (let k = 1; k < unions.length; k++) {
      const m = unions[k]!.bits;
      for (let i = 0; i < words; i++) out[i] = out[i]! & m[i]!;
    }
    return out;
  }

  /** Drops the least recently asked bitmaps past MAX_BITMAPS (keeping the `recent` just asked). */
  private trim(recent: number): void {
    let over = this.maps.size - Math.max(MAX_BITMAPS, recent);
    for (const key of this.maps.keys()) {
      if (over-- <= 0) break;
      this.maps.delete(key);
    }
  }
}
