import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { readAll } from './db.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Three reads that note when they start and end, the second the slowest. */
function reads(log: string[]) {
  const read = (name: string, ms: number) => async () => {
    log.push(`${name}>`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`<${name}`);
    return name;
  };
  return [read('a', 5), read('b', 20), read('c', 5)] as const;
}

describe('readAll', () => {
  it("runs a transaction's reads one after another, its connection running one statement at a time", async () => {
    const log: string[] = [];
    const answers = await t.db.transaction((tx) => readAll(tx, reads(log)));
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a>', '<a', 'b>', '<b', 'c>', '<c']);
  });

  it('runs reads on the pool at once, each on a connection of its own (PostgreSQL)', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const log: string[] = [];
    expect(await readAll(t.db, reads(log))).toEqual(['a', 'b', 'c']);
    expect(log.slice(0, 3)).toEqual(['a>', 'b>', 'c>']);
  });
});
