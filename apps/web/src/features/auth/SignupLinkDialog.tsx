import { MSG, ROLE, signupLinkBody } from '@dm/shared';
import { Button, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormAlert, messageOf, useZodForm } from '../../lib/form';
import { requestSignupLink } from './queries';

/**
 * POST invitedonor: someone invited as a donor or intended parent who lost her sign-up link asks
 * for a new one. The server answers the same whether or not an invitation is waiting (decision
 * 004), so the confirmation is its fixed message.
 */
export function SignupLinkForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { form, formRef, focusFirstError } = useZodForm(signupLinkBody, {
    username: initialEmail,
    user_type: String(ROLE.DONOR),
  });
  const request = useMutation({
    mutationFn: (body: { username: string; user_type: number }) => requestSignupLink(body),
  });

  if (request.isSuccess) {
    return (
      <Text role="status" c="green.9">
        {MSG.SIGNUP_LINK_SENT}
      </Text>
    );
  }
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit((values) => request.mutate(signupLinkBody.parse(values)), focusFirstError)}
    >
      <Stack>
        <Text size="sm">
          Invited but lost the link? Enter the e-mail address you were invited with and we will send a new
          one.
        </Text>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="username"
          aria-required
          {...form.getInputProps('username')}
        />
        <Radio.Group label="I was invited as" {...form.getInputProps('user_type')}>
          <Stack gap={4} mt={4}>
            <Radio value={String(ROLE.DONOR)} label="Donor" />
            <Radio value={String(ROLE.CLIENT)} label="Intended parent" />
          </Stack>
        </Radio.Group>
        <FormAlert message={request.isError ? messageOf(request.error) : null} />
        <Button type="submit" loading={request.isPending}>
          Send sign-up link
        </Button>
      </Stack>
    </form>
  );
}

export function SignupLinkDialog({
  opened,
  onClose,
  initialEmail,
}: {
  opened: boolean;
  onClose(): void;
  initialEmail?: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="New sign-up link">
      <SignupLinkForm initialEmail={initialEmail} />
    </Modal>
  );
}
