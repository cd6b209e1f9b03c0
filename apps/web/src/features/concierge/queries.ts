import { type ConciergeUpgradeBody, conciergeContract as contract } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const conciergeKeys = {
  state: ['concierge', 'state'] as const,
  requests: ['concierge', 'requests'] as const,
};

/**
 * GET checkconciergemembershiprequested: the requested flag (the upgrade is offered only without
 * it) and the dialog's prefill. Asked for only where the caller may ask for the membership.
 */
export function useConciergeState(enabled: boolean) {
  return useQuery({
    queryKey: conciergeKeys.state,
    queryFn: () => call(contract.state, {}, { silent: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST upgradetoconciergemembership; a refusal is shown in the dialog. */
export function useRequestConcierge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConciergeUpgradeBody) => call(contract.request, { body }, { silent: true }),
    onSuccess: (state) => queryClient.setQueryData(conciergeKeys.state, state),
  });
}

/** GET conciergerequests: the center's requests, for its admins and case managers. */
export function useConciergeRequests() {
  return useQuery({
    queryKey: conciergeKeys.requests,
    queryFn: () => call(contract.requests, {}),
  });
}

/** POST handleconciergerequest {id, note}. */
export function useHandleConciergeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; note: string }) =>
      call(contract.handle, { body }, { silent: true, successToast: true }),
    onSuccess: (rows) => queryClient.setQueryData(conciergeKeys.requests, rows),
  });
}
