import { siteTourContract as contract, type SiteTourOutcome } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const siteTourKeys = { state: ['site-tour', 'state'] as const };

/** GET sitetourstatus: whether the caller finished or skipped the tour (asked for where she may take it). */
export function useSiteTourState(enabled: boolean) {
  return useQuery({
    queryKey: siteTourKeys.state,
    queryFn: () => call(contract.status, {}, { silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST sitetourseen {outcome}: the tour is not offered again. */
export function useMarkSiteTourSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: SiteTourOutcome) => call(contract.seen, { body: { outcome } }, { silent: true }),
    onSuccess: (state) => queryClient.setQueryData(siteTourKeys.state, state),
  });
}
