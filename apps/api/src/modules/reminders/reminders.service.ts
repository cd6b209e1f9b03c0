import {
  DAY_MS,
  type EmailSchedulerData,
  MSG_REMINDER,
  REMINDER_EMAIL_TYPES,
  type saveEmailScheduleBody,
  type toggleEmailScheduleBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { oneCenterInScope } from '../centers/centers.service.js';
import { runReminderPass } from './reminders.jobs.js';
import {
  type EmailScheduleRow,
  findSchedule,
  reminderTemplates,
  setScheduleFlag,
  upsertSchedule,
} from './reminders.repo.js';

export type RemindersDeps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets'>;

/** The center a call acts on: the master admin names one; an agency admin acts on their own. */
const centerOf = oneCenterInScope;

function durationOf(row: EmailScheduleRow | undefined): EmailSchedulerData['resultsDuration'] {
  if (!row) return null;
  return {
    duration_first_email: row.durationFirst,
    duration_email_afterward: row.durationRecurring,
    total_reminder: row.totalReminders,
    send_email_flag: row.emailFlag,
    selected_first_email: row.firstEmailTypeId,
    selected_recurring_email: row.recurringEmailTypeId,
    subject: row.subject,
  };
}

async function schedulerData(db: Db, centerId: number): Promise<EmailSchedulerData> {
  const [row, templates] = await Promise.all([
    findSchedule(db, centerId),
    reminderTemplates(db, centerId, REMINDER_EMAIL_TYPES),
  ]);
  return {
    centerId,
    resultsDuration: durationOf(row),
    resultsEmail: templates.map((t) => ({
      email_type: t.id,
      title: t.title,
      definition: t.definition ?? t.defaultDefinition,
      subject: t.subject ?? t.defaultSubject,
    })),
  };
}

/** GET getemailscheduler?center_id= */
export async function getScheduler(
  deps: RemindersDeps,
  auth: Auth,
  centerId: number | undefined,
): Promise<EmailSchedulerData> {
  return schedulerData(deps.db, await centerOf(deps.db, auth, centerId));
}

/** POST saveemailscheduler {emailSchedule}: every field, audited with the values (no personal data). */
export async function saveScheduler(
  deps: RemindersDeps,
  auth: Auth,
  body: z.output<typeof saveEmailScheduleBody>,
): Promise<EmailSchedulerData> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const centerId = await centerOf(tx, auth, body.center_id);
    const s = body.emailSchedule;
    const before = await findSchedule(tx, centerId);
    await upsertSchedule(tx, {
      centerId,
      durationFirst: s.durationFirst,
      durationRecurring: s.durationRecurring,
      totalReminders: s.totalReminders,
      emailFlag: s.emailFlag,
      firstEmailTypeId: s.selectedFirstEmail,
      recurringEmailTypeId: s.selectedRecurringEmail,
      subject: s.subject,
      updatedBy: auth.userId,
      updatedAt: now,
    });
    await audit(tx, auth, {
      action: 'email_schedule_saved',
      entityType: 'email_schedule',
      entityId: centerId,
      centerId,
      details: { before: durationOf(before), after: { ...s } },
    });
    return schedulerData(tx, centerId);
  });
}

/** POST saveemailschedulertoggle {emailSchedule: {emailFlag}}: a center without a schedule must save one first. */
export async function toggleScheduler(
  deps: RemindersDeps,
  auth: Auth,
  body: z.output<typeof toggleEmailScheduleBody>,
): Promise<EmailSchedulerData> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const centerId = await centerOf(tx, auth, body.center_id);
    const emailFlag = body.emailSchedule.emailFlag;
    const row = await setScheduleFlag(tx, centerId, { emailFlag, updatedBy: auth.userId, updatedAt: now });
    if (!row) throw badRequest(MSG_REMINDER.MANDATORY);
    await audit(tx, auth, {
      action: emailFlag ? 'email_schedule_on' : 'email_schedule_off',
      entityType: 'email_schedule',
      entityId: centerId,
      centerId,
    });
    return schedulerData(tx, centerId);
  });
}

/**
 * POST devreminderpass {days, center_id?} (development and tests only; a production process does
 * not register the route): one reminder pass of the agency as if the clock were `days` days
 * ahead, so the outbox shows the reminders without waiting. Moves only this pass's clock, not the
 * process's (sessions and links keep real time).
 */
export async function devReminderPass(
  deps: RemindersDeps,
  auth: Auth,
  input: { days: number; center_id?: number | undefined },
): Promise<{ at: string; sent: number }> {
  const centerId = await centerOf(deps.db, auth, input.center_id);
  const at = new Date(deps.clock.now().getTime() + input.days * DAY_MS);
  const result = await runReminderPass(
    { db: deps.db, clock: { now: () => at }, onlyCenters: [centerId] },
    { config: deps.config, secrets: deps.secrets },
  );
  return { at: at.toISOString(), sent: result.sent };
}
