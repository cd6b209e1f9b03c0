import { MSG, resetRequestBody } from '@dm/shared';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormAlert, messageOf, useZodForm } from '../../lib/form';
import { requestPasswordReset } from './queries';

/**
 * The forgot-password form: one form, shown in the login page's dialog and on /forgetpassword.
 * The server answers the same whether or not the account exists, so the confirmation is its
 * fixed message.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { form, formRef, focusFirstError } = useZodForm(resetRequestBody, { username: initialEmail });
  const reset = useMutation({
    mutationFn: (body: { username: string }) => requestPasswordReset(body),
  });

  if (reset.isSuccess) {
    return (
      <Text role="status" c="green.9">
        {MSG.RESET_SENT}
      </Text>
    );
  }
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit((values) => reset.mutate(resetRequestBody.parse(values)), focusFirstError)}
    >
      <Stack>
        <Text size="sm">
          Enter the e-mail address you sign in with and we will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="username"
          aria-required
          {...form.getInputProps('username')}
        />
        <FormAlert message={reset.isError ? messageOf(reset.error) : null} />
        <Button type="submit" loading={reset.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

export function ForgotPasswordDialog({
  opened,
  onClose,
  initialEmail,
}: {
  opened: boolean;
  onClose(): void;
  initialEmail?: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Forgot password">
      <ForgotPasswordForm initialEmail={initialEmail} />
    </Modal>
  );
}
