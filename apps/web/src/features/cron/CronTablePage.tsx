import {
  CRON_STATUS_FILTERS,
  type CronRunRow,
  type CronStatusFilter,
  PAGES,
  pagePath,
  ROLE,
} from '@dm/shared';
import { Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type Column, ListTable } from '../../components/ListTable';
import { useSession } from '../../lib/session';
import { CronStatusBadge, STATUS_LABEL, when } from './CronStatusBadge';
import { useCronCenters, useCronRuns } from './queries';

const COLUMNS: Column<CronRunRow>[] = [
  { key: 'job', label: 'Job', render: (r) => r.name },
  { key: 'center', label: 'Center', render: (r) => r.center_name ?? '—' },
  { key: 'status', label: 'Status', render: (r) => <CronStatusBadge status={r.status} /> },
  { key: 'processed', label: 'Processed', render: (r) => r.processed },
  { key: 'started', label: 'Started', render: (r) => when(r.started_at) },
  { key: 'finished', label: 'Finished', render: (r) => when(r.finished_at) },
  { key: 'error', label: 'Error', render: (r) => r.error ?? '' },
];

/** /crontable/{status?}: the job runs, newest first, 25 then more from the server's entryUpto. */
export default function CronTablePage() {
  const { user } = useSession();
  const master = user?.role === ROLE.MASTER;
  const params = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const status: CronStatusFilter = CRON_STATUS_FILTERS.includes(params.status as CronStatusFilter)
    ? (params.status as CronStatusFilter)
    : 'all';
  const center = master ? Number(search.get('center') ?? 0) || 0 : 0;
  const centers = useCronCenters(status, master);
  // The center filter is the master admin's: wait for the session before the first page.
  const runs = useCronRuns({ center_id: center, status }, user !== null);
  const rows = runs.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = runs.data?.pages[0]?.total ?? 0;

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.crontable.title}
      </Title>
      <Group align="end">
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="cron-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="cron-status-label"
            value={status}
            onChange={(v) =>
              navigate(`${pagePath('crontable', { status: v })}${center ? `?center=${center}` : ''}`)
            }
            data={CRON_STATUS_FILTERS.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
          />
        </Stack>
        {master ? (
          <Select
            label="Center"
            w={280}
            allowDeselect={false}
            value={String(center)}
            onChange={(v) => setSearch(v && v !== '0' ? { center: v } : {})}
            data={[
              { value: '0', label: 'All centers' },
              ...(centers.data ?? []).map((c) => ({
                value: String(c.center_id),
                label: `${c.name} (${c.runs})`,
              })),
            ]}
          />
        ) : null}
        <Text fz="sm" aria-live="polite">
          {runs.isPending ? 'Loading…' : `${rows.length} of ${total} runs`}
        </Text>
      </Group>
      <ListTable
        minWidth={800}
        caption="Job runs, newest first"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        loading={runs.isPending}
        count={false}
        tableProps={{ striped: true, highlightOnHover: false }}
      />
      {runs.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => runs.fetchNextPage()}
          loading={runs.isFetchingNextPage}
          w={220}
        >
          Show more runs
        </Button>
      ) : null}
    </Stack>
  );
}
