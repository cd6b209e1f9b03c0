import {
  type CompareDonor,
  type DonorDetails,
  type DonorNote,
  type FavoriteDonor,
  type ManagerOption,
  SEARCH_AGE_LIMITS,
  type SearchAnswer,
  type SharedDonor,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const donorKeys = {
  details: (id: number) => ['donors', 'details', id] as const,
  notes: (id: number) => ['donors', 'notes', id] as const,
  favorites: (userId: number | null) => ['donors', 'favorites', userId] as const,
  shared: ['donors', 'shared'] as const,
  managers: ['donors', 'managers'] as const,
  compare: (ids: number[]) => ['donors', 'compare', ...ids] as const,
  pdf: (id: number) => ['donors', 'pdf', id] as const,
};

export function useDonorDetails(id: number, enabled: boolean) {
  return useQuery({
    queryKey: donorKeys.details(id),
    queryFn: () => api<DonorDetails>(`getdonordetails/${id}`),
    enabled,
  });
}

export function useDonorNotes(id: number, enabled: boolean) {
  return useQuery({
    queryKey: donorKeys.notes(id),
    queryFn: () => api<DonorNote[]>(`getdonornotes/${id}`),
    enabled,
  });
}

export function useFavorites(userId: number | null) {
  return useQuery({
    queryKey: donorKeys.favorites(userId),
    queryFn: () => api<FavoriteDonor[]>(userId ? `getfavoritelist/${userId}` : 'getfavoritelist'),
  });
}

export function useSharedDonors() {
  return useQuery({ queryKey: donorKeys.shared, queryFn: () => api<SharedDonor[]>('getshareddonorlist') });
}

export function useManagers(enabled: boolean) {
  return useQuery({
    queryKey: donorKeys.managers,
    queryFn: () => api<ManagerOption[]>('getmanagers'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useCompare(ids: number[]) {
  return useQuery({
    queryKey: donorKeys.compare(ids),
    queryFn: () => api<CompareDonor[]>('comparedonors', { query: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
  });
}

/**
 * The donors with this donor id (agency or display id) the caller may see, for adding one to
 * the comparison (POST getdonorlist, every age).
 */
export function useCompareLookup(donorId: string) {
  return useQuery({
    queryKey: ['donors', 'compareLookup', donorId] as const,
    queryFn: () =>
      api<SearchAnswer>('getdonorlist', {
        body: {
          donor_id: donorId,
          minage: SEARCH_AGE_LIMITS.min,
          maxage: SEARCH_AGE_LIMITS.max,
          recordcount: 25,
          currentPage: 1,
        },
      }),
    enabled: donorId.length > 0,
  });
}

export const saveFavorite = (donorId: number) =>
  api<{ added: boolean }>('savefavoritedonor', { body: { donor_id: donorId }, successToast: true });
/**
 * A client's new favourite or note reaches their case manager (POST setfavandnotesnotification);
 * best effort: the favourite itself is saved either way.
 */
export const notifyManager = (donorId: number, type: 'favorite' | 'notes', message = '') =>
  api<null>('setfavandnotesnotification', {
    body: { donor_id: donorId, type, message },
    silent: true,
  }).catch(() => null);
export const removeFavorite = (donorId: number) =>
  api<{ removed: boolean }>('removefavoritedonor', { body: { donor_id: donorId }, successToast: true });

/** POST sharedonortomanager: a donor shared with another case manager, with a message. */
export function useShareDonor() {
  return useMutation({
    mutationFn: (body: { shared_to: number; message: string; donor_id: number; display_id: string }) =>
      api<null>('sharedonortomanager', { body, successToast: true }),
  });
}

/** POST donornotes: a staff note on a donor; the donor's details (with the notes) are read again. */
export function useAddDonorNote(donorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      api<DonorNote>('donornotes', { body: { donor_id: donorId, note }, successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: donorKeys.details(donorId) }),
  });
}
