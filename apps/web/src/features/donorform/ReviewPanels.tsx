import { type DonorFormStatus, type FieldChange, isReviewState, reviewBody } from '@dm/shared';
import { Button, Group, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { FormActions, useFormSubmit, useZodForm } from '../../lib/form';
import { reviewForm } from './queries';

/** The keys a change touches, for highlighting: the field and, in a list, section.index.field. */
export function changedKeys(changes: readonly FieldChange[]): Set<string> {
  const keys = new Set<string>();
  for (const c of changes) {
    keys.add(c.field);
    keys.add(c.field.split('.')[0]!);
  }
  return keys;
}

const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? v.join(', ') : String(v);

export function ChangesPanel({ changes, version }: { changes: readonly FieldChange[]; version: number }) {
  return (
    <Paper withBorder p="sm" bg="yellow.0">
      <Title order={3} size="h5" mb="xs">
        Changes in version {version}
      </Title>
      {changes.length === 0 ? (
        <Text size="sm">No changes on this tab.</Text>
      ) : (
        <Table aria-label="Changed fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.field} data-changed="true">
                <Table.Td>{c.field}</Table.Td>
                <Table.Td>{show(c.before)}</Table.Td>
                <Table.Td>
                  <mark>{show(c.after)}</mark>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The admin/manager decision on a form under review, with a message e-mailed to the donor. */
export function ReviewPanel({
  donorId,
  status,
  onDone,
}: {
  donorId: number;
  status: DonorFormStatus;
  onDone: () => void;
}) {
  const [decision, setDecision] = useState<'accept' | 'reject' | null>(null);
  const { form } = useZodForm(reviewBody, { donorId, decision: 'accept', message: '' });
  const send = useFormSubmit(form, (values) => reviewForm({ ...values, decision: decision! }), {
    onDone: () => {
      setDecision(null);
      form.setFieldValue('message', '');
      onDone();
    },
  });
  if (!isReviewState(status.availability)) return null;
  const what =
    status.availability === 'General Info Pending Review'
      ? 'initial form'
      : status.availability === 'Main Form Pending Review'
        ? 'main form'
        : 'changes';
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between">
        <Text>
          Status: <b>{status.availability}</b>
        </Text>
        <Group>
          <Button onClick={() => setDecision('accept')}>Accept {what}</Button>
          <Button color="red" variant="light" onClick={() => setDecision('reject')}>
            Reject {what}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={decision !== null}
        onClose={() => setDecision(null)}
        title={`${decision === 'accept' ? 'Accept' : 'Reject'} ${what}`}
      >
        <form noValidate onSubmit={form.onSubmit(send.submit)}>
          <Stack>
            <Textarea
              label="Message to the donor"
              description="Sent by e-mail and shown on her home page."
              rows={4}
              {...form.getInputProps('message')}
            />
            <FormActions onCancel={() => setDecision(null)} busy={send.busy} submitLabel="Send" />
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
