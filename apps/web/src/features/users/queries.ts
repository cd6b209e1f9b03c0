import type {
  InviteUserBody,
  IpCacheTime,
  IpSearchHistory,
  StaffOption,
  StatusConfirmation,
  UpdateUserStatusBody,
  UserList,
  UserListBody,
  UserStatusAnswer,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/ListTable';
import { ApiError, api, apiDownload, reportApiError } from '../../lib/api';

/** Query keys of the users screens. */
export const userKeys = {
  all: ['users'] as const,
  list: (endpoint: string, q: ListQuery & Partial<Omit<UserListBody, 'sort'>>) =>
    ['users', endpoint, q] as const,
  managers: ['users', 'managers'] as const,
  assignees: ['users', 'assignees'] as const,
  history: (q: ListQuery) => ['ip-search-history', q] as const,
  ipCache: ['users', 'ip-cache'] as const,
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

export const reinviteUser = (userId: number) => api('reinviteuser', { body: { userId }, successToast: true });

export const deleteUser = (userId: number) =>
  api(`deleteuser/${userId}`, { method: 'DELETE', successToast: true });

/** A users grid as CSV, with the grid's filters. */
export const downloadUsersCsv = (endpoint: string, body: unknown, file: string) =>
  apiDownload(`${endpoint}csv`, body, file);

export const downloadRegisteredIpCsv = (body: unknown) =>
  apiDownload('generateregisteredipcsv', body, 'registered-ip.csv');

/** The dialogs of the users grid show the server's refusal themselves (silent). */
const dialogSave = (name: string) => (body: unknown) => api(name, { body, silent: true, successToast: true });
export const updateUserDetails = dialogSave('updateuserdetails');
export const setTemporaryPassword = dialogSave('settemporarypassword');
export const inviteSecondaryIp = dialogSave('invitesecondaryip');

export const inviteForAnotherRole = (body: { user_id: number; user_type: number }) =>
  api('inviteuserforanotherrole', { body, successToast: true });

export const assignClientToManager = (body: { manager_id: number; client_id: number }) =>
  api('assignparticularclient', { body, successToast: true });

/** The assign page's call: case managers or intended parents to one assignee. */
export const assignUsers = (call: { name: string; body: unknown }) =>
  api(call.name, { body: call.body, successToast: true });

/** When the intended-parent list was last refreshed, and the refresh (/viewip). */
export function useIpListCache(onRefreshed: () => unknown) {
  const queryClient = useQueryClient();
  const last = useQuery({
    queryKey: userKeys.ipCache,
    queryFn: () => api<IpCacheTime>('getlastcacheupdatedtime'),
  });
  const refresh = useMutation({
    mutationFn: () => api<IpCacheTime>('saveintendedparentscache', { method: 'POST', body: {} }),
    onSuccess: (data) => {
      queryClient.setQueryData(userKeys.ipCache, data);
      void onRefreshed();
    },
  });
  return { last, refresh };
}

/** POST inviteuser: the invite form's submit (its refusal shown in the form). */
export function useInviteUser() {
  return useMutation({
    mutationFn: (body: InviteUserBody) => api('inviteuser', { body, silent: true, successToast: true }),
  });
}
