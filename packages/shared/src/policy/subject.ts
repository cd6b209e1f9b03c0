import { ROLE, type RoleId } from '../roles.js';

/**
 * Who is asking, as every policy function reads it. The API passes its `Auth` (which carries
 * these fields), the web builds one from the session (`policySubjectOf` in lib/session.tsx).
 */
export interface PolicySubject {
  userId: number;
  role: RoleId;
  centerId: number;
  /** An intended parent's primary parent (a secondary parent has one). */
  parentId?: number | null;
  /** An intended parent's case manager. */
  managerId?: number | null;
}

/** Master admin, agency admin and case manager. */
export const isStaff = (s: Pick<PolicySubject, 'role'>): boolean =>
  s.role === ROLE.MASTER || s.role === ROLE.ADMIN || s.role === ROLE.MANAGER;

/** Agency admin and case manager: the staff who work inside one center. */
export const isCenterStaff = (s: Pick<PolicySubject, 'role'>): boolean =>
  s.role === ROLE.ADMIN || s.role === ROLE.MANAGER;

export const isMaster = (s: Pick<PolicySubject, 'role'>): boolean => s.role === ROLE.MASTER;
export const isClient = (s: Pick<PolicySubject, 'role'>): boolean => s.role === ROLE.CLIENT;
export const isDonor = (s: Pick<PolicySubject, 'role'>): boolean => s.role === ROLE.DONOR;

/** The master admin works across centers; everyone else inside their own. */
export const inCenterOf = (
  s: Pick<PolicySubject, 'role' | 'centerId'>,
  centerId: number | null | undefined,
) => s.role === ROLE.MASTER || s.centerId === centerId;

/** The center a caller works on: the master the one named (when named), everyone else their own. */
export const chosenCenter = (
  s: Pick<PolicySubject, 'role' | 'centerId'>,
  centerId: number | null | undefined,
) => (s.role === ROLE.MASTER && centerId ? centerId : s.centerId);
