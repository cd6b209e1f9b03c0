import type {
  InviteUserBody,
  IpSearchHistory,
  StaffOption,
  StatusConfirmation,
  UpdateUserStatusBody,
  UserList,
  UserListBody,
  UserStatusAnswer,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../components/ListTable';
import { ApiError, api, reportApiError } from '../../lib/api';

/** Query keys of the users screens. */
export const userKeys = {
  all: ['users'] as const,
  list: (endpoint: string, q: ListQuery & Partial<Omit<UserListBody, 'sort'>>) =>
    ['users', endpoint, q] as const,
  managers: ['users', 'managers'] as const,
  assignees: ['users', 'assignees'] as const,
  history: (q: ListQuery) => ['ip-search-history', q] as const,
};

export function useUserList(endpoint: string, q: ListQuery & Partial<Omit<UserListBody, 'sort'>>) {
  return useQuery({
    queryKey: userKeys.list(endpoint, q),
    queryFn: () => api<UserList>(endpoint, { body: q }),
    placeholderData: keepPreviousData,
  });
}

export function useCaseManagers(enabled = true) {
  return useQuery({
    queryKey: userKeys.managers,
    queryFn: () => api<StaffOption[]>('getcasemanagerlist'),
    enabled,
  });
}

export function useAssignees() {
  return useQuery({ queryKey: userKeys.assignees, queryFn: () => api<StaffOption[]>('getadmin') });
}

export function useIpSearchHistory(q: ListQuery) {
  return useQuery({
    queryKey: userKeys.history(q),
    queryFn: () => api<IpSearchHistory>('getipsearchhistory', { body: q }),
    placeholderData: keepPreviousData,
  });
}

/** The question a 409 from /updateuserstatus asks, if that is what the error is. */
export function confirmationOf(error: unknown): StatusConfirmation | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as StatusConfirmation | null;
  return data && (data.confirm === 'preactive' || data.confirm === 'portfolio') ? data : null;
}

/**
 * Sends a status change. A 409 (Pre-Active confirmation, manager with portfolios) is returned to
 * the caller to ask; every other refusal is shown by the wrapper as usual.
 */
export async function sendStatus(body: UpdateUserStatusBody): Promise<UserStatusAnswer | StatusConfirmation> {
  try {
    return await api<UserStatusAnswer>('updateuserstatus', { body, silent: true, successToast: true });
  } catch (error) {
    const question = confirmationOf(error);
    if (question) return question;
    reportApiError(error);
    throw error;
  }
}

/** POST inviteuser: the invite form's submit (its refusal shown in the form). */
export function useInviteUser() {
  return useMutation({
    mutationFn: (body: InviteUserBody) => api('inviteuser', { body, silent: true, successToast: true }),
  });
}
