import {
  FAILED_LOGINS_BEFORE_CAPTCHA,
  type LoginBody,
  type LoginOutcome,
  type LoginSuccess,
  loginBody,
  MSG,
  PARTNER_MSG,
  postLoginDestination,
} from '@dm/shared';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { ApiError } from '../../lib/api-error';
import { FormAlert, messageOf, useZodForm } from '../../lib/form';
import { mustAcceptTerms, takeAttemptedUrl, useSession } from '../../lib/session';
import { isPartnerUrl, takeSsoToken } from '../../lib/sso';
import { CaptchaField } from './CaptchaField';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import {
  login as authenticate,
  type LoginAnswer,
  sendArchivedClientNotification,
  tokenSignIn,
} from './queries';
import { SignupLinkDialog } from './SignupLinkDialog';
import { TermsDialog } from './TermsDialog';

/** A saved attempted URL wins (platform.md section 4), unless it is the login page or the root. */
function destinationAfterLogin(attempted: string | null, destination: string): string {
  if (attempted && attempted !== '/' && !attempted.startsWith('/login')) return attempted;
  return destination;
}

/** What another page may hand the login page: a message to show (after a reset or sign-up). */
export interface LoginPageState {
  message?: string;
}

interface CaptchaState {
  shown: boolean;
  /** A new key mounts a fresh widget: a solution is spent once it has been sent. */
  key: number;
  payload: string | null;
}

function outcomeOf(error: unknown): Partial<LoginOutcome> | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  return error.data as Partial<LoginOutcome>;
}

/** /login/{username?}: sign in, with the captcha after failures and the terms before anything else. */
export default function LoginPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [notice] = useState(() => (location.state as LoginPageState | null)?.message ?? null);
  const [error, setError] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const [captcha, setCaptcha] = useState<CaptchaState>({ shown: false, key: 0, payload: null });
  const [forgotOpen, setForgotOpen] = useState(false);
  const [signupLinkOpen, setSignupLinkOpen] = useState(false);
  const [destination, setDestination] = useState<string | null>(null);
  /** The archived client who gave the right password: she may ask her agency to reactivate her. */
  const [archivedUser, setArchivedUser] = useState<string | null>(null);
  const askReactivation = useMutation({
    mutationFn: (username: string) => sendArchivedClientNotification({ username }),
  });

  const { form, formRef, focusFirstError } = useZodForm(loginBody, {
    username: params.username ?? '',
    password: '',
  });

  const signedIn = (answer: LoginSuccess) => {
    session.signedIn(answer);
    const next = destinationAfterLogin(takeAttemptedUrl(), answer.destination);
    // The terms dialog opens from the session user; the destination waits for the acceptance.
    if (mustAcceptTerms(answer.user)) setDestination(next);
    else navigate(next, { replace: true });
  };

  const login = useMutation({
    mutationFn: (body: LoginBody) => authenticate(body),
    onSuccess: (answer: LoginAnswer) => {
      if (answer.outcome === 'success') return signedIn(answer);
      // The center signs its users in through its partner: only to the address the server named.
      if (isPartnerUrl(answer.url)) window.location.assign(answer.url);
      else setError(PARTNER_MSG.PARTNER_LOGIN);
    },
    onError: (failure, body) => {
      const outcome = outcomeOf(failure);
      const failed = outcome?.outcome === 'failed';
      const count = failed ? failures + 1 : failures;
      setFailures(count);
      const needsCaptcha =
        captcha.shown ||
        outcome?.outcome === 'showCaptcha' ||
        (failed && (outcome.captchaRequired === true || count >= FAILED_LOGINS_BEFORE_CAPTCHA));
      setCaptcha((current) => ({
        shown: needsCaptcha,
        key: body.captcha || !current.shown ? current.key + 1 : current.key,
        payload: null,
      }));
      setError(messageOf(failure));
      setArchivedUser(outcome?.outcome === 'archivedClient' ? body.username : null);
      askReactivation.reset();
    },
  });

  // A partner's token the page load stored (lib/sso.ts) signs in once, without the form.
  const sso = useMutation({
    mutationFn: tokenSignIn,
    onSuccess: signedIn,
    onError: (failure) => setError(messageOf(failure)),
  });
  const ssoStarted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render
  useEffect(() => {
    if (ssoStarted.current) return;
    ssoStarted.current = true;
    const token = takeSsoToken();
    if (token) sso.mutate(token);
  }, []);

  const send = (values: { username: string; password: string }, solved: string | null) => {
    if (captcha.shown && !solved) {
      setError(MSG.CAPTCHA_REQUIRED);
      return;
    }
    setError(null);
    login.mutate({ ...loginBody.parse(values), captcha: solved ?? undefined });
  };

  const onCaptchaSolved = (payload: string) => {
    setCaptcha((current) => ({ ...current, payload }));
    // Retry the login the captcha interrupted, when the form is filled in.
    if (!form.validate().hasErrors) send(form.getValues(), payload);
  };

  const user = session.user;
  const termsOpen = user !== null && mustAcceptTerms(user);
  const onTermsAccepted = () => {
    if (!user) return;
    navigate(destination ?? destinationAfterLogin(takeAttemptedUrl(), postLoginDestination(user)), {
      replace: true,
    });
  };

  const invalid = (field: 'username' | 'password') => (form.errors[field] ? true : undefined);

  return (
    <AuthLayout title="Login">
      <form
        ref={formRef}
        noValidate
        onSubmit={form.onSubmit(
          (values) => send(values, captcha.payload),
          () => {
            setError(MSG.LOGIN_REQUIRED.trim());
            focusFirstError();
          },
        )}
      >
        <Stack>
          <FormAlert message={notice} color="green" />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="username"
            aria-required
            {...form.getInputProps('username')}
            error={invalid('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            aria-required
            {...form.getInputProps('password')}
            error={invalid('password')}
          />
          {captcha.shown ? <CaptchaField key={captcha.key} onSolved={onCaptchaSolved} /> : null}
          <FormAlert message={error} />
          {archivedUser !== null &&
            (askReactivation.isSuccess ? (
              <Text size="sm" role="status">
                {MSG.ARCHIVED_NOTIFICATION_SENT}
              </Text>
            ) : (
              <Button
                variant="light"
                loading={askReactivation.isPending}
                onClick={() => askReactivation.mutate(archivedUser)}
              >
                Ask my agency to reactivate my account
              </Button>
            ))}
          <Button type="submit" loading={login.isPending || sso.isPending}>
            Login
          </Button>
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => setSignupLinkOpen(true)}
          >
            Lost your invitation link?
          </Anchor>
          <Text size="sm">
            New here? Register as an{' '}
            <Anchor component={Link} to="/userregister/9" underline="always">
              intended parent
            </Anchor>{' '}
            or as a{' '}
            <Anchor component={Link} to="/userregister/2" underline="always">
              donor
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
      <ForgotPasswordDialog
        opened={forgotOpen}
        onClose={() => setForgotOpen(false)}
        initialEmail={form.values.username}
      />
      <SignupLinkDialog
        opened={signupLinkOpen}
        onClose={() => setSignupLinkOpen(false)}
        initialEmail={form.values.username}
      />
      <TermsDialog opened={termsOpen} onAccepted={onTermsAccepted} />
    </AuthLayout>
  );
}
