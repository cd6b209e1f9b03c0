// The saved-search digests (decision 021): BENCH_ALERT_USERS parents (300 by default)
// of the main agency, each with one alerted search, switched on through the search's own path;
// then a batch of donors begins to match and one pass sends every digest; a look the next day
// that finds nothing new (the steady state, once a minute); two passes racing the day after,
// checking that no user gets two digests in a day. The donors' availability is restored and the
// bench users (with their searches, alerts, digests and notifications) removed after, so the
// other sections and a reused database see the data as it was. BENCH_ONLY=alerts runs it alone.
import { performance } from 'node:perf_hooks';
import { ROLE, searchFilters } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { allMatchingDonorIds } from '../../apps/api/src/modules/search/search.service.js';
import { runSearchAlertPass } from '../../apps/api/src/modules/search-alerts/search-alerts.jobs.js';
import { SeenSet } from '../../apps/api/src/modules/search-alerts/search-alerts.seen.js';
import { SecretBox } from '../../apps/api/src/platform/crypto.js';
import { queryRows } from '../../apps/api/src/platform/db.js';
import type { Bench } from './context.js';

const DAY = 24 * 3600_000;
/** Donors that begin to match before the first pass, and again before the racing passes. */
const NEW_DONORS = 40;

export async function searchAlerts(bench: Bench): Promise<void> {
  const db = bench.database.db;
  const users = Number(process.env.BENCH_ALERT_USERS ?? 300);
  const deps = {
    config: { publicUrl: 'http://bench.invalid' },
    secrets: new SecretBox('bench-secret-bench-secret-bench-secret-01'),
  };
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;
  const ids = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: number }>(db, query)).map((r) => r.id);
  const outboxBefore = await count(sql`select coalesce(max(id), 0)::int as n from mail_outbox`);
  const available = await ids(sql`
    select user_id as id from donors
    where center_id = 1 and availability = 'Available' and not archived
    order by user_id desc limit ${2 * NEW_DONORS}`);
  if (available.length < 2) {
    console.log('\nsearch alerts: skipped (the main agency has fewer than 2 available donors)');
    return;
  }
  const half = Math.ceil(available.length / 2);
  const first = available.slice(0, half);
  const second = available.slice(half);
  const setAvailability = (list: number[], availability: string) =>
    db.execute(sql`update donors set availability = ${availability}
      where user_id = any(${`{${list.join(',')}}`}::int[])`);
  const userIds: number[] = [];
  try {
    // Both batches hidden from parents while the alerts are switched on.
    await setAvailability(available, 'Invited');
    const now = Date.now();
    userIds.push(
      ...(await ids(sql`
        insert into users (center_id, role, status, username, first_name, last_name)
        select 1, ${ROLE.CLIENT}, 'Active', 'bench-alert-' || g || '@bench.invalid', 'Bench', 'Alert ' || g
        from generate_series(1, ${users}) g
        returning id`)),
    );
    const filters = searchFilters.parse({});
    let start = performance.now();
    for (const userId of userIds) {
      const [saved] = await queryRows<{ id: number }>(
        db,
        sql`insert into saved_searches (user_id, name, filters) values (${userId}, 'Bench alert', ${JSON.stringify(filters)}::jsonb) returning id`,
      );
      const found = await allMatchingDonorIds(
        { db, clock: { now: () => new Date(now) }, secrets: deps.secrets },
        { userId, role: ROLE.CLIENT, centerId: 1, parentId: null, managerId: null },
        filters,
      );
      await db.execute(sql`
        insert into search_alerts (saved_search_id, user_id, enabled_at, seen, seen_at)
        values (${saved!.id}, ${userId}, ${new Date(now).toISOString()}, ${SeenSet.of(found).encode()}, now())`);
    }
    const switchOnMs = (performance.now() - start) / users;

    await setAvailability(first, 'Available');
    start = performance.now();
    const sent = await runSearchAlertPass({ db, clock: { now: () => new Date(now + DAY) } }, deps);
    const sentMs = performance.now() - start;

    start = performance.now();
    const idle = await runSearchAlertPass({ db, clock: { now: () => new Date(now + 2 * DAY) } }, deps);
    const idleMs = performance.now() - start;

    await setAvailability(second, 'Available');
    start = performance.now();
    const [a, b] = await Promise.all([
      runSearchAlertPass({ db, clock: { now: () => new Date(now + 3 * DAY) } }, deps),
      runSearchAlertPass({ db, clock: { now: () => new Date(now + 3 * DAY) } }, deps),
    ]);
    const racingMs = performance.now() - start;

    const list = `{${userIds.join(',')}}`;
    const digests = await count(
      sql`select count(*)::int as n from search_alert_digests where user_id = any(${list}::int[])`,
    );
    const distinct = await count(sql`
      select count(*)::int as n from (select distinct user_id, day from search_alert_digests
        where user_id = any(${list}::int[])) d`);
    const mails = await count(
      sql`select count(*)::int as n from mail_outbox where id > ${outboxBefore} and email_type_id = 48`,
    );
    console.log(`\nsearch alerts: ${bench.donorCount} donors, ${users} parents with one alerted search each`);
    console.log(`search alerts: switching one on (the search's result as seen) ${switchOnMs.toFixed(1)} ms`);
    console.log(
      `search alerts: a pass sending ${sent.digests} digests (${sent.donors} donors) in ${(sentMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `search alerts: a look at ${idle.users} users finding nothing new in ${(idleMs / 1000).toFixed(2)} s (the steady state, once a minute)`,
    );
    console.log(
      `search alerts: two passes racing sent ${a.digests} + ${b.digests} digests in ${(racingMs / 1000).toFixed(2)} s`,
    );
    const twice =
      digests !== distinct ||
      mails !== digests ||
      sent.digests !== users ||
      idle.digests !== 0 ||
      a.digests + b.digests !== users;
    console.log(
      `search alerts: ${digests} digests recorded, ${mails} mails queued: ` +
        (twice ? 'SOME DIGEST WAS SENT TWICE OR MISSED' : 'none sent twice, none missed'),
    );
    if (twice) process.exitCode = 1;
    const result = (name: string, ms: number) => ({ name, runs: 1, p50: ms, p95: ms, max: ms });
    bench.results.push(
      result(`search alerts: pass sending ${sent.digests} digests`, sentMs),
      result(`search alerts: look at ${idle.users} users, nothing new`, idleMs),
      result(`search alerts: two passes racing (${a.digests + b.digests} digests)`, racingMs),
    );
  } finally {
    await setAvailability(available, 'Available');
    if (userIds.length)
      await db.execute(sql`delete from users where id = any(${`{${userIds.join(',')}}`}::int[])`);
    await db.execute(sql`delete from mail_outbox where id > ${outboxBefore}`);
    await db.execute(sql`delete from job_runs where job = 'search-alerts'`);
  }
}
