import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox, smtpConnections } from '../db/schema/index.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { SecretBox } from './crypto.js';
import type { Db } from './db.js';
import { recordRun } from './job-runs.js';
import { afterFailure, backoffMs, claimDue, type WorkQueue } from './jobs/queue.js';
import { type JobDefinition, type JobRunner, startJobRunner } from './jobs/runner.js';
import { openMail, type RenderedMail, withUnsubscribe } from './mail.js';
import {
  fileMailTransport,
  type MailTransport,
  type MailTransportFactory,
  mailDropDir,
  parseSmtpUrl,
  type SmtpOptions,
} from './mail-transport.js';

export type SmtpConnectionRow = typeof smtpConnections.$inferSelect;
type OutboxRow = typeof mailOutbox.$inferSelect;

export interface MailDeliveryDeps {
  db: Db;
  config: Config;
  secrets: SecretBox;
  mailTransport: MailTransportFactory;
  clock?: Clock;
  log?: FastifyBaseLogger;
}

export interface DeliveryResult {
  /** Rows this call took from the queue. */
  claimed: number;
  sent: number;
  captured: number;
  retried: number;
  failed: number;
}

export const MAIL_BATCH_SIZE = 20;
/** After this many failed attempts a mail is marked failed and left for an admin to look at. */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * A claimed row is 'sending' until this lease runs out. It is far longer than a send can take
 * (nodemailer gives up after 20 s of silence), so no other process picks up a mail that is
 * still being sent; a process that died mid-batch leaves its rows to be retried after it.
 */
const CLAIM_LEASE_MS = 10 * 60_000;
const LAST_ERROR_MAX = 500;

/** 1, 2, 4, 8 ... minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(attempts, 60_000, 6 * 60 * 60_000);
}

export async function findSmtpConnection(db: Db, centerId: number): Promise<SmtpConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(smtpConnections)
    .where(eq(smtpConnections.centerId, centerId))
    .limit(1);
  return row;
}

export function smtpOptionsOf(row: SmtpConnectionRow, secrets: SecretBox): SmtpOptions {
  return {
    host: row.host,
    port: row.port,
    secure: row.secure === 1,
    username: row.username,
    password: row.passwordEncrypted ? secrets.open(row.passwordEncrypted) : '',
  };
}

/** "Name" <address>, or the bare address. */
export function formatFrom(email: string, name: string): string {
  return name ? `"${name.replace(/["\\\r\n]/g, '')}" <${email}>` : email;
}

const SMTP_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the server refused the connection (check host and port).',
  EHOSTUNREACH: 'the host could not be reached (check host and port).',
  ENOTFOUND: 'the host name could not be found.',
  EDNS: 'the host name could not be found.',
  ETIMEDOUT: 'the server did not answer in time (check host, port and the secure setting).',
  ECONNRESET: 'the server closed the connection (check the port and the secure setting).',
  EAUTH: 'the server did not accept the username or password.',
  ENOAUTH: 'the server asks for a username and password.',
  ETLS: 'a secure connection could not be set up (check the secure setting and port).',
};

/**
 * An SMTP failure in words a person can act on, with the password (and the AUTH PLAIN token
 * made from it) removed in case a server echoes it back.
 */
export function describeSmtpError(
  error: unknown,
  options: Pick<SmtpOptions, 'username' | 'password'>,
): string {
  const e = (error ?? {}) as { code?: string; message?: string };
  const message = String(e.message ?? error ?? 'unknown error');
  // nodemailer reports network failures as ESOCKET with the system error in the message.
  const code = [e.code, ...(message.match(/\bE[A-Z]{3,}\b/g) ?? [])].find((c) => c && c in SMTP_ERRORS);
  const detail = code ? SMTP_ERRORS[code]! : message;
  let text = detail;
  if (options.password) {
    const plain = Buffer.from(`\0${options.username}\0${options.password}`).toString('base64');
    for (const secret of [options.password, plain]) text = text.split(secret).join('***');
  }
  return text.slice(0, LAST_ERROR_MAX);
}

/** mail_outbox as a work queue: 'sending' rows are leased until next_attempt_at. */
const MAIL_QUEUE: WorkQueue<typeof mailOutbox> = {
  table: mailOutbox,
  id: mailOutbox.id,
  status: mailOutbox.status,
  waiting: 'pending',
  claimed: 'sending',
  lease: { until: mailOutbox.nextAttemptAt },
  leaseMs: CLAIM_LEASE_MS,
  order: [mailOutbox.nextAttemptAt, mailOutbox.id],
  retry: {
    attempts: mailOutbox.attempts,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    delayMs: retryDelayMs,
    failed: 'failed',
  },
};

interface Sender {
  open(): MailTransport;
  from: string;
  /** What describeSmtpError removes from a failure message. */
  credentials: Pick<SmtpOptions, 'username' | 'password'>;
}

/**
 * MAIL_TRANSPORT=file: the operator's file drop. smtp: the agency's own connection, else
 * SMTP_URL; null when neither is configured.
 */
async function senderFor(deps: MailDeliveryDeps, centerId: number | null): Promise<Sender | null> {
  if (deps.config.mailTransport === 'file') {
    const dir = mailDropDir(deps.config.dataDir);
    return {
      open: () => fileMailTransport(dir),
      from: deps.config.mailFrom,
      credentials: { username: '', password: '' },
    };
  }
  const row = centerId === null ? undefined : await findSmtpConnection(deps.db, centerId);
  const options = row
    ? smtpOptionsOf(row, deps.secrets)
    : deps.config.smtpUrl && parseSmtpUrl(deps.config.smtpUrl);
  if (!options) return null;
  return {
    open: () => deps.mailTransport(options),
    from: row ? formatFrom(row.fromEmail, row.fromName) : deps.config.mailFrom,
    credentials: options,
  };
}

