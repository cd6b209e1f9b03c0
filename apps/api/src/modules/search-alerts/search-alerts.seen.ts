import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Db } from '../../platform/db.js';
import { lockAlert, writeSeen } from './search-alerts.repo.js';

/**
 * The donors an alerted search has found (decision 021), kept as a bitset of donor ids: bit `id`
 * set when the search found donor `id`. Deflated and in base64 it is a few kB for 100,000 donors
 * (a row of donor ids would be 4 bytes each, and a broad search finds tens of thousands).
 */
export class SeenSet {
  private constructor(private bits: Uint8Array) {}

  static empty(): SeenSet {
    return new SeenSet(new Uint8Array(0));
  }

  static of(ids: Iterable<number>): SeenSet {
    const set = SeenSet.empty();
    set.addAll(ids);
    return set;
  }

  static decode(stored: string): SeenSet {
    if (stored === '') return SeenSet.empty();
    return new SeenSet(new Uint8Array(inflateRawSync(Buffer.from(stored, 'base64'))));
  }

  encode(): string {
    let end = this.bits.length;
    while (end > 0 && this.bits[end - 1] === 0) end--;
    if (end === 0) return '';
    return deflateRawSync(this.bits.subarray(0, end)).toString('base64');
  }

  has(id: number): boolean {
    const byte = id >>> 3;
    return byte < this.bits.length && (this.bits[byte]! & (1 << (id & 7))) !== 0;
  }

  /** Adds the ids; returns how many were not in the set. */
  addAll(ids: Iterable<number>): number {
    let added = 0;
    for (const id of ids) {
      if (!Number.isInteger(id) || id < 0) throw new Error('SeenSet: donor ids are whole numbers');
      const byte = id >>> 3;
      if (byte >= this.bits.length) {
        const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2, 64));
        grown.set(this.bits);
        this.bits = grown;
      }
      const mask = 1 << (id & 7);
      if ((this.bits[byte]! & mask) === 0) {
        this.bits[byte] = this.bits[byte]! | mask;
        added++;
      }
    }
    return added;
  }

  /** The ids not in the set, in the order given. */
  missing(ids: readonly number[]): number[] {
    return ids.filter((id) => !this.has(id));
  }
}

/**
 * Adds a search's current result to its alert's seen donors without listing them (its filters
 * changed: the donors the new filters find now did not begin to match, the search changed).
 * Nothing when the search has no alert. In the caller's transaction, under the alert's row lock.
 */
export async function widenSeen(tx: Db, savedSearchId: number, ids: readonly number[], at: Date) {
  const alert = await lockAlert(tx, savedSearchId);
  if (!alert) return;
  const seen = SeenSet.decode(alert.seen);
  if (seen.addAll(ids) > 0) await writeSeen(tx, savedSearchId, seen.encode(), at);
}
