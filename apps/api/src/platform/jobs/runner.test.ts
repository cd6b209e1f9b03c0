import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobHeartbeats, jobRuns } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { HEARTBEAT_STALE_MS, heartbeatStaleMs } from '../heartbeat.js';
import { type JobDefinition, startJobRunner } from './runner.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(jobRuns);
  await t.db.delete(jobHeartbeats);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits (up to 10 s) for a condition the runner's passes bring about. */
async function until(condition: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500 && !(await condition()); i++) await sleep(20);
}
const errors: unknown[] = [];
const log = { error: (o: unknown) => errors.push(o) } as never;

describe('startJobRunner', () => {
  it('stop() waits for the pass in flight and schedules no more', async () => {
    let passes = 0;
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const job: JobDefinition = {
      key: 'donor-import',
      everyMs: 5,
      run: async () => {
        passes++;
        started();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { processed: 1 };
      },
    };
    const runner = startJobRunner([job], { db: t.db, log, clock: t.clock });
    await running;
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await sleep(30);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await sleep(30);
    expect(passes).toBe(1);
  });

  it('runs the next pass at once while a pass says more is waiting, else after everyMs', async () => {
    const at: number[] = [];
    const job: JobDefinition = {
      key: 'donor-import',
      everyMs: 10_000,
      run: async () => {
        at.push(Date.now());
        return { more: at.length < 3 };
      },
    };
    const runner = startJobRunner([job], { db: t.db, log, clock: t.clock });
    await until(() => at.length >= 3);
    await sleep(100);
    await runner.stop();
    expect(at).toHaveLength(3);
  });

  it('writes the heartbeat; a failing pass is logged, beats failed and is tried again', async () => {
    errors.length = 0;
    let passes = 0;
    const job: JobDefinition = {
      key: 'donor-import',
      everyMs: 20,
      run: async () => {
        passes++;
        throw new Error('boom');
      },
    };
    const runner = startJobRunner([job], { db: t.db, log, clock: t.clock });
    await until(() => passes > 2);
    await runner.stop();
    expect(passes).toBeGreaterThan(2);
    expect(errors.length).toBe(passes);
    expect(errors[0]).toMatchObject({ job: 'donor-import', error: { message: 'boom' } });
    const [beat] = await t.db.select().from(jobHeartbeats).where(eq(jobHeartbeats.job, 'donor-import'));
    expect(beat!.lastFailedAt).not.toBeNull();
    // The job records its own runs: the runner recorded none.
    expect(await t.db.select().from(jobRuns)).toEqual([]);
  });

  it('records the passes of a runner-recorded job that did something or failed', async () => {
    const outcomes = [{ processed: 0 }, { processed: 2 }, 'fail', { processed: 0 }];
    let passes = 0;
    const job: JobDefinition = {
      key: 'db-maintenance',
      everyMs: 5,
      records: 'runner',
      run: async () => {
        passes++;
        const next = outcomes.shift();
        if (next === 'fail') throw new Error('vacuum failed');
        return next ?? {};
      },
    };
    const runner = startJobRunner([job], { db: t.db, log, clock: t.clock });
    await until(() => passes > 4);
    await runner.stop();
    const runs = await t.db.select().from(jobRuns).orderBy(jobRuns.id);
    expect(runs.map((r) => [r.job, r.centerId, r.status, r.processed])).toEqual([
      ['db-maintenance', null, 'success', 2],
      ['db-maintenance', null, 'failed', 0],
    ]);
    expect(runs[1]!.error).toBe('The pass failed; the server log has the details.');
    expect(runs.every((r) => r.finishedAt !== null)).toBe(true);
  });

  it('waits firstAfterMs before the first pass', async () => {
    let passes = 0;
    const job: JobDefinition = {
      key: 'db-maintenance',
      everyMs: 60_000,
      firstAfterMs: 60_000,
      run: async () => {
        passes++;
        return {};
      },
    };
    const runner = startJobRunner([job], { db: t.db, log, clock: t.clock });
    await sleep(100);
    await runner.stop();
    expect(passes).toBe(0);
  });
});

describe('heartbeatStaleMs', () => {
  it('gives a job that runs less often than the heartbeat two of its intervals', () => {
    expect(heartbeatStaleMs('mail-delivery')).toBe(HEARTBEAT_STALE_MS);
    expect(heartbeatStaleMs('db-maintenance')).toBe(10 * 60_000);
    expect(heartbeatStaleMs('unknown-job')).toBe(HEARTBEAT_STALE_MS);
  });

  it('tells of each pass and its result, and how long a pending pass has been due', async () => {
    const passes: string[] = [];
    let release!: () => void;
    let calls = 0;
    const job: JobDefinition = {
      key: 'donor-import',
      everyMs: 50,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('first pass fails');
        // The second pass hangs until released: its due age grows meanwhile.
        if (calls === 2) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
        return {};
      },
    };
    const later: JobDefinition = {
      key: 'dexi-run',
      everyMs: 60_000,
      firstAfterMs: 60_000,
      run: async () => ({}),
    };
    const runner = startJobRunner([job, later], {
      db: t.db,
      log,
      clock: t.clock,
      onPass: (key, ok) => passes.push(`${key} ${ok ? 'ok' : 'failed'}`),
    });
    await until(() => calls === 2);
    await sleep(300);
    const ages = Object.fromEntries(runner.dueAges().map((a) => [a.job, a.seconds]));
    expect(ages['donor-import']).toBeGreaterThanOrEqual(0.25);
    expect(ages['dexi-run']).toBe(0);
    release();
    await until(() => passes.length >= 2);
    expect(passes.slice(0, 2)).toEqual(['donor-import failed', 'donor-import ok']);
    // Done, the next pass waits for its time.
    expect(runner.dueAges().find((a) => a.job === 'donor-import')!.seconds).toBeLessThan(0.05);
    await runner.stop();
  });
});
