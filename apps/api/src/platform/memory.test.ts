import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { releaseUnusedMemory } from './memory.js';

/**
 * The most heap a fresh process holds while it keeps a million objects (the server's index) and
 * makes garbage that outlives a scavenge and then dies in the old generation (each batch of
 * objects is kept for the next hundred, as a request's rows outlive the turns of others), in MB;
 * with boundHeapGrowth() first when `bounded`. A process of its own: the flag is process-wide.
 */
function heapHeld(bounded: boolean): number {
  const memory = fileURLToPath(new URL('./memory.ts', import.meta.url));
  const script = `
    const { boundHeapGrowth } = await import(${JSON.stringify(memory)});
    if (${bounded}) boundHeapGrowth();
    const live = [];
    for (let i = 0; i < 1000000; i++) live.push({ a: i, b: 'x' + i });
    const recent = [];
    let most = 0;
    for (let round = 0; round < 3000; round++) {
      const batch = [];
      for (let j = 0; j < 2000; j++) batch.push({ a: j, b: 'y' + j, c: [j, j, j, j] });
      recent.push(batch);
      if (recent.length > 100) recent.shift();
      most = Math.max(most, process.memoryUsage().heapTotal);
    }
    console.log(Math.round(most / 1048576), live.length);`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return Number(out.split(' ')[0]);
}

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
  it('lets the heap grow a fifth past what lives, where V8 alone lets it grow much further', () => {
    const alone = heapHeld(false);
    const bounded = heapHeld(true);
    // Measured: 205-268 MB alone, 132-142 MB bounded (about 110 MB live).
    expect(bounded).toBeLessThan(alone * 0.8);
    expect(bounded).toBeGreaterThan(100);
  }, 30_000);
});
