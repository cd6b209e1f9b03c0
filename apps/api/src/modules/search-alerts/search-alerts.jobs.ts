import {
  accessSubjectOf,
  canOpen,
  digestDay,
  EMAIL_TYPE,
  type PolicySubject,
  searchFilters,
} from '@dm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { recordCenterRuns } from '../../platform/job-runs.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { errorSummary } from '../../platform/log-safe.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import type { Realtime } from '../../platform/realtime.js';
import { e164, queueText } from '../../platform/sms.js';
import { type Announce, notify } from '../notifications/index.js';
import { allMatchingDonorIds } from '../search/search.service.js';
import {
  type DigestSection,
  digestMarkup,
  digestNotifications,
  digestText,
  savedSearchesLink,
} from './search-alerts.digest.js';
import * as repo from './search-alerts.repo.js';
import { SeenSet } from './search-alerts.seen.js';

/** The heartbeat and cron name of the digest job (CRON_JOBS in @dm/shared). */
export const SEARCH_ALERT_JOB = 'search-alerts';
/** A look a minute: a user's digest goes out at the first look of the day that finds new donors. */
export const SEARCH_ALERT_EVERY_MS = 60_000;
/** Users read per statement of a pass. */
export const ALERT_USER_BATCH = 200;
/** Users whose searches run at once. */
const LOOK_CONCURRENCY = 16;

/** What a center's run says when one of its users' digests failed; the log has the details. */
const CENTER_FAILED = 'A saved-search digest of this agency failed; the server log has the details.';

export interface SearchAlertJobDeps {
  config: Pick<Config, 'publicUrl'>;
  secrets: SecretBox;
  /** Pushes the bell's unread count after a digest commits (absent: the bell reads it on its next load). */
  realtime?: Realtime | undefined;
}

export interface SearchAlertPassContext {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
  stopping?: () => boolean;
  /** Only these users (the development pass of the caller); default everyone with an alert. */
  onlyUserIds?: readonly number[];
}

export interface SearchAlertPassResult {
  /** Users with alerts looked at. */
  users: number;
  digests: number;
  /** Donors listed, all digests. */
  donors: number;
  failed: number;
}

/** A digest another process recorded first: this pass's transaction for the user is undone. */
class DigestTaken extends Error {}

/** Whether the user may open the search page now (role, status, the center's Pre-Active access). */
function maySearch(u: repo.AlertUser): boolean {
  const access = accessSubjectOf(u, u);
  return canOpen(access, 'search');
}

/** A user's look: each alerted search's result now, and whether any holds a donor not seen. */
interface Look {
  user: repo.AlertUser;
  alerts: repo.UserAlert[];
  found: Map<number, number[]>;
  news: boolean;
}

/**
 * Each alerted search's result now, by the search's own path (the pool handle: the search
 * index is per database handle, never a transaction's). A search that cannot run (a zip code no
 * longer known) finds nothing this time.
 */
async function lookUp(
  ctx: SearchAlertPassContext & { secrets: SecretBox },
  now: Date,
  user: repo.AlertUser,
  alerts: repo.UserAlert[],
): Promise<Look> {
  // The user the pass acts for, as the policy reads a caller.
  const subject: PolicySubject = user;
  const found = new Map<number, number[]>();
  const clock = { now: () => now };
  for (const alert of alerts) {
    try {
      const filters = searchFilters.parse(alert.filters);
      found.set(
        alert.savedSearchId,
        await allMatchingDonorIds({ db: ctx.db, clock, secrets: ctx.secrets }, subject, filters),
      );
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof Error && error.name === 'ZodError')) throw error;
    }
  }
  const news = alerts.some(
    (a) => SeenSet.decode(a.seen).missing(found.get(a.savedSearchId) ?? []).length > 0,
  );
  return { user, alerts, found, news };
}

/**
 * The looks of a batch of users, LOOK_CONCURRENCY at a time: concurrent searches share the
 * search index's look at the latest changes and their center's visibility read (both shared
 * fresh reads, decision 013), so a batch costs a few statements, not a few per user.
 */
