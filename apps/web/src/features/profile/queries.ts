import {
  type ChangePasswordBody,
  profileContract as contract,
  type InviteSecondaryBody,
  type PasswordChanged,
  type ProfileBody,
  type ProfileSendOtpBody,
  type ProfileVerifyContactBody,
  type SendEmailCodeBody,
  type StaffMember,
  type UserRow,
  type VerifyEmailCodeBody,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

/** Query keys of /editprofile and /viewprofile. */
export const profileKeys = {
  all: ['profile'] as const,
  one: (id: number | 'me') => ['profile', id] as const,
  secondParent: ['profile', 'second-parent'] as const,
  staff: ['profile', 'staff'] as const,
};

/** GET getuserbyuserid[/{id}]: one's own profile, or (staff) a user's of the center. */
export function useProfile(id?: number) {
  return useQuery({
    queryKey: profileKeys.one(id ?? 'me'),
    queryFn: () =>
      id === undefined
        ? call(contract.own, {}, { silent: true })
        : call(contract.one, { params: { id } }, { silent: true }),
  });
}

/** After a change: the profile and the session (name, e-mail in the header) are asked for again. */
function useProfileMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

/** POST updateprofileuserdetails: the refusal is shown by the form (silent), success as a toast. */
export const useUpdateProfile = () =>
  useProfileMutation((body: ProfileBody) =>
    call(contract.update, { body }, { silent: true, successToast: true }),
  );

export const sendContactCode = (body: ProfileSendOtpBody) =>
  call(contract.sendContactCode, { body }, { silent: true });

export const resendContactCode = (body: { contactno: string; country_code: string }) =>
  call(contract.resendContactCode, { body }, { silent: true });

export const useVerifyContact = () =>
  useProfileMutation((body: ProfileVerifyContactBody) =>
    call(contract.verifyContact, { body }, { silent: true, successToast: true }),
  );

export const sendEmailCode = (body: SendEmailCodeBody, again: boolean) =>
  call(again ? contract.resendEmailCodeSlash : contract.sendEmailCodeSlash, { body }, { silent: true });

export const useVerifyEmail = () =>
  useProfileMutation((body: VerifyEmailCodeBody) =>
    call(contract.verifyEmailCodeSlash, { body }, { silent: true, successToast: true }),
  );

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
