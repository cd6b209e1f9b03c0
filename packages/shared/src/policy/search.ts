import { isCenterStaff, isMaster, type PolicySubject } from './subject.js';

/**
 * Whose donor names the caller may search by (beyond the first names the donors' centers
 * publish): the master every donor's, agency admins and case managers their own center's
 * donors', everyone else none.
 */
export function searchNameReach(s: PolicySubject): 'all' | 'own-center' | 'none' {
  if (isMaster(s)) return 'all';
  return isCenterStaff(s) ? 'own-center' : 'none';
}

/** A donor's last name in search: the master, and the staff of the donor's own center. */
export function searchesLastName(s: PolicySubject, donorCenterId: number): boolean {
  const reach = searchNameReach(s);
  return reach === 'all' || (reach === 'own-center' && donorCenterId === s.centerId);
}

/** A donor's first name in search: whoever may search her last name, or anyone where her center publishes it. */
export const searchesFirstName = (s: PolicySubject, donorCenterId: number, published: boolean): boolean =>
  searchesLastName(s, donorCenterId) || published;
