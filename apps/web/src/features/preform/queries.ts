import { preformContract as contract, type RejectionSettings, type SubmitPreformBody } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const preformKeys = {
  all: ['preform'] as const,
  details: (userId: number) => ['preform', 'details', userId] as const,
  rejection: ['preform', 'rejection-range'] as const,
  rejectionDefaults: ['preform', 'rejection-defaults'] as const,
  rejectionQuestions: ['preform', 'rejection-questions'] as const,
};

export function usePreformDetails(userId: number | null) {
  return useQuery({
    queryKey: preformKeys.details(userId ?? 0),
    queryFn: () => call(contract.details, { params: { userId: userId ?? 0 } }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function submitPreform(body: SubmitPreformBody) {
  return call(contract.submit, { body }, { silent: true });
}

export function resetPreform() {
  return call(contract.reset, {});
}

export function useRejectionSettings() {
  return useQuery({
    queryKey: preformKeys.rejection,
    queryFn: () => call(contract.rejectionSettings, {}),
  });
}

export function useRejectionDefaults() {
  return useQuery({
    queryKey: preformKeys.rejectionDefaults,
    queryFn: () => call(contract.defaultRejectionRange, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRejectionQuestions() {
  return useQuery({
    queryKey: preformKeys.rejectionQuestions,
    queryFn: () => call(contract.rejectionQuestions, {}),
  });
}

export function saveRejectionSettings(body: RejectionSettings) {
  return call(contract.saveRejectionSettings, { body }, { silent: true });
}

export function saveRejectionQuestions(questions: { id: number; is_enabled: boolean }[]) {
  return call(contract.saveRejectionQuestions, { body: { questions } }, { successToast: true });
}
