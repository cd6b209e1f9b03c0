import type { IpFormDetails, IpFormSavableTab, IpFormTab } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const ipFormKeys = {
  all: ['ipform'] as const,
  details: (userId: number) => ['ipform', 'details', userId] as const,
};

/** Every tab of the form at once (tab confirm), so the tabs switch without a request. */
export function useIpFormDetails(userId: number | null) {
  return useQuery({
    queryKey: ipFormKeys.details(userId ?? 0),
    queryFn: () =>
      api<IpFormDetails>('getipformdetails', {
        body: { tabName: 'confirm' satisfies IpFormTab, userId },
        silent: true,
      }),
    enabled: userId !== null,
    staleTime: 0,
    retry: false,
  });
}

export function saveIpFormTab(userId: number, tabName: IpFormSavableTab, formData: unknown) {
  return api<IpFormDetails>('updateipformdetails', {
    body: { tabName, formData, userId },
    silent: true,
    successToast: true,
  });
}

export function submitIpForm() {
  return api<{ submittedAt: string }>('ipformsubmission', { silent: true });
}
