// Coaching session lists, comments, the credits count and the booking confirmation poll.
// Session details and comments are personal: staff reads are audited, and a session outside the
// caller's scope (another center's, another manager's) answers 404.
import {
  type AvailableSessionCount,
  type CalendlyCallback,
  COACHING_MSG,
  type CoachingComment,
  type CoachingSession,
  type CoachingSessionFacts,
  type CoachingSessionPage,
  type calendlyCallbackBody,
  canCommentCoachingSession,
  coachingListScope,
  coachingSessionAccess,
  ROLE,
  type saveSessionCommentBody,
  type sessionListBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { coachingCreditBalance, creditHolderOf } from './coaching.credits.js';
import * as repo from './coaching.repo.js';
import { startOfDay } from './coaching.slots.js';

type Deps = Pick<ModuleDeps, 'db' | 'clock'>;

export function sessionView(row: repo.SessionRow): CoachingSession {
  return {
    sessionId: row.id,
    status: row.status,
    scheduledTime: row.startsAt.toISOString(),
    endTime: row.endsAt.toISOString(),
    details: row.details,
    clientId: row.clientId,
    clientName: row.clientName,
    managerId: row.managerId,
    managerName: row.managerName,
    location: row.location,
    bookedAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    comments: row.comments,
  };
}

const commentView = (row: Awaited<ReturnType<typeof repo.commentsOf>>[number]): CoachingComment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export const factsOf = (row: repo.SessionRow): CoachingSessionFacts => ({
  centerId: row.centerId,
  clientId: row.clientId,
  holderId: row.holderId,
  managerId: row.managerId,
  status: row.status,
  startsAt: row.startsAt,
});

/** A session the caller may know of (the couple's, the manager's, the admin's center's), else 404. */
export async function ownSession(
  db: Db,
  auth: Auth,
  sessionId: number,
  lock = false,
): Promise<{ row: repo.SessionRow; access: 'client' | 'manager' | 'admin' }> {
  const row = await repo.findSession(db, sessionId, lock);
  const access = row ? coachingSessionAccess(auth, factsOf(row)) : null;
  if (!row || !access) throw notFound();
  return { row, access };
}

/** The account holding the caller's credits (the couple's primary parent). */
export const holderOf = (auth: Auth): number => creditHolderOf({ id: auth.userId, parentId: auth.parentId });

/** The Pre-Active (or Invited) client's refusal: "Subscribe the services to schedule coaching session". */
export function assertSubscribed(auth: Auth): void {
  if (auth.role === ROLE.CLIENT && auth.status !== 'Active') throw forbidden(COACHING_MSG.SUBSCRIBE);
}

/** GET getavailablesessioncount: the couple's credits left (the spec's prod_available). */
export async function availableCount(deps: Deps, auth: Auth): Promise<AvailableSessionCount> {
  return { prod_available: await coachingCreditBalance(deps.db, holderOf(auth)) };
}

/** POST getcounsellingsessionlist: the couple's own, a manager's own, or the admin's center's sessions. */
export async function listSessions(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof sessionListBody>,
): Promise<CoachingSessionPage> {
  const scope = coachingListScope(auth);
  if (!scope) throw forbidden();
  const page = await repo.listSessions(deps.db, {
    scope,
    search: body.search,
    status: body.session_status,
    sort: body.sortKey,
    ord: body.ord,
    offset: body.from,
    limit: body.to,
    from: body.startdate ? new Date(startOfDay(body.timeZone, body.startdate)) : undefined,
    to: body.lastdate ? new Date(startOfDay(body.timeZone, nextDay(body.lastdate))) : undefined,
  });
  if (scope.kind !== 'holder' && page.rows.length > 0) {
    await audit(deps.db, auth, {
      action: 'coaching_sessions_read',
      entityType: 'coaching_session',
      details: { sessions: page.rows.map((r) => r.id) },
    });
  }
  return { rows: page.rows.map(sessionView), total: page.total };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** GET getallsessioncomments/{sessionId}: the session's comments, oldest first (staff reads audited). */
export async function sessionComments(deps: Deps, auth: Auth, sessionId: number): Promise<CoachingComment[]> {
  const { access } = await ownSession(deps.db, auth, sessionId);
  const rows = await repo.commentsOf(deps.db, sessionId);
  if (access !== 'client') {
    await audit(deps.db, auth, {
      action: 'coaching_comments_read',
      entityType: 'coaching_session',
      entityId: sessionId,
    });
  }
  return rows.map(commentView);
}

/** POST savesessioncomment: a comment of the couple or the session's staff; the comments after it. */
export async function saveComment(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof saveSessionCommentBody>,
): Promise<CoachingComment[]> {
  const rows = await deps.db.transaction(async (tx) => {
    const { row, access } = await ownSession(tx, auth, body.session_id, true);
    if (!canCommentCoachingSession(auth, factsOf(row))) throw badRequest(COACHING_MSG.COMMENT_CLOSED);
    await repo.insertComment(tx, {
      sessionId: row.id,
      authorId: auth.userId,
      comment: body.comment,
      createdAt: deps.clock.now(),
    });
    if (access !== 'client')
      await audit(tx, auth, {
        action: 'coaching_comment_added',
        entityType: 'coaching_session',
        entityId: row.id,
      });
    return repo.commentsOf(tx, row.id);
  });
  return rows.map(commentView);
}

/**
 * POST fetchcalendlycallback {count}: the booking confirmation poll. The spec's page polls an
 * external scheduler's callback; booking here is synchronous, so the poll answers the couple's
 * newest booking (confirmed once it is stored) and the credits left; `count` is the try number.
 */
export async function calendlyCallback(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof calendlyCallbackBody>,
): Promise<CalendlyCallback> {
  const holderId = holderOf(auth);
  const [newest, credits] = await Promise.all([
    repo.newestSessionOf(deps.db, holderId),
    coachingCreditBalance(deps.db, holderId),
  ]);
  return {
    count: body.count,
    confirmed: newest !== undefined && newest.status !== 'Cancelled',
    session: newest ? sessionView(newest) : null,
    prod_available: credits,
  };
}
