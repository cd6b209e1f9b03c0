import { ROLE } from '../roles.js';
import { isCenterStaff, type PolicySubject } from './subject.js';

/**
 * Donor notes (the agency's working notes and the profile-wide admin notes) are written by the
 * admin and case managers of the donor's own center: staff of a center that only sees the donor
 * may not touch them.
 */
export const mayWriteNotes = (s: PolicySubject): boolean => isCenterStaff(s);

export const canEditDonorNotes = (s: PolicySubject, donor: { centerId: number }): boolean =>
  mayWriteNotes(s) && s.centerId === donor.centerId;

/** A note is removed by its author or by an admin of the donor's center. */
export const canRemoveDonorNote = (
  s: PolicySubject,
  donor: { centerId: number },
  note: { authorId: number | null },
): boolean => canEditDonorNotes(s, donor) && (s.role === ROLE.ADMIN || note.authorId === s.userId);
