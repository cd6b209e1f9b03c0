import type { FileStorage } from './storage.js';

export interface CopyProgress {
  /** Files in the source. */
  total: number;
  /** Copied by this run so far. */
  copied: number;
  /** Already in the target when the run began. */
  skipped: number;
}

/** Copies in flight at once: a bucket answers each file in a round trip, the disk in a fraction of one. */
const COPIES_AT_ONCE = 8;

/**
 * Copies every file of `from` that `to` lacks, under the same key (moving an installation's files
 * into a bucket, backups and restores). Idempotent and resumable: a key names one file for good
 * (keys are generated, a file is never rewritten), and `putAt` shows a file only once it is whole,
 * so a run that stopped half-way is finished by running it again, which copies only what is
 * missing. The first failure stops the run (after the copies in flight) and is thrown.
 */
export async function copyFiles(
  from: FileStorage,
  to: FileStorage,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopyProgress> {
  const present = new Set<string>();
  for await (const key of to.keys()) present.add(key);
  const missing: string[] = [];
  let total = 0;
  for await (const key of from.keys()) {
    total++;
    if (!present.has(key)) missing.push(key);
  }
  const progress: CopyProgress = { total, copied: 0, skipped: total - missing.length };
  onProgress({ ...progress });
  let next = 0;
  let failure: { error: unknown } | null = null;
  const copier = async () => {
    while (!failure && next < missing.length) {
      const key = missing[next++]!;
      try {
        const { stream } = await from.open(key);
        await to.putAt(key, stream);
      } catch (error) {
        failure ??= { error };
        return;
      }
      progress.copied++;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, missing.length) }, copier));
  if (failure) throw (failure as { error: unknown }).error;
  return progress;
}

/**
 * Removes from `from` every file that `to` holds under the same key (the end of a move, once
 * copyFiles finished): a file is in the target only once whole, so nothing is removed before its
 * copy is complete. Returns how many were removed.
 */
export async function removeCopied(from: FileStorage, to: FileStorage): Promise<number> {
  const present = new Set<string>();
  for await (const key of to.keys()) present.add(key);
  let removed = 0;
  for await (const key of from.keys()) {
    if (!present.has(key)) continue;
    await from.remove(key);
    removed++;
  }
  return removed;
}
