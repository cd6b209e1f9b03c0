import { MSG } from '@dm/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';

/**
 * A client asks their case manager for more of a donor's details (POST requestdonordetailsaccess).
 * The request needs a question or message: "Please add your question first".
 */
export function RequestDetailsAccessDialog({
  donorId,
  displayId,
  opened,
  onClose,
}: {
  donorId: number;
  displayId: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setQuery('');
      setError(null);
    }
  }, [opened]);
  const submit = async () => {
    if (!query.trim()) {
      setError(MSG.QUERY_EMPTY);
      return;
    }
    setBusy(true);
    try {
      await api<{ id: number }>('requestdonordetailsaccess', {
        body: { donorId, displayId, query: query.trim(), query_flag: 1 },
        silent: true,
        successToast: true,
      });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Request more details">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text fz="sm">
            Ask your case manager for more about donor {displayId ?? donorId}, for example her first name or
            compensation.
          </Text>
          <Textarea
            label="Your question or message"
            required
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            error={error}
            rows={3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
