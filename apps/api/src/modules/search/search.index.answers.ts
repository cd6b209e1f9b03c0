import type { IndexAnswer, IndexQuery, IndexSort } from './search.index.columns.js';

/**
 * The search index's last answers (issue 19): the same search asked again while the index has
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
  /** Searches answered from what was kept (tests, benches). */
  hits = 0;

  get size(): number {
    return this.kept.size;
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
    const { total, ids, centers } = found.answer;
    return { total, ids: [...ids], centers: [...centers] };
  }

  /** Keeps an answer found at change count `at`, unless the index changed while it was found (`now`). */
  set(key: string | null, at: number, now: number, answer: IndexAnswer): void {
    if (key === null || at !== now) return;
    this.kept.delete(key);
    if (this.kept.size >= MAX_ANSWERS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, {
      at,
      answer: { total: answer.total, ids: [...answer.ids], centers: [...answer.centers] },
    });
  }
}
