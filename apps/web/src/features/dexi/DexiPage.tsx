import { type DexiRun, PAGES } from '@dm/shared';
import { Anchor, Badge, Button, Group, List, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { formatDateTime } from '../../lib/dates';
import { useCenters } from '../agencies/queries';
import { DexiSourceForm } from './DexiSourceForm';
import { useDexiRuns, useDexiSource, useStartDexiRun } from './queries';

const STATUS_COLOR: Record<DexiRun['status'], string> = {
  queued: 'gray',
  fetching: 'blue',
  importing: 'blue',
  done: 'green',
  failed: 'red',
};

/** /dexi: the master admin's external donor-data runs (decision 020). */
export default function DexiPage() {
  const centers = useCenters(true);
  const [center, setCenter] = useState<string | null>(null);
  const centerId = center ? Number(center) : null;
  const source = useDexiSource(centerId);
  const runs = useDexiRuns(centerId ?? 0);
  const start = useStartDexiRun();
  const [details, setDetails] = useState<DexiRun | null>(null);

  const columns: Column<DexiRun>[] = [
    {
      key: 'createdAt',
      label: 'Started',
      sortable: true,
      sortValue: (r) => r.createdAt,
      render: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'centerName',
      label: 'Agency',
      sortable: true,
      sortValue: (r) => r.centerName,
      render: (r) => r.centerName,
    },
    { key: 'source', label: 'Source', render: (r) => (r.source === 'http' ? 'HTTP export' : 'Drop folder') },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      sortValue: (r) => r.status,
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="light">
          {r.status}
        </Badge>
      ),
    },
    {
      key: 'rowsRead',
      label: 'Rows read',
      sortable: true,
      sortValue: (r) => r.rowsRead,
      render: (r) => r.rowsRead,
    },
    {
      key: 'created',
      label: 'Created',
      sortable: true,
      sortValue: (r) => r.created,
      render: (r) => r.created,
    },
    {
      key: 'updated',
      label: 'Updated',
      sortable: true,
      sortValue: (r) => r.updated,
      render: (r) => r.updated,
    },
    {
      key: 'rejected',
      label: 'Rejected',
      render: (r) =>
        r.rejected.length === 0 ? (
          0
        ) : (
          <Anchor
            component="button"
            type="button"
            onClick={() => setDetails(r)}
            aria-label={`Rejected rows of run ${r.id}`}
          >
            {r.rejected.length}
          </Anchor>
        ),
    },
    { key: 'error', label: 'Error', render: (r) => r.error ?? '' },
  ];
  const list = useClientList(runs.data ?? [], columns, { sort: 'createdAt', ord: 'desc' });

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.dexi.title}
      </Title>
      <Text>
        External donor data: a run fetches an agency's export and imports it. Donors an earlier run imported
        are updated; new ones are invited.
      </Text>
      <Group align="end">
        <Select
          label="Agency"
          placeholder="All agencies"
          data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
          value={center}
          onChange={setCenter}
          clearable
          searchable
        />
        <Button
          disabled={centerId === null}
          loading={start.isPending}
          onClick={() => centerId && start.mutate(centerId)}
        >
          Start run
        </Button>
      </Group>
      {source.data ? <DexiSourceForm source={source.data} /> : null}
      <ListTable
        minWidth={900}
        caption="External data runs"
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.id}
        total={list.total}
        list={list}
        loading={runs.isPending}
      />
      <Modal
        opened={details !== null}
        onClose={() => setDetails(null)}
        title="Rejected rows"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <List size="sm">
          {details?.rejected.map((r) => (
            <List.Item key={`${r.file}:${r.row}:${r.donorKey}`}>
              {r.file}, row {r.row}
              {r.donorKey ? ` (${r.donorKey})` : ''}: {r.reason}
            </List.Item>
          ))}
        </List>
      </Modal>
    </Stack>
  );
}
