import { ROLE } from '../roles.js';
import { isCenterStaff, type PolicySubject } from './subject.js';

/**
 * The consumer center's pages beyond payments (decision 025). Which roles open the pages
 * is the page table (pages.ts); these decide what a caller may do with one object.
 */

/** Education resources are the agency admin's to write (add, edit, reorder, publish, delete). */
export const mayManageEducationResources = (s: PolicySubject): boolean => s.role === ROLE.ADMIN;

/**
 * What a caller may do with one education resource: its agency's admin manages it; its agency's
 * clients read it once published; everyone else does not know it exists (404).
 */
export function educationResourceAccess(
  s: PolicySubject,
  resource: { centerId: number; published: boolean },
): 'manage' | 'read' | 'none' {
  if (s.centerId !== resource.centerId) return 'none';
  if (mayManageEducationResources(s)) return 'manage';
  if (s.role === ROLE.CLIENT && resource.published) return 'read';
  return 'none';
}

/** A concierge membership request is asked for by an intended parent, for herself. */
export const mayRequestConcierge = (s: PolicySubject): boolean => s.role === ROLE.CLIENT;

/**
 * A concierge request is seen and handled by the staff of the client's center (its admins and
 * case managers); another center's request does not exist for them (404); others may not (403).
 */
export function conciergeRequestAccess(
  s: PolicySubject,
  request: { centerId: number },
): 'handle' | 'unseen' | 'refused' {
  if (!isCenterStaff(s)) return 'refused';
  return s.centerId === request.centerId ? 'handle' : 'unseen';
}
