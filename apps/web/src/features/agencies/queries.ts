import type {
  AgencyList,
  AgencyRow,
  AllowedOrganization,
  CenterOption,
  CountryOption,
  PartnerSignInAnswer,
  SavePartnerSignInBody,
  ZipCodeList,
  ZipCodeRow,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/ListTable';
import { api } from '../../lib/api';

/** Query keys of the agency and zip-code administration screens. */
export const agencyKeys = {
  all: ['agencies'] as const,
  list: (q: ListQuery) => ['agencies', 'list', q] as const,
  one: (id: number) => ['agencies', 'one', id] as const,
  allowed: (id: number) => ['agencies', 'allowed', id] as const,
  zips: (q: ListQuery) => ['zipcodes', q] as const,
  countries: ['countries'] as const,
};

export function useAgencyList(q: ListQuery) {
  return useQuery({
    queryKey: agencyKeys.list(q),
    queryFn: () => api<AgencyList>('getcentersdetails/0', { body: q }),
    placeholderData: keepPreviousData,
  });
}

export function useAgency(id: number | null) {
  return useQuery({
    queryKey: agencyKeys.one(id ?? 0),
    queryFn: () => api<AgencyRow>(`getcentersdetails/${id}`, { body: {} }),
    enabled: id !== null,
  });
}

export function useAllowedOrganizations(centerId: number | null) {
  return useQuery({
    queryKey: agencyKeys.allowed(centerId ?? 0),
    queryFn: () => api<AllowedOrganization[]>(`getallowedorganization/${centerId}`),
    enabled: centerId !== null,
  });
}

export function useZipCodes(q: ListQuery) {
  return useQuery({
    queryKey: agencyKeys.zips(q),
    queryFn: () => api<ZipCodeList>('getzipcodes', { body: q }),
    placeholderData: keepPreviousData,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: agencyKeys.countries,
    queryFn: () => api<CountryOption[]>('getallcountries'),
    staleTime: 60 * 60_000,
  });
}

export const deleteZipCode = (zipcode: string) =>
  api<null>('deletezipcodedetails', { body: { zipcode }, successToast: true });

export const setAgencyVisibility = (v: { center_id: number; status: 0 | 1 }) =>
  api<AgencyRow>('agencyvisibility', { body: v, successToast: true });

export const saveAllowedOrganizations = (v: { center_id: number; center_details: number[] }) =>
  api<AllowedOrganization[]>('updateallowedorganization', { body: v, successToast: true });

/** Adds an agency, or updates one (`editId`); the lists are read again after. */
export function useSaveAgency(editId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<AgencyRow>(editId ? 'updatecenterdetails' : 'addcenterdetails', {
        body,
        successToast: true,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

/** Adds a zip code, or updates one (`editing` true); the list is read again after. */
export function useSaveZipCode(editing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<ZipCodeRow>(editing ? 'updatezipcodedetails' : 'addzipcode', {
        body,
        successToast: true,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['zipcodes'] }),
  });
}

const CENTERS_KEY = ['centers'] as const;

/** Every agency, for the master admin's agency select (GET /getcenters). */
export function useCenters(enabled: boolean) {
  return useQuery({
    queryKey: CENTERS_KEY,
    queryFn: () => api<CenterOption[]>('getcenters'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

// --- partner sign-in (single sign-on, decision 019)

const partnerKey = (centerId: number) => ['agencies', 'partner', centerId] as const;

/** A center's trusted partner and the audience its tokens must carry. */
export function usePartnerSignIn(centerId: number | null) {
  return useQuery({
    queryKey: partnerKey(centerId ?? 0),
    queryFn: () => api<PartnerSignInAnswer>(`partnersignin/${centerId}`),
    enabled: centerId !== null,
  });
}

export function useSavePartnerSignIn(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePartnerSignInBody) =>
      api<PartnerSignInAnswer>('savepartnersignin', { body, successToast: true, silent: true }),
    onSuccess: (answer) => queryClient.setQueryData(partnerKey(centerId), answer),
  });
}

export function useRemovePartnerSignIn(centerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<null>('removepartnersignin', { body: { center_id: centerId }, successToast: true, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKey(centerId) }),
  });
}
