import type {
  AgencyContact,
  ChangeSetSummary,
  CountryOption,
  DonorFormFields,
  DonorFormStatus,
  DonorFormTab,
  DonorFormTabAnswer,
  DonorHome,
  FeeOptions,
  ReviewBody,
  SavableTab,
  StateOption,
  SubmitResult,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { settingsKeys } from '../../lib/query-keys';

export const formKeys = {
  all: ['donorform'] as const,
  status: (id: number) => ['donorform', 'status', id] as const,
  tab: (id: number, tab: DonorFormTab) => ['donorform', 'tab', id, tab] as const,
  changes: (id: number, version: number | null) => ['donorform', 'changes', id, version] as const,
  home: ['donorform', 'home'] as const,
  fields: (id: number) => ['donorform', 'fields', id] as const,
  contact: ['donorform', 'agency-contact'] as const,
};

/** The donor's form with her center's template (hidden and renamed fields, clinic label). */
export function useFormFields(donorId: number | null) {
  return useQuery({
    queryKey: formKeys.fields(donorId ?? 0),
    queryFn: () => api<DonorFormFields>(`getdonorformfields/${donorId}`),
    enabled: donorId !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET getfeeoptions: the fee question's choices, the agency's own and the global ones. */
export function useFeeChoices(centerId: number | null) {
  return useQuery({
    queryKey: settingsKeys.feeOptions(centerId ?? 0),
    queryFn: () => api<FeeOptions>('getfeeoptions'),
    enabled: centerId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's agency contact (shown to a donor whose initial form was rejected). */
export function useAgencyContact(enabled: boolean) {
  return useQuery({
    queryKey: formKeys.contact,
    queryFn: () => api<AgencyContact>('getagencycontact'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useFormStatus(donorId: number | null) {
  return useQuery({
    queryKey: formKeys.status(donorId ?? 0),
    queryFn: () => api<DonorFormStatus>(`getdonorformstatus/${donorId}`),
    enabled: donorId !== null,
    staleTime: 0,
  });
}

export function useFormTab(donorId: number | null, tab: DonorFormTab, enabled: boolean) {
  return useQuery({
    queryKey: formKeys.tab(donorId ?? 0, tab),
    queryFn: () =>
      api<DonorFormTabAnswer>('getdonorformdetails', { body: { tabName: tab, userId: donorId } }),
    enabled: donorId !== null && enabled,
    staleTime: 0,
  });
}

export function saveFormTab(donorId: number, tab: SavableTab, formData: Record<string, unknown>) {
  return api<{ status: DonorFormStatus; changeVersion: number | null }>('updatedonorformdetails', {
    body: { tabName: tab, userId: donorId, formData },
    silent: true,
  });
}

export function submitForm(kind: 'initial' | 'main') {
  return api<SubmitResult>(kind === 'initial' ? 'submitinitialform' : 'submitdonorform', {
    body: {},
    silent: true,
  });
}

export function saveLastVisited(lastTab: number) {
  return api<null>('savelastvisitedpage', { body: { lastTab }, silent: true }).catch(() => null);
}

export function reviewForm(body: ReviewBody) {
  return api<DonorFormStatus>('reviewdonorform', { body, successToast: true });
}

export function useChanges(donorId: number | null, version: number | null, enabled: boolean) {
  return useQuery({
    queryKey: formKeys.changes(donorId ?? 0, version),
    queryFn: () =>
      api<ChangeSetSummary[]>('getdonorformchanges', {
        query: { user_id: donorId ?? 0, version: version ?? undefined },
      }),
    enabled: donorId !== null && enabled,
  });
}

export function useDonorHome() {
  return useQuery({ queryKey: formKeys.home, queryFn: () => api<DonorHome>('getdonorhome'), staleTime: 0 });
}

export function useCountries() {
  return useQuery({
    queryKey: ['reference', 'countries'],
    queryFn: () => api<CountryOption[]>('getallcountries'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStates(countryIso: string | null) {
  return useQuery({
    queryKey: ['reference', 'states', countryIso],
    queryFn: () => api<StateOption[]>(`getallstates/${countryIso}`),
    enabled: !!countryIso,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCities(countryIso: string | null, stateIso: string | null) {
  return useQuery({
    queryKey: ['reference', 'cities', countryIso, stateIso],
    queryFn: () => api<{ name: string }[]>(`getallcities/${stateIso}/${countryIso}`),
    enabled: !!countryIso && !!stateIso,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
