import { type DonorWatchRow, PAGES, pagePath, type QueuePlace } from '@dm/shared';
import { Anchor, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable } from '../../components/ListTable';
import { placeLabel } from './QueuePlace';
import { useMyQueue, useWatchToggle } from './queries';

const donorLink = (donorId: number, label: string) => (
  <Anchor component={Link} to={pagePath('donordetails', { id: donorId })}>
    Donor {label}
  </Anchor>
);

/** One watched donor's switch, named after the donor (one switch per row). */
function WatchSwitch({ watch }: { watch: DonorWatchRow }) {
  const toggle = useWatchToggle();
  return (
    <Switch
      aria-label={`Notify me when donor ${watch.donorDisplayId} is available`}
      onLabel="On"
      offLabel="Off"
      size="md"
      checked={!toggle.isPending}
      disabled={toggle.isPending}
      onChange={(e) => toggle.mutate({ donor_id: watch.donorId, notify: e.currentTarget.checked })}
    />
  );
}

/**
 * mymatches (decision 027): the parent's open match requests with her place in each
 * donor's queue ("2nd of 3"; never who else waits), and the donors she asked to be told about.
 */
export default function MyMatchesPage() {
  const mine = useMyQueue();
  if (mine.isPending) return <Loader aria-label="Loading your match requests" />;
  const data = mine.data ?? { places: [], watches: [] };
  return (
    <Stack>
      <Title order={1}>{PAGES.mymatches.title}</Title>
      <ListTable<QueuePlace>
        caption="Your open match requests"
        captionSide="top"
        columns={[
          {
            key: 'donor',
            label: 'Donor',
            rowHeader: true,
            render: (p) => donorLink(p.donorId, p.donorDisplayId),
          },
          {
            key: 'status',
            label: 'Status',
            render: (p) => (p.status === 'Confirm' ? 'Waiting to Confirm' : p.status),
          },
          { key: 'place', label: 'Your place', render: (p) => placeLabel(p) },
        ]}
        rows={data.places}
        rowKey={(p) => p.matchId}
        empty="You have no open match requests."
        count={false}
      />
      <ListTable<DonorWatchRow>
        caption="Donors you asked us to watch"
        captionSide="top"
        columns={[
          {
            key: 'donor',
            label: 'Donor',
            rowHeader: true,
            render: (w) => donorLink(w.donorId, w.donorDisplayId),
          },
          { key: 'availability', label: 'Availability', render: (w) => w.donorAvailability },
          {
            key: 'told',
            label: 'Last told',
            render: (w) => (w.notifiedAt ? new Date(w.notifiedAt).toLocaleString() : 'Not yet'),
          },
          { key: 'notify', label: 'Notify me', render: (w) => <WatchSwitch watch={w} /> },
        ]}
        rows={data.watches}
        rowKey={(w) => w.donorId}
        empty="You watch no donors. On an unavailable donor's page, turn on “Notify me when this donor is available”."
        count={false}
      />
      <Text size="sm" c="dimmed">
        Places count only the requests waiting for each donor, oldest first; they change as others cancel or
        are confirmed.
      </Text>
    </Stack>
  );
}
