/** Role ids as the spec numbers them (platform.md section 1). */
export const ROLE = {
  MASTER: 1,
  DONOR: 2,
  MANAGER: 6,
  ADMIN: 7,
  CLIENT: 9,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS: readonly RoleId[] = [1, 2, 6, 7, 9];

export const ROLE_LABEL: Record<RoleId, string> = {
  1: 'Master Admin',
  2: 'Donor',
  6: 'Case Manager',
  7: 'Agency Admin',
  9: 'Intended Parent',
};

export function isRoleId(value: number): value is RoleId {
  return (ROLE_IDS as readonly number[]).includes(value);
}

export const USER_STATUS = ['Invited', 'Active', 'Archived', 'Pre-Active'] as const;
export type UserStatus = (typeof USER_STATUS)[number];

export const DONOR_AVAILABILITY = [
  'Invited',
  'General Info Pending Review',
  'Initial form Accepted',
  'Rejected Initial Form',
  'Main Form Pending Review',
  'Rejected Main Form',
  'Available',
  'Available Donor Changes Pending Review',
  'Rejected Form Changes',
  'Unavailable',
  'In Cycle',
  'Under Review',
  'On Hold',
  'Reserved',
] as const;
export type DonorAvailability = (typeof DONOR_AVAILABILITY)[number];

export const FROZEN_AVAILABILITY = ['Available', 'Unavailable', 'Frozen Eggs Pending'] as const;
export type FrozenAvailability = (typeof FROZEN_AVAILABILITY)[number];

/**
 * The availabilities an intended parent may see in search, details and portfolios: donors still
 * applying or under form review never show to clients.
 */
export const CLIENT_VISIBLE_AVAILABILITY = [
  'Available',
  'Available Donor Changes Pending Review',
  'Rejected Form Changes',
  'Unavailable',
  'In Cycle',
  'Under Review',
  'On Hold',
  'Reserved',
] as const satisfies readonly DonorAvailability[];

/** Whether a donor with this availability has a complete profile (one intended parents may see). */
export const hasCompleteProfile = (availability: string): boolean =>
  (CLIENT_VISIBLE_AVAILABILITY as readonly string[]).includes(availability);
