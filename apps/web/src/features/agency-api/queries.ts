import type {
  ApiKeyRow,
  CreateApiKeyBody,
  CreatedApiKey,
  CreatedWebhook,
  CreateWebhookBody,
  WebhookDeliveryRow,
  WebhookRow,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The agency API's keys and webhooks (decision 028), per center. */
export const agencyApiKeys = {
  keys: (centerId: number | null) => ['agency-api', 'keys', centerId] as const,
  webhooks: (centerId: number | null) => ['agency-api', 'webhooks', centerId] as const,
  deliveries: (id: number) => ['agency-api', 'deliveries', id] as const,
};

export function useApiKeys(centerId: number | null) {
  return useQuery({
    queryKey: agencyApiKeys.keys(centerId),
    queryFn: () => api<ApiKeyRow[]>('apikeys', { query: { center_id: centerId ?? undefined } }),
    enabled: centerId !== null,
  });
}

/** POST apikeys: the answer carries the secret, shown once by the page. */
export function useCreateApiKey(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      api<CreatedApiKey>('apikeys', { body: { ...body, center_id: centerId }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.keys(centerId) }),
  });
}

export function useRevokeApiKey(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`apikeys/${id}`, { method: 'DELETE', successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.keys(centerId) }),
  });
}

export function useWebhooks(centerId: number | null) {
  return useQuery({
    queryKey: agencyApiKeys.webhooks(centerId),
    queryFn: () => api<WebhookRow[]>('webhooks', { query: { center_id: centerId ?? undefined } }),
    enabled: centerId !== null,
  });
}

export function useCreateWebhook(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) =>
      api<CreatedWebhook>('webhooks', { body: { ...body, center_id: centerId }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.webhooks(centerId) }),
  });
}

export function useRemoveWebhook(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`webhooks/${id}`, { method: 'DELETE', successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyApiKeys.webhooks(centerId) }),
  });
}

export function useDeliveries(id: number) {
  return useQuery({
    queryKey: agencyApiKeys.deliveries(id),
    queryFn: () => api<WebhookDeliveryRow[]>(`webhooks/${id}/deliveries`),
  });
}
