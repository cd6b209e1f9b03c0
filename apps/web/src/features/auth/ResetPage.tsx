import { MSG, updatePasswordBody } from '@dm/shared';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { FormAlert, messageOf, useZodForm } from '../../lib/form';
import { NewPasswordFields } from './fields';
import type { LoginPageState } from './LoginPage';
import { updatePassword } from './queries';

/**
 * /reset/{user?}?token=...: the reset e-mail links to #/reset/{e-mail}?token={token}
 * (auth.service requestPasswordReset), so the e-mail is the path and the token the query.
 */
export default function ResetPage() {
  const { user } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const { form, formRef, focusFirstError } = useZodForm(updatePasswordBody, {
    email: user ?? '',
    passtoken: token,
    password: '',
    cpassword: '',
  });
  const update = useMutation({
    mutationFn: (body: typeof form.values) => updatePassword(body),
    onSuccess: (_answer, body) => {
      const state: LoginPageState = { message: MSG.PASSWORD_UPDATED };
      navigate(`/login/${encodeURIComponent(body.email)}`, { replace: true, state });
    },
  });

  // The e-mail and token come from the link, so their errors belong to the form, not a field.
  const linkProblem = form.errors.passtoken ?? (user ? form.errors.email : undefined);
  const linkError = linkProblem ? String(linkProblem) : null;

  if (!token) {
    return (
      <AuthLayout title="Reset password">
        <Stack>
          <FormAlert message={MSG.INVALID_LINK} />
          <Anchor component={Link} to="/login">
            Go to login
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset password">
      <form
        ref={formRef}
        noValidate
        onSubmit={form.onSubmit((values) => update.mutate(updatePasswordBody.parse(values)), focusFirstError)}
      >
        <Stack>
          {user ? (
            <Text size="sm">
              Choose a new password for <strong>{user}</strong>.
            </Text>
          ) : (
            <TextInput
              label="Email address"
              type="email"
              autoComplete="username"
              aria-required
              {...form.getInputProps('email')}
            />
          )}
          <NewPasswordFields form={form} confirm="cpassword" label="New password" />
          <FormAlert message={update.isError ? messageOf(update.error) : linkError} />
          <Button type="submit" loading={update.isPending}>
            Update password
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
