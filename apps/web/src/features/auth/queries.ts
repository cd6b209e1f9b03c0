import type {
  AcceptEulaAnswer,
  CountryOption,
  LoginBody,
  LoginOutcome,
  LoginSuccess,
  OtpSent,
  RegisterBody,
  SendOtpBody,
  SignupDetails,
  SignupTokenAnswer,
  SignupTokenBody,
  TermsAnswer,
  TextVisibility,
  VerifyContactBody,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the public (signed-out) screens. */
export const publicKeys = {
  signup: (token: string) => ['public', 'signup', token] as const,
  terms: ['public', 'terms'] as const,
  countries: ['public', 'countries'] as const,
  textVisibility: (centerId: number) => ['public', 'textVisibility', centerId] as const,
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

/** Whether the agency sends text messages (the sign-up's optional text-notification step). */
export function useTextVisibility(centerId: number) {
  return useQuery({
    queryKey: publicKeys.textVisibility(centerId),
    queryFn: () => api<TextVisibility[]>(`checktextmessagesvisibility/${centerId}`, { silent: true }),
    select: (rows) => rows[0]?.receive_text_messages === true,
    staleTime: 10 * 60_000,
  });
}

// The submits of the signed-out screens: each screen shows a refusal itself (silent).

/** A password login: signed in, or (redirectPartnerLogin) sent to the center's partner site. */
export type LoginAnswer = LoginSuccess | Extract<LoginOutcome, { outcome: 'redirectPartnerLogin' }>;

export const login = (body: LoginBody) => api<LoginAnswer>('authenticate', { body, silent: true });

/** A partner's signed token (single sign-on, decision 019). */
export const tokenSignIn = (token: string) =>
  api<LoginSuccess>('tokensignin', { body: { form: 'login', token }, silent: true });

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

/** Texts a one-time code to the number (`resend`: the spec's resendmoileotp). */
export const sendOtp = (body: SendOtpBody, resend: boolean) =>
  api<OtpSent>(resend ? 'resendmoileotp' : 'sendotpcontact', { body, silent: true });

export const verifyContact = (body: VerifyContactBody) => api<null>('verifycontact', { body, silent: true });

/** An archived client asks her agency to reactivate her (after the archivedClient login outcome). */
export const sendArchivedClientNotification = (body: { username: string }) =>
  api<null>('sendarchivedclientnotification', { body, silent: true });