async function lookUpAll(
  ctx: SearchAlertPassContext & { secrets: SecretBox },
  now: Date,
  users: readonly repo.AlertUser[],
): Promise<(Look | { user: repo.AlertUser; error: unknown })[]> {
  const alerts = await repo.alertsOfUsers(
    ctx.db,
    users.map((u) => u.userId),
  );
  const byUser = new Map<number, repo.UserAlert[]>();
  for (const a of alerts) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a]);
  const looks: (Look | { user: repo.AlertUser; error: unknown })[] = [];
  for (let i = 0; i < users.length; i += LOOK_CONCURRENCY) {
    if (ctx.stopping?.()) break;
    const slice = users.slice(i, i + LOOK_CONCURRENCY);
    const batch = slice.map((user) =>
      lookUp(ctx, now, user, byUser.get(user.userId) ?? []).catch((error: unknown) => ({ user, error })),
    );
    looks.push(...(await Promise.all(batch)));
  }
  return looks;
}

interface UserDigest {
  donors: number;
  announce: Announce;
}

/**
 * One user's digest of `day`, in one transaction: the user's alerts locked (SKIP LOCKED), every
 * donor a search finds that its alert had not seen added to the seen donors, the ones no digest
 * listed for that search before listed, the digest recorded under its unique (user, day), and
 * its mail, text and bell notifications queued. Null when there is nothing new (nothing is
 * sent), or another pass holds the user or sent the day's digest.
 */
async function digestFor(
  ctx: SearchAlertPassContext,
  deps: SearchAlertJobDeps,
  look: Look,
  now: Date,
  day: string,
): Promise<UserDigest | null> {
  const { user: u, alerts, found } = look;
  const subject: PolicySubject = u;
  const names = new Map(alerts.map((a) => [a.savedSearchId, a.name]));
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockUserAlerts(tx, u.userId);
      if (locked.length === 0 || (await repo.digestExists(tx, u.userId, day))) return null;
      const fresh: { savedSearchId: number; donorIds: number[] }[] = [];
      for (const row of locked) {
        const ids = found.get(row.savedSearchId);
        if (!ids) continue;
        const seen = SeenSet.decode(row.seen);
        const unseen = seen.missing(ids);
        if (unseen.length === 0) continue;
        seen.addAll(unseen);
        await repo.writeSeen(tx, row.savedSearchId, seen.encode(), now);
        const listed = await repo.listedAmong(tx, row.savedSearchId, unseen);
        const donorIds = unseen.filter((id) => !listed.has(id)).sort((a, b) => b - a);
        if (donorIds.length > 0) fresh.push({ savedSearchId: row.savedSearchId, donorIds });
      }
      if (fresh.length === 0) return null;
      const total = fresh.reduce((n, s) => n + s.donorIds.length, 0);
      const digestId = await repo.claimDigest(tx, {
        userId: u.userId,
        day,
        at: now,
        donors: total,
        searches: fresh.length,
      });
      if (digestId === null) throw new DigestTaken();
      await repo.insertListed(
        tx,
        fresh.flatMap((s) =>
          s.donorIds.map((donorId) => ({ savedSearchId: s.savedSearchId, donorId, digestId })),
        ),
      );
      const byId = new Map(
        (
          await repo.digestDonors(
            tx,
            fresh.flatMap((s) => s.donorIds),
          )
        ).map((d) => [d.id, d]),
      );
      const sections: DigestSection[] = fresh.map((s) => ({
        savedSearchId: s.savedSearchId,
        name: names.get(s.savedSearchId) ?? '',
        donors: s.donorIds.flatMap((id) => byId.get(id) ?? []),
      }));
      const publicUrl = deps.config.publicUrl;
      // A user who turned notification e-mails off gets none (queueTemplatedMail answers 0).
      const mailId = await queueTemplatedMail(tx, deps.secrets, {
        centerId: u.centerId,
        emailTypeId: EMAIL_TYPE.SAVED_SEARCH_ALERT,
        to: u.username,
        vars: {
          recipient: `${u.firstName} ${u.lastName}`.trim() || u.username,
          count: String(total),
          link: savedSearchesLink(publicUrl, subject),
        },
        markup: { donors: digestMarkup(publicUrl, subject, sections) },
      });
      const number = u.wantsTexts && u.settings.receiveTextMessages ? e164(u.countryCode, u.contactNo) : null;
      const textId = number
        ? await queueText(tx, deps.secrets, {
            centerId: u.centerId,
            toUserId: u.userId,
            to: number,
            body: digestText({ agencyName: u.agencyName, publicUrl, subject }, sections),
          })
        : null;
      await repo.setDigestChannels(tx, digestId, { emailed: mailId > 0, texted: textId !== null });
      const announce = await notify(tx, digestNotifications(u.userId, sections));
      return { donors: total, announce };
    });
  } catch (error) {
    if (error instanceof DigestTaken) return null;
    throw error;
  }
}

