import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { releaseUnusedMemory } from './memory.js';

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
