import { type CreateApiKeyBody, type CreateWebhookBody, agencyApiContract as contract } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The agency API's keys and webhooks (decision 028), per center. */
export const agencyApiKeys = {
  keys: (centerId: number | null) => ['agency-api', 'keys', centerId] as const,
  webhooks: (centerId: number | null) => ['agency-api', 'webhooks', centerId] as const,
  deliveries: (id: number) => ['agency-api', 'deliveries', id] as const,
};

export function useApiKeys(centerId: number | null) {
  return useQuery({
    queryKey: agencyApiKeys.keys(centerId),
    queryFn: () => call(contract.listKeys, { query: { center_id: centerId ?? undefined } }),
    enabled: centerId !== null,
  });
}

/** POST apikeys: the answer carries the secret, shown once by the page. */
export function useCreateApiKey(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      call(contract.createKey, { body: { ...body, center_id: centerId } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.keys(centerId) }),
  });
}

export function useRevokeApiKey(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(contract.revokeKey, { params: { id } }, { successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.keys(centerId) }),
  });
}

export function useWebhooks(centerId: number | null) {
  return useQuery({
    queryKey: agencyApiKeys.webhooks(centerId),
    queryFn: () => call(contract.listWebhooks, { query: { center_id: centerId ?? undefined } }),
    enabled: centerId !== null,
  });
}

export function useCreateWebhook(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) =>
      call(contract.createWebhook, { body: { ...body, center_id: centerId } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.webhooks(centerId) }),
  });
}

export function useRemoveWebhook(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(contract.removeWebhook, { params: { id } }, { successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.webhooks(centerId) }),
  });
}

export function useDeliveries(id: number) {
  return useQuery({
    queryKey: agencyApiKeys.deliveries(id),
    queryFn: () => call(contract.deliveries, { params: { id } }),
  });
}
