import type {
  PreformDetails,
  PreformResult,
  RejectionQuestion,
  RejectionRange,
  RejectionSettings,
  SubmitPreformBody,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

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
    queryFn: () => api<PreformDetails>(`getpreformdetails/${userId}`),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function submitPreform(body: SubmitPreformBody) {
  return api<PreformResult>('submitpreform', { body, silent: true });
}

export function resetPreform() {
  return api<null>('resetpreformdetails', { method: 'POST', body: {} });
}

export function useRejectionSettings() {
  return useQuery({
    queryKey: preformKeys.rejection,
    queryFn: () => api<RejectionSettings>('donorformrejectionrange'),
  });
}

export function useRejectionDefaults() {
  return useQuery({
    queryKey: preformKeys.rejectionDefaults,
    queryFn: () => api<RejectionRange>('defaultdonorformrejectionrange'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRejectionQuestions() {
  return useQuery({
    queryKey: preformKeys.rejectionQuestions,
    queryFn: () => api<RejectionQuestion[]>('getalldonorformrejectionquestion'),
  });
}

export function saveRejectionSettings(body: RejectionSettings) {
  return api<RejectionSettings>('donorformrejectionrange', { body, silent: true });
}

export function saveRejectionQuestions(questions: { id: number; is_enabled: boolean }[]) {
  return api<RejectionQuestion[]>('updatealldonorformrejectionquestion', {
    body: { questions },
    successToast: true,
  });
}
