import { z } from 'zod';
import { EMAIL_TYPE } from './email-types.js';
import { MSG } from './messages.js';
import type { DonorAvailability } from './roles.js';
import { idSchema } from './validation.js';

/**
 * The donor reminder scheduler (/scheduledonoremail; decision 016). A center's
 * schedule sends a donor whose application is incomplete a first reminder `durationFirst` days
 * after her last activity, then one every `durationRecurring` days, `totalReminders` in all.
 */

/** Spec: "Email reminder interval choices 1 to 7 days; total reminders 0 (None) to 7". */
export const REMINDER_DAY_CHOICES = [1, 2, 3, 4, 5, 6, 7] as const;
export const REMINDER_TOTAL_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const reminderTotalLabel = (n: number): string => (n === 0 ? 'None' : String(n));

/** The e-mail types a schedule may send: the first (type 22) and the recurring reminder. */
export const REMINDER_EMAIL_TYPES: readonly number[] = [
  EMAIL_TYPE.DONOR_FIRST_REMINDER,
  EMAIL_TYPE.DONOR_RECURRING_REMINDER,
];

/**
 * The availabilities of an application the donor still has to finish herself: she has not sent
 * the initial form yet, or her initial form was accepted (or her main form sent back) and the
 * main form is hers to fill and submit. Submitting moves her to a review state, which ends the
 * reminders. (Rejected Initial Form is a rejection: she is shown the agency's contact instead.)
 */
export const INCOMPLETE_APPLICATION_STATES: readonly DonorAvailability[] = [
  'Invited',
  'Initial form Accepted',
  'Rejected Main Form',
];

export const MSG_REMINDER = {
  MANDATORY: MSG.MANDATORY_TEMPLATE,
  INTERVAL: 'The reminder interval must be 1 to 7 days.',
  TOTAL: 'Total reminders must be None or 1 to 7.',
  EMAIL_TYPE: 'Please choose a reminder e-mail template.',
  SUBJECT_LONG: 'The subject must be at most 200 characters.',
  SAVED: 'E-mail schedule saved.',
  ON: 'Reminder e-mails are on.',
  OFF: 'Reminder e-mails are off.',
} as const;

/** A select's value: the form sends '' for "Select", the API a number. */
const mandatoryInt = (rangeMessage: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: MSG_REMINDER.MANDATORY })
      .int(rangeMessage)
      .min(min, rangeMessage)
      .max(max, rangeMessage),
  );

const days = () => mandatoryInt(MSG_REMINDER.INTERVAL, 1, 7);
const emailType = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: MSG_REMINDER.MANDATORY })
      .int(MSG_REMINDER.EMAIL_TYPE)
      .refine((id) => REMINDER_EMAIL_TYPES.includes(id), MSG_REMINDER.EMAIL_TYPE),
  );

/**
 * POST saveemailscheduler {emailSchedule}: every field is mandatory ("Email scheduler: all
 * mandatory fields required"). The same schema checks the form.
 */
export const emailScheduleSchema = z.object({
  durationFirst: days(),
  durationRecurring: days(),
  totalReminders: mandatoryInt(MSG_REMINDER.TOTAL, 0, 7),
  emailFlag: z.boolean({ error: MSG_REMINDER.MANDATORY }),
  selectedFirstEmail: emailType(),
  selectedRecurringEmail: emailType(),
  subject: z
    .string({ error: MSG_REMINDER.MANDATORY })
    .trim()
    .min(1, MSG_REMINDER.MANDATORY)
    .max(200, MSG_REMINDER.SUBJECT_LONG),
});
export type EmailSchedule = z.output<typeof emailScheduleSchema>;
export type EmailScheduleInput = z.input<typeof emailScheduleSchema>;

const centerId = idSchema().optional();

export const saveEmailScheduleBody = z.object({ emailSchedule: emailScheduleSchema, center_id: centerId });
export type SaveEmailScheduleBody = z.input<typeof saveEmailScheduleBody>;

/** POST saveemailschedulertoggle {emailSchedule: {emailFlag}}: only the on/off switch. */
export const toggleEmailScheduleBody = z.object({
  emailSchedule: z.object({ emailFlag: z.boolean({ error: MSG_REMINDER.MANDATORY }) }),
  center_id: centerId,
});
export type ToggleEmailScheduleBody = z.input<typeof toggleEmailScheduleBody>;

/** GET getemailscheduler: the spec's two parts, with the schedule's own fields beside them. */
export const emailSchedulerData = z.object({
  centerId: z.number(),
  /** null: the center has no schedule yet (the form starts empty, reminders off). */
  resultsDuration: z
    .object({
      duration_first_email: z.number(),
      duration_email_afterward: z.number(),
      total_reminder: z.number(),
      send_email_flag: z.boolean(),
      selected_first_email: z.number(),
      selected_recurring_email: z.number(),
      subject: z.string(),
    })
    .nullable(),
  /** The templates a schedule may send: the center's wording or the default. */
  resultsEmail: z.array(
    z.object({ email_type: z.number(), title: z.string(), definition: z.string(), subject: z.string() }),
  ),
});
export type EmailSchedulerData = z.output<typeof emailSchedulerData>;

/** POST devreminderpass {days, center_id?} (development only). */
export const devReminderPassBody = z.object({
  days: z.number().int().min(0).max(365),
  center_id: idSchema().optional(),
});
export const devReminderPassData = z.object({ at: z.string(), sent: z.number() });

// --- which reminder is due (pure; the scheduler's SQL is the set-based twin of this) -------

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReminderSchedule {
  emailFlag: boolean;
  durationFirst: number;
  durationRecurring: number;
  totalReminders: number;
}

export interface DonorReminderState {
  /** The application is incomplete (INCOMPLETE_APPLICATION_STATES, account active). */
  incomplete: boolean;
  /** The donor's last activity on her application: start, last sign-in, last status change. */
  lastActivityAt: Date;
  /** Reminders already sent. */
  sent: number;
  /** When the last one was sent (null when none was). */
  lastSentAt: Date | null;
}

export interface DueReminder {
  /** 1: the first reminder; 2..: recurring. */
  sequence: number;
  kind: 'first' | 'recurring';
}

/** When the next reminder falls due, or null when none will (off, complete, total reached). */
export function nextReminderAt(
  schedule: ReminderSchedule,
  donor: DonorReminderState,
): { at: Date; reminder: DueReminder } | null {
  if (!schedule.emailFlag || !donor.incomplete) return null;
  if (donor.sent >= schedule.totalReminders) return null;
  const sequence = donor.sent + 1;
  if (donor.sent === 0 || donor.lastSentAt === null)
    return {
      at: new Date(donor.lastActivityAt.getTime() + schedule.durationFirst * DAY_MS),
      reminder: { sequence, kind: 'first' },
    };
  return {
    at: new Date(donor.lastSentAt.getTime() + schedule.durationRecurring * DAY_MS),
    reminder: { sequence, kind: 'recurring' },
  };
}

/**
 * The reminder due for this donor now, or null. At most one per pass: a donor whose reminders
 * were held back (the schedule was off) gets the next one, not a burst of the missed ones.
 */
export function dueReminder(
  schedule: ReminderSchedule,
  donor: DonorReminderState,
  now: Date,
): DueReminder | null {
  const next = nextReminderAt(schedule, donor);
  return next && next.at.getTime() <= now.getTime() ? next.reminder : null;
}
