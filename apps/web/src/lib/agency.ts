import type { AgencyData } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The agency a link names with ?center= (before the hash), e.g. from an agency's own web site. */
export function requestedCenterId(): number | undefined {
  const value = Number(new URLSearchParams(window.location.search).get('center'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Branding of the agency this page is for (the signed-in user's, else ?center=, else the main one). */
export function useAgency() {
  const center = requestedCenterId();
  return useQuery({
    queryKey: ['public', 'agency', center],
    queryFn: () =>
      api<AgencyData>('getcurrentyearandagencydata', { query: { centerId: center }, silent: true }),
    staleTime: 10 * 60_000,
  });
}
