import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { textOutbox } from '../db/schema/index.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { SecretBox } from './crypto.js';
import type { Db } from './db.js';
import { recordRun } from './job-runs.js';
import { afterFailure, backoffMs, claimDue, type WorkQueue } from './jobs/queue.js';
import type { JobDefinition } from './jobs/runner.js';
import { centerSendsTexts, findCenterTwilio, openText } from './sms.js';
import {
  dropSmsTransport,
  SmsError,
  type SmsTransport,
  type TwilioCredentials,
  textDropDir,
  twilioSmsTransport,
} from './sms-transport.js';

type OutboxRow = typeof textOutbox.$inferSelect;

export interface TextDeliveryDeps {
  db: Db;
  config: Config;
  secrets: SecretBox;
  clock?: Clock;
  log?: FastifyBaseLogger;
}

export interface TextDeliveryResult {
  claimed: number;
  sent: number;
  captured: number;
  retried: number;
  failed: number;
}

/** The heartbeat and cron name of the text delivery job (CRON_JOBS in @dm/shared). */
export const TEXT_DELIVERY_JOB = 'text-delivery';
export const TEXT_BATCH_SIZE = 20;
/** After this many failed attempts a text is marked failed. Codes expire in 10 minutes anyway. */
export const TEXT_MAX_ATTEMPTS = 6;
/** A claimed row is 'sending' until this lease runs out (a send gives up after 15 s). */
const CLAIM_LEASE_MS = 5 * 60_000;

/** 15 s, 30 s, 1 min, 2 min ... at most 30 minutes. */
export function textRetryDelayMs(attempts: number): number {
  return backoffMs(attempts, 15_000, 30 * 60_000);
}

const TEXT_QUEUE: WorkQueue<typeof textOutbox> = {
  table: textOutbox,
  id: textOutbox.id,
  status: textOutbox.status,
  waiting: 'pending',
  claimed: 'sending',
  lease: { until: textOutbox.nextAttemptAt },
  leaseMs: CLAIM_LEASE_MS,
  order: [textOutbox.nextAttemptAt, textOutbox.id],
  retry: {
    attempts: textOutbox.attempts,
    maxAttempts: TEXT_MAX_ATTEMPTS,
    delayMs: textRetryDelayMs,
    failed: 'failed',
  },
};

interface Sender {
  transport: SmsTransport;
  from: string;
}

/**
 * outbox: the operator's drop. twilio: the center's own account and number, or why not. A
 * center that turned text messages off sends nothing, not even what was queued before.
 */
async function senderFor(deps: TextDeliveryDeps, centerId: number): Promise<Sender | SmsError> {
  if (!(await centerSendsTexts(deps.db, centerId)))
    return new SmsError('The agency has turned text messages off; not sent.', false);
  if (deps.config.smsTransport === 'outbox')
    return { transport: dropSmsTransport(textDropDir(deps.config.dataDir)), from: 'outbox' };
  const row = await findCenterTwilio(deps.db, centerId);
  if (!row?.phoneNumber || !row.accountSid || !row.authTokenSealed)
    return new SmsError('No Twilio number and account are set for this agency.', true);
  let authToken: string;
  try {
    authToken = deps.secrets.open(row.authTokenSealed);
  } catch {
    return new SmsError('The stored Twilio auth token could not be read; save it again.', true);
  }
  const credentials: TwilioCredentials = {
    phoneNumber: row.phoneNumber,
    accountSid: row.accountSid,
    authToken,
  };
  return { transport: twilioSmsTransport(credentials, deps.config.twilioApiUrl), from: row.phoneNumber };
}

async function settle(
  deps: TextDeliveryDeps,
  row: OutboxRow,
  now: Date,
  outcome: { id: string; captured: boolean } | SmsError,
): Promise<'sent' | 'captured' | 'retried' | 'failed'> {
  if (!(outcome instanceof SmsError)) {
    // The development outbox keeps the sealed body for its viewer; nothing else keeps it.
    const keep = outcome.captured && !deps.config.production;
    await deps.db
      .update(textOutbox)
      .set({
        status: outcome.captured ? 'captured' : 'sent',
        sentAt: now,
        lastError: null,
        providerId: outcome.id,
        ...(keep ? {} : { sealedContent: null }),
      })
      .where(eq(textOutbox.id, row.id));
    return outcome.captured ? 'captured' : 'sent';
  }
  const next = afterFailure(TEXT_QUEUE, row.attempts, now, !outcome.retryable);
  await deps.db
    .update(textOutbox)
    .set({ ...next.set, lastError: outcome.message, ...(next.failed ? { sealedContent: null } : {}) })
    .where(eq(textOutbox.id, row.id));
  if (next.failed) deps.log?.warn({ textId: row.id, error: outcome.message }, 'text delivery failed');
  return next.failed ? 'failed' : 'retried';
}

/**
 * One pass of the text job: claims due text_outbox rows (FOR UPDATE SKIP LOCKED, so two
 * processes never send one text), sends each through the center's transport, retries failures
 * with backoff, and clears the sealed body once a text is sent or failed for good. One job run
 * is recorded per center and pass.
 */
export async function deliverPendingTexts(
  deps: TextDeliveryDeps,
  limit: number = TEXT_BATCH_SIZE,
): Promise<TextDeliveryResult> {
  const clock = deps.clock ?? systemClock;
  const result: TextDeliveryResult = { claimed: 0, sent: 0, captured: 0, retried: 0, failed: 0 };
  const claimed = await claimDue(deps.db, TEXT_QUEUE, clock.now(), { limit });
  result.claimed = claimed.length;
  const byCenter = new Map<number, OutboxRow[]>();
  for (const row of claimed) byCenter.set(row.centerId, [...(byCenter.get(row.centerId) ?? []), row]);
  for (const [centerId, rows] of byCenter) {
    const startedAt = clock.now();
    const sender = await senderFor(deps, centerId);
    let done = 0;
    let lastFailure: string | null = null;
    for (const row of rows) {
      const body = openText(deps.secrets, row.sealedContent);
      let outcome: { id: string; captured: boolean } | SmsError;
      if (body === null)
        outcome = new SmsError(
          'The queued text could not be read (was APP_SECRET changed?); not sent.',
          false,
        );
      else if (sender instanceof SmsError) outcome = sender;
      else {
        try {
          const sent = await sender.transport.send({ from: sender.from, to: row.toNumber, body });
          outcome = { id: sent.id, captured: deps.config.smsTransport === 'outbox' };
        } catch (error) {
          outcome = error instanceof SmsError ? error : new SmsError('The text could not be sent.', true);
        }
      }
      const settled = await settle(deps, row, clock.now(), outcome);
      result[settled] += 1;
      if (settled === 'sent' || settled === 'captured') done += 1;
      else lastFailure = (outcome as SmsError).message;
    }
    await recordRun(deps.db, {
      job: TEXT_DELIVERY_JOB,
      centerId,
      startedAt,
      finishedAt: clock.now(),
      ok: lastFailure === null,
      processed: done,
      error: lastFailure,
    });
  }
  return result;
}

/** The text job: a pass every everyMs, and at once again after a full batch. */
export function textDeliveryJob(deps: TextDeliveryDeps, everyMs = 3_000): JobDefinition {
  return {
    key: TEXT_DELIVERY_JOB,
    everyMs,
    run: async (ctx) => {
      const result = await deliverPendingTexts({ ...deps, clock: ctx.clock, log: deps.log ?? ctx.log });
      return { processed: result.sent + result.captured, more: result.claimed === TEXT_BATCH_SIZE };
    },
  };
}
