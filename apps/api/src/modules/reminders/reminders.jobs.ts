import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { recordRun } from '../../platform/job-runs.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { errorSummary } from '../../platform/log-safe.js';
import { queueTemplatedMailBatch } from '../../platform/mail.js';
import { type ClaimedReminder, centersWithScheduleOn, claimDueReminders } from './reminders.repo.js';

/** The heartbeat and cron name of the scheduler (CRON_JOBS in @dm/shared). */
export const DONOR_REMINDER_JOB = 'donor-reminders';
/** Reminders recorded and queued per transaction of a center. */
export const REMINDER_BATCH = 2000;
/** Reminders count in days: a pass a minute is plenty, and finds nothing most of the time. */
export const REMINDER_EVERY_MS = 60_000;

/** What a run of a center says when it failed; the server log has the details, the table no value. */
const CENTER_FAILED = 'The reminder pass of this agency failed; the server log has the details.';

export interface ReminderJobDeps {
  config: Pick<Config, 'publicUrl'>;
  secrets: SecretBox;
}

export interface ReminderPassContext {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
  stopping?: () => boolean;
  /** Only these centers (the development pass of one agency); default every center. */
  onlyCenters?: readonly number[];
}

export interface ReminderPassResult {
  /** Reminders recorded and queued, all centers. */
  sent: number;
  centers: number;
  failedCenters: number;
}

/** Queues the claimed reminders' e-mails: one batch per e-mail type (first, recurring). */
async function queueMails(db: Db, deps: ReminderJobDeps, centerId: number, claimed: ClaimedReminder[]) {
  const byType = new Map<number, ClaimedReminder[]>();
  for (const r of claimed) byType.set(r.email_type_id, [...(byType.get(r.email_type_id) ?? []), r]);
  for (const [emailTypeId, rows] of byType)
    await queueTemplatedMailBatch(db, deps.secrets, {
      centerId,
      emailTypeId,
      subject: rows[0]!.subject,
      recipients: rows.map((r) => ({
        account: { userId: r.donor_id, username: r.username, firstName: r.first_name, lastName: r.last_name },
        vars: {
          recipient: r.first_name || r.username,
          link: `${deps.config.publicUrl}/#/login/${encodeURIComponent(r.username)}`,
        },
      })),
    });
}

/**
 * Centers worked on at once: while one center's mails are built and sealed in JS, another's
 * claim runs in PostgreSQL (on the embedded database the transactions simply take turns).
 */
export const REMINDER_CENTERS_AT_ONCE = 2;

/**
 * One center's share of a pass: its due reminders recorded and their e-mails queued, a batch per
 * transaction, and one job_runs row when it sent some or failed. Returns what it sent; a failure
 * is logged and recorded, not thrown, so the other centers go on.
 */
async function remindCenter(
  ctx: ReminderPassContext,
  deps: ReminderJobDeps,
  centerId: number,
  now: Date,
): Promise<{ sent: number; failed: boolean }> {
  const startedAt = ctx.clock.now();
  let sent = 0;
  try {
    let after = 0;
    for (;;) {
      const claimed = await ctx.db.transaction(async (tx) => {
        const rows = await claimDueReminders(tx, centerId, now, REMINDER_BATCH, after);
        await queueMails(tx, deps, centerId, rows);
        return rows;
      });
      sent += claimed.length;
      if (claimed.length < REMINDER_BATCH || ctx.stopping?.()) break;
      after = claimed.at(-1)!.donor_id;
    }
    if (sent > 0)
      await recordRun(ctx.db, {
        job: DONOR_REMINDER_JOB,
        centerId,
        startedAt,
        finishedAt: ctx.clock.now(),
        ok: true,
        processed: sent,
      });
    return { sent, failed: false };
  } catch (error) {
    ctx.log?.error({ job: DONOR_REMINDER_JOB, centerId, error: errorSummary(error) }, 'reminder pass failed');
    await recordRun(ctx.db, {
      job: DONOR_REMINDER_JOB,
      centerId,
      startedAt,
      finishedAt: ctx.clock.now(),
      ok: false,
      processed: sent,
      error: CENTER_FAILED,
    }).catch(() => {});
    return { sent, failed: true };
  }
}

/**
 * One scheduler pass (decision 016): for every center whose schedule is on, record the due
 * reminders and queue their e-mails in the mail outbox, a batch per transaction, so a reminder
 * is recorded exactly when its e-mail is queued. REMINDER_CENTERS_AT_ONCE centers at a time.
 * One job_runs row per center that sent some or failed. A failing center is logged and
 * recorded; the others go on.
 */
export async function runReminderPass(
  ctx: ReminderPassContext,
  deps: ReminderJobDeps,
): Promise<ReminderPassResult> {
  const now = ctx.clock.now();
  const result: ReminderPassResult = { sent: 0, centers: 0, failedCenters: 0 };
  const waiting = (await centersWithScheduleOn(ctx.db)).filter(
    (id) => !ctx.onlyCenters || ctx.onlyCenters.includes(id),
  );
  const worker = async () => {
    for (let centerId = waiting.shift(); centerId !== undefined; centerId = waiting.shift()) {
      if (ctx.stopping?.()) return;
      result.centers += 1;
      const { sent, failed } = await remindCenter(ctx, deps, centerId, now);
      result.sent += sent;
      if (failed) result.failedCenters += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(REMINDER_CENTERS_AT_ONCE, waiting.length) }, worker));
  return result;
}

/** The scheduler on the job runner (decision 011): runs in every API process; the claims keep them apart. */
export function donorReminderJob(deps: ReminderJobDeps, everyMs = REMINDER_EVERY_MS): JobDefinition {
  return {
    key: DONOR_REMINDER_JOB,
    everyMs,
    run: async (ctx) => {
      const result = await runReminderPass(ctx, deps);
      return { processed: result.sent };
    },
  };
}
