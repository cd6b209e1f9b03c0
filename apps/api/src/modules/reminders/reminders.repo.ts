import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { incompleteStatesSql } from '../../db/schema/donors.js';
import { emailSchedules, emailTemplates, emailTypes } from '../../db/schema/index.js';
import { type Db, queryRows } from '../../platform/db.js';

export type EmailScheduleRow = typeof emailSchedules.$inferSelect;

export async function findSchedule(db: Db, centerId: number): Promise<EmailScheduleRow | undefined> {
  const [row] = await db.select().from(emailSchedules).where(eq(emailSchedules.centerId, centerId)).limit(1);
  return row;
}

/** Saves the center's schedule (one per center): inserted the first time, replaced after. */
export async function upsertSchedule(
  db: Db,
  values: typeof emailSchedules.$inferInsert,
): Promise<EmailScheduleRow> {
  const { centerId: _, ...set } = values;
  const [row] = await db
    .insert(emailSchedules)
    .values(values)
    .onConflictDoUpdate({ target: emailSchedules.centerId, set })
    .returning();
  return row!;
}

/** Turns the schedule on or off; undefined when the center has none. */
export async function setScheduleFlag(
  db: Db,
  centerId: number,
  values: { emailFlag: boolean; updatedBy: number; updatedAt: Date },
): Promise<EmailScheduleRow | undefined> {
  const [row] = await db
    .update(emailSchedules)
    .set(values)
    .where(eq(emailSchedules.centerId, centerId))
    .returning();
  return row;
}

/** The reminder e-mail types with the center's own wording where it has one. */
export function reminderTemplates(db: Db, centerId: number, typeIds: readonly number[]) {
  return db
    .select({
      id: emailTypes.id,
      title: emailTypes.title,
      defaultSubject: emailTypes.defaultSubject,
      defaultDefinition: emailTypes.defaultDefinition,
      subject: emailTemplates.subject,
      definition: emailTemplates.definition,
    })
    .from(emailTypes)
    .leftJoin(
      emailTemplates,
      and(eq(emailTemplates.emailTypeId, emailTypes.id), eq(emailTemplates.centerId, centerId)),
    )
    .where(inArray(emailTypes.id, [...typeIds]))
    .orderBy(asc(emailTypes.id));
}

/** The centers whose schedule is on and sends at least one reminder. */
export async function centersWithScheduleOn(db: Db): Promise<number[]> {
  const rows = await db
    .select({ centerId: emailSchedules.centerId })
    .from(emailSchedules)
    .where(and(eq(emailSchedules.emailFlag, true), sql`${emailSchedules.totalReminders} > 0`))
    .orderBy(asc(emailSchedules.centerId));
  return rows.map((r) => r.centerId);
}

/** A reminder recorded by claimDueReminders, with what its e-mail needs. */
export interface ClaimedReminder {
  donor_id: number;
  sequence: number;
  email_type_id: number;
  subject: string;
  username: string;
  first_name: string;
  last_name: string;
}

/**
 * One statement per batch of a center (decision 016): records, for up to `limit` donors of the
 * center whose next reminder is due at `now`, that reminder, and returns the ones it recorded.
 *
 * - The schedule row is claimed FOR UPDATE SKIP LOCKED: while one process works through a
 *   center, another process's pass skips it (the lock lasts until the caller's transaction,
 *   which also queues the mails, commits).
 * - A donor is due when her application is incomplete (INCOMPLETE_APPLICATION_STATES, the
 *   pre-form not failed, the account active and not archived), fewer than the total were sent,
 *   and the first reminder's `duration_first` days have passed since her last activity (the
 *   latest of the application's start, its last status change and her last sign-in), or a
 *   later one's `duration_recurring` days since the previous reminder. The same rule as
 *   dueReminder in @dm/shared, which the property tests check.
 * - Batches walk the donors in id order (`afterDonorId`: the last donor of the previous batch),
 *   so a center of 100,000 donors is read once per pass, not once per batch.
 * - The unique (donor, sequence) makes a second insert of one reminder do nothing: a pass that
 *   read before another committed records (and so mails) nothing twice.
 */
export function claimDueReminders(db: Db, centerId: number, now: Date, limit: number, afterDonorId = 0) {
  const at = now.toISOString();
  return queryRows<ClaimedReminder>(
    db,
    sql`
      with sched as (
        select center_id, duration_first, duration_recurring, total_reminders,
               first_email_type_id, recurring_email_type_id, subject
        from email_schedules
        where center_id = ${centerId} and email_flag and total_reminders > 0
        for update skip locked
      ),
      due as (
        select d.user_id as donor_id,
               coalesce(s.n, 0) + 1 as sequence,
               case when s.n is null then sc.first_email_type_id else sc.recurring_email_type_id end
                 as email_type_id
        from sched sc
        join donors d on d.center_id = sc.center_id
        join users u on u.id = d.user_id
        -- The donor's latest reminder, whichever center sent it (a donor who moved keeps her
        -- count: the unique (donor, sequence) would refuse her numbers again). Sequences run
        -- 1, 2, 3 without gaps, so the latest one's number is the count: one step down the
        -- unique index, however many she had.
        left join lateral (
          select r.sequence::int as n, r.sent_at as last_at
          from donor_reminders r
          where r.donor_id = d.user_id
          order by r.sequence desc
          limit 1
        ) s on true
        where d.center_id = ${centerId}
          and d.user_id > ${afterDonorId}
          and not d.archived
          and d.availability in (${incompleteStatesSql})
          and u.status = 'Active'
          and (d.pre_form_status is null or d.pre_form_status = 1)
          and coalesce(s.n, 0) < sc.total_reminders
          and case
                when s.n is null then
                  greatest(d.created_at, coalesce(d.availability_changed_at, d.created_at),
                           coalesce(u.last_login_at, d.created_at))
                    + make_interval(days => sc.duration_first::int) <= ${at}::timestamptz
                else s.last_at + make_interval(days => sc.duration_recurring::int) <= ${at}::timestamptz
              end
        order by d.user_id
        limit ${limit}
      ),
      ins as (
        insert into donor_reminders (donor_id, center_id, sequence, email_type_id, sent_at)
        select donor_id, ${centerId}, sequence, email_type_id, ${at}::timestamptz from due
        on conflict (donor_id, sequence) do nothing
        returning donor_id, sequence, email_type_id
      )
      select ins.donor_id, ins.sequence::int as sequence, ins.email_type_id, sc.subject,
             u.username, u.first_name, u.last_name
      from ins
      join users u on u.id = ins.donor_id
      cross join sched sc
      order by ins.donor_id
    `,
  );
}
