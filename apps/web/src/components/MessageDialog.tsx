import { MSG } from '@dm/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../lib/api-error';

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
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setMessage('');
      setError(null);
    }
  }, [opened]);
  const submit = async () => {
    if (!message.trim()) {
      setError(MSG.QUERY_EMPTY);
      return;
    }
    setBusy(true);
    try {
      await send(message.trim());
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text fz="sm">{intro}</Text>
          {children}
          <Textarea
            label={label}
            required
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={error}
            rows={3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
