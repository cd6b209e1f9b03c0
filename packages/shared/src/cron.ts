import { z } from 'zod';
import { idSchema, pageWindow } from './validation.js';

/**
 * Scheduled jobs (/cronjob) and their runs (/crontable/{status?}). The jobs are the background
 * jobs of the process (the job runner, apps/api platform/jobs); each pass that does work records
 * a run (per center where the work belongs to one). `onlyWhenScheduled`: the job runs only on some
 * deployments (database maintenance: on the embedded database), so it is listed once it has run.
 */
export const CRON_JOBS = {
  'mail-delivery': {
    name: 'E-mail delivery',
    description: 'Sends queued e-mails through the agency SMTP connection.',
    everySeconds: 5,
  },
  'text-delivery': {
    name: 'Text message delivery',
    description: "Sends queued text messages from the agency's Twilio number.",
    everySeconds: 3,
  },
  'donor-import': { name: 'Donor import', description: 'Imports uploaded donor CSV files.', everySeconds: 3 },
  'dexi-run': {
    name: 'External donor data',
    description: "Fetches a center's external donor export and hands it to the donor import.",
    everySeconds: 5,
  },
  'donor-reminders': {
    name: 'Donor reminders',
    description: "E-mails donors whose application is incomplete, on their agency's reminder schedule.",
    everySeconds: 60,
  },
  'search-alerts': {
    name: 'Saved-search alerts',
    description: 'E-mails users a daily digest of the new donors matching their alerted saved searches.',
    everySeconds: 60,
  },
  'subscription-renewals': {
    name: 'Subscription renewals',
    description:
      "Charges the local payment provider's premium memberships whose month ended (Stripe renews its own).",
    everySeconds: 60,
  },
  'donor-watch': {
    name: 'Donor available again',
    description: 'Tells intended parents who asked when a donor they watch takes match requests again.',
    everySeconds: 5,
  },
  'webhook-delivery': {
    name: 'Webhook delivery',
    description: "Sends the agencies' webhook events to their endpoints, retrying with backoff.",
    everySeconds: 5,
  },
  'db-maintenance': {
    name: 'Database maintenance',
    description: 'Vacuums and analyzes the busiest tables of the embedded database.',
    everySeconds: 300,
    onlyWhenScheduled: true,
  },
} as const satisfies Record<
  string,
  { name: string; description: string; everySeconds: number; onlyWhenScheduled?: boolean }
>;
export type CronJobKey = keyof typeof CRON_JOBS;
export const CRON_JOB_KEYS = Object.keys(CRON_JOBS) as CronJobKey[];

export const CRON_RUN_STATUSES = ['running', 'success', 'failed'] as const;
export type CronRunStatus = (typeof CRON_RUN_STATUSES)[number];
/** The status filter of the pages: one run status or all of them. */
export const CRON_STATUS_FILTERS = ['all', ...CRON_RUN_STATUSES] as const;
export type CronStatusFilter = (typeof CRON_STATUS_FILTERS)[number];

/** Cron grid page size (spec: 25, then the server-given entryUpto). */
export const CRON_PAGE_SIZE = 25;

const statusFilter = z.enum(CRON_STATUS_FILTERS, {
  error: 'Status must be all, running, success or failed.',
});
const centerId = idSchema({ label: 'Center', orZero: true });

export const cronStatusParams = z.object({ status: statusFilter });
/** 0: every center the caller may see. */
export const cronCenterParams = z.object({ center: centerId });

/** POST getcrondetails {from, to, center_id}; status and job narrow the grid. */
export const cronDetailsBody = z.object({
  ...pageWindow(CRON_PAGE_SIZE),
  center_id: centerId.default(0),
  status: statusFilter.default('all'),
  job: z.enum(CRON_JOB_KEYS as [CronJobKey, ...CronJobKey[]], { error: 'Job is invalid.' }).optional(),
});
export type CronDetailsBody = z.input<typeof cronDetailsBody>;

const cronJob = z.enum(CRON_JOB_KEYS as [CronJobKey, ...CronJobKey[]]);

export const cronCounts = z.object({
  center_id: z.number(),
  total: z.number(),
  running: z.number(),
  success: z.number(),
  failed: z.number(),
});
export type CronCounts = z.output<typeof cronCounts>;

export const cronCenter = z.object({ center_id: z.number(), name: z.string(), runs: z.number() });
export type CronCenter = z.output<typeof cronCenter>;

/** GET crondata/{status}: each job, its heartbeat and how many runs it has in the status. */
export const cronJobRow = z.object({
  job: cronJob,
  name: z.string(),
  description: z.string(),
  everySeconds: z.number(),
  lastRunAt: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  runs: z.number(),
});
export type CronJobRow = z.output<typeof cronJobRow>;

export const cronRunRow = z.object({
  id: z.number(),
  job: cronJob,
  name: z.string(),
  center_id: z.number().nullable(),
  center_name: z.string().nullable(),
  status: z.enum(CRON_RUN_STATUSES),
  processed: z.number(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CronRunRow = z.output<typeof cronRunRow>;

export const cronRunPage = z.object({
  rows: z.array(cronRunRow),
  total: z.number(),
  /** The offset of the next page. */
  entryUpto: z.number(),
});
export type CronRunPage = z.output<typeof cronRunPage>;
