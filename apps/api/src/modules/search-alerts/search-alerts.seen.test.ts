import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeenSet } from './search-alerts.seen.js';

describe('SeenSet (an alert’s seen donors)', () => {
  it('keeps exactly the ids added, through encoding and decoding', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 400 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 100 }),
        (added, probes) => {
          const set = SeenSet.decode(SeenSet.of(added).encode());
          const truth = new Set(added);
          for (const id of [...added, ...probes]) expect(set.has(id)).toBe(truth.has(id));
          expect(set.missing(probes)).toEqual(probes.filter((id) => !truth.has(id)));
        },
      ),
    );
  });

  it('counts what it adds and stays small for a broad search', () => {
    const set = SeenSet.empty();
    expect(set.addAll([5, 5, 9])).toBe(2);
    expect(set.addAll([9, 10])).toBe(1);
    expect(SeenSet.empty().encode()).toBe('');
    // A random half of 100,000 ids (a bitset does not compress then): about 17 kB stored, where
    // the ids as numbers would be 200 kB. A sparse or regular set deflates to far less.
    const half = Array.from({ length: 100_000 }, (_, i) => i).filter((i) => (i * 2654435761) % 7 < 4);
    expect(SeenSet.of(half).encode().length).toBeLessThan(17_500);
    expect(SeenSet.of(Array.from({ length: 50_000 }, (_, i) => i * 2)).encode().length).toBeLessThan(2_000);
  });

  it('refuses what is no donor id', () => {
    expect(() => SeenSet.of([-1])).toThrow();
    expect(() => SeenSet.of([1.5])).toThrow();
  });
});
