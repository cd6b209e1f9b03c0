/**
 * The dictionary of the search index's words (search.index.words.ts): word -> code and code ->
 * word, packed. In the seeded data each donor's display ids make two words no other donor has,
 * so at a million donors it holds two million words: as JavaScript strings in an array and a
 * Map they took about 55 bytes each; here a word is its UTF-8 bytes, an offset and a slot of an
 * open-addressing hash table (about 20 bytes).
 */

const encoder = new TextEncoder();

export class Lexicon {
  private bytes = new Uint8Array(1 << 16);
  private bytesUsed = 0;
  /** Where each code's bytes start; they end where the next code's start. */
  private starts = new Int32Array(1024);
  private count = 0;
  /** Code + 1 by hash (0: empty), a power of two, at most 70% full. */
  private table = new Int32Array(2048);
  private scratch = new Uint8Array(256);

  get size(): number {
    return this.count;
  }

  /** A text's UTF-8 bytes in a scratch buffer (valid until the next call). */
  private encode(text: string): Uint8Array {
    if (text.length * 3 > this.scratch.length) this.scratch = new Uint8Array(text.length * 3);
    const { written } = encoder.encodeInto(text, this.scratch);
    return this.scratch.subarray(0, written);
  }

  /** Bytes as a search term (copied: kept by a test while other words are encoded). */
  termBytes(text: string): Uint8Array {
    return this.encode(text).slice();
  }

  private static hash(b: Uint8Array): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
    return h >>> 0;
  }

  private equals(code: number, b: Uint8Array): boolean {
    const start = this.starts[code]!;
    const end = code + 1 < this.count ? this.starts[code + 1]! : this.bytesUsed;
    if (end - start !== b.length) return false;
    const bytes = this.bytes;
    for (let i = 0; i < b.length; i++) if (bytes[start + i] !== b[i]) return false;
    return true;
  }

  /** The word's code, given one if new. */
  code(text: string): number {
    const b = this.encode(text);
    const mask = this.table.length - 1;
    let at = Lexicon.hash(b) & mask;
    for (;;) {
      const entry = this.table[at]!;
      if (entry === 0) break;
      if (this.equals(entry - 1, b)) return entry - 1;
      at = (at + 1) & mask;
    }
    const code = this.count++;
    if (code === this.starts.length) this.starts = grown(this.starts, this.starts.length * 2);
    if (this.bytesUsed + b.length > this.bytes.length) {
      const bytes = new Uint8Array(Math.max(this.bytes.length * 2, this.bytesUsed + b.length));
      bytes.set(this.bytes.subarray(0, this.bytesUsed));
      this.bytes = bytes;
    }
    this.starts[code] = this.bytesUsed;
    this.bytes.set(b, this.bytesUsed);
    this.bytesUsed += b.length;
    this.table[at] = code + 1;
    if (this.count * 10 > this.table.length * 7) this.rehash();
    return code;
  }

  /**
   * Room for this many words without growing the table: a first load sizes it once, as
   * rehashing two million words in one go held the event loop for a second.
   */
  reserve(words: number): void {
    let size = this.table.length;
    while (words * 10 > size * 7) size *= 2;
    if (size > this.table.length) this.rehash(size);
  }

  private rehash(size = this.table.length * 2): void {
    const table = new Int32Array(size);
    const mask = table.length - 1;
    for (let code = 0; code < this.count; code++) {
      const end = code + 1 < this.count ? this.starts[code + 1]! : this.bytesUsed;
      let at = Lexicon.hash(this.bytes.subarray(this.starts[code]!, end)) & mask;
      while (table[at] !== 0) at = (at + 1) & mask;
      table[at] = code + 1;
    }
    this.table = table;
  }

  /** Whether the code's word starts with these bytes. */
  startsWith(code: number, term: Uint8Array): boolean {
    const start = this.starts[code]!;
    const end = code + 1 < this.count ? this.starts[code + 1]! : this.bytesUsed;
    if (end - start < term.length) return false;
    const bytes = this.bytes;
    for (let i = 0; i < term.length; i++) if (bytes[start + i] !== term[i]) return false;
    return true;
  }

  /** Which codes' words start with these bytes (1), by code. */
  prefixed(term: Uint8Array): Uint8Array {
    const bits = new Uint8Array(this.count);
    const { bytes, starts, count } = this;
    const first = term[0];
    for (let code = 0; code < count; code++) {
      const start = starts[code]!;
      if (bytes[start] !== first) continue;
      const end = code + 1 < count ? starts[code + 1]! : this.bytesUsed;
      if (end - start < term.length) continue;
      let i = 1;
      while (i < term.length && bytes[start + i] === term[i]) i++;
      if (i === term.length) bits[code] = 1;
    }
    return bits;
  }

  /** Gives back the room reserved past the words in use but a sixteenth. */
  trim(): void {
    const size = this.bytesUsed + Math.max(1024, this.bytesUsed >> 4);
    if (size < this.bytes.length) this.bytes = this.bytes.slice(0, size);
    const codes = this.count + Math.max(1024, this.count >> 4);
    if (codes < this.starts.length) this.starts = this.starts.slice(0, codes);
  }
}

function grown(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
