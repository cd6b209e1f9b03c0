// Booking, confirming and cancelling coaching sessions (decision 024).
//
// A booking is one transaction: the credit holder's user row locked (FOR UPDATE) and the balance
// read under it, then the manager's calendar row locked, the slot checked against her hours and
// live sessions, the session inserted and the -1 credit row written with its id, the e-mails with
// their invitations queued. The partial unique index (manager, start) of live sessions is the last
// word when two bookings race for one slot: the loser answers 409 and keeps its credit.
import {
  COACHING_BOOKING_DAYS,
  COACHING_MIN_NOTICE_MINUTES,
  COACHING_MSG,
  type CoachingSession,
  canCancelCoachingSession,
  canConfirmCoachingSession,
  type scheduleSessionBody,
  type sessionIdBody,
  type updateSessionStatusBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { lockedCreditBalance, returnCoachingCredit, spendCoachingCredit } from './coaching.credits.js';
import { calendarOf, clientManager } from './coaching.hours.js';
import { queueSessionMails, type SessionMailFacts } from './coaching.mail.js';
import * as repo from './coaching.repo.js';
import { assertSubscribed, factsOf, holderOf, ownSession, sessionView } from './coaching.sessions.js';
import { bookingWindow, freeSlots } from './coaching.slots.js';

type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'secrets' | 'config'>;

const MINUTE = 60_000;

/** The mail facts of a stored session (the manager's zone read from her calendar). */
async function mailFacts(db: Db, row: repo.SessionRow, sequence: number): Promise<SessionMailFacts> {
  const calendar = await repo.findCalendar(db, row.managerId);
  return {
    sessionId: row.id,
    centerId: row.centerId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    location: row.location,
    sequence,
    client: { name: row.clientName, email: row.clientEmail, timeZone: row.clientTimeZone },
    manager: {
      name: row.managerName,
      email: row.managerEmail,
      timeZone: calendar?.timeZone ?? row.clientTimeZone,
    },
  };
}

/** A session as stored after its change's commit. */
const sessionAfter = async (db: Db, id: number): Promise<CoachingSession> =>
  sessionView((await repo.findSession(db, id))!);

/** POST schedulecounsellingsession: books a free slot of the client's case manager for one credit. */
export async function schedule(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof scheduleSessionBody>,
): Promise<CoachingSession> {
  assertSubscribed(auth);
  const manager = await clientManager(deps.db, auth);
  if (body.managerId !== manager.id) throw badRequest(COACHING_MSG.NOT_YOUR_MANAGER);
  const start = Date.parse(body.scheduledTime);
  const holderId = holderOf(auth);
  try {
    const sessionId = await deps.db.transaction(async (tx) => {
      if ((await lockedCreditBalance(tx, holderId)) < 1) throw badRequest(COACHING_MSG.NO_CREDITS);
      const calendar = await repo.findCalendar(tx, manager.id, true);
      if (!calendar) throw badRequest(COACHING_MSG.NO_HOURS);
      const end = start + calendar.slotMinutes * MINUTE;
      const window = bookingWindow(
        deps.clock.now().getTime(),
        COACHING_MIN_NOTICE_MINUTES,
        COACHING_BOOKING_DAYS,
      );
      // One of the manager's grid times, inside the booking window...
      const offered = freeSlots(
        calendarOf(calendar),
        Math.max(start, window.from),
        Math.min(start + 1, window.to),
      );
      if (offered[0] !== start) throw badRequest(COACHING_MSG.SLOT_INVALID);
      // ...and clear of her live sessions.
      const busy = await repo.busyTimes(tx, manager.id, new Date(start), new Date(end));
      if (busy.length > 0) throw conflict(COACHING_MSG.SLOT_TAKEN);
      const now = deps.clock.now();
      const id = await repo.insertSession(tx, {
        centerId: auth.centerId,
        clientId: auth.userId,
        holderId,
        managerId: manager.id,
        startsAt: new Date(start),
        endsAt: new Date(end),
        clientTimeZone: body.timeZone ?? calendar.timeZone,
        details: body.details,
        location: calendar.meetingAddress,
        createdAt: now,
      });
      await spendCoachingCredit(tx, { holderId, sessionId: id, createdBy: auth.userId });
      await audit(tx, auth, {
        action: 'coaching_session_booked',
        entityType: 'coaching_session',
        entityId: id,
        details: { managerId: manager.id, scheduledTime: new Date(start).toISOString() },
      });
      const row = await repo.findSession(tx, id);
      await queueSessionMails(tx, deps, await mailFacts(tx, row!, 0), 'REQUEST');
      return id;
    });
    return await sessionAfter(deps.db, sessionId);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(COACHING_MSG.SLOT_TAKEN);
    throw error;
  }
}

/**
 * POST updatesessionstatus {session_id, user_id}: Requested to Done "by confirmation", by the
 * session's manager or an admin of its center. `user_id` names the session's client; another user
 * answers 404 like a session the caller does not know.
 */
export async function confirmSession(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof updateSessionStatusBody>,
): Promise<CoachingSession> {
  await deps.db.transaction(async (tx) => {
    const { row } = await ownSession(tx, auth, body.session_id, true);
    if (row.clientId !== body.user_id) throw notFound();
    if (!canConfirmCoachingSession(auth, factsOf(row))) throw badRequest(COACHING_MSG.NOT_REQUESTED);
    await repo.markDone(tx, row.id, auth.userId, deps.clock.now());
    await audit(tx, auth, {
      action: 'coaching_session_done',
      entityType: 'coaching_session',
      entityId: row.id,
    });
  });
  return sessionAfter(deps.db, body.session_id);
}

/**
 * POST cancelcoachingsession {session_id} (beyond the spec): the couple or the session's staff
 * cancel a requested session before it starts; the credit goes back to the holder and both get the
 * invitation's cancellation.
 */
export async function cancelSession(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof sessionIdBody>,
): Promise<CoachingSession> {
  await deps.db.transaction(async (tx) => {
    const peek = await repo.findSession(tx, body.session_id);
    // The holder's row first, as a booking locks it, then the session's.
    if (peek) await lockedCreditBalance(tx, peek.holderId);
    const { row } = await ownSession(tx, auth, body.session_id, true);
    if (!canCancelCoachingSession(auth, factsOf(row), deps.clock.now()))
      throw badRequest(COACHING_MSG.CANNOT_CANCEL);
    const sequence = await repo.markCancelled(tx, row.id, auth.userId, deps.clock.now());
    await returnCoachingCredit(tx, { holderId: row.holderId, sessionId: row.id, createdBy: auth.userId });
    await audit(tx, auth, {
      action: 'coaching_session_cancelled',
      entityType: 'coaching_session',
      entityId: row.id,
    });
    await queueSessionMails(tx, deps, await mailFacts(tx, row, sequence), 'CANCEL');
  });
  return sessionAfter(deps.db, body.session_id);
}
