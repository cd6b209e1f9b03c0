import {
  type CompareDonor,
  type DonorDetails,
  type DonorNote,
  type DonorPdf,
  type FavoriteDonor,
  SEARCH_AGE_LIMITS,
  type SearchAnswer,
  type SharedDonor,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

import { donorKeys } from '../../lib/query-keys';

export { donorKeys };

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

export { notifyManager, removeFavorite, saveFavorite, useManagers } from '../../components/donor/queries';

export const deleteDonorNote = (noteId: number) =>
  api<null>(`donornotes/${noteId}`, { method: 'DELETE', successToast: true });

/** Records a view of the donor's page (the daily view limit may ask for a captcha first). */
export const recordDonorView = (donorId: number, captcha?: string) =>
  api(`donorviews/${donorId}`, { method: 'PUT', body: captcha ? { captcha } : {}, silent: true });

/** The donor profile PDF, made for one look: fetched fresh each time the view opens. */
export function useDonorPdf(donorId: number, usertypeid: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: donorKeys.pdf(donorId),
    queryFn: () =>
      api<DonorPdf>('getpdffromhtml', {
        method: 'POST',
        body: { id: donorId, usertypeid, globals: {} },
        silent: true,
      }),
    enabled,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export const requestDetailsAccess = (body: { donorId: number; displayId: string; query: string }) =>
  api<{ id: number }>('requestdonordetailsaccess', {
    body: { ...body, query_flag: 1 },
    silent: true,
    successToast: true,
  });

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
