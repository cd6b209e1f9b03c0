import type {
  ArchivedDonorRow,
  DonorGridBody,
  DonorGridPage,
  DonorGridRow,
  DonorIdMatch,
  DonorMessage,
  ImportStatus,
  MandatoryFieldsRow,
  MonthlyStatsRow,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../lib/api';

export { reportApiError } from '../../lib/api';

/** Query keys of the staff donor screens. */
export const staffDonorKeys = {
  all: ['staff-donors'] as const,
  grid: (q: DonorGridBody) => ['staff-donors', 'grid', q] as const,
  candidates: (status: string) => ['staff-donors', 'candidates', status] as const,
  lastInvited: (id: number) => ['staff-donors', 'last-invited', id] as const,
  tool: ['staff-donors', 'matching-tool'] as const,
  import: ['staff-donors', 'import'] as const,
  mandatory: (q: unknown) => ['staff-donors', 'mandatory', q] as const,
  archived: (q: unknown) => ['staff-donors', 'archived', q] as const,
  monthly: (q: unknown) => ['staff-donors', 'monthly', q] as const,
  messages: (id: number) => ['staff-donors', 'messages', id] as const,
};

export function useDonorGrid(q: DonorGridBody) {
  return useQuery({
    queryKey: staffDonorKeys.grid(q),
    queryFn: () => api<DonorGridPage>('getdonorbycenter', { body: q }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The CSV export's path with the grid's filters (a GET the session cookie signs). It goes
 * through apiDownload, so an export with no donor shows the server's message as a warning
 * instead of saving an empty file; the server still streams, the browser holds the file once.
 */
export function donorCsvPath(q: DonorGridBody): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (key === 'from' || key === 'to' || value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `getdonorbycentercsv?${params}`;
}

export interface Candidates {
  parents: { id: number; name: string; username: string; status: string; managerId: number | null }[];
  managers: { id: number; name: string }[];
}

export function useCandidates(status: string, enabled: boolean) {
  return useQuery({
    queryKey: staffDonorKeys.candidates(status),
    queryFn: () => api<Candidates>('reservationcandidates', { query: { status } }),
    enabled,
  });
}

export function useLastInvited(id: number | null) {
  return useQuery({
    queryKey: staffDonorKeys.lastInvited(id ?? 0),
    queryFn: () => api<{ lastInvitedAt: string | null }>('getlastinvitedtime', { body: { user_id: id } }),
    enabled: id !== null,
  });
}

export function useMatchingToolAllowed() {
  return useQuery({
    queryKey: staffDonorKeys.tool,
    queryFn: () => api<{ allowed: boolean }>('checkagencyallowedintulip'),
  });
}

/** The center's latest import, polled while it waits or runs. */
export function useLatestImport() {
  return useQuery({
    queryKey: staffDonorKeys.import,
    queryFn: () => api<ImportStatus | null>('importstatus/0'),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? 2000 : false;
    },
  });
}

export function useMandatoryFields(q: object) {
  return useQuery({
    queryKey: staffDonorKeys.mandatory(q),
    queryFn: () => api<{ total: number; rows: MandatoryFieldsRow[] }>('getblankmandatoryfields', { body: q }),
    placeholderData: keepPreviousData,
  });
}

export function useArchivedDonors(q: object) {
  return useQuery({
    queryKey: staffDonorKeys.archived(q),
    queryFn: () => api<{ total: number; rows: ArchivedDonorRow[] }>('fetcharchiveddonors', { body: q }),
    placeholderData: keepPreviousData,
  });
}

export function useMonthlyStats(q: { center: number | null; timePeriod: number }) {
  return useQuery({
    queryKey: staffDonorKeys.monthly(q),
    queryFn: () => api<MonthlyStatsRow[]>('fetchagenciesdonorcountmonthly', { body: q }),
  });
}

/** A donor's messages from staff (sent with her status changes), newest first. */
export function useDonorMessages(donorId: number, enabled: boolean) {
  return useQuery({
    queryKey: staffDonorKeys.messages(donorId),
    queryFn: () => api<DonorMessage[]>(`getusermessages/${donorId}`, { silent: true }),
    enabled,
    retry: false,
  });
}

export const setDonorVisibilityInTulip = (v: { user_id: number; allowed_for_tulip: boolean }) =>
  api('donorvisibilityintulip', { body: v, successToast: true });

/** The donor grid as a CSV file, with the grid's filters. */
export const downloadDonorCsv = (q: DonorGridBody) => apiDownload(donorCsvPath(q), null, 'donors.csv', 'GET');

export const importDonors = (files: { name: string; content: string }[]) =>
  api('importdonors', { body: { files }, successToast: true, silent: true });

/** The action dialogs of the donor grid. */
export type DialogKind = 'reserve' | 'unreserve' | 'invite' | 'status' | 'priority' | 'harddelete' | 'delete';

/** The route each action dialog of the donor grid runs. */
const ACTION_CALLS: Record<
  DialogKind,
  (donor: DonorGridRow) => { name: string; method?: 'POST' | 'DELETE' }
> = {
  reserve: () => ({ name: 'reservedonorformatch' }),
  unreserve: () => ({ name: 'unreservedonorformatch' }),
  invite: () => ({ name: 'inviteExistedDonor' }),
  status: () => ({ name: 'updatedonorstatuswithemail' }),
  priority: (d) => ({ name: `setpriority/${d.userId}` }),
  harddelete: (d) => ({ name: `harddeletedonor/${d.userId}`, method: 'DELETE' }),
  delete: (d) => ({ name: `deletedonor/${d.userId}`, method: 'DELETE' }),
};

/** Runs a grid dialog's action (the dialog shows a refusal itself) and refreshes the staff lists. */
export function useDonorAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      donor,
      body,
    }: {
      kind: DialogKind;
      donor: DonorGridRow;
      body: Record<string, unknown>;
    }) => {
      const call = ACTION_CALLS[kind](donor);
      return api(call.name, { method: call.method ?? 'POST', body, successToast: true, silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffDonorKeys.all }),
  });
}

/** GET searchdonorbyid: the donor a display id names (the caller shows a refusal inline). */
export function findDonorById(query: { id: string }) {
  return api<DonorIdMatch>('searchdonorbyid', { query, silent: true });
}
