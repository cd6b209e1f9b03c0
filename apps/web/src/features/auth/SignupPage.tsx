import { MSG, type SignupDetails, type SignupTokenBody, signupTokenBody } from '@dm/shared';
import { Anchor, Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { ApiError } from '../../lib/api-error';
import { FormAlert, messageOf, useZodForm } from '../../lib/form';
import { ContactNumberField, NameFields, NewPasswordFields } from './fields';
import type { LoginPageState } from './LoginPage';
import { signupWithToken, useSignupDetails } from './queries';

/** A refused token is an invalid link; anything else (network, server) says what happened. */
function linkError(error: unknown): string {
  if (error === null || (error instanceof ApiError && error.status < 500 && error.status !== 0))
    return MSG.INVALID_LINK;
  return messageOf(error);
}

/** /signup/{token}: an invited user confirms the names and chooses a password. */
export default function SignupPage() {
  const { token = '' } = useParams();
  const details = useSignupDetails(token);

  if (!token || details.isError) {
    return (
      <AuthLayout title="Sign up">
        <Stack>
          <FormAlert message={linkError(details.error)} />
          <Anchor component={Link} to="/login">
            Go to login
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }
  if (details.isPending) {
    return (
      <AuthLayout title="Sign up">
        <Center>
          <Loader aria-label="Loading your invitation" />
        </Center>
      </AuthLayout>
    );
  }
  return <SignupForm token={token} details={details.data} />;
}

function SignupForm({ token, details }: { token: string; details: SignupDetails }) {
  const navigate = useNavigate();
  const { form, formRef, focusFirstError } = useZodForm(signupTokenBody, {
    token,
    firstname: details.firstname,
    middlename: details.middlename,
    lastname: details.lastname,
    contactno: details.contactno.replace(/\D/g, '').slice(0, 10),
    password: '',
    password_c: '',
  });
  const signup = useMutation({
    mutationFn: (body: SignupTokenBody) => signupWithToken(body),
    onSuccess: (answer) => {
      const state: LoginPageState = { message: MSG.PASSWORD_UPDATED };
      navigate(answer.redirectUrl, { replace: true, state });
    },
  });

  return (
    <AuthLayout title="Sign up" width={560}>
      <form
        ref={formRef}
        noValidate
        onSubmit={form.onSubmit((values) => signup.mutate(signupTokenBody.parse(values)), focusFirstError)}
      >
        <Stack>
          {details.agencyName ? <Text size="sm">You have been invited to {details.agencyName}.</Text> : null}
          <TextInput label="Email address" value={details.username} readOnly />
          <NameFields form={form} />
          <ContactNumberField form={form} />
          <NewPasswordFields form={form} confirm="password_c" />
          <FormAlert message={signup.isError ? messageOf(signup.error) : null} />
          <Button type="submit" loading={signup.isPending}>
            Sign up
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
