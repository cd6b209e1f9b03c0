import type {
  DonorMatchStatus,
  MatchContact,
  MatchGridBody,
  MatchPage,
  MatchReportBody,
  MatchRow,
  QueueType,
  ResolveMatchInput,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../lib/api';
import { donorKeys, portfolioKeys } from '../../lib/query-keys';

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
