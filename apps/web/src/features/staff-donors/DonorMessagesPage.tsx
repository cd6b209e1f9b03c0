import { type DonorMessage, PAGES } from '@dm/shared';
import { Alert, Anchor, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { staffDonorKeys } from './queries';

/** /donormessages/{donorId}: what staff wrote the donor with her status changes, newest first. */
export default function DonorMessagesPage() {
  const donorId = Number(useParams().donorId);
  const valid = Number.isInteger(donorId) && donorId > 0;
  const messages = useQuery({
    queryKey: staffDonorKeys.messages(donorId),
    queryFn: () => api<DonorMessage[]>(`getusermessages/${donorId}`, { silent: true }),
    enabled: valid,
    retry: false,
  });
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
        <Table striped>
          <Table.Caption>Messages sent to donor {donorId}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Sent by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.data.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{formatDateTime(m.createdAt)}</Table.Td>
                <Table.Td>{m.status}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{m.message}</Table.Td>
                <Table.Td>{m.sentBy ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
