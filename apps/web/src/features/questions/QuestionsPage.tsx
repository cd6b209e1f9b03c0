import {
  type CustomQuestion,
  PAGES,
  QUESTION_STATUS_LABELS,
  QUESTION_TAB_LABELS,
  QUESTION_TYPE_LABELS,
} from '@dm/shared';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { QuestionDialog } from './QuestionDialog';
import { useArchiveQuestion, useQuestions } from './queries';

/** /customizedquestions: the agency admin's questions for the donor form. */
export default function QuestionsPage() {
  const questions = useQuestions();
  const archive = useArchiveQuestion();
  const [view, setView] = useState<'active' | 'archived'>('active');
  // undefined: closed; null: adding; a question: editing it. The key remounts the dialog per question.
  const [editing, setEditing] = useState<CustomQuestion | null | undefined>(undefined);

  const shown = (questions.data ?? []).filter((q) => q.isActive === (view === 'active'));

  const confirm = (q: CustomQuestion, toArchive: boolean) =>
    modals.openConfirmModal({
      title: toArchive ? 'Archive question' : 'Restore question',
      children: (
        <Text>
          {toArchive
            ? `Archive “${q.question}”? Donors will no longer see it; answers already given are kept.`
            : `Restore “${q.question}” to the donor form?`}
        </Text>
      ),
      labels: { confirm: toArchive ? 'Archive' : 'Restore', cancel: 'Cancel' },
      confirmProps: { color: toArchive ? 'red' : 'blue' },
      onConfirm: () => archive.mutate({ id: q.id, archive: toArchive }),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{PAGES.customizedquestions.title}</Title>
        <Button onClick={() => setEditing(null)}>Add question</Button>
      </Group>
      <Tabs value={view} onChange={(v) => setView(v === 'archived' ? 'archived' : 'active')}>
        <Tabs.List>
          <Tabs.Tab value="active">Active</Tabs.Tab>
          <Tabs.Tab value="archived">Archived</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {questions.isPending ? <Loader aria-label="Loading questions" /> : null}
      {questions.isError ? (
        <Alert color="red" role="alert">
          {questions.error.message}
        </Alert>
      ) : null}
      {questions.data && shown.length === 0 ? (
        <Text>{view === 'active' ? 'No questions yet. Use “Add question”.' : 'No archived questions.'}</Text>
      ) : null}
      {shown.length > 0 ? (
        <Table striped withTableBorder>
          <Table.Caption>{view === 'active' ? 'Active questions' : 'Archived questions'}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Question</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Options</Table.Th>
              <Table.Th scope="col">Tab</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Required</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((q) => (
              <Table.Tr key={q.id}>
                <Table.Td>{q.question}</Table.Td>
                <Table.Td>{QUESTION_TYPE_LABELS[q.type]}</Table.Td>
                <Table.Td>
                  {q.options.map((o) => (o.isDefault ? `${o.text} (default)` : o.text)).join(', ') || '-'}
                </Table.Td>
                <Table.Td>{QUESTION_TAB_LABELS[q.tab]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" c="black">
                    {QUESTION_STATUS_LABELS[q.isActive ? q.status : 'archive']}
                  </Badge>
                </Table.Td>
                <Table.Td>{q.isRequired ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {q.isActive ? (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Edit ${q.question}`}
                          onClick={() => setEditing(q)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={`Archive ${q.question}`}
                          onClick={() => confirm(q, true)}
                        >
                          Archive
                        </Button>
                      </>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Restore ${q.question}`}
                        onClick={() => confirm(q, false)}
                      >
                        Restore
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {editing !== undefined ? (
        <QuestionDialog
          key={editing?.id ?? 'new'}
          question={editing}
          opened
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Stack>
  );
}
