import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** center_id sent with every statistic: null counts the caller's center (admin) or all (master). */
export function useStatistic<T>(name: string, centerId: number | null, extra: Record<string, unknown> = {}) {
  const body = { center_id: centerId, ...extra };
  return useQuery({ queryKey: ['statistics', name, body], queryFn: () => api<T>(name, { body }) });
}
