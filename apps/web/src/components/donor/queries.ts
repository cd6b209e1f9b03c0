import type { ManagerOption } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { donorKeys } from '../../lib/query-keys';

// Donor calls that several features make (search cards, favourites, portfolios, donor page).

/** The center's case managers (sharing a donor, assigning a portfolio). */
export function useManagers(enabled: boolean) {
  return useQuery({
    queryKey: donorKeys.managers,
    queryFn: () => api<ManagerOption[]>('getmanagers'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export const saveFavorite = (donorId: number) =>
  api<{ added: boolean }>('savefavoritedonor', { body: { donor_id: donorId }, successToast: true });
/**
 * A client's new favourite or note reaches their case manager (POST setfavandnotesnotification);
 * best effort: the favourite itself is saved either way.
 */
export const notifyManager = (donorId: number, type: 'favorite' | 'notes', message = '') =>
  api<null>('setfavandnotesnotification', {
    body: { donor_id: donorId, type, message },
    silent: true,
  }).catch(() => null);
export const removeFavorite = (donorId: number) =>
  api<{ removed: boolean }>('removefavoritedonor', { body: { donor_id: donorId }, successToast: true });
