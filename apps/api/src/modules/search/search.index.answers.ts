import type { IndexAnswer, IndexQuery, IndexSort } from './search.index.columns.js';

/**
 * The search index's last answers: the same search asked again while the index has
 * not changed gets the answer already found, without a scan. Many searches are the same: every
 * intended parent of a center opens the same landing list, and a parent goes back to her list.
 *
 * An answer is kept with the index's change count when it was found (`at`) and served only while
 * the count is the same: the asker has synced first, so every write committed before she asked is
 * in the count, and an answer found before that write is never served to her. An answer the
 * index changed under (a look applied rows while the scan yielded) is not kept.
 *
 * Only searches fully described by their query are kept: not those with ids from the database
 * (the donor id, the first name, odd words) nor the words (their weights depend on the caller).
 */

const copy = (a: IndexAnswer): IndexAnswer => ({ total: a.total, ids: [...a.ids], centers: [...a.centers] });

/** Answers kept at most (the least recently asked go first): a few KB each. */
export const MAX_ANSWERS = 64;

/** The key of a search, or null when its answer is not kept. */
export function answerKey(q: IndexQuery, s: IndexSort | null): string | null {
  if (q.allowedIds || q.words || q.filters.donor_id) return null;
  return JSON.stringify([
    q.visibility,
    q.filters,
    // The ages are counted in whole days (UTC), as the filter does.
    q.now.toISOString().slice(0, 10),
    q.point,
    q.createdAfter?.getTime() ?? null,
    s,
  ]);
}

export class IndexAnswers {
  private readonly kept = new Map<string, { at: number; answer: IndexAnswer }>();
  /** The scans under way, by key, each with the change count it began at. */
  private readonly running = new Map<string, { at: number; answer: Promise<IndexAnswer> }>();
  /** Searches answered from what was kept (tests, benches). */
  hits = 0;
  /** Searches answered by a scan another caller of the same count had begun (tests, benches). */
  shared = 0;

  get size(): number {
    return this.kept.size;
  }

  /**
   * The answer to the search `key` at change count `at` (a copy each): the one kept; else the one
   * a scan begun at the same count is finding (concurrent callers of one look all ask at once
   * after a write, and each scanned); else the one `find` finds, kept if the index did not change
   * meanwhile (`changes` reads its count). Sharing a scan is as fresh as scanning: the caller
   * synced first, so every write she must see is in the count the scan began at, and a write
   * applied while it ran may show or not, as in a scan of her own. A failed find fails its
   * sharers and keeps nothing.
   */
  async answer(
    key: string | null,
    at: number,
    find: () => Promise<IndexAnswer>,
    changes: () => number,
  ): Promise<IndexAnswer> {
    if (key === null) return find();
    const known = this.get(key, at);
    if (known) return known;
    const running = this.running.get(key);
    if (running?.at === at) {
      this.shared++;
      return copy(await running.answer);
    }
    const entry = { at, answer: find() };
    this.running.set(key, entry);
    try {
      const found = await entry.answer;
      this.set(key, at, changes(), found);
      return copy(found);
    } finally {
      if (this.running.get(key) === entry) this.running.delete(key);
    }
  }

  /** The answer kept for `key` at change count `at` (a copy), else undefined. */
  get(key: string | null, at: number): IndexAnswer | undefined {
    if (key === null) return undefined;
    const found = this.kept.get(key);
    if (!found) return undefined;
    this.kept.delete(key);
    if (found.at !== at) return undefined;
    this.kept.set(key, found);
    this.hits++;
    return copy(found.answer);
  }

  /** Keeps an answer found at change count `at`, unless the index changed while it was found (`now`). */
  set(key: string | null, at: number, now: number, answer: IndexAnswer): void {
    if (key === null || at !== now) return;
    this.kept.delete(key);
    if (this.kept.size >= MAX_ANSWERS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { at, answer: copy(answer) });
  }
}
