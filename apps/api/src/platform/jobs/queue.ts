import { and, asc, eq, getTableColumns, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db.js';

/**
 * A table whose rows are work items (mail_outbox, donor_imports): which columns say whether a row
 * waits, is held by a process, and until when. Every queue is claimed, leased and retried the
 * same way (claimDue, afterFailure), so a new job only describes its table.
 */
export interface WorkQueue<T extends PgTable = PgTable> {
  table: T;
  id: AnyPgColumn;
  status: AnyPgColumn;
  /** The status of a row waiting for its (next) attempt. */
  waiting: string;
  /** The status of a row a process holds. */
  claimed: string;
  /**
   * The lease of a claimed row: a process that died leaves its rows to be claimed again once the
   * lease runs out. `until`: the column holds when the lease runs out, and for a waiting row when
   * it is due (the backoff of a retry). `since`: the column holds when the row was claimed;
   * a waiting row is always due.
   */
  lease: { until: AnyPgColumn } | { since: AnyPgColumn };
  /** Far longer than handling an item can take, so no one takes over an item still being handled. */
  leaseMs: number;
  /** The order items are claimed in, oldest first. */
  order: readonly AnyPgColumn[];
  /** Failed attempts are retried after a backoff, and marked `failed` after maxAttempts (lease `until` only). */
  retry?: {
    /** Counted up by each claim. */
    attempts: AnyPgColumn;
    maxAttempts: number;
    delayMs(attempts: number): number;
    failed: string;
  };
}

/** baseMs, then twice as long after each further attempt, at most maxMs. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

const keys = new WeakMap<AnyPgColumn, string>();

/** The property name drizzle's set() and returning() use for a column of the queue's table. */
function keyOf(queue: WorkQueue, column: AnyPgColumn): string {
  let key = keys.get(column);
  if (key === undefined) {
    const found = Object.entries(getTableColumns(queue.table)).find(([, c]) => c === column);
    if (!found) throw new Error('The column is not one of the queue table.');
    key = found[0];
    keys.set(column, key);
  }
  return key;
}

/** The rows a process may claim at `now`: waiting and due, or held under a lease that ran out. */
function dueCondition(queue: WorkQueue, now: Date): SQL | undefined {
  if ('until' in queue.lease)
    return and(inArray(queue.status, [queue.waiting, queue.claimed]), lte(queue.lease.until, now));
  return or(
    eq(queue.status, queue.waiting),
    and(eq(queue.status, queue.claimed), lt(queue.lease.since, new Date(now.getTime() - queue.leaseMs))),
  );
}

/** What claiming writes: the claimed status, the lease and one more attempt. */
function claimSet(queue: WorkQueue, now: Date): Record<string, unknown> {
  const set: Record<string, unknown> = { [keyOf(queue, queue.status)]: queue.claimed };
  if ('until' in queue.lease) set[keyOf(queue, queue.lease.until)] = new Date(now.getTime() + queue.leaseMs);
  else set[keyOf(queue, queue.lease.since)] = now;
  if (queue.retry) set[keyOf(queue, queue.retry.attempts)] = sql`${queue.retry.attempts} + 1`;
  return set;
}

/**
 * Takes up to `limit` due rows and marks them in the same transaction, skipping rows another
 * process holds (FOR UPDATE SKIP LOCKED): two processes never claim one item. `set` replaces
 * what claiming writes (the development outbox takes mail out of the queue without a lease).
 * The rows come back in claim order.
 */
export async function claimDue<T extends PgTable>(
  db: Db,
  queue: WorkQueue<T>,
  now: Date,
  options: { limit?: number; set?: Record<string, unknown> } = {},
): Promise<T['$inferSelect'][]> {
  const q = queue as unknown as WorkQueue;
  const table = q.table as unknown as Parameters<Db['select']>[0] & PgTable;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: q.id })
      .from(q.table)
      .where(dueCondition(q, now))
      .orderBy(...q.order.map((c) => asc(c)))
      .limit(options.limit ?? 1)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    const rows = (await tx
      .update(table)
      .set(options.set ?? claimSet(q, now))
      .where(inArray(q.id, ids))
      .returning()) as Record<string, unknown>[];
    const idKey = keyOf(q, q.id);
    return rows.sort((a, b) => ids.indexOf(a[idKey]) - ids.indexOf(b[idKey])) as T['$inferSelect'][];
  });
}

/**
 * What a failed attempt writes: the row waits its backoff and is tried again, or after the last
 * attempt (or when no retry can succeed: `final`) it is marked failed.
 */
export function afterFailure(
  queue: WorkQueue,
  attempts: number,
  now: Date,
  final = false,
): { failed: boolean; set: Record<string, unknown> } {
  const retry = queue.retry;
  if (!retry || !('until' in queue.lease)) throw new Error('The queue has no retry.');
  const status = keyOf(queue, queue.status);
  if (final || attempts >= retry.maxAttempts) return { failed: true, set: { [status]: retry.failed } };
  return {
    failed: false,
    set: {
      [status]: queue.waiting,
      [keyOf(queue, queue.lease.until)]: new Date(now.getTime() + retry.delayMs(attempts)),
    },
  };
}
