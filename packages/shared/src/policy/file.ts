import { ROLE } from '../roles.js';
import { isCenterStaff, isClient, type PolicySubject } from './subject.js';

/** Private uploads (pictures, videos, documents) stay with staff and the donor. */
export const seesPrivateDonorFiles = (s: PolicySubject): boolean => !isClient(s);

/** Whether one stored donor file may be streamed (after the donor visibility rule). */
export function canOpenDonorFile(
  s: PolicySubject,
  file: { kind: 'picture' | 'video' | 'document' | 'additional'; private: boolean },
): boolean {
  if (file.kind === 'additional' && s.role === ROLE.DONOR) return false;
  return !(file.private && isClient(s));
}

/** Uploading and managing a donor's photos, videos and documents: the donor, admins and managers. */
export const mayManageDonorMedia = (s: PolicySubject): boolean => s.role === ROLE.DONOR || isCenterStaff(s);

/** ...of this donor: the donor herself, staff of her own center (anyone else as unseen, 404). */
export const canManageDonorMedia = (
  s: PolicySubject,
  donor: { donorId: number; centerId: number },
): boolean =>
  mayManageDonorMedia(s) &&
  (s.role === ROLE.DONOR ? s.userId === donor.donorId : s.centerId === donor.centerId);

/** Staff see what the donor added since their last visit (and their visits are recorded and audited). */
export const tracksMediaVisits = (s: PolicySubject): boolean => isCenterStaff(s);
