import { type DonorNote, MSG } from '@dm/shared';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { formatNoteDate } from '../../lib/dates';
import { useZodForm } from '../../lib/form';
import { deleteDonorNote, donorKeys, useAddDonorNote } from './queries';

/** A note is never blank. */
const noteForm = z.object({ text: z.string().refine((t) => t.trim() !== '', MSG.NOTE_BLANK) });
const NO_NOTE = { text: '' };

/**
 * Staff notes on a donor (the caller's center's; the master reads every center's): add (never
 * blank; agency staff only, `mayWriteNotes`), list newest first, remove after confirming.
 */
export function DonorNotesPanel({
  donorId,
  notes,
  canAdd,
}: {
  donorId: number;
  notes: DonorNote[];
  canAdd: boolean;
}) {
  const queryClient = useQueryClient();
  const { form } = useZodForm(noteForm, NO_NOTE);
  const refresh = () => queryClient.invalidateQueries({ queryKey: donorKeys.details(donorId) });
  const add = useAddDonorNote(donorId);
  const remove = useMutation({
    mutationFn: deleteDonorNote,
    onSuccess: () => void refresh(),
  });

  const submit = form.onSubmit((values) =>
    add.mutate(values.text, { onSuccess: () => form.setValues(NO_NOTE) }),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="donor-notes-title">
      <Stack>
        <Title order={2} fz="h4" id="donor-notes-title">
          Notes
        </Title>
        {canAdd ? (
          <>
            <Textarea label="New note" minRows={3} {...form.getInputProps('text')} />
            <Group>
              <Button onClick={() => submit()} loading={add.isPending}>
                Add note
              </Button>
            </Group>
          </>
        ) : null}
        {notes.length === 0 ? (
          <Text c="dimmed">No notes yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notes.map((n) => (
              <Paper key={n.noteId} withBorder p="sm" component="li">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Text size="sm" c="dimmed">
                      {n.managerName || 'Unknown'} ·{' '}
                      <time dateTime={n.createdAt}>{formatNoteDate(n.createdAt)}</time>
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{n.note}</Text>
                  </div>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove note of ${formatNoteDate(n.createdAt)}`}
                    onClick={() =>
                      modals.openConfirmModal({
                        title: 'Remove note',
                        children: <Text>Are you sure you want to remove this note?</Text>,
                        labels: { confirm: 'Remove', cancel: 'Cancel' },
                        confirmProps: { color: 'red' },
                        onConfirm: () => remove.mutate(n.noteId),
                      })
                    }
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
