import { ROLE, type RoleId, type UserStatus } from '../roles.js';
import { inCenterOf, isStaff, type PolicySubject } from './subject.js';

/** The facts of a user account the rules read. */
export interface UserFacts {
  role: number;
  centerId: number;
}

/** Which roles each role may invite (platform.md section 6: master invites admins only, admin never a master). */
export const INVITABLE_ROLES: Partial<Record<RoleId, readonly RoleId[]>> = {
  [ROLE.MASTER]: [ROLE.ADMIN],
  [ROLE.ADMIN]: [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
  [ROLE.MANAGER]: [ROLE.CLIENT, ROLE.DONOR],
};

export function canInvite(inviter: RoleId, invitee: RoleId): boolean {
  return INVITABLE_ROLES[inviter]?.includes(invitee) ?? false;
}

const CENTER_ROLES: readonly RoleId[] = [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR];

/** The roles a caller's user grids may list: the master every role, a manager intended parents. */
export function listableUserRoles(s: PolicySubject): readonly RoleId[] {
  if (s.role === ROLE.MASTER) return [ROLE.MASTER, ...CENTER_ROLES];
  return s.role === ROLE.MANAGER ? [ROLE.CLIENT] : CENTER_ROLES;
}

/**
 * Whether the caller may change a user (status, details, as a grid row): the master any user
 * but a master; others only users of their own center, and a manager only intended parents.
 * Everything else is answered as unseen (404).
 */
export function canManageUser(s: PolicySubject, target: UserFacts): boolean {
  if (!inCenterOf(s, target.centerId) || target.role === ROLE.MASTER) return false;
  return s.role !== ROLE.MANAGER || target.role === ROLE.CLIENT;
}

/** A user's contact details: anyone of the caller's center (the master any), never the master's. */
export const canReadUserContact = (s: PolicySubject, target: UserFacts): boolean =>
  target.role !== ROLE.MASTER && inCenterOf(s, target.centerId);

/** Temporary passwords and deleting users: admin and master (managers see the grids only). */
export const canAdministerUsers = (s: PolicySubject): boolean =>
  s.role === ROLE.ADMIN || s.role === ROLE.MASTER;

/** Assigning a primary intended parent's case manager from the grid: the agency admin. */
export const canAssignCaseManager = (s: PolicySubject, target: { role: number; parentId: number | null }) =>
  s.role === ROLE.ADMIN && target.role === ROLE.CLIENT && target.parentId === null;

/** The statuses a user may be set to: Pre-Active only for intended parents. */
export function settableUserStatuses(target: { role: number }): readonly UserStatus[] {
  return target.role === ROLE.CLIENT ? ['Active', 'Pre-Active', 'Archived'] : ['Active', 'Archived'];
}

/** Archiving an active client of a consumer-site center needs a reason. */
export function archiveNeedsReason(
  center: { consumerSite: boolean },
  target: { role: number },
  from: string,
  to: string,
): boolean {
  const consumerClient = center.consumerSite && target.role === ROLE.CLIENT;
  return consumerClient && to === 'Archived' && (from === 'Active' || from === 'Pre-Active');
}

/**
 * The user types an invited (not signed-up) user may be invited again as: those the caller may
 * invite, when the caller could have invited this user; a donor stays a donor.
 */
export function reinviteRoles(s: PolicySubject, target: { role: number }): RoleId[] {
  const role = target.role as RoleId;
  if (role === ROLE.DONOR || !canInvite(s.role, role)) return [];
  return (INVITABLE_ROLES[s.role] ?? []).filter((r) => r !== role);
}

/** Inviting a second parent for a primary one: the primary themself, or staff who may invite clients. */
export function canInviteSecondParent(s: PolicySubject, primaryId: number): boolean {
  if (s.role === ROLE.CLIENT) return primaryId === s.userId;
  return canInvite(s.role, ROLE.CLIENT);
}

/** Only a primary intended parent without one may get a second parent. */
export const mayGetSecondParent = (target: {
  role: number;
  parentId: number | null;
  hasSecondary: boolean;
}) => target.role === ROLE.CLIENT && target.parentId === null && !target.hasSecondary;

/** Who a donor or a portfolio may be shared with: another active case manager of the caller's center. */
export function canShareWithManager(
  s: PolicySubject,
  target: { userId: number; role: number; status: string; centerId: number },
): boolean {
  return (
    target.role === ROLE.MANAGER &&
    target.status !== 'Archived' &&
    target.centerId === s.centerId &&
    target.userId !== s.userId
  );
}

/** The center an invited user joins: the master the one named (none named: undefined), others their own. */
export const inviteCenterOf = (s: PolicySubject, centerId: number | undefined): number | undefined =>
  s.role === ROLE.MASTER ? centerId : s.centerId;

/** An intended parent invited by a case manager gets that manager as case manager (others: none). */
export const inviterAsCaseManager = (s: PolicySubject): number | null =>
  s.role === ROLE.MANAGER ? s.userId : null;

/**
 * Whether an invited user is the caller's to invite again: never the master, only of the caller's
 * center (the master any), and only someone the caller could have invited. Others are unseen (404).
 */
export const canReinviteUser = (s: PolicySubject, target: UserFacts): boolean =>
  target.role !== ROLE.MASTER && inCenterOf(s, target.centerId) && canInvite(s.role, target.role as RoleId);

/** Why a user cannot take the new user type: the same type again, or a donor (she stays a donor). */
export function reinviteRefusal(target: { role: number }, role: number): 'same-role' | 'donor-fixed' | null {
  if (target.role === role) return 'same-role';
  return target.role === ROLE.DONOR ? 'donor-fixed' : null;
}

/** Setting an intended parent Active needs a case manager (the primary's, for a secondary parent). */
export const activeNeedsCaseManager = (target: { role: number }, to: string): boolean =>
  target.role === ROLE.CLIENT && to === 'Active';

/** A consumer-site center's active intended parent going back to Pre-Active needs a confirmation. */
export const preActiveNeedsConfirmation = (
  center: { consumerSite: boolean } | null | undefined,
  target: { role: number },
  from: string,
  to: string,
): boolean =>
  center?.consumerSite === true && target.role === ROLE.CLIENT && from === 'Active' && to === 'Pre-Active';

/** Archiving a case manager needs a confirmation when she still works on active portfolios. */
export const archiveNeedsPortfolioCheck = (target: { role: number }, to: string): boolean =>
  target.role === ROLE.MANAGER && to === 'Archived';

/** A primary intended parent's secondary parents follow her to Archived or Pre-Active. */
export const statusFollowsPrimary = (
  target: { role: number; parentId: number | null },
  to: string,
): boolean =>
  target.role === ROLE.CLIENT && target.parentId === null && (to === 'Archived' || to === 'Pre-Active');

/** The staff list of /editprofile (getstaffdetails): the agency admin and the case manager. */
export const canSeeStaffList = (s: Pick<PolicySubject, 'role'>): boolean =>
  s.role === ROLE.ADMIN || s.role === ROLE.MANAGER;

/** The second-parent tab of /editprofile: a primary intended parent (no parent of her own). */
export const isPrimaryClient = (s: Pick<PolicySubject, 'role' | 'parentId'>): boolean =>
  s.role === ROLE.CLIENT && !s.parentId;

/**
 * Sending a new sign-up link to an invited user: staff who could have invited her (canReinviteUser),
 * or a primary intended parent for her own invited second parent.
 */
export const canReinviteAsCaller = (
  s: PolicySubject,
  target: UserFacts & { parentId: number | null },
): boolean =>
  canReinviteUser(s, target) ||
  (isPrimaryClient(s) && target.role === ROLE.CLIENT && target.parentId === s.userId);

/** Whether the role reads other users' profiles at all (staff: manager, admin, master); clients and donors only their own. */
export const canReadOthersProfiles = (s: Pick<PolicySubject, 'role'>): boolean => isStaff(s);

/**
 * Reading a user's profile (GET getuserbyuserid, /viewprofile): one's own; the staff of
 * the user's center (manager, admin) and the master (any center) read others'. A client or donor
 * asking for someone else is refused for the role (403); staff of another center (and anyone
 * asking for the master's) meet an unseen user (404).
 */
export function profileReadAccess(
  s: PolicySubject,
  target: UserFacts & { userId: number },
): 'own' | 'staff' | 'forbidden' | 'unseen' {
  if (target.userId === s.userId) return 'own';
  if (!canReadOthersProfiles(s)) return 'forbidden';
  if (target.role === ROLE.MASTER || !inCenterOf(s, target.centerId)) return 'unseen';
  return 'staff';
}

/** Editing a profile, changing its contact number or e-mail: the user themself only. */
export const canEditProfile = (s: PolicySubject, targetUserId: number): boolean => s.userId === targetUserId;
