import { WEIGHT } from './search.index.columns.js';
import { Lexicon } from './search.index.lexicon.js';

/**
 * The search words of the donor search index (search.index.ts): each donor's lexemes (from
 * `search_vector`) with their weights, as codes of a packed dictionary (search.index.lexicon.ts).
 *
 * The words have their own dictionary, apart from the filter values': a donor's display ids
 * give her words no other donor has (two a donor), so this dictionary grows with the donors,
 * while the filters size their per-search tables by the values' (a few hundred names).
 */

/** One entry of a tsvector's text form: the quoted lexeme and its positions. */
const TSVECTOR_ENTRY = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

export class DonorWords {
  private readonly lexicon = new Lexicon();
  /**
   * Each slot's words: `count` entries from `start` in `entries`, in the tsvector's order, each a
   * word code times 16 plus its weight bits. A slot's new words are appended; the space they
   * leave is reclaimed when half of it is unused.
   */
  private start = new Int32Array(0);
  private count = new Int32Array(0);
  private entries = new Int32Array(1024);
  private used = 0;
  private live = 0;

  /**
   * Room for about this many donors' words in the dictionary (a first load): in the seeded data
   * a donor brings two words of her own, and a few hundred are shared.
   */
  expect(donors: number): void {
    this.lexicon.reserve(donors * 2 + 4096);
  }

  /** Room for `capacity` slots. */
  grow(capacity: number): void {
    const start = new Int32Array(capacity);
    start.set(this.start);
    this.start = start;
    const count = new Int32Array(capacity);
    count.set(this.count);
    this.count = count;
  }

  /**
   * A tsvector's text ('dana':1A 'donor':2B 'white':10) as the slot's words with their weights
   * (a position without a letter is D). A tsvector holds each lexeme once.
   */
  set(slot: number, text: string): void {
    const found: number[] = [];
    for (const m of text.matchAll(TSVECTOR_ENTRY)) {
      const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
      let bits = 0;
      const positions = m[2];
      if (positions === undefined) bits = WEIGHT.D;
      else {
        for (let i = 0; i < positions.length; i++) {
          const end = i + 1 === positions.length || positions[i + 1] === ',';
          if (!end) continue;
          const letter = positions[i];
          bits |= letter === 'A' || letter === 'B' || letter === 'C' ? WEIGHT[letter] : WEIGHT.D;
        }
      }
      found.push(this.lexicon.code(lexeme) * 16 + bits);
    }
    const at = this.start[slot]!;
    const n = this.count[slot]!;
    // Unchanged words (a views count or an availability changed) stay where they are.
    if (n === found.length && found.every((e, i) => this.entries[at + i] === e)) return;
    this.live += found.length - n;
    this.reserve(found.length);
    const to = this.used;
    this.entries.set(found, to);
    this.start[slot] = to;
    this.count[slot] = found.length;
    this.used += found.length;
  }

  /** The slot has no words (its donor left). */
  clear(slot: number): void {
    this.live -= this.count[slot]!;
    this.count[slot] = 0;
  }

  private reserve(n: number): void {
    if (this.used + n <= this.entries.length) return;
    const size = Math.max(Math.ceil(this.entries.length * 1.5), this.used + n);
    const entries = new Int32Array(size);
    entries.set(this.entries.subarray(0, this.used));
    this.entries = entries;
  }

  /** Gives back the room reserved past the words in use but a sixteenth (after the first load). */
  trim(): void {
    this.lexicon.trim();
    const size = this.used + Math.max(1024, this.used >> 4);
    if (size < this.entries.length) this.entries = this.entries.slice(0, size);
  }

  /** Copies the words of these slots together again, leaving out the replaced ones, if worth it. */
  compact(slots: Iterable<number>): void {
    if (this.used <= 1024 || this.live * 2 >= this.used) return;
    const entries = new Int32Array(Math.max(1024, Math.ceil(this.live * 1.25)));
    let at = 0;
    for (const slot of slots) {
      const start = this.start[slot]!;
      const count = this.count[slot]!;
      entries.set(this.entries.subarray(start, start + count), at);
      this.start[slot] = at;
      at += count;
    }
    this.entries = entries;
    this.used = at;
    this.live = at;
  }

  /**
   * A test of whether a slot has a word starting with `term` under a weight in `allowed`: the
   * dictionary's words are judged once per test (a bitmap by code), so a slot costs a few array
   * reads, not a search among strings scattered over the heap. A word first seen after the test
   * began is judged when met.
   */
  matcher(term: string): (slot: number, allowed: number) => boolean {
    const { lexicon } = this;
    const bytes = lexicon.termBytes(term);
    const bits = lexicon.prefixed(bytes);
    const known = bits.length;
    return (slot, allowed) => {
      // Read from the object each time: a look may move them while a scan waits.
      const entries = this.entries;
      const start = this.start[slot]!;
      const end = start + this.count[slot]!;
      for (let i = start; i < end; i++) {
        const e = entries[i]!;
        if ((e & allowed) === 0) continue;
        const code = e >>> 4;
        if (code < known ? bits[code] === 1 : lexicon.startsWith(code, bytes)) return true;
      }
      return false;
    };
  }
}
