import type {
  ChangePasswordBody,
  InviteSecondaryBody,
  PasswordChanged,
  StaffMember,
  UserRow,
} from '@dm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of /editprofile's tabs (the My account tab keeps its own). */
export const profileKeys = {
  secondParent: ['profile', 'second-parent'] as const,
  staff: ['profile', 'staff'] as const,
};

/** The caller's second intended parent (null: none invited yet). */
export function useSecondParent(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.secondParent,
    queryFn: () => api<UserRow | null>('getsecondaryintendedparent'),
    enabled,
  });
}

/** The agency admins and case managers of the caller's center. */
export function useStaffDetails(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.staff,
    queryFn: () => api<StaffMember[]>('getstaffdetails'),
    enabled,
  });
}

/** The form shows the refusal itself (silent): a wrong current password goes under its input. */
export const changePassword = (body: ChangePasswordBody) =>
  api<PasswordChanged>('changepassword', { body, silent: true, successToast: true });

/** Invite and re-invite show their refusal as a toast titled Error themselves (silent). */
export function useSecondParentActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.secondParent });
  return {
    invite: (body: InviteSecondaryBody) =>
      api('invitesecondaryip', { body, silent: true, successToast: true }).then(refresh),
    reinvite: (userId: number) =>
      api('reinviteuser', { body: { userId }, silent: true, successToast: true }).then(refresh),
  };
}
