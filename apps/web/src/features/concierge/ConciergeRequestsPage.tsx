import {
  CONCIERGE_STATUS_LABELS,
  type ConciergeRequest,
  formatContactNo,
  handleConciergeBody,
  PAGES,
  pagePath,
} from '@dm/shared';
import { Alert, Anchor, Badge, Modal, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { RowActions } from '../../components/RowActions';
import { formatDateTime } from '../../lib/dates';
import { FormActions, FormAlert, messageOf, useFormSubmit, useZodForm } from '../../lib/form';
import { useConciergeRequests, useHandleConciergeRequest } from './queries';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

const COLUMNS: Column<ConciergeRequest>[] = [
  {
    key: 'requestedAt',
    label: 'Requested',
    sortable: true,
    sortValue: (r) => r.requestedAt,
    render: (r) => formatDateTime(r.requestedAt),
  },
  {
    key: 'client',
    label: 'Client',
    sortable: true,
    sortValue: (r) => r.clientName,
    rowHeader: true,
    render: (r) => (
      <Anchor component={Link} to={pagePath('viewprofile', { id: r.userId })}>
        {r.clientName}
      </Anchor>
    ),
  },
  {
    key: 'contact',
    label: 'Contact given',
    render: (r) => (
      <>
        <Text fz="sm">
          {r.firstname} {r.lastname}
        </Text>
        <Text fz="sm">{r.email}</Text>
        <Text fz="sm">{formatContactNo(r.contactno)}</Text>
      </>
    ),
  },
  {
    key: 'choices',
    label: 'Voicemail / newsletter',
    render: (r) => `${yesNo(r.voicemail)} / ${yesNo(r.newsletter)}`,
  },
  { key: 'assigned', label: 'Case manager told', render: (r) => r.assignedToName ?? 'The admins' },
  {
    key: 'status',
    label: 'Status',
    render: (r) => (
      <Stack gap={2}>
        <Badge variant="light" c="black">
          {CONCIERGE_STATUS_LABELS[r.status]}
        </Badge>
        {r.status === 'handled' ? (
          <Text fz="xs">
            {r.handledByName ?? ''} {formatDateTime(r.handledAt)}
            {r.handledNote ? `: ${r.handledNote}` : ''}
          </Text>
        ) : null}
      </Stack>
    ),
  },
];

function HandleDialog({ request, onClose }: { request: ConciergeRequest; onClose: () => void }) {
  const { form, formRef, focusFirstError } = useZodForm(handleConciergeBody, { id: request.id, note: '' });
  const handle = useHandleConciergeRequest();
  const submit = useFormSubmit(form, (values) => handle.mutateAsync(handleConciergeBody.parse(values)), {
    onDone: onClose,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title="Mark the request handled"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
        <Stack>
          <Text>
            {request.clientName} asked for the concierge membership on {formatDateTime(request.requestedAt)}.
          </Text>
          <FormAlert message={submit.error} />
          <Textarea
            label="Note (optional)"
            description="What was agreed, for your colleagues."
            rows={3}
            {...form.getInputProps('note')}
          />
          <FormActions onCancel={onClose} busy={submit.busy} submitLabel="Mark handled" />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /conciergerequests: the center's concierge membership requests for its admins and
 * case managers, open ones first; each is marked handled once, with a note.
 */
export default function ConciergeRequestsPage() {
  const requests = useConciergeRequests();
  const [view, setView] = useState<'requested' | 'handled'>('requested');
  const [handling, setHandling] = useState<ConciergeRequest | null>(null);
  const shown = useMemo(() => (requests.data ?? []).filter((r) => r.status === view), [requests.data, view]);
  const list = useClientList(shown, COLUMNS, { sort: 'requestedAt', ord: 'desc', pageSize: 20 });
  return (
    <Stack>
      <Title order={1}>{PAGES.conciergerequests.title}</Title>
      <Tabs value={view} onChange={(v) => setView(v === 'handled' ? 'handled' : 'requested')}>
        <Tabs.List>
          <Tabs.Tab value="requested">Open</Tabs.Tab>
          <Tabs.Tab value="handled">Handled</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {requests.isError ? (
        <Alert color="red" role="alert">
          {messageOf(requests.error)}
        </Alert>
      ) : null}
      <ListTable
        caption={view === 'requested' ? 'Open concierge requests' : 'Handled concierge requests'}
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        list={list}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        empty={view === 'requested' ? 'No open requests.' : 'No handled requests yet.'}
        actions={
          view === 'requested'
            ? {
                render: (r) => (
                  <RowActions
                    actions={[
                      {
                        label: 'Mark handled',
                        ariaLabel: `Mark handled: ${r.clientName}`,
                        variant: 'light',
                        onClick: () => setHandling(r),
                      },
                    ]}
                  />
                ),
              }
            : undefined
        }
      />
      {handling ? (
        <HandleDialog key={handling.id} request={handling} onClose={() => setHandling(null)} />
      ) : null}
    </Stack>
  );
}
