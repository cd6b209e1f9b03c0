import {
  canOpen,
  type DonorMatchStatus,
  type DonorWatchBody,
  type DonorWatchData,
  type MatchContact,
  type MatchGridBody,
  type MatchPage,
  type MatchReportBody,
  type MatchRow,
  type MyQueue,
  type QueuePlace,
  type QueueType,
  type ResolveMatchInput,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../lib/api';
import { donorKeys, portfolioKeys } from '../../lib/query-keys';
import { subjectOf, useSession } from '../../lib/session';

export const matchKeys = {
  all: ['match'] as const,
  status: (donorId: number) => ['match', 'status', donorId] as const,
  contacts: (donorId: number) => ['match', 'contacts', donorId] as const,
  grid: (endpoint: string, body: unknown) => ['match', 'grid', endpoint, body] as const,
};

export function useDonorMatchStatus(donorId: number) {
  return useQuery({
    queryKey: matchKeys.status(donorId),
    queryFn: () => api<DonorMatchStatus>(`getdonormatchstatus/${donorId}`),
  });
}

/** The parents' contact details of a donor's active and queued matches (staff of the donor's center). */
export function useMatchContacts(donorId: number, enabled: boolean) {
  return useQuery({
    queryKey: matchKeys.contacts(donorId),
    queryFn: () => api<MatchContact[]>(`fetchcurrentmatchcontacts/${donorId}`, { silent: true }),
    enabled,
  });
}

export function useMatchGrid(endpoint: string, body: MatchGridBody | MatchReportBody) {
  return useQuery({
    queryKey: matchKeys.grid(endpoint, body),
    queryFn: () => api<MatchPage>(endpoint, { body }),
    placeholderData: keepPreviousData,
  });
}

/** The body every workflow call takes (search spec section 7). */
export interface MatchTarget {
  donor_id: number;
  parent_id?: number;
  portfolio_id?: number;
  queue_type?: QueueType;
}

export type MatchCall =
  | {
      call:
        | 'startmatchrequest'
        | 'canceldonorrequesttomatch'
        | 'confirmdonormatch'
        | 'completedonormatch'
        | 'addipindonorqueue';
      body: MatchTarget;
    }
  | { call: 'cancelmatch'; body: MatchTarget & { comment: string; set_unavailable: boolean } }
  | { call: 'acceptreferralmatch'; body: { match_id: number; parent_id: number } }
  | { call: 'resolvematchprocess'; body: ResolveMatchInput };

/**
 * One mutation for every workflow call; afterwards the match state and grids, the page of the
 * donor the answer names (every call answers the match row) and the portfolio cards reload.
 */
export function useMatchCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ call, body }: MatchCall) => api<MatchRow | null>(call, { body, successToast: true }),
    onSuccess: async (row) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: matchKeys.all }),
        row ? queryClient.invalidateQueries({ queryKey: donorKeys.details(row.donorId) }) : null,
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
      ]);
    },
  });
}

/** A match grid or report as CSV, with its filters. */
export const downloadMatchCsv = (config: { csvEndpoint: string; csvName: string }, filters: unknown) =>
  apiDownload(config.csvEndpoint, filters, config.csvName);

/** Queue places and notify-me (decision 027): the parent's own calls. */
// Under the match keys, so every match call (which reloads matchKeys.all) reloads the places too.
export const queueKeys = {
  all: ['match', 'queue'] as const,
  mine: ['match', 'queue', 'mine'] as const,
  donor: (donorId: number) => ['match', 'queue', 'donor', donorId] as const,
};

/** Whether the signed-in user has queue places and watches (a client with the page). */
export function useWatchesDonors(): boolean {
  const { user } = useSession();
  return user !== null && canOpen(subjectOf(user), 'mymatches');
}

/** GET myqueue: the caller's places and watched donors (clients only; others never ask). */
export function useMyQueue() {
  const enabled = useWatchesDonors();
  return useQuery({
    queryKey: queueKeys.mine,
    queryFn: () => api<MyQueue>('myqueue', { silent: true }),
    enabled,
  });
}

/** The caller's place with one donor from her list, if she waits for the donor. */
export function usePlaceOf(donorId: number): QueuePlace | null {
  const mine = useMyQueue();
  return mine.data?.places.find((p) => p.donorId === donorId) ?? null;
}

export interface DonorQueue {
  place: QueuePlace | null;
  watching: boolean;
  takesRequests: boolean;
}

export function useDonorQueue(donorId: number) {
  const enabled = useWatchesDonors();
  return useQuery({
    queryKey: queueKeys.donor(donorId),
    queryFn: () => api<DonorQueue>(`donorqueue/${donorId}`, { silent: true }),
    enabled,
  });
}

/** PUT donorwatch; afterwards every queue read reloads. */
export function useWatchToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DonorWatchBody) =>
      api<DonorWatchData>('donorwatch', { method: 'PUT', body, successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKeys.all }),
  });
}
