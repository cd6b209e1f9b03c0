import {
  AGENCY_SORTS,
  type CallInput,
  type CenterOption,
  type CountryOption,
  agenciesContract as contract,
  type PartnerSignInAnswer,
  type SavePartnerSignInBody,
  ZIP_SORTS,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/ListTable';
import { api, call } from '../../lib/api';

/** Query keys of the agency and zip-code administration screens. */
export const agencyKeys = {
  all: ['agencies'] as const,
  list: (q: ListQuery) => ['agencies', 'list', q] as const,
  one: (id: number) => ['agencies', 'one', id] as const,
  allowed: (id: number) => ['agencies', 'allowed', id] as const,
  zips: (q: ListQuery) => ['zipcodes', q] as const,
  countries: ['countries'] as const,
};

/**
 * The list's sort when the endpoint knows it. The pages sort only by columns the endpoint knows,
 * so nothing is dropped in practice; an unknown one leaves the server's default.
 */
const sortOf = <S extends string>(sorts: readonly S[], sort: string): S | undefined =>
  sorts.find((s) => s === sort);

export function useAgencyList(q: ListQuery) {
  return useQuery({
    queryKey: agencyKeys.list(q),
    queryFn: async () => {
      const answer = await call(contract.details, {
        params: { id: 0 },
        body: { ...q, sort: sortOf(AGENCY_SORTS, q.sort) },
      });
      // Id 0 answers the page of agencies; one agency here would be the server's mistake.
      if (!('rows' in answer)) throw new Error('getcentersdetails/0 answered one agency');
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

export function useAgency(id: number | null) {
  return useQuery({
    queryKey: agencyKeys.one(id ?? 0),
    queryFn: async () => {
      const answer = await call(contract.details, { params: { id: id ?? 0 }, body: {} });
      if ('rows' in answer) throw new Error(`getcentersdetails/${id} answered the agency list`);
      return answer;
    },
    enabled: id !== null,
  });
}

export function useAllowedOrganizations(centerId: number | null) {
  return useQuery({
    queryKey: agencyKeys.allowed(centerId ?? 0),
    queryFn: () => call(contract.allowedOrganizations, { params: { center: centerId ?? 0 } }),
    enabled: centerId !== null,
  });
}

export function useZipCodes(q: ListQuery) {
  return useQuery({
    queryKey: agencyKeys.zips(q),
    queryFn: () => call(contract.zipCodes, { body: { ...q, sort: sortOf(ZIP_SORTS, q.sort) } }),
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
  call(contract.deleteZip, { body: { zipcode } }, { successToast: true });

export const setAgencyVisibility = (body: { center_id: number; status: 0 | 1 }) =>
  call(contract.visibility, { body }, { successToast: true });

export const saveAllowedOrganizations = (body: { center_id: number; center_details: number[] }) =>
  call(contract.saveAllowedOrganizations, { body }, { successToast: true });

type AddAgency = CallInput<typeof contract.add>['body'];
type UpdateAgency = CallInput<typeof contract.update>['body'];

/** Adds an agency, or updates the one the body names (`center_id`); the lists are read again after. */
export function useSaveAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAgency | UpdateAgency) =>
      'center_id' in body
        ? call(contract.update, { body }, { successToast: true, silent: true })
        : call(contract.add, { body }, { successToast: true, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

/** Adds a zip code, or updates one (`editing` true); the list is read again after. */
export function useSaveZipCode(editing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof contract.updateZip>['body']) =>
      editing
        ? call(contract.updateZip, { body }, { successToast: true, silent: true })
        : call(contract.addZip, { body }, { successToast: true, silent: true }),
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
