// The reminder scheduler (decision 016): one pass over every center with every donor
// made due, then two passes racing, checking that no reminder is recorded or mailed twice.
// The donors' availability and account status are saved first and restored after, and the
// reminders, their mails and the schedules removed, so the other sections (and a reused
// database) see the data as it was. BENCH_ONLY=scheduler runs it alone.
import { performance } from 'node:perf_hooks';
import { EMAIL_TYPE } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { runReminderPass } from '../../apps/api/src/modules/reminders/reminders.jobs.js';
import { SecretBox } from '../../apps/api/src/platform/crypto.js';
import { queryRows } from '../../apps/api/src/platform/db.js';
import type { Bench } from './context.js';

const DAY = 24 * 3600_000;

export async function scheduler(bench: Bench): Promise<void> {
  const db = bench.database.db;
  const deps = {
    config: { publicUrl: 'http://bench.invalid' },
    secrets: new SecretBox('bench-secret-bench-secret-bench-secret-01'),
  };
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;
  const outboxBefore = await count(sql`select coalesce(max(id), 0)::int as n from mail_outbox`);
  await db.execute(sql`drop table if exists bench_scheduler_backup`);
  await db.execute(sql`
    create table bench_scheduler_backup as
      select d.user_id, d.availability, d.archived, u.status
      from donors d join users u on u.id = d.user_id`);
  try {
    await db.execute(sql`update donors set availability = 'Initial form Accepted' where not archived`);
    await db.execute(sql`update users set status = 'Active' where role = 2 and status <> 'Archived'`);
    await db.execute(sql`
      insert into email_schedules (center_id, duration_first, duration_recurring, total_reminders,
        email_flag, first_email_type_id, recurring_email_type_id, subject)
      select id, 1, 1, 7, true, ${EMAIL_TYPE.DONOR_FIRST_REMINDER}, ${EMAIL_TYPE.DONOR_RECURRING_REMINDER},
        'Finish your application, {recipient}'
      from centers
      on conflict (center_id) do update set email_flag = true, total_reminders = 7,
        duration_first = 1, duration_recurring = 1`);
    const due = await count(sql`
      select count(*)::int as n from donors d join users u on u.id = d.user_id
      where not d.archived and u.status = 'Active'`);

    const now = Date.now();
    let start = performance.now();
    const first = await runReminderPass({ db, clock: { now: () => new Date(now + 2 * DAY) } }, deps);
    const firstMs = performance.now() - start;

    start = performance.now();
    const [a, b] = await Promise.all([
      runReminderPass({ db, clock: { now: () => new Date(now + 4 * DAY) } }, deps),
      runReminderPass({ db, clock: { now: () => new Date(now + 4 * DAY) } }, deps),
    ]);
    const racingMs = performance.now() - start;

    // The steady state: a pass every minute that finds nothing due reads every donor again.
    start = performance.now();
    const idle = await runReminderPass({ db, clock: { now: () => new Date(now + 4 * DAY + 60_000) } }, deps);
    const idleMs = performance.now() - start;

    const reminders = await count(sql`select count(*)::int as n from donor_reminders`);
    const distinct = await count(
      sql`select count(*)::int as n from (select distinct donor_id, sequence from donor_reminders) r`,
    );
    const mails = await count(
      sql`select count(*)::int as n from mail_outbox where id > ${outboxBefore} and email_type_id in (22, 23)`,
    );
    const mailed = await count(sql`
      select count(*)::int as n from (
        select distinct to_address, email_type_id from mail_outbox
        where id > ${outboxBefore} and email_type_id in (22, 23)) m`);
    console.log(`\nscheduler: ${bench.donorCount} donors, ${due} with an incomplete application`);
    console.log(
      `scheduler: one pass over ${first.centers} centers sent ${first.sent} first reminders in ${(firstMs / 1000).toFixed(2)} s` +
        ` (goal under 10 s)`,
    );
    console.log(
      `scheduler: two passes racing sent ${a.sent} + ${b.sent} second reminders in ${(racingMs / 1000).toFixed(2)} s`,
    );
    console.log(`scheduler: a pass with nothing due (${idle.sent} sent) in ${(idleMs / 1000).toFixed(2)} s`);
    const twice =
      reminders !== distinct || mails !== reminders || a.sent + b.sent !== first.sent || idle.sent !== 0;
    console.log(
      `scheduler: ${reminders} reminders recorded, ${mails} mails queued (${mailed} distinct address and type): ` +
        (twice ? 'SOME REMINDER WAS SENT TWICE OR MISSED' : 'none sent twice'),
    );
    if (twice) process.exitCode = 1;
    const result = (name: string, ms: number) => ({ name, runs: 1, p50: ms, p95: ms, max: ms });
    bench.results.push(
      result(`scheduler pass, all centers (${first.sent} reminders)`, firstMs),
      result(`scheduler, two passes racing (${a.sent + b.sent} reminders)`, racingMs),
      result('scheduler pass, nothing due', idleMs),
    );
  } finally {
    await db.execute(sql`delete from donor_reminders`);
    await db.execute(sql`delete from mail_outbox where id > ${outboxBefore}`);
    await db.execute(sql`delete from email_schedules`);
    await db.execute(sql`
      update donors d set availability = b.availability
      from bench_scheduler_backup b where b.user_id = d.user_id`);
    await db.execute(sql`
      update users u set status = b.status
      from bench_scheduler_backup b where b.user_id = u.id`);
    await db.execute(sql`drop table bench_scheduler_backup`);
  }
}
