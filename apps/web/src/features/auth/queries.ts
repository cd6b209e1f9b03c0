import type {
  AcceptEulaAnswer,
  CountryOption,
  LoginBody,
  LoginSuccess,
  RegisterBody,
  SignupDetails,
  SignupTokenAnswer,
  SignupTokenBody,
  TermsAnswer,
} from '@dm/shared';
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

// The submits of the signed-out screens: each screen shows a refusal itself (silent).

export const login = (body: LoginBody) => api<LoginSuccess>('authenticate', { body, silent: true });

/** A new account, or (`referrer`) the registration of an invited one. */
export const register = (body: RegisterBody, referrer: boolean) =>
  api<LoginSuccess>(referrer ? 'updateduserregistration' : 'userregistration', { body, silent: true });

export const requestPasswordReset = (body: { username: string }) =>
  api<null>('resetpassword', { body, silent: true });

export const updatePassword = (body: unknown) => api<null>('updatepassword', { body, silent: true });

export const requestSignupLink = (body: { username: string; user_type: number }) =>
  api<null>('invitedonor', { body, silent: true });

export const signupWithToken = (body: SignupTokenBody) =>
  api<SignupTokenAnswer>('signuptokenauth', { body, silent: true });

export const acceptTerms = () => api<AcceptEulaAnswer>('accepteula', { method: 'POST', silent: true });
