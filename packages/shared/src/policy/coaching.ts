import type { CoachingSessionStatus } from '../coaching.js';
import { ROLE } from '../roles.js';
import type { PolicySubject } from './subject.js';

/** The facts of a coaching session the rules read. */
export interface CoachingSessionFacts {
  centerId: number;
  /** The intended parent who booked it. */
  clientId: number;
  /** The account holding the credits it took (the couple's primary parent). */
  holderId: number;
  managerId: number;
  status: CoachingSessionStatus;
  startsAt: Date;
}

/**
 * How a caller stands to a coaching session (decision 024): the couple who booked it
 * ('client': the parent who booked and her co-parent, who share the credits), its case manager
 * ('manager'), an agency admin of its center ('admin'); anyone else, the master admin and the
 * center's other managers included, null (404: the session is not theirs to know of).
 */
export function coachingSessionAccess(
  s: PolicySubject,
  session: Pick<CoachingSessionFacts, 'centerId' | 'clientId' | 'holderId' | 'managerId'>,
): 'client' | 'manager' | 'admin' | null {
  if (s.centerId !== session.centerId) return null;
  if (s.role === ROLE.CLIENT) {
    const holder = s.parentId ?? s.userId;
    return s.userId === session.clientId || holder === session.holderId ? 'client' : null;
  }
  if (s.role === ROLE.MANAGER) return s.userId === session.managerId ? 'manager' : null;
  if (s.role === ROLE.ADMIN) return 'admin';
  return null;
}

/** Requested to Done "by confirmation": the session's manager or an admin confirms it took place. */
export function canConfirmCoachingSession(s: PolicySubject, session: CoachingSessionFacts): boolean {
  const access = coachingSessionAccess(s, session);
  return (access === 'manager' || access === 'admin') && session.status === 'Requested';
}

/** Anyone the session belongs to cancels it while it is requested and has not started. */
export function canCancelCoachingSession(
  s: PolicySubject,
  session: CoachingSessionFacts,
  now: Date,
): boolean {
  return (
    coachingSessionAccess(s, session) !== null &&
    session.status === 'Requested' &&
    session.startsAt.getTime() > now.getTime()
  );
}

/** The couple and the staff of the session write comments on it until it is cancelled. */
export function canCommentCoachingSession(s: PolicySubject, session: CoachingSessionFacts): boolean {
  return coachingSessionAccess(s, session) !== null && session.status !== 'Cancelled';
}

/** Which sessions a caller's list holds: the couple's own, a manager's own, the admin's center's. */
export type CoachingListScope =
  | { kind: 'holder'; holderId: number; centerId: number }
  | { kind: 'manager'; managerId: number; centerId: number }
  | { kind: 'center'; centerId: number };

export function coachingListScope(s: PolicySubject): CoachingListScope | null {
  if (s.role === ROLE.CLIENT)
    return { kind: 'holder', holderId: s.parentId ?? s.userId, centerId: s.centerId };
  if (s.role === ROLE.MANAGER) return { kind: 'manager', managerId: s.userId, centerId: s.centerId };
  if (s.role === ROLE.ADMIN) return { kind: 'center', centerId: s.centerId };
  return null;
}
