import type { CountryOption, SignupDetails, TermsAnswer } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the public (signed-out) screens. */
export const publicKeys = {
  signup: (token: string) => ['public', 'signup', token] as const,
  terms: ['public', 'terms'] as const,
  countries: ['public', 'countries'] as const,
};

/** The invited user's names for /signup/{token}. */
export function useSignupDetails(token: string) {
  return useQuery({
    queryKey: publicKeys.signup(token),
    queryFn: () => api<SignupDetails>('getusersignupdetails', { body: { token }, silent: true }),
    enabled: token.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTerms(enabled: boolean) {
  return useQuery({
    queryKey: publicKeys.terms,
    queryFn: () => api<TermsAnswer>('terms', { silent: true }),
    enabled,
  });
}

export function usePublicCountries() {
  return useQuery({
    queryKey: publicKeys.countries,
    queryFn: () => api<CountryOption[]>('getallcountries', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
