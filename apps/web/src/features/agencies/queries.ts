import type {
  AgencyList,
  AgencyRow,
  AllowedOrganization,
  CountryOption,
  ZipCodeList,
  ZipCodeRow,
} from '@dm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export const saveZipCode = (editing: boolean, body: Record<string, unknown>) =>
  api<ZipCodeRow>(editing ? 'updatezipcodedetails' : 'addzipcode', {
    body,
    successToast: true,
    silent: true,
  });

export const deleteZipCode = (zipcode: string) =>
  api<null>('deletezipcodedetails', { body: { zipcode }, successToast: true });

export const setAgencyVisibility = (v: { center_id: number; status: 0 | 1 }) =>
  api<AgencyRow>('agencyvisibility', { body: v, successToast: true });

export const saveAllowedOrganizations = (v: { center_id: number; center_details: number[] }) =>
  api<AllowedOrganization[]>('updateallowedorganization', { body: v, successToast: true });

/** The field a server refusal flags ({field} in the answer's data), if any. */
export function flaggedField(data: unknown): string | null {
  if (data && typeof data === 'object' && 'field' in data && typeof data.field === 'string')
    return data.field;
  return null;
}
