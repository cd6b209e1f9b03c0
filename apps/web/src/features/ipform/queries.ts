import {
  type CallInput,
  ipformContract as contract,
  type IpFormSavableTab,
  type IpFormTab,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const ipFormKeys = {
  all: ['ipform'] as const,
  details: (userId: number) => ['ipform', 'details', userId] as const,
};

/** Every tab of the form at once (tab confirm), so the tabs switch without a request. */
export function useIpFormDetails(userId: number | null) {
  return useQuery({
    queryKey: ipFormKeys.details(userId ?? 0),
    queryFn: () =>
      // Enabled only with a user id.
      call(
        contract.details,
        { body: { tabName: 'confirm' satisfies IpFormTab, userId: userId ?? 0 } },
        { silent: true },
      ),
    enabled: userId !== null,
    staleTime: 0,
    retry: false,
  });
}

type UpdateBody = CallInput<typeof contract.update>['body'];

export function saveIpFormTab(userId: number, tabName: IpFormSavableTab, formData: unknown) {
  // The page builds each tab's answers from its loosely typed form values; the server validates them.
  const body = { tabName, formData, userId } as UpdateBody;
  return call(contract.update, { body }, { silent: true, successToast: true });
}

export function submitIpForm() {
  return call(contract.submit, {}, { silent: true });
}
