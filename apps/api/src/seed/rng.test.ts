import { describe, expect, it } from 'vitest';
import { Rng } from './rng.js';

describe('PRNG', () => {
  it('gives the same stream for the same seed and different ones for other seeds or donors', () => {
    const take = (r: Rng) => Array.from({ length: 5 }, () => r.float());
    expect(take(new Rng(1, 2))).toEqual(take(new Rng(1, 2)));
    expect(take(new Rng(1, 2))).not.toEqual(take(new Rng(1, 3)));
    expect(take(new Rng(2, 2))).not.toEqual(take(new Rng(1, 2)));
    const r = new Rng(9);
    for (let i = 0; i < 1000; i++) {
      const x = r.float();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
