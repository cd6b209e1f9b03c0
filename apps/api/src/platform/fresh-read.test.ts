import { describe, expect, it } from 'vitest';
import { FreshRead } from './fresh-read.js';

describe('FreshRead', () => {
  it('shares a read among callers that asked before it began, and never answers one begun earlier', async () => {
    let reads = 0;
    const gates: (() => void)[] = [];
    const shared = new FreshRead(async () => {
      const n = ++reads;
      await new Promise<void>((resolve) => gates.push(resolve));
      return n;
    });
    const first = shared.get();
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toBe(1);
    // The first read is running: these two ask after it began, so they share the next one.
    const second = shared.get();
    const third = shared.get();
    expect(second).toBe(third);
    gates.shift()!();
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    gates.shift()!();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });
});
