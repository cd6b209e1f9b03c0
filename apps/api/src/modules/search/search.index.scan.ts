/**
 * How the search index (search.index.ts) walks its candidate slots without holding the event
 * loop: a million donors take longer than a request should wait behind.
 */

/** How long a walk or an apply of rows may hold the event loop before it lets other work run. */
export const SLICE_MS = 4;
/** Slots a scan reads between two looks at the clock. */
const SCAN_STEP = 4096;
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Calls `visit` with every candidate slot, in the order of their lists (backwards if
 * `reverse`), letting other work run every few milliseconds: a million donors take longer
 * than a request should wait behind. Meanwhile a look may apply changes; the scan reads the
 * columns it began with (a write committed after the search began may show or not), and the
 * index does not move its words (compact them) while a scan runs.
 */
export async function scanSlots(
  lists: readonly Int32Array[] | Uint32Array,
  reverse: boolean,
  visit: (slot: number) => void,
): Promise<void> {
  if (lists instanceof Uint32Array) return scanBits(lists, reverse, visit);
  let sliceStart = performance.now();
  for (const list of lists) {
    const n = list.length;
    for (let from = 0; from < n; from += SCAN_STEP) {
      const to = Math.min(n, from + SCAN_STEP);
      if (reverse) for (let j = from; j < to; j++) visit(list[n - 1 - j]!);
      else for (let j = from; j < to; j++) visit(list[j]!);
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
    }
  }
}

/** `scanSlots` over the slots set in a bitmap, in slot order (backwards if `reverse`). */
async function scanBits(bits: Uint32Array, reverse: boolean, visit: (slot: number) => void): Promise<void> {
  let sliceStart = performance.now();
  const words = bits.length;
  const step = SCAN_STEP >>> 5;
  for (let from = 0; from < words; from += step) {
    const to = Math.min(words, from + step);
    for (let k = from; k < to; k++) {
      const w = reverse ? words - 1 - k : k;
      let word = bits[w]!;
      const base = w << 5;
      if (reverse) {
        while (word !== 0) {
          const bit = 31 - Math.clz32(word);
          visit(base + bit);
          word &= ~(1 << bit);
        }
      } else {
        while (word !== 0) {
          const low = word & -word;
          visit(base + 31 - Math.clz32(low));
          word ^= low;
        }
      }
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
}

/** Whether a list of slots in donor id order holds `slot` (a binary search by its id). */
export function holdsSlot(list: Int32Array, id: Int32Array, slot: number): boolean {
  const wanted = id[slot]!;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = id[list[mid]!]!;
    if (at === wanted) return list[mid] === slot;
    if (at < wanted) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
