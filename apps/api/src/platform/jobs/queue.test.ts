import { eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import type { Db } from '../db.js';
import { afterFailure, backoffMs, claimDue, type WorkQueue } from './queue.js';

/** A work table of its own, in both lease forms: run_at (lease until) and claimed_at (lease since). */
const items = pgTable('job_layer_items', {
  id: serial('id').primaryKey(),
  status: text('status').notNull().default('waiting'),
  attempts: integer('attempts').notNull().default(0),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
});

const LEASE_MS = 60_000;
const retrying: WorkQueue<typeof items> = {
  table: items,
  id: items.id,
  status: items.status,
  waiting: 'waiting',
  claimed: 'claimed',
  lease: { until: items.runAt },
  leaseMs: LEASE_MS,
  order: [items.runAt, items.id],
  retry: {
    attempts: items.attempts,
    maxAttempts: 3,
    delayMs: (a) => backoffMs(a, 1_000, 3_000),
    failed: 'failed',
  },
};
const leasedSince: WorkQueue<typeof items> = {
  table: items,
  id: items.id,
  status: items.status,
  waiting: 'waiting',
  claimed: 'claimed',
  lease: { since: items.claimedAt },
  leaseMs: LEASE_MS,
  order: [items.id],
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(sql`create table job_layer_items (id serial primary key,
    status text not null default 'waiting', attempts int not null default 0,
    run_at timestamptz not null, claimed_at timestamptz)`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(items);
});

async function add(db: Db, n: number, runAt: Date): Promise<number[]> {
  const rows = await db
    .insert(items)
    .values(Array.from({ length: n }, () => ({ runAt })))
    .returning({ id: items.id });
  return rows.map((r) => r.id);
}

const rowOf = async (id: number) => (await t.db.select().from(items).where(eq(items.id, id)))[0]!;

describe('claimDue', () => {
  it('never gives one item to two claimers, however their claims interleave', async () => {
    const ids = await add(t.db, 20, t.clock.now());
    const a = await claimDue(t.db, retrying, t.clock.now(), { limit: 3 });
    const b = await claimDue(t.db, retrying, t.clock.now(), { limit: 3 });
    // PGlite has one connection: claims sent at once run one after the other, each sees the last.
    const more = await Promise.all(
      [1, 2, 3, 4].map(() => claimDue(t.db, retrying, t.clock.now(), { limit: 4 })),
    );
    const claimed = [a, b, ...more].flat().map((r) => r.id);
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed)).toEqual(new Set(ids));
    expect(a.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(await claimDue(t.db, retrying, t.clock.now(), { limit: 5 })).toEqual([]);
    const rows = await t.db.select().from(items);
    expect(rows.every((r) => r.status === 'claimed' && r.attempts === 1)).toBe(true);
  });

  it('leaves an item that is not due yet', async () => {
    const [later] = await add(t.db, 1, new Date(t.clock.now().getTime() + 5_000));
    expect(await claimDue(t.db, retrying, t.clock.now())).toEqual([]);
    t.clock.advance(5_001);
    expect((await claimDue(t.db, retrying, t.clock.now())).map((r) => r.id)).toEqual([later]);
  });

  it('claims an item again once the lease of the process that held it ran out', async () => {
    const [id] = await add(t.db, 1, t.clock.now());
    const claimedAt = t.clock.now();
    const [held] = await claimDue(t.db, retrying, claimedAt);
    expect(held!.runAt.getTime()).toBe(claimedAt.getTime() + LEASE_MS);
    // The holder died without settling the item: nobody takes it while the lease runs.
    t.clock.advance(LEASE_MS - 1_000);
    expect(await claimDue(t.db, retrying, t.clock.now())).toEqual([]);
    t.clock.advance(2_000);
    const [again] = await claimDue(t.db, retrying, t.clock.now());
    expect(again).toMatchObject({ id, status: 'claimed', attempts: 2 });
  });

  it('reclaims an expired lease kept as the claim time (lease since)', async () => {
    const [id] = await add(t.db, 1, t.clock.now());
    const [held] = await claimDue(t.db, leasedSince, t.clock.now());
    expect(held).toMatchObject({ id, status: 'claimed', attempts: 0 });
    t.clock.advance(LEASE_MS - 1_000);
    expect(await claimDue(t.db, leasedSince, t.clock.now())).toEqual([]);
    t.clock.advance(2_000);
    expect((await claimDue(t.db, leasedSince, t.clock.now())).map((r) => r.id)).toEqual([id]);
  });
});