/** The sealed content of a claimed row; a row that cannot be opened will never be sendable. */
function contentOf(deps: MailDeliveryDeps, row: OutboxRow): RenderedMail | null {
  try {
    return openMail(deps.secrets, row.sealedContent);
  } catch {
    return null;
  }
}

/**
 * One pass of the mail job: delivers due mail_outbox rows through SMTP or into the file drop
 * (or, with MAIL_TRANSPORT=outbox, marks them captured for the development outbox, sealed).
 * Failed sends are retried with backoff and marked failed after MAIL_MAX_ATTEMPTS. A row's
 * sealed content is cleared once it is sent or failed: nothing keeps its links afterwards.
 */
export async function deliverPendingMail(
  deps: MailDeliveryDeps,
  limit: number = MAIL_BATCH_SIZE,
): Promise<DeliveryResult> {
  const clock = deps.clock ?? systemClock;
  const result: DeliveryResult = { claimed: 0, sent: 0, captured: 0, retried: 0, failed: 0 };
  if (deps.config.mailTransport === 'outbox') {
    const startedAt = clock.now();
    const captured = await claimDue(deps.db, MAIL_QUEUE, startedAt, {
      limit,
      set: { status: 'captured', sentAt: startedAt },
    });
    result.claimed = result.captured = captured.length;
    const perCenter = new Map<number | null, number>();
    for (const row of captured) perCenter.set(row.centerId, (perCenter.get(row.centerId) ?? 0) + 1);
    for (const [centerId, processed] of perCenter)
      await recordRun(deps.db, {
        job: MAIL_DELIVERY_JOB,
        centerId,
        startedAt,
        finishedAt: clock.now(),
        ok: true,
        processed,
      });
    return result;
  }
  const claimed = await claimDue(deps.db, MAIL_QUEUE, clock.now(), { limit });
  result.claimed = claimed.length;
  // One connection per agency and pass (Map.groupBy needs Node 21).
  const byCenter = new Map<number | null, OutboxRow[]>();
  for (const row of claimed) byCenter.set(row.centerId, [...(byCenter.get(row.centerId) ?? []), row]);
  for (const [centerId, rows] of byCenter) {
    const startedAt = clock.now();
    let sent = 0;
    let lastFailure: string | null = null;
    let sender: Sender | null = null;
    let setupError: string | null = null;
    try {
      sender = await senderFor(deps, centerId);
      if (!sender) setupError = 'No SMTP connection is configured for this agency and SMTP_URL is not set.';
    } catch (error) {
      // An unreadable stored password (APP_SECRET changed): say so without details.
      deps.log?.error({ centerId, err: String((error as Error)?.message) }, 'mail connection unusable');
      setupError = 'The stored SMTP connection could not be read; save it again.';
    }
    let transport: MailTransport | null = null;
    try {
      if (sender) transport = sender.open();
      for (const row of rows) {
        let failure = setupError;
        const content = contentOf(deps, row);
        // Sealed under another APP_SECRET (or cleared): no retry can send it.
        const unreadable = content === null;
        if (unreadable) failure = 'The queued mail could not be read (was APP_SECRET changed?); not sent.';
        else if (transport && sender) {
          try {
            await transport.send({
              from: sender.from,
              to: row.toAddress,
              ...withUnsubscribe(content, deps.config.publicUrl, deps.secrets),
            });
          } catch (error) {
            failure = describeSmtpError(error, sender.credentials);
          }
        }
        const now = clock.now();
        if (failure !== null) lastFailure = failure;
        if (failure === null) {
          await deps.db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: now, lastError: null, sealedContent: null })
            .where(eq(mailOutbox.id, row.id));
          result.sent += 1;
          sent += 1;
        } else {
          const next = afterFailure(MAIL_QUEUE, row.attempts, now, unreadable);
          await deps.db
            .update(mailOutbox)
            .set({ ...next.set, lastError: failure, ...(next.failed ? { sealedContent: null } : {}) })
            .where(eq(mailOutbox.id, row.id));
          if (next.failed) {
            deps.log?.warn(
              { mailId: row.id, attempts: row.attempts, error: failure },
              'mail delivery failed',
            );
            result.failed += 1;
          } else result.retried += 1;
        }
      }
    } finally {
      transport?.close();
    }
    await recordRun(deps.db, {
      job: MAIL_DELIVERY_JOB,
      centerId,
      startedAt,
      finishedAt: clock.now(),
      ok: lastFailure === null,
      processed: sent,
      error: lastFailure,
    });
  }
  return result;
}

/** The heartbeat name of the mail delivery job. */
export const MAIL_DELIVERY_JOB = 'mail-delivery';

/**
 * The mail job: a pass every everyMs, and at once again after a full batch (more may be
 * waiting) until the queue is drained.
 */
export function mailDeliveryJob(deps: MailDeliveryDeps, everyMs = 5_000): JobDefinition {
  return {
    key: MAIL_DELIVERY_JOB,
    everyMs,
    run: async (ctx) => {
      const result = await deliverPendingMail({ ...deps, clock: ctx.clock });
      return { processed: result.sent + result.captured, more: result.claimed === MAIL_BATCH_SIZE };
    },
  };
}

/** The mail job alone; stop() lets the batch in flight finish first. */
export function startMailDelivery(
  deps: MailDeliveryDeps & { log: FastifyBaseLogger },
  intervalMs = 5_000,
): JobRunner {
  return startJobRunner([mailDeliveryJob(deps, intervalMs)], deps);
}
