import { type MatchActor, matchActorOf } from '../match.js';
import { ROLE } from '../roles.js';
import { isCenterStaff, isClient, type PolicySubject } from './subject.js';

/**
 * Match rules of who may act; the transitions themselves are `matchTransition` in
 * packages/shared/src/match.ts.
 */

/** The match workflow (requests, queue numbers, the donor's match status): clients, admins, managers. */
export const takesPartInMatches = (s: PolicySubject): boolean => isClient(s) || isCenterStaff(s);

/** Staff match tools (grids, reservations, panels): admins and case managers. */
export const usesMatchStaffTools = (s: PolicySubject): boolean => isCenterStaff(s);

/** A client always acts as the parent of her own matches; staff name the parent. */
export const matchesAsParent = (s: PolicySubject): boolean => isClient(s);

/** Staff act on the matches of their own center's donors only. */
export const isDonorCenterStaff = (s: PolicySubject, donor: { centerId: number }): boolean =>
  isCenterStaff(s) && donor.centerId === s.centerId;

/** Staff start requests and reservations only for their own center's intended parents. */
export function mayStartMatchFor(s: PolicySubject, action: string, parent: { centerId: number }): boolean {
  if (isClient(s) || (action !== 'request' && action !== 'reserve')) return true;
  return parent.centerId === s.centerId;
}

/** As whom the caller acts on one donor-parent pair (the actor of `matchTransition`). */
export const matchActor = (s: PolicySubject, parentId: number, donor: { centerId: number }): MatchActor =>
  matchActorOf(s.role, s.userId === parentId, donor.centerId === s.centerId);

/** A match row shows the donor's name to staff, never to the intended parent. */
export const seesMatchDonorName = (s: PolicySubject): boolean => s.role !== ROLE.CLIENT;

/**
 * Whose open matches with a donor the caller follows (the match buttons and the active and queued
 * panels of the donor page and the portfolio preview): staff of the donor's center every match
 * ('all', they act on them); staff of another center that may see the donor the matches of their
 * own center's intended parents ('ownParents': the case manager who built the portfolio follows
 * her client's request, the donor's agency confirms it); everyone else none (a client reads her
 * own request as `own`).
 */
export function followedMatches(
  s: PolicySubject,
  donor: { centerId: number },
): 'all' | 'ownParents' | 'none' {
  if (!isCenterStaff(s)) return 'none';
  return donor.centerId === s.centerId ? 'all' : 'ownParents';
}
