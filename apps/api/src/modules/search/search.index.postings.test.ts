import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorSearch, donors } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { indexQuery } from '../../test/search-index.js';
import { DonorSearchIndex } from './search.index.js';
import { POSTED, Postings } from './search.index.postings.js';

describe('the postings (bitmaps by value and by center)', () => {
  it('follow a slot moving between values, leaving, coming back and the bitmaps growing', () => {
    const p = new Postings();
    p.grow(40);
    p.move('eye', 3, -1, 0);
    p.move('eye', 35, -1, 0);
    p.moveCenter(3, -1, 7);
    p.moveCenter(35, -1, 8);
    expect(p.has('eye', 0, 3)).toBe(true);
    // A move leaves the old value's bitmap and enters the new one's.
    p.move('eye', 3, 0, 1);
    expect(p.has('eye', 0, 3)).toBe(false);
    expect(p.has('eye', 1, 3)).toBe(true);
    const bits = (m: Uint32Array) => [...m].flatMap((w, i) => [...Array(32).keys()].filter((b) => (w >>> b) & 1).map((b) => i * 32 + b));
    expect(bits(p.candidates([['eye', [0]]], null)!)).toEqual([35]);
    expect(bits(p.candidates([['eye', [0, 1]]], null)!)).toEqual([3, 35]);
    expect(bits(p.candidates([['eye', [0, 1]]], [7])!)).toEqual([3]);
    expect(bits(p.candidates([['eye', [0, 1]], ['hair', [0]]], null)!)).toEqual([]);
    expect(p.candidates([], [7])).toBeNull();
    // Leaving: in no bitmap; a slot given to another donor starts clean.
    p.move('eye', 3, 1, -1);
    p.moveCenter(3, 7, -1);
    expect(bits(p.candidates([['eye', [0, 1]]], null)!)).toEqual([35]);
    p.move('eye', 3, -1, 0);
    p.moveCenter(3, -1, 8);
    expect(bits(p.candidates([['eye', [0, 1]]], [8])!)).toEqual([3, 35]);
    // Growing keeps every bit.
    p.grow(5000);
    p.move('eye', 4999, -1, 0);
    p.moveCenter(4999, -1, 8);
    expect(bits(p.candidates([['eye', [0]]], [8, 9])!)).toEqual([3, 35, 4999]);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Every live slot is in exactly its values' and its center's bitmaps; a freed slot in none. */
function expectInStep(index: DonorSearchIndex): void {
  const values = new Set<number>();
  for (const column of POSTED) for (const c of index.codes[column]) if (c >= 0) values.add(c);
  const centers = new Set([...index.center].filter((c) => c >= 0));
  let wrong = 0;
  for (let slot = 0; slot < index.center.length; slot++) {
    const live = index.center[slot]! >= 0;
    for (const column of POSTED) {
      const own = index.codes[column][slot]!;
      for (const c of values) if (index.postings.has(column, c, slot) !== (live && c === own)) wrong++;
    }
    for (const c of centers) if (index.postings.hasCenter(c, slot) !== (live && c === index.center[slot])) wrong++;
  }
  expect(wrong).toBe(0);
}

describe('the search index keeps its postings in step with the writes', () => {
  it('moves a donor between values and centers, and drops a removed one', async () => {
    const index = new DonorSearchIndex(t.db);
    const count = async (filters: Parameters<typeof indexQuery>[1]) =>
      (await index.search(indexQuery(t, filters), null)).total;
    const green = await count({ eyecolor: ['Green'] });
    expectInStep(index);
    const [donor] = await t.db
      .select({ id: donorSearch.userId, center: donorSearch.centerId, hair: donorSearch.hairColor })
      .from(donorSearch)
      .where(eq(donorSearch.eyeColor, 'Blue'))
      .limit(1);
    const [other] = await t.db
      .select({ center: donorSearch.centerId })
      .from(donorSearch)
      .where(ne(donorSearch.centerId, donor!.center))
      .limit(1);
    const inOther = await count({ centers: [other!.center], eyecolor: ['Green'] });
    await t.db
      .update(donors)
      .set({ eyeColor: 'Green', state: 'VT', centerId: other!.center })
      .where(eq(donors.userId, donor!.id));
    // A stale bitmap would leave her out of Green, Vermont and her new center.
    expect(await count({ eyecolor: ['Green'] })).toBe(green + 1);
    expect(await count({ eyecolor: ['Green'], locations: ['VT'] })).toBeGreaterThan(0);
    expect(await count({ centers: [other!.center], eyecolor: ['Green'] })).toBe(inOther + 1);
    expectInStep(index);
    await t.db.delete(donors).where(eq(donors.userId, donor!.id));
    expect(await count({ eyecolor: ['Green'] })).toBe(green);
    expectInStep(index);
  });
});
