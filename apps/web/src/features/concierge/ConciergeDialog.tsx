import { type ConciergeState, conciergeUpgradeBody, MSG_CONCIERGE, pagePath } from '@dm/shared';
import { Anchor, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { FormActions, FormAlert, useFormSubmit, useResetOnOpen, useZodForm } from '../../lib/form';
import { ContactNumberField } from '../auth/fields';
import { useRequestConcierge } from './queries';

type Values = ConciergeState['prefill'] & { privacy_policy: boolean };

/**
 * The concierge membership upgrade: the spec's fields prefilled from the profile, all
 * but the two choices mandatory, the privacy policy to accept (its page opens in a new tab). The
 * form checks with the route's own schema; after the request it says what happens next.
 */
export function ConciergeDialog({
  opened,
  onClose,
  state,
}: {
  opened: boolean;
  onClose: () => void;
  state: ConciergeState;
}) {
  const initial = useMemo<Values>(() => ({ ...state.prefill, privacy_policy: false }), [state.prefill]);
  const { form, formRef, focusFirstError } = useZodForm<Values>(conciergeUpgradeBody, initial);
  useResetOnOpen(form, opened, initial);
  const request = useRequestConcierge();
  const submit = useFormSubmit(form, (values) => request.mutateAsync(conciergeUpgradeBody.parse(values)));
  // Shown once sent in this dialog; opened again later it says the request is in.
  const done = request.isSuccess || state.requested;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Upgrade to the concierge membership"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {done ? (
        <Stack>
          <Text role="status">
            {request.isSuccess ? MSG_CONCIERGE.REQUESTED : MSG_CONCIERGE.ALREADY_REQUESTED}
          </Text>
          {request.isSuccess ? (
            <Text fz="sm">We have sent a confirmation to your e-mail address.</Text>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
          <Stack>
            <Text>
              A dedicated coordinator guides you personally through choosing a donor, the match and the cycle.
              Tell us how to reach you and we will contact you with the details.
            </Text>
            <FormAlert message={submit.error} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                withAsterisk
                aria-required
                autoComplete="given-name"
                {...form.getInputProps('firstname')}
              />
              <TextInput
                label="Last name"
                withAsterisk
                aria-required
                autoComplete="family-name"
                {...form.getInputProps('lastname')}
              />
              <TextInput
                label="E-mail"
                type="email"
                withAsterisk
                aria-required
                autoComplete="email"
                {...form.getInputProps('email')}
              />
              <ContactNumberField form={form} required />
            </SimpleGrid>
            <Checkbox
              label="Send me the newsletter"
              {...form.getInputProps('newsletter', { type: 'checkbox' })}
            />
            <Checkbox
              label="You may leave me a voicemail"
              {...form.getInputProps('voicemail', { type: 'checkbox' })}
            />
            <Stack gap={4}>
              <Checkbox
                label="I have read and accept the privacy policy"
                aria-required
                {...form.getInputProps('privacy_policy', { type: 'checkbox' })}
              />
              <Anchor
                href={`#${pagePath('privacy-policy')}`}
                target="_blank"
                rel="noopener noreferrer"
                fz="sm"
                ml={32}
              >
                Read the privacy policy (opens in a new tab)
              </Anchor>
            </Stack>
            <FormActions onCancel={onClose} busy={submit.busy} submitLabel="Request the upgrade" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
