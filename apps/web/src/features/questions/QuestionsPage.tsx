import {
  type CustomQuestion,
  PAGES,
  QUESTION_STATUS_LABELS,
  QUESTION_TAB_LABELS,
  QUESTION_TYPE_LABELS,
} from '@dm/shared';
import { Alert, Badge, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { type Column, ListTable } from '../../components/ListTable';
import { RowActions } from '../../components/RowActions';
import { QuestionDialog } from './QuestionDialog';
import { useArchiveQuestion, useQuestions } from './queries';

const COLUMNS: Column<CustomQuestion>[] = [
  { key: 'question', label: 'Question', render: (q) => q.question },
  { key: 'type', label: 'Type', render: (q) => QUESTION_TYPE_LABELS[q.type] },
  {
    key: 'options',
    label: 'Options',
    render: (q) => q.options.map((o) => (o.isDefault ? `${o.text} (default)` : o.text)).join(', ') || '-',
  },
  { key: 'tab', label: 'Tab', render: (q) => QUESTION_TAB_LABELS[q.tab] },
  {
    key: 'status',
    label: 'Status',
    render: (q) => (
      <Badge variant="light" c="black">
        {QUESTION_STATUS_LABELS[q.isActive ? q.status : 'archive']}
      </Badge>
    ),
  },
  { key: 'required', label: 'Required', render: (q) => (q.isRequired ? 'Yes' : 'No') },
];

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
        <ListTable
          caption={view === 'active' ? 'Active questions' : 'Archived questions'}
          columns={COLUMNS}
          rows={shown}
          rowKey={(q) => q.id}
          tableProps={{ striped: true, highlightOnHover: false, withTableBorder: true }}
          actions={{
            render: (q) => (
              <RowActions
                actions={
                  q.isActive
                    ? [
                        {
                          label: 'Edit',
                          ariaLabel: `Edit ${q.question}`,
                          variant: 'light',
                          onClick: () => setEditing(q),
                        },
                        {
                          label: 'Archive',
                          ariaLabel: `Archive ${q.question}`,
                          danger: true,
                          onClick: () => confirm(q, true),
                        },
                      ]
                    : [
                        {
                          label: 'Restore',
                          ariaLabel: `Restore ${q.question}`,
                          variant: 'light',
                          onClick: () => confirm(q, false),
                        },
                      ]
                }
              />
            ),
          }}
        />
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
