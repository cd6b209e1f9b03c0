import { ROLE } from '../roles.js';
import { isCenterStaff, type PolicySubject } from './subject.js';

/**
 * Who may do what with carrier screening results (decision 026). The donor's rules
 * assume the caller may already see the donor (the donor visibility rule; else 404).
 */

/**
 * How the caller may open a donor's panel: admins and case managers of the donor's center enter
 * it and read the variants ('edit'); the master admin and the donor themself read it all
 * ('full'); everyone else who may see the donor reads the summary: lab, panel, date, the genes
 * tested and carried, without the variants ('summary').
 */
export function donorPanelAccess(
  s: PolicySubject,
  donor: { donorId: number; centerId: number },
): 'edit' | 'full' | 'summary' {
  if (isCenterStaff(s) && s.centerId === donor.centerId) return 'edit';
  if (s.role === ROLE.MASTER || s.userId === donor.donorId) return 'full';
  return 'summary';
}

/**
 * A parent's panels (their own, the sperm source's): the parent themself, and the admins and case
 * managers of the parent's center, read and enter them; anyone else: null (answered 404).
 */
export function parentPanelAccess(
  s: PolicySubject,
  parent: { userId: number; role: number; centerId: number },
): 'edit' | null {
  if (parent.role !== ROLE.CLIENT) return null;
  if (s.role === ROLE.CLIENT)
    return s.userId === parent.userId && s.centerId === parent.centerId ? 'edit' : null;
  return isCenterStaff(s) && s.centerId === parent.centerId ? 'edit' : null;
}
