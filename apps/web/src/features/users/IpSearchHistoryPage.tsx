import { CLIENT_GRID_SIZE, type IpSearchRow, PAGES } from '@dm/shared';
import { Stack, Title } from '@mantine/core';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { formatDateTime } from '../../lib/dates';
import { useIpSearchHistory } from './queries';

/** /ip-search-history-list: the donor searches the center's intended parents ran, newest first. */
export default function IpSearchHistoryPage() {
  const list = useListQuery('createdAt', CLIENT_GRID_SIZE, 'desc');
  const history = useIpSearchHistory(list.query);
  const columns: Column<IpSearchRow>[] = [
    {
      key: 'createdAt',
      label: 'Searched',
      sortable: true,
      render: (r) => formatDateTime(r.createdAt),
    },
    { key: 'name', label: 'Intended parent', sortable: true, render: (r) => `${r.name} (${r.username})` },
    { key: 'summary', label: 'Filters', render: (r) => r.summary || 'No filters' },
    { key: 'resultCount', label: 'Donors found', sortable: true, render: (r) => r.resultCount },
  ];
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES['ip-search-history-list'].title}
      </Title>
      <ListTable
        minWidth={700}
        caption="Searches by intended parents"
        columns={columns}
        rows={history.data?.rows ?? []}
        rowKey={(r) => r.id}
        total={history.data?.count ?? 0}
        list={list}
        searchLabel="Search by parent name or email"
        loading={history.isPending}
      />
    </Stack>
  );
}
