import { type EmailSchedulerData, idSchema } from '@dm/shared';
import { z } from 'zod';

/*
 * The request bodies are the shared schemas (saveEmailScheduleBody, toggleEmailScheduleBody)
 * that the form uses too, the read's query is settingsCenterQuery; here the answer.
 */

export const emailSchedulerData = z.object({
  centerId: z.number(),
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
  resultsEmail: z.array(
    z.object({ email_type: z.number(), title: z.string(), definition: z.string(), subject: z.string() }),
  ),
}) satisfies z.ZodType<EmailSchedulerData>;

/** POST devreminderpass (development only). */
export const devReminderPassBody = z.object({
  days: z.number().int().min(0).max(365),
  center_id: idSchema().optional(),
});
export const devReminderPassData = z.object({ at: z.string(), sent: z.number() });
