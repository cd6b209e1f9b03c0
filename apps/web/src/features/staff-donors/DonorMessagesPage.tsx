import { type DonorMessage, PAGES } from '@dm/shared';
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { type Column, ListTable } from '../../components/ListTable';
import { formatDateTime } from '../../lib/dates';
import { useDonorMessages } from './queries';

const COLUMNS: Column<DonorMessage>[] = [
  { key: 'date', label: 'Date', render: (m) => formatDateTime(m.createdAt) },
  { key: 'status', label: 'Status', render: (m) => m.status },
  { key: 'message', label: 'Message', render: (m) => m.message, cellStyle: { whiteSpace: 'pre-wrap' } },
  { key: 'sentBy', label: 'Sent by', render: (m) => m.sentBy ?? '' },
];

/** /donormessages/{donorId}: what staff wrote the donor with her status changes, newest first. */
export default function DonorMessagesPage() {
  const donorId = Number(useParams().donorId);
  const valid = Number.isInteger(donorId) && donorId > 0;
  const messages = useDonorMessages(donorId, valid);
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.donormessages.title}
      </Title>
      <Anchor component={Link} to={PAGES.viewdonor.path}>
        Back to donors
      </Anchor>
      {!valid || messages.isError ? (
        <Alert color="red" title="Error">
          {messages.error instanceof Error ? messages.error.message : 'Donor not found.'}
        </Alert>
      ) : messages.isPending ? (
        <Loader aria-label="Loading messages" />
      ) : messages.data.length === 0 ? (
        <Text>No messages have been sent to this donor.</Text>
      ) : (
        <ListTable
          caption={`Messages sent to donor ${donorId}`}
          columns={COLUMNS}
          rows={messages.data}
          rowKey={(m) => m.id}
          tableProps={{ striped: true, highlightOnHover: false }}
        />
      )}
    </Stack>
  );
}
