import { searchFilters } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { answerKey, IndexAnswers, MAX_ANSWERS } from './search.index.answers.js';
import type { IndexQuery, IndexSort } from './search.index.columns.js';

const query = (filters: object = {}, more: Partial<IndexQuery> = {}): IndexQuery => ({
  visibility: { kind: 'client', centers: [1, 2], ownCenter: 1, hidden: [] },
  filters: searchFilters.parse({ minage: 18, maxage: 60, ...filters }),
  now: new Date('2026-06-01T10:00:00Z'),
  point: null,
  allowedIds: null,
  ...more,
});
const sort: IndexSort = { sort: 'Newest', descending: true, limit: 25, offset: 0 };
const answer = (total: number) => ({ total, ids: [total, 2], centers: [1] });

describe('the search index answers kept', () => {
  it('keys a search by everything its answer depends on', () => {
    const key = answerKey(query(), sort);
    expect(answerKey(query(), sort)).toBe(key);
    // Another time of the same day counts the same ages.
    expect(answerKey(query({}, { now: new Date('2026-06-01T23:59:00Z') }), sort)).toBe(key);
    const others = [
      answerKey(query({}, { now: new Date('2026-06-02T00:00:00Z') }), sort),
      answerKey(query({ eyecolor: ['Blue'] }), sort),
      answerKey(
        query({}, { visibility: { kind: 'client', centers: [1, 2], ownCenter: 2, hidden: [] } }),
        sort,
      ),
      answerKey(
        query({}, { visibility: { kind: 'client', centers: [1, 2], ownCenter: 1, hidden: [7] } }),
        sort,
      ),
      answerKey(query({}, { point: { latitude: 40, longitude: -73 } }), sort),
      answerKey(query({}, { createdAfter: new Date('2026-05-01T00:00:00Z') }), sort),
      answerKey(query(), { ...sort, offset: 25 }),
      answerKey(query(), { ...sort, descending: false }),
      answerKey(query(), null),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });

  it('keeps no search that the database or the caller decides part of', () => {
    expect(answerKey(query({}, { allowedIds: new Set([1]) }), sort)).toBeNull();
    expect(answerKey(query({ donor_id: 'A-1' }), sort)).toBeNull();
    expect(answerKey(query({}, { words: { terms: ['ann'], weightsFor: () => 15 } }), sort)).toBeNull();
  });

  it('serves an answer only at the change count it was found at, and copies it', () => {
    const answers = new IndexAnswers();
    answers.set('a', 3, 3, answer(10));
    expect(answers.get('a', 4)).toBeUndefined();
    // Stale: dropped, not served again at its old count either.
    expect(answers.get('a', 3)).toBeUndefined();
    answers.set('a', 4, 4, answer(11));
    const got = answers.get('a', 4)!;
    expect(got).toEqual(answer(11));
    got.ids.push(99);
    expect(answers.get('a', 4)).toEqual(answer(11));
    expect(answers.hits).toBe(2);
    // Found while the index changed under it: not kept.
    answers.set('b', 4, 5, answer(12));
    expect(answers.get('b', 5)).toBeUndefined();
    expect(answers.get(null, 4)).toBeUndefined();
  });

  it('keeps at most MAX_ANSWERS, the least recently asked going first', () => {
    const answers = new IndexAnswers();
    for (let i = 0; i < MAX_ANSWERS; i++) answers.set(`k${i}`, 1, 1, answer(i));
    expect(answers.get('k0', 1)).toEqual(answer(0));
    answers.set('new', 1, 1, answer(100));
    expect(answers.size).toBe(MAX_ANSWERS);
    expect(answers.get('k1', 1)).toBeUndefined();
    expect(answers.get('k0', 1)).toEqual(answer(0));
    expect(answers.get('new', 1)).toEqual(answer(100));
  });

  it('shares a scan under way with callers at the same change count, and only with them', async () => {
    const answers = new IndexAnswers();
    let finds = 0;
    let count = 7;
    const gates: (() => void)[] = [];
    const find = (total: number) => () => {
      finds++;
      return new Promise<ReturnType<typeof answer>>((resolve) => gates.push(() => resolve(answer(total))));
    };
    const first = answers.answer('a', 7, find(10), () => count);
    const second = answers.answer('a', 7, find(99), () => count);
    // Another search, and the same search after a write (count 8), scan for themselves.
    const other = answers.answer('b', 7, find(20), () => count);
    const later = answers.answer('a', 8, find(11), () => count);
    expect(finds).toBe(3);
    // The write is applied before the scans end: only the one begun at count 8 is kept.
    count = 8;
    for (const open of gates) open();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(answer(10));
    expect(b).toEqual(answer(10));
    // Each caller has a copy of its own.
    a.ids.push(1);
    expect(b).toEqual(answer(10));
    expect(await other).toEqual(answer(20));
    expect(await later).toEqual(answer(11));
    expect(answers.shared).toBe(1);
    // The one found at count 8 is kept; nothing is running any more.
    expect(await answers.answer('a', 8, find(12), () => count)).toEqual(answer(11));
    expect(finds).toBe(3);
  });

  it('fails the sharers of a failed scan, keeps nothing, and never shares a search it does not key', async () => {
    const answers = new IndexAnswers();
    let reject!: (e: Error) => void;
    const failing = answers.answer(
      'a',
      1,
      () => new Promise((_, r) => (reject = r)),
      () => 1,
    );
    const sharer = answers.answer(
      'a',
      1,
      () => Promise.resolve(answer(5)),
      () => 1,
    );
    reject(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await expect(sharer).rejects.toThrow('database gone');
    expect(
      await answers.answer(
        'a',
        1,
        () => Promise.resolve(answer(6)),
        () => 1,
      ),
    ).toEqual(answer(6));
    let finds = 0;
    const unkeyed = () => {
      finds++;
      return Promise.resolve(answer(3));
    };
    await Promise.all([answers.answer(null, 1, unkeyed, () => 1), answers.answer(null, 1, unkeyed, () => 1)]);
    expect(finds).toBe(2);
  });
});
