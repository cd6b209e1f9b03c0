import { PAGES } from '@dm/shared';
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { DonorSummaryTable } from '../../components/donor/DonorSummaryTable';
import { formatNoteDate } from '../../lib/dates';
import { useSharedDonors } from './queries';

/** /shareddonors: donors other case managers shared with me, newest first. */
export default function SharedDonorsPage() {
  const list = useSharedDonors();
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.shareddonors.title}
      </Title>
      {list.isPending ? (
        <Center h="30vh">
          <Loader aria-label="Loading shared donors" />
        </Center>
      ) : list.isError ? (
        <Alert color="red">The shared donors could not be loaded.</Alert>
      ) : (
        <DonorSummaryTable
          caption="Donors shared with you"
          donors={list.data}
          extra={[
            { header: 'Shared by', cell: (d) => d.sharedByName || '—' },
            { header: 'Message', cell: (d) => d.message || '—' },
            { header: 'Shared', cell: (d) => formatNoteDate(d.sharedAt) },
          ]}
        />
      )}
    </Stack>
  );
}
