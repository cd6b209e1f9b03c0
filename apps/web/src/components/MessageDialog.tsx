import { MSG } from '@dm/shared';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { FormActions, useFormSubmit, useResetOnOpen, useZodForm } from '../lib/form';

const messageForm = z.object({ message: z.string().refine((m) => m.trim() !== '', MSG.QUERY_EMPTY) });
const NO_MESSAGE = { message: '' };

/**
 * A titled dialog that sends one message (a question to the case manager, a request for more
 * details): it needs text ("Please add your question first"), shows the server's refusal under
 * the field, and closes once sent. `children` are extra fields above the message.
 */
export function MessageDialog({
  title,
  intro,
  label,
  submitLabel,
  opened,
  onClose,
  send,
  children,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  submitLabel: string;
  opened: boolean;
  onClose: () => void;
  send: (message: string) => Promise<unknown>;
  children?: ReactNode;
}) {
  const { form } = useZodForm(messageForm, NO_MESSAGE);
  useResetOnOpen(form, opened, NO_MESSAGE);
  // Every refusal shows under the message.
  const sendIt = useFormSubmit(form, (values) => send(values.message.trim()), {
    onDone: onClose,
    fieldFor: () => 'message',
  });
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form noValidate onSubmit={form.onSubmit(sendIt.submit)}>
        <Stack>
          <Text fz="sm">{intro}</Text>
          {children}
          <Textarea label={label} required rows={3} {...form.getInputProps('message')} />
          <FormActions onCancel={onClose} busy={sendIt.busy} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Modal>
  );
}
