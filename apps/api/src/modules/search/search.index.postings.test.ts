import type { SearchFilters } from '@dm/shared';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorSearch, donors } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { indexQuery } from '../../test/search-index.js';
import type { VisibilityRule } from '../donor-access/index.js';
import { FLAG } from './search.index.columns.js';
import { DonorSearchIndex } from './search.index.js';
import { MAX_BITMAPS, POSTED, type PostedColumn, Postings } from './search.index.postings.js';

/** Columns of 5000 slots for a Postings alone: every slot without a center or values at first. */
function columns() {
  const make = () => new Int32Array(5000).fill(-1);
  const cols = {
    used: 40,
    center: make(),
    flags: new Uint8Array(5000),
    codes: Object.fromEntries(POSTED.map((c) => [c, make()])) as Record<PostedColumn, Int32Array>,
  };
  return cols;
}
const bits = (m: Uint32Array) =>
  [...m].flatMap((w, i) => [...Array(32).keys()].filter((b) => (w >>> b) & 1).map((b) => i * 32 + b));

describe('the postings (bitmaps by value and by center)', () => {
  it('follow a slot moving between values, leaving, coming back and the bitmaps growing', () => {
    const cols = columns();
    const p = new Postings(() => cols);
    p.grow(40);
    // What a write does: the bitmaps first (from the old value), then the column.
    const write = (slot: number, eye: number, center: number) => {
      p.move('eye', slot, cols.codes.eye[slot]!, eye);
      cols.codes.eye[slot] = eye;
      p.moveCenter(slot, cols.center[slot]!, center);
      cols.center[slot] = center;
    };
    write(3, 0, 7);
    write(35, 0, 8);
    // Built from the columns when first asked.
    expect(p.has('eye', 0, 3)).toBeUndefined();
    expect(bits(p.candidates([['eye', [0]]], null)!)).toEqual([3, 35]);
    expect(p.has('eye', 0, 3)).toBe(true);
    // Kept up to date from then on: a move leaves the old value's bitmap and enters the new one's.
    expect(bits(p.candidates([['eye', [1]]], [7, 8])!)).toEqual([]);
    write(3, 1, 7);
    expect(p.has('eye', 0, 3)).toBe(false);
    expect(bits(p.candidates([['eye', [0]]], null)!)).toEqual([35]);
    expect(bits(p.candidates([['eye', [0, 1]]], null)!)).toEqual([3, 35]);
    expect(bits(p.candidates([['eye', [0, 1]]], [7])!)).toEqual([3]);
    expect(
      bits(
        p.candidates(
          [
            ['eye', [0, 1]],
            ['hair', [0]],
          ],
          null,
        )!,
      ),
    ).toEqual([]);
    expect(p.candidates([], [7])).toBeNull();
    // Leaving: in no bitmap; a slot given to another donor starts clean.
    write(3, -1, -1);
    expect(bits(p.candidates([['eye', [0, 1]]], [7, 8])!)).toEqual([35]);
    write(3, 0, 8);
    expect(bits(p.candidates([['eye', [0, 1]]], [8])!)).toEqual([3, 35]);
    // Growing keeps every bit.
    p.grow(5000);
    cols.used = 5000;
    write(4999, 0, 8);
    expect(bits(p.candidates([['eye', [0]]], [8, 9])!)).toEqual([3, 35, 4999]);
  });

  it("hold an intended parent's visibility: listed, and of her center or allowed in the matching tool", () => {
    const cols = columns();
    const p = new Postings(() => cols);
    p.grow(40);
    const { listed, allowed } = FLAG;
    const write = (slot: number, center: number, flags: number) => {
      p.moveCenter(slot, cols.center[slot]!, center);
      cols.center[slot] = center;
      p.moveFlags(slot, cols.flags[slot]!, flags);
      cols.flags[slot] = flags;
    };
    // Center 1 is hers; 2 and 3 others. Slot 4 is not listed, 5 not allowed, 6 is archived-like (neither).
    write(1, 1, listed);
    write(2, 2, listed | allowed);
    write(3, 3, listed | allowed);
    write(4, 2, allowed);
    write(5, 2, listed);
    write(6, 1, 0);
    write(7, 1, listed | allowed | FLAG.college);
    expect(bits(p.clientVisible(1, [1, 2, 3]))).toEqual([1, 2, 3, 7]);
    expect(bits(p.clientVisible(1, null))).toEqual([1, 2, 3, 7]);
    expect(bits(p.clientVisible(1, [2]))).toEqual([1, 2, 7]);
    expect(bits(p.clientVisible(null, [1, 2]))).toEqual([2, 7]);
    expect(bits(p.clientVisible(null, []))).toEqual([]);
    const mask = new Uint32Array(2);
    mask[0] = 1 << 3;
    expect(bits(p.clientVisible(null, mask))).toEqual([3]);
    // Kept in step: listed again, allowed no more, leaving.
    write(4, 2, listed | allowed);
    write(2, 2, listed);
    write(3, -1, 0);
    expect(p.has('flag', listed, 4)).toBe(true);
    expect(p.has('flag', allowed, 2)).toBe(false);
    expect(p.has('flag', listed, 3)).toBe(false);
    expect(bits(p.clientVisible(1, null))).toEqual([1, 4, 7]);
    // With posted filters: the candidates are among her visible donors.
    cols.codes.eye[4] = 0;
    cols.codes.eye[5] = 0;
    expect(bits(p.candidates([['eye', [0]]], p.clientVisible(1, null))!)).toEqual([4]);
  });

  it('keeps at most MAX_BITMAPS, dropping the least recently asked, and rebuilds them right', () => {
    const cols = columns();
    const p = new Postings(() => cols);
    p.grow(40);
    for (let slot = 0; slot < 40; slot++) {
      cols.codes.state[slot] = slot;
      cols.center[slot] = 1;
    }
    for (let code = 0; code < 40; code++) p.candidates([['state', [code]]], null);
    expect(p.size).toBe(MAX_BITMAPS);
    for (let code = 40; code < 40 + MAX_BITMAPS; code++) p.candidates([['state', [code]]], null);
    expect(p.has('state', 0, 0)).toBeUndefined();
    // A write while the bitmap is gone, then asked again: built from the columns.
    cols.codes.state[0] = 5;
    p.move('state', 0, 0, 5);
    expect(bits(p.candidates([['state', [0, 5]]], null)!)).toEqual([0, 5]);
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
  let checked = 0;
  for (let slot = 0; slot < index.center.length; slot++) {
    const live = index.center[slot]! >= 0;
    for (const column of POSTED) {
      const own = index.codes[column][slot]!;
      for (const c of values) {
        const has = index.postings.has(column, c, slot);
        if (has === undefined) continue;
        checked++;
        if (has !== (live && c === own)) wrong++;
      }
    }
    for (const c of centers) {
      const has = index.postings.has('center', c, slot);
      if (has === undefined) continue;
      checked++;
      if (has !== (live && c === index.center[slot])) wrong++;
    }
    for (const bit of [FLAG.listed, FLAG.allowed]) {
      const has = index.postings.has('flag', bit, slot);
      if (has === undefined) continue;
      checked++;
      if (has !== (live && (index.flags[slot]! & bit) !== 0)) wrong++;
    }
  }
  expect(checked).toBeGreaterThan(0);
  expect(wrong).toBe(0);
}

/** A center of some donor other than `center`. */
async function centerOtherThan(center: number): Promise<{ center: number }> {
  const [other] = await t.db
    .select({ center: donorSearch.centerId })
    .from(donorSearch)
    .where(ne(donorSearch.centerId, center))
    .limit(1);
  return other!;
}

describe('the search index keeps its postings in step with the writes', () => {
  it('moves a donor between values and centers, and drops a removed one', async () => {
    const index = new DonorSearchIndex(t.db);
    const count = async (filters: Parameters<typeof indexQuery>[1]) =>
      (await index.search(indexQuery(t, filters), null)).total;
    const green = await count({ eyecolor: ['Green'] });
    const blue = await count({ eyecolor: ['Blue'] });
    expectInStep(index);
    const [donor] = await t.db
      .select({ id: donorSearch.userId, center: donorSearch.centerId, hair: donorSearch.hairColor })
      .from(donorSearch)
      .where(eq(donorSearch.eyeColor, 'Blue'))
      .limit(1);
    const other = await centerOtherThan(donor!.center);
    const inOther = await count({ centers: [other.center], eyecolor: ['Green'] });
    // The bitmaps her write must move are built before it (a bitmap is built when first asked).
    await count({ centers: [donor!.center], eyecolor: ['Blue'], locations: ['VT'] });
    expect(index.postings.has('eye', index.nameCodes.get('Blue')!, index.used - 1)).toBeDefined();
    await t.db
      .update(donors)
      .set({ eyeColor: 'Green', state: 'VT', centerId: other.center })
      .where(eq(donors.userId, donor!.id));
    // A stale bitmap would leave her out of Green, Vermont and her new center, and keep her in
    // Blue: the search trusts the bitmaps for the posted filters (the full test leaves them out).
    expect(await count({ eyecolor: ['Green'] })).toBe(green + 1);
    expect(await count({ eyecolor: ['Blue'] })).toBe(blue - 1);
    expect(await count({ eyecolor: ['Green'], locations: ['VT'] })).toBeGreaterThan(0);
    expect(await count({ centers: [other.center], eyecolor: ['Green'] })).toBe(inOther + 1);
    expectInStep(index);
    await t.db.delete(donors).where(eq(donors.userId, donor!.id));
    expect(await count({ eyecolor: ['Green'] })).toBe(green);
    expectInStep(index);
  });

  it("follows a donor in and out of an intended parent's sight: listing and the matching tool", async () => {
    const index = new DonorSearchIndex(t.db);
    const [donor] = await t.db
      .select({ id: donorSearch.userId, center: donorSearch.centerId, eye: donorSearch.eyeColor })
      .from(donorSearch)
      .where(
        and(
          eq(donorSearch.availability, 'Available'),
          eq(donorSearch.archived, false),
          eq(donorSearch.allowedForMatchingTool, true),
          isNotNull(donorSearch.eyeColor),
        ),
      )
      .limit(1);
    const other = await centerOtherThan(donor!.center);
    // A parent of another center who sees hers, and one of her own center.
    const away: VisibilityRule = {
      kind: 'client',
      centers: [donor!.center, other.center],
      ownCenter: other.center,
      hidden: [],
    };
    const home: VisibilityRule = { ...away, ownCenter: donor!.center };
    // Both ways in: the center lists' bitmap (no posted filter) and the posted filters' one.
    const counts = async () => {
      const out: number[] = [];
      for (const rule of [away, home])
        for (const filters of [{}, { eyecolor: [donor!.eye!] }] as const)
          out.push((await index.search(indexQuery(t, filters as Partial<SearchFilters>, rule), null)).total);
      return out;
    };
    const before = await counts();
    const set = (values: Partial<typeof donors.$inferInsert>) =>
      t.db.update(donors).set(values).where(eq(donors.userId, donor!.id));
    try {
      // Out of the matching tool: gone for the other center's parent only.
      await set({ allowedForMatchingTool: false });
      expect(await counts()).toEqual([before[0]! - 1, before[1]! - 1, before[2], before[3]]);
      expectInStep(index);
      // Back in the tool but still applying (not listed): gone for both.
      await set({ allowedForMatchingTool: true, availability: 'Main Form Pending Review' });
      expect(await counts()).toEqual(before.map((n) => n - 1));
      expectInStep(index);
    } finally {
      await set({ availability: 'Available' });
    }
    expect(await counts()).toEqual(before);
    expectInStep(index);
  });
});
