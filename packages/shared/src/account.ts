import { z } from 'zod';
import { MSG } from './messages.js';
import type { PolicySubject } from './policy/subject.js';
import { canSeeStaffList, isPrimaryClient } from './policy/user.js';
import type { RoleId } from './roles.js';
import { passwordSchema } from './validation.js';

/** Messages of the account settings on /editprofile (change password, staff list). */
export const ACCOUNT_MSG = {
  CURRENT_PASSWORD_REQUIRED: 'Please enter Current Password',
  CURRENT_PASSWORD_WRONG: 'Current password is incorrect.',
  PASSWORD_CHANGED: 'Password changed successfully. You have been signed out of your other sessions.',
} as const;

/**
 * POST changepassword: the current password, the new one under the spec's password rule (the
 * registration and reset rule) and its confirmation ("Password Mismatch." when they differ).
 */
export const changePasswordBody = z
  .object({
    current_password: z.string().min(1, ACCOUNT_MSG.CURRENT_PASSWORD_REQUIRED).max(200),
    password: passwordSchema,
    cpassword: z.string().max(200),
  })
  .refine((v) => v.password === v.cpassword, { message: MSG.PASSWORD_MISMATCH, path: ['cpassword'] });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** What changepassword answers: how many other sessions it ended. */
export interface PasswordChanged {
  endedSessions: number;
}

/** GET getstaffdetails: one member of the caller's center staff. */
export interface StaffMember {
  userId: number;
  name: string;
  role: RoleId;
  email: string;
  contactNo: string | null;
  status: string;
}

/**
 * The tabs of /editprofile/{tab?}, in their order. 'profile' (the spec's default) shows My
 * account.
 */
export const PROFILE_TABS = [
  'myaccount',
  'subscriptiondetails',
  'changepassword',
  'invitesecondintentedparent',
  'staff',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABEL: Record<ProfileTab, string> = {
  myaccount: 'My account',
  subscriptiondetails: 'Subscription details',
  changepassword: 'Change password',
  invitesecondintentedparent: 'Second intended parent',
  staff: 'Staff',
};

/**
 * The tabs a user is offered (donor-forms spec, roles: the second-parent invite and the
 * subscription tab are for primary clients, the subscription tab only where the center takes
 * payments; the staff list for manager and admin); everyone has My account and Change password.
 */
export function profileTabsFor(
  s: Pick<PolicySubject, 'role' | 'parentId'>,
  center: { payments: boolean } = { payments: false },
): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => {
    if (tab === 'invitesecondintentedparent') return isPrimaryClient(s);
    if (tab === 'subscriptiondetails') return isPrimaryClient(s) && center.payments;
    if (tab === 'staff') return canSeeStaffList(s);
    return true;
  });
}

/** The tab a /editprofile/{tab?} address shows: none, 'profile' or one not offered is My account. */
export function profileTabOf(param: string | undefined, offered: readonly ProfileTab[]): ProfileTab {
  return (offered as readonly string[]).includes(param ?? '') ? (param as ProfileTab) : 'myaccount';
}
