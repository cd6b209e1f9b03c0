import { MSG } from '@dm/shared';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { shareDonorWithManager, useManagers } from './queries';

/** Share a donor with another case manager of the same center, with a message (e-mailed to them). */
export function ShareDonorDialog({
  donorId,
  displayId,
  opened,
  onClose,
}: {
  donorId: number;
  /** The donor's shown id (donorDisplayId). */
  displayId: string;
  opened: boolean;
  onClose(): void;
}) {
  const managers = useManagers(opened);
  const [to, setTo] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const share = useMutation({
    mutationFn: () =>
      shareDonorWithManager({ shared_to: Number(to), message, donor_id: donorId, display_id: displayId }),
    onSuccess: () => {
      setTo(null);
      setMessage('');
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Share donor">
      <Stack>
        <Select
          label="Case manager"
          placeholder={managers.isPending ? 'Loading case managers…' : 'Choose a case manager'}
          data={(managers.data ?? []).map((m) => ({ value: String(m.userId), label: m.name }))}
          value={to}
          onChange={(value) => {
            setTo(value);
            setError(null);
          }}
          error={error}
          searchable
          nothingFoundMessage="No other case manager"
          comboboxProps={{ withinPortal: false }}
        />
        <Textarea
          label="Message"
          minRows={3}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={share.isPending}
            onClick={() => {
              if (!to) {
                setError(MSG.SELECT_MANAGER);
                return;
              }
              share.mutate();
            }}
          >
            Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
