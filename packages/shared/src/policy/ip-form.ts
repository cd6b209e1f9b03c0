import { ROLE } from '../roles.js';
import { isCenterStaff, type PolicySubject } from './subject.js';

/** The facts of an intended parent's form the rules read. */
export interface IpFormFacts {
  userId: number;
  role: number;
  centerId: number;
  /** The center's ip_form_visible setting: off, the form does not exist for its parents. */
  ipFormVisible: boolean;
}

/**
 * How the caller may open an intended parent's form: the parent themself fills it ('edit');
 * staff of the parent's center open it in preview, read-only ('preview'): the spec gives the
 * form to the parent and names only a read-only mode for others (donor-forms spec, /ipform); the
 * route's page table (ipform) lets case managers in, so admins are refused before this. Nobody
 * else, and nobody when the center has the form off (null: answered 404).
 */
export function ipFormAccess(s: PolicySubject, target: IpFormFacts): 'edit' | 'preview' | null {
  if (target.role !== ROLE.CLIENT || !target.ipFormVisible) return null;
  if (s.role === ROLE.CLIENT) return s.userId === target.userId ? 'edit' : null;
  return isCenterStaff(s) && s.centerId === target.centerId ? 'preview' : null;
}

/** Whether the users grid offers the "IP form" action on a client's row. */
export const offersIpFormAction = (
  s: PolicySubject,
  target: { role: number; centerId: number },
  ipFormVisible: boolean,
): boolean => ipFormVisible && ipFormAccess(s, { ...target, userId: 0, ipFormVisible }) === 'preview';