/**
 * One digest pass (decision 021): every user with an alert and no digest yet today, in id order,
 * a batch of users per statement; each user's digest in its own transaction, so one failing user
 * is logged and recorded and the others go on. One job_runs row per center whose users got
 * digests (processed = digests) or failed.
 */
export async function runSearchAlertPass(
  ctx: SearchAlertPassContext,
  deps: SearchAlertJobDeps,
): Promise<SearchAlertPassResult> {
  const startedAt = ctx.clock.now();
  const now = startedAt;
  const day = digestDay(now);
  const result: SearchAlertPassResult = { users: 0, digests: 0, donors: 0, failed: 0 };
  const perCenter = new Map<number, { processed: number; failed: number }>();
  const tally = (centerId: number) => {
    const known = perCenter.get(centerId);
    if (known) return known;
    const fresh = { processed: 0, failed: 0 };
    perCenter.set(centerId, fresh);
    return fresh;
  };
  let after = 0;
  for (;;) {
    const due = await repo.dueAlertUsers(ctx.db, {
      day,
      afterUserId: after,
      limit: ALERT_USER_BATCH,
      onlyUserIds: ctx.onlyUserIds,
    });
    const failed = (u: repo.AlertUser, error: unknown) => {
      result.failed += 1;
      tally(u.centerId).failed += 1;
      ctx.log?.error(
        { job: SEARCH_ALERT_JOB, userId: u.userId, error: errorSummary(error) },
        'digest failed',
      );
    };
    const eligible = due.filter(maySearch);
    result.users += eligible.length;
    for (const look of await lookUpAll({ ...ctx, secrets: deps.secrets }, now, eligible)) {
      if (ctx.stopping?.()) break;
      if ('error' in look) {
        failed(look.user, look.error);
        continue;
      }
      // Most looks find nothing new: no transaction, no lock, no write.
      if (!look.news) continue;
      const u = look.user;
      try {
        const digest = await digestFor(ctx, deps, look, now, day);
        if (!digest) continue;
        result.digests += 1;
        result.donors += digest.donors;
        tally(u.centerId).processed += 1;
        if (deps.realtime) digest.announce(deps.realtime);
      } catch (error) {
        failed(u, error);
      }
    }
    if (due.length < ALERT_USER_BATCH || ctx.stopping?.()) break;
    after = due.at(-1)!.userId;
  }
  await recordCenterRuns(
    ctx.db,
    SEARCH_ALERT_JOB,
    perCenter,
    { startedAt, finishedAt: () => ctx.clock.now() },
    CENTER_FAILED,
    ctx.log,
  );
  return result;
}

/** The digest job on the job runner (decision 011): every API process runs it; the locks keep them apart. */
export function searchAlertJob(deps: SearchAlertJobDeps, everyMs = SEARCH_ALERT_EVERY_MS): JobDefinition {
  return {
    key: SEARCH_ALERT_JOB,
    everyMs,
    run: async (ctx) => {
      const result = await runSearchAlertPass(ctx, deps);
      return { processed: result.digests };
    },
  };
}
