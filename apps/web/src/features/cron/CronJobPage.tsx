import {
  CRON_STATUS_FILTERS,
  type CronJobRow,
  type CronStatusFilter,
  PAGES,
  pagePath,
  ROLE,
} from '@dm/shared';
import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, ListTable } from '../../components/ListTable';
import { useSession } from '../../lib/session';
import { STATUS_LABEL, when } from './CronStatusBadge';
import { useCronCenters, useCronCounts, useCronJobs } from './queries';

/** A job's interval: seconds, or whole minutes from a minute up (maintenance: every 5 min). */
const every = (seconds: number) =>
  seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

const COLUMNS: Column<CronJobRow>[] = [
  {
    key: 'job',
    label: 'Job',
    render: (j) => (
      <>
        <Text fw={700} fz="sm">
          {j.name}
        </Text>
        <Text fz="xs">{j.description}</Text>
      </>
    ),
  },
  { key: 'every', label: 'Runs every', render: (j) => every(j.everySeconds) },
  { key: 'lastRun', label: 'Last pass', render: (j) => when(j.lastRunAt) },
  { key: 'lastOk', label: 'Last success', render: (j) => when(j.lastOkAt) },
  { key: 'lastFailed', label: 'Last failure', render: (j) => when(j.lastFailedAt) },
  { key: 'runs', label: 'Recorded runs', render: (j) => <Group gap="xs">{j.runs}</Group> },
];

/** /cronjob: the scheduled jobs, their heartbeat, and how many runs each center has by status. */
export default function CronJobPage() {
  const { user } = useSession();
  const master = user?.role === ROLE.MASTER;
  const [center, setCenter] = useState(0);
  const centers = useCronCenters('all', master);
  const counts = useCronCounts(center, user !== null);
  const jobs = useCronJobs('all');
  const count = (s: CronStatusFilter) =>
    counts.data ? (s === 'all' ? counts.data.total : counts.data[s]) : undefined;
  const runsLink = (s: CronStatusFilter) =>
    `${pagePath('crontable', { status: s })}${center ? `?center=${center}` : ''}`;

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.cronjob.title}
      </Title>
      {master ? (
        <Select
          label="Center"
          w="100%"
          maw={320}
          allowDeselect={false}
          value={String(center)}
          onChange={(v) => setCenter(Number(v ?? 0))}
          data={[
            { value: '0', label: 'All centers' },
            ...(centers.data ?? []).map((c) => ({ value: String(c.center_id), label: c.name })),
          ]}
        />
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {CRON_STATUS_FILTERS.map((s) => (
          <Paper key={s} withBorder p="md">
            <Text fz="sm">{STATUS_LABEL[s]} runs</Text>
            <Anchor
              component={Link}
              to={runsLink(s)}
              fz="xl"
              fw={700}
              aria-label={`${STATUS_LABEL[s]} runs: ${count(s) ?? '…'}`}
            >
              {count(s) ?? '…'}
            </Anchor>
          </Paper>
        ))}
      </SimpleGrid>
      <ListTable
        minWidth={700}
        caption="Scheduled jobs"
        columns={COLUMNS}
        rows={jobs.data ?? []}
        rowKey={(j) => j.job}
        loading={jobs.isPending}
        loadingRow="Loading…"
        empty={null}
        tableProps={{ striped: true, highlightOnHover: false }}
      />
    </Stack>
  );
}
