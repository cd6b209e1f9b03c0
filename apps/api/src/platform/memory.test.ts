import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { boundHeapGrowth, HEAP_GROWING_PERCENT, releaseUnusedMemory } from './memory.js';

describe('releaseUnusedMemory', () => {
  it('frees garbage that is no longer reachable', () => {
    let garbage: { n: number; s: string }[] | null = [];
    for (let n = 0; n < 300_000; n++) garbage.push({ n, s: `row ${n}` });
    // Old enough to have left the young generation: only a full collection frees it.
    garbage = null;
    const { ms, used, held } = releaseUnusedMemory();
    expect(ms).toBeGreaterThan(0);
    expect(used.before - used.after).toBeGreaterThan(10 * 1048576);
    expect(held.after).toBeLessThanOrEqual(held.before);
  });

  it('never leaves gc reachable from the app or from a later context', () => {
    releaseUnusedMemory();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});

describe('boundHeapGrowth', () => {
  // What the bound does to the heap a process holds, against V8 alone, is measured in the bench
  // (BENCH_ONLY=heap npm run bench): two child processes take too long for the suite.
  it('sets V8 to grow the old generation a fifth past what the last full collection kept', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    try {
      boundHeapGrowth();
      expect(set.mock.calls).toEqual([[`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]]);
      expect(HEAP_GROWING_PERCENT).toBe(20);
    } finally {
      set.mockRestore();
    }
  });
});