describe('afterFailure', () => {
  it('retries a failing handler after a growing backoff, then marks the item failed', async () => {
    const [id] = await add(t.db, 1, t.clock.now());
    const handler = async () => {
      throw new Error('refused');
    };
    const waits: number[] = [];
    for (let pass = 1; pass <= 3; pass++) {
      const [item] = await claimDue(t.db, retrying, t.clock.now());
      expect(item, `pass ${pass}`).toMatchObject({ id, attempts: pass });
      const failed = await handler().then(
        () => false,
        () => true,
      );
      expect(failed).toBe(true);
      const failedAt = t.clock.now();
      const next = afterFailure(retrying, item!.attempts, failedAt);
      await t.db.update(items).set(next.set).where(eq(items.id, id));
      const row = await rowOf(id);
      if (pass < 3) {
        expect(next.failed).toBe(false);
        expect(row.status).toBe('waiting');
        waits.push(row.runAt.getTime() - failedAt.getTime());
        // Not due before its backoff is over.
        expect(await claimDue(t.db, retrying, t.clock.now())).toEqual([]);
        t.clock.advance(waits[waits.length - 1]!);
      } else {
        expect(next.failed).toBe(true);
        expect(row.status).toBe('failed');
      }
    }
    expect(waits).toEqual([1_000, 2_000]);
    t.clock.advance(24 * 60 * 60_000);
    expect(await claimDue(t.db, retrying, t.clock.now())).toEqual([]);
  });

  it('marks an item failed at once when no retry can succeed', () => {
    expect(afterFailure(retrying, 1, t.clock.now(), true)).toEqual({
      failed: true,
      set: { status: 'failed' },
    });
  });

  it('backs off by doubling up to the maximum', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, 1_000, 10_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000,
    ]);
  });
});

// Claims that really run at once need a server with more than one connection: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('claimDue on PostgreSQL', () => {
  it('never gives one item to two claimers running at once', async () => {
    const ids = await add(t.db, 200, t.clock.now());
    const claimer = async () => {
      const mine: number[] = [];
      for (;;) {
        const rows = await claimDue(t.db, retrying, t.clock.now(), { limit: 7 });
        if (rows.length === 0) return mine;
        mine.push(...rows.map((r) => r.id));
        // Hold on a moment, as a handler would, so the claimers overlap.
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    const results = await Promise.all([claimer(), claimer(), claimer(), claimer()]);
    const all = results.flat();
    expect(all).toHaveLength(200);
    expect(new Set(all)).toEqual(new Set(ids));
    expect(results.filter((r) => r.length > 0).length).toBeGreaterThan(1);
    const rows = await t.db.select().from(items).where(inArray(items.id, ids));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('skips an item another transaction holds instead of waiting for it', async () => {
    const [locked, free] = await add(t.db, 2, t.clock.now());
    let release!: () => void;
    let lockedIt!: () => void;
    const holding = new Promise<void>((resolve) => {
      lockedIt = resolve;
    });
    const other = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from job_layer_items where id = ${locked} for update`);
      lockedIt();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await holding;
    const claimed = await claimDue(t.db, retrying, t.clock.now(), { limit: 2 });
    release();
    await other;
    expect(claimed.map((r) => r.id)).toEqual([free]);
  });
});
