import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface AgencyData {
  agency: {
    centerId: number;
    name: string;
    appTitle: string;
    metaDescription: string;
    logoUrl: string | null;
    preActiveAccess: boolean;
    consumerSite: boolean;
  };
  year: number;
}

/** Branding of the agency this page is for (the signed-in user's, else ?center=, else the main one). */
export function useAgency() {
  const center = new URLSearchParams(window.location.search).get('center') ?? undefined;
  return useQuery({
    queryKey: ['public', 'agency', center],
    queryFn: () => api<AgencyData>('getcurrentyearandagencydata', { query: { centerId: center }, silent: true }),
    staleTime: 10 * 60_000,
  });
}
