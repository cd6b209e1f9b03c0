import { ROLE } from '../roles.js';
import { isStaff, type PolicySubject } from './subject.js';
import { canReadUserContact, type UserFacts } from './user.js';

/**
 * The profile picture of a user who is not a donor (/profileimg, POST
 * uploadprofilepic/{userId}/0/{userTypeId}). Donors keep their pictures on the donor form
 * (uploadprofilepic/{id}/1/{donor role}), so this picture is not theirs to have.
 */

/** Everyone but a donor has a user picture. */
export const hasUserPicture = (s: { role: number }): boolean => s.role !== ROLE.DONOR;

/** Setting or removing the picture: the user alone (a switched-in admin acts as that user). */
export const canChangeUserPicture = (s: PolicySubject, target: { userId: number; role: number }): boolean =>
  hasUserPicture(s) && hasUserPicture(target) && s.userId === target.userId;

/**
 * Seeing the picture: the user, the staff of the user's center (the master any), the other
 * parent of the same intended-parent pair, and anyone the user has a chat with. Others: unseen (404).
 */
export function canSeeUserPicture(
  s: PolicySubject,
  target: UserFacts & { userId: number; parentId: number | null },
  chatPartner: boolean,
): boolean {
  if (!hasUserPicture(target)) return false;
  if (s.userId === target.userId || chatPartner) return true;
  if (isStaff(s)) return canReadUserContact(s, target);
  const sameCouple =
    target.parentId === s.userId ||
    (s.parentId != null && (s.parentId === target.userId || s.parentId === target.parentId));
  return s.role === ROLE.CLIENT && sameCouple;
}
