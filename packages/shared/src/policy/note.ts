import { ROLE } from '../roles.js';
import { isCenterStaff, isMaster, type PolicySubject } from './subject.js';

/**
 * Donor notes (search spec section 6: "Donor notes ... are visible to non-client, non-donor
 * users"). Each note belongs to the center of the staff who wrote it: the admins and case
 * managers of every center that may open a donor read and add their own center's notes on it,
 * never another center's (a center's notes on a donor are its business data); the master admin
 * reads every center's. The profile-wide admin notes (savenotes) are one field of the donor's
 * profile and stay with the donor's own agency.
 */

/** Reading and adding notes on a donor the caller may open: agency admins and case managers. */
export const mayWriteNotes = (s: PolicySubject): boolean => isCenterStaff(s);

/**
 * Whose notes on a donor the caller reads: center staff their own center's (its id), the master
 * every center's (null), everyone else none (undefined).
 */
export function notesCenter(s: PolicySubject): number | null | undefined {
  if (isMaster(s)) return null;
  return isCenterStaff(s) ? s.centerId : undefined;
}

/** The donor's own agency's tools on its donor: the admin notes (savenotes). */
export const canEditDonorNotes = (s: PolicySubject, donor: { centerId: number }): boolean =>
  mayWriteNotes(s) && s.centerId === donor.centerId;

/** A note is removed by its author or by an admin of the note's center. */
export const canRemoveDonorNote = (
  s: PolicySubject,
  note: { centerId: number; authorId: number | null },
): boolean =>
  mayWriteNotes(s) && s.centerId === note.centerId && (s.role === ROLE.ADMIN || note.authorId === s.userId);
