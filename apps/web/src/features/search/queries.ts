import type {
  AgenciesWithDonorAccess,
  CenterOption,
  SavedSearch,
  SearchAlertData,
  SearchAnswer,
  SearchFiltersInput,
  SearchRequestInput,
  StateOption,
} from '@dm/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { EMPTY_FORM, toFilters, toSearchRequest } from './form';

export const searchKeys = {
  donors: (req: SearchRequestInput | null) => ['search', 'donors', req] as const,
  /** Every page of every search (after a change to a donor's marks). */
  allDonors: ['search', 'donors'] as const,
  saved: ['search', 'saved'] as const,
  agencies: ['search', 'agencies'] as const,
  states: ['search', 'states'] as const,
};

/** The search the page opens with: the empty form, newest first, the first 25. */
export const FIRST_SEARCH: SearchRequestInput = toSearchRequest(toFilters(EMPTY_FORM), {
  sortby: 'Newest',
  orderby: null,
  recordcount: 25,
  currentPage: 1,
});

const donorList = (req: SearchRequestInput | null) => ({
  queryKey: searchKeys.donors(req),
  queryFn: () => api<SearchAnswer>('getdonorlist', { body: req }),
});

/** POST /getdonorlist; null waits for the first search. */
export function useDonorList(req: SearchRequestInput | null) {
  return useQuery({ ...donorList(req), enabled: req !== null, placeholderData: keepPreviousData });
}

/** Asks for the opening search before the page has rendered (see routes.tsx). */
export function prefetchFirstSearch(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(donorList(FIRST_SEARCH));
}

export function useSavedSearches() {
  return useQuery({ queryKey: searchKeys.saved, queryFn: () => api<SavedSearch[]>('savedsearches') });
}

export function useAgencies() {
  return useQuery({
    queryKey: searchKeys.agencies,
    queryFn: () => api<AgenciesWithDonorAccess>('getagencieshasdonoraccess'),
    staleTime: 10 * 60_000,
  });
}

export function useStates() {
  return useQuery({
    queryKey: searchKeys.states,
    queryFn: () => api<StateOption[]>('getallstates/US'),
    staleTime: 60 * 60_000,
  });
}

/** Saved-search writes; each refreshes the list. Errors show inline (silent), not as toasts. */
export function useSavedSearchMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: searchKeys.saved });
  return {
    create: useMutation({
      mutationFn: (b: { name: string; filters: SearchFiltersInput }) =>
        api<SavedSearch>('savesearch', { body: b, silent: true, successToast: true }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (b: { search_id: number; name?: string; filters: SearchFiltersInput }) =>
        api<SavedSearch>('savesearch', { method: 'PUT', body: b, silent: true, successToast: true }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: (b: { search_id: number; name: string }) =>
        api<SavedSearch>('updatesearchname', { method: 'PUT', body: b, silent: true, successToast: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (searchId: number) =>
        api<null>('deletesearchlist', { method: 'PUT', body: { search_id: searchId }, successToast: true }),
      onSuccess: refresh,
    }),
    /** The daily e-mail of the search's new matches (PUT /savedsearchalert). */
    alert: useMutation({
      mutationFn: (b: { search_id: number; alert: boolean }) =>
        api<SearchAlertData>('savedsearchalert', { method: 'PUT', body: b, successToast: true }),
      onSettled: refresh,
    }),
  };
}

/** Agencies that joined since the caller's previous login (none without one). */
export function useNewAgencies(lastLoginAt: string | null | undefined) {
  return useQuery({
    queryKey: ['search', 'newAgencies', lastLoginAt],
    queryFn: () =>
      api<CenterOption[]>('checkfornewagency', { body: { last_login: lastLoginAt }, silent: true }),
    enabled: !!lastLoginAt,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
