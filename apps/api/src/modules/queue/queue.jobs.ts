import { donorDisplayId, EMAIL_TYPE, type QueueType, takesRequests, watchesDonors } from '@dm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { recordCenterRuns } from '../../platform/job-runs.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { errorSummary } from '../../platform/log-safe.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import type { Realtime } from '../../platform/realtime.js';
import { e164, queueText } from '../../platform/sms.js';
import { isDonorVisible, visibilityRule, visibilitySql } from '../donor-access/index.js';
import { type Announce, notify } from '../notifications/index.js';
import * as repo from './queue.repo.js';

/** The heartbeat and cron name of the notify-me job (CRON_JOBS in @dm/shared). */
export const DONOR_WATCH_JOB = 'donor-watch';
export const DONOR_WATCH_EVERY_MS = 5_000;
/** Watches read per statement of a pass. */
const WATCH_BATCH = 500;
const CENTER_FAILED = 'A donor-available notice of this agency failed; the server log has the details.';

export interface DonorWatchJobDeps {
  config: Pick<Config, 'publicUrl'>;
  secrets: SecretBox;
  /** Pushes the bell's unread count after a notice commits (absent: the bell reads it on its next load). */
  realtime?: Realtime | undefined;
}

export interface DonorWatchPassContext {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
  stopping?: () => boolean;
}

export interface DonorWatchPassResult {
  told: number;
  rearmed: number;
  failed: number;
}

type Watch = Awaited<ReturnType<typeof repo.watchBatch>>[number];

/**
 * One parent told, in one transaction: the watch locked while armed for its round (SKIP LOCKED:
 * another process holding it tells her, not this one), the donor's state read again, the parent
 * checked (still a client who may see the donor and not already waiting for her), the round
 * recorded under its unique (watch, round), then the bell notification, e-mail (type 64) and,
 * where she chose texts, the text queued, and the watch disarmed. Null when nothing was sent.
 */
async function tell(ctx: DonorWatchPassContext, deps: DonorWatchJobDeps, w: Watch, now: Date) {
  return ctx.db.transaction(async (tx): Promise<{ announce: Announce; centerId: number } | null> => {
    if (!(await repo.lockArmedWatch(tx, w.id, w.round))) return null;
    const q = await repo.donorQueueState(tx, w.donorId);
    if (!q || !takesRequests(q.state, q.settings, w.queueType as QueueType)) return null;
    const u = await repo.watcher(tx, w.userId);
    if (!u || u.status === 'Archived' || !watchesDonors(u)) return null;
    // A parent who can no longer see the donor gets nothing (the watch stays, armed).
    const visible = visibilitySql(await visibilityRule(tx, u));
    if (!(await isDonorVisible(tx, w.donorId, visible))) return null;
    if (await repo.hasOpenMatch(tx, w.userId, w.donorId)) return null;
    if (
      !(await repo.claimSend(tx, { watchId: w.id, round: w.round, at: now, emailed: false, texted: false }))
    ) {
      // Told before (a retried pass): only the flag is put right.
      await repo.disarm(tx, w.id, null);
      return null;
    }
    const label = donorDisplayId({ ...(await repo.donorIds(tx, w.donorId)), id: w.donorId });
    const link = `${deps.config.publicUrl}/#/donordetails/${w.donorId}`;
    // A user who turned notification e-mails off gets none (queueTemplatedMail answers 0).
    const mailId = await queueTemplatedMail(tx, deps.secrets, {
      centerId: u.centerId,
      emailTypeId: EMAIL_TYPE.DONOR_AVAILABLE_AGAIN,
      to: u.username,
      vars: { recipient: `${u.firstName} ${u.lastName}`.trim() || u.username, donor: label, link },
    });
    const number = u.wantsTexts && u.settings.receiveTextMessages ? e164(u.countryCode, u.contactNo) : null;
    const textId = number
      ? await queueText(tx, deps.secrets, {
          centerId: u.centerId,
          toUserId: u.userId,
          to: number,
          body: `${u.agencyName}: donor ${label} takes match requests again. ${link}`,
        })
      : null;
    await repo.setSendChannels(tx, w.id, w.round, { emailed: mailId > 0, texted: textId !== null });
    const announce = await notify(tx, [
      {
        userId: u.userId,
        sharedBy: null,
        kind: 'donor_available',
        text: `Donor ${label} takes match requests again`,
        link: `/donordetails/${w.donorId}`,
      },
    ]);
    await repo.disarm(tx, w.id, now);
    return { announce, centerId: u.centerId };
  });
}

/**
 * One pass (decision 027): every watch in id order, a batch per statement. A donor's state is
 * read once per pass. An armed watch whose donor takes requests is told (its own transaction);
 * a told watch whose donor no longer takes requests is armed for the next round. One job_runs
 * row per center whose parents were told or failed.
 */
export async function runDonorWatchPass(
  ctx: DonorWatchPassContext,
  deps: DonorWatchJobDeps,
): Promise<DonorWatchPassResult> {
  const startedAt = ctx.clock.now();
  const result: DonorWatchPassResult = { told: 0, rearmed: 0, failed: 0 };
  const perCenter = new Map<number, { processed: number; failed: number }>();
  const tally = (centerId: number) => {
    const known = perCenter.get(centerId) ?? { processed: 0, failed: 0 };
    perCenter.set(centerId, known);
    return known;
  };
  const states = new Map<number, Awaited<ReturnType<typeof repo.donorQueueState>>>();
  let after = 0;
  for (;;) {
    const batch = await repo.watchBatch(ctx.db, after, WATCH_BATCH);
    for (const w of batch) {
      if (ctx.stopping?.()) break;
      if (!states.has(w.donorId)) states.set(w.donorId, await repo.donorQueueState(ctx.db, w.donorId));
      const q = states.get(w.donorId);
      if (!q) continue;
      const open = takesRequests(q.state, q.settings, w.queueType as QueueType);
      if (!w.armed) {
        if (!open) {
          await repo.rearm(ctx.db, w.id, w.round);
          result.rearmed += 1;
        }
        continue;
      }
      if (!open) continue;
      try {
        const told = await tell(ctx, deps, w, startedAt);
        if (!told) continue;
        result.told += 1;
        tally(told.centerId).processed += 1;
        if (deps.realtime) told.announce(deps.realtime);
      } catch (error) {
        result.failed += 1;
        tally(q.centerId).failed += 1;
        ctx.log?.error({ job: DONOR_WATCH_JOB, watchId: w.id, error: errorSummary(error) }, 'notice failed');
      }
    }
    if (batch.length < WATCH_BATCH || ctx.stopping?.()) break;
    after = batch.at(-1)!.id;
  }
  await recordCenterRuns(
    ctx.db,
    DONOR_WATCH_JOB,
    perCenter,
    { startedAt, finishedAt: () => ctx.clock.now() },
    CENTER_FAILED,
    ctx.log,
  );
  return result;
}

/** The notify-me job on the job runner (decision 011): every API process runs it; the locks keep them apart. */
export function donorWatchJob(deps: DonorWatchJobDeps, everyMs = DONOR_WATCH_EVERY_MS): JobDefinition {
  return {
    key: DONOR_WATCH_JOB,
    everyMs,
    run: async (ctx) => {
      const result = await runDonorWatchPass(ctx, deps);
      return { processed: result.told };
    },
  };
}
