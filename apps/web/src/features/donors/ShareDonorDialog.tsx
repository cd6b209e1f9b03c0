import { MSG } from '@dm/shared';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { z } from 'zod';
import { useZodForm } from '../../lib/form';
import { useManagers, useShareDonor } from './queries';

const shareForm = z.object({
  to: z.string(MSG.SELECT_MANAGER).min(1, MSG.SELECT_MANAGER),
  message: z.string(),
});
const NO_SHARE = { to: null as string | null, message: '' };

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
  const { form } = useZodForm(shareForm, NO_SHARE);
  const share = useShareDonor();
  const submit = form.onSubmit((values) =>
    share.mutate(
      { shared_to: Number(values.to), message: values.message, donor_id: donorId, display_id: displayId },
      {
        onSuccess: () => {
          form.setValues(NO_SHARE);
          onClose();
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Share donor">
      <Stack>
        <Select
          label="Case manager"
          placeholder={managers.isPending ? 'Loading case managers…' : 'Choose a case manager'}
          data={(managers.data ?? []).map((m) => ({ value: String(m.userId), label: m.name }))}
          {...form.getInputProps('to')}
          searchable
          nothingFoundMessage="No other case manager"
          comboboxProps={{ withinPortal: false }}
        />
        <Textarea label="Message" minRows={3} {...form.getInputProps('message')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={share.isPending} onClick={() => submit()}>
            Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
