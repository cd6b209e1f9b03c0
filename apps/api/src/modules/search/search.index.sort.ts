import { type IndexColumns, type IndexQuery, type IndexSort, milesBetween } from './search.index.columns.js';

/** The search index's orders: the rank of a slot under a sort, and the page kept of them. */

/**
 * Up to this many donors a page keeps the best ones as they come; past it, it sorts them all
 * (at a million donors a full sort of the matches takes about half a second).
 */
export const TOP_K_MAX = 10_000;

/**
 * The first `size` slots of an order among those offered, without sorting them all: a binary
 * heap whose root is the last one kept. The order is (rank, tie) ascending.
 */
export class TopK {
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
export function sortByRank(slots: number[], ranks: ArrayLike<number>, ties: ArrayLike<number>): number[] {
  const order = slots.map((_, i) => i);
  order.sort((i, j) => ranks[i]! - ranks[j]! || ties[i]! - ties[j]!);
  return order.map((i) => slots[i]!);
}

const AVAILABILITY_RANK: Record<string, number> = {
  Available: 0,
  'In Cycle': 1,
  'Under Review': 2,
  Reserved: 3,
  'On Hold': 4,
};

/**
 * The order of a sort as one number per slot, ascending: the key times the direction, a donor
 * without a key last in both directions (ORDER BY ... NULLS LAST). Location's two names become
 * one number (state rank, then city rank). The tie, the donor id in the same direction, comes
 * apart.
 */
export function rankOf(
  ix: IndexColumns,
  s: IndexSort,
  point: IndexQuery['point'],
): { rank: (slot: number) => number; dir: number } {
  const { numbers, codes, nameRank } = ix;
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
      const byCode = new Float64Array(ix.names.length).fill(5);
      for (const [name, rank] of Object.entries(AVAILABILITY_RANK)) {
        const code = ix.nameCodes.get(name);
        if (code !== undefined) byCode[code] = rank;
      }
      return { rank: (slot) => dir * byCode[availability[slot]!]!, dir };
    }
    case 'Location': {
      // A city without a value comes after every city of its state, in both directions.
      const span = ix.names.length + 1;
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
