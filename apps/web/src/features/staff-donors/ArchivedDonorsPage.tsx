import {
  ARCHIVED_DONORS_PAGE_SIZE,
  type ArchivedDonorRow,
  NAME_SEARCH_DEBOUNCE_MS,
  PAGES,
  ROLE,
} from '@dm/shared';
import { Group, Select, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { formatDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useCenters } from '../agencies/queries';
import { useArchivedDonors } from './queries';

/** Archived donors: the master admin filters by agency; everyone filters by notes and searches. */
export default function ArchivedDonorsPage() {
  const { user } = useSession();
  const isMaster = user?.role === ROLE.MASTER;
  const centers = useCenters(isMaster);
  const list = useListQuery('archived_at', ARCHIVED_DONORS_PAGE_SIZE, 'asc', NAME_SEARCH_DEBOUNCE_MS);
  const [center, setCenter] = useState<string | null>(null);
  const [notes, setNotes] = useState(false);
  const report = useArchivedDonors({
    ...list.query,
    upto: list.query.to,
    center: center ? Number(center) : null,
    isNotes: notes,
  });
  const columns: Column<ArchivedDonorRow>[] = [
    { key: 'donor_id', label: 'Donor ID', sortable: true, render: (r) => r.donorId },
    { key: 'name', label: 'Name', sortable: true, render: (r) => r.name },
    { key: 'agency', label: 'Agency', sortable: true, render: (r) => r.agency },
    { key: 'notes', label: 'Notes', render: (r) => r.archivedNote ?? '' },
    {
      key: 'archived_at',
      label: 'Archived',
      sortable: true,
      render: (r) => formatDate(r.archivedAt),
    },
  ];
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.archiveddonors.title}
      </Title>
      <Group align="end">
        {isMaster ? (
          <Select
            label="Agency"
            placeholder="All agencies"
            data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
            value={center}
            onChange={(v) => {
              setCenter(v);
              list.setPage(1);
            }}
            clearable
            searchable
          />
        ) : null}
        <Switch
          label="Only donors with notes"
          checked={notes}
          onChange={(e) => {
            setNotes(e.currentTarget.checked);
            list.setPage(1);
          }}
        />
      </Group>
      <ListTable
        minWidth={700}
        caption="Archived donors"
        columns={columns}
        rows={report.data?.rows ?? []}
        rowKey={(r) => r.userId}
        total={report.data?.total ?? 0}
        list={list}
        searchLabel="Search archived donors"
        loading={report.isPending}
      />
    </Stack>
  );
}
