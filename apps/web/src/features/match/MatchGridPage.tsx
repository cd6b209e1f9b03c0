import {
  DEFAULT_MATCH_STATUS_FILTER,
  MATCH_DONOR_STATUSES,
  MATCH_GRID_PAGE_SIZE,
  MATCH_SORTS,
  MATCH_STATUS_FILTERS,
  type MatchGridBody,
  type MatchReportBody,
  type MatchRow,
  type MatchStatusFilter,
  matchActor,
  NAME_SEARCH_DEBOUNCE_MS,
} from '@dm/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Column, ListTable } from '../../components/ListTable';
import { formatNoteDate } from '../../lib/dates';
import { policySubjectOf, useSession } from '../../lib/session';
import { parentName, useMatchRowActions } from './MatchRowActions';
import { downloadMatchCsv, useMatchGrid } from './queries';

const SORT_LABELS: Record<(typeof MATCH_SORTS)[number], string> = {
  requested: 'Requested',
  updated: 'Last change',
  donor: 'Donor ID',
  parent: 'Intended parent',
  status: 'Match status',
  availability: 'Donor availability',
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export interface MatchGridConfig {
  title: string;
  endpoint: string;
  csvEndpoint: string;
  csvName: string;
  /** grid: status and availability filters with search; report: a date range. */
  kind: 'grid' | 'report';
  /** Only requests by parents of this center (requested-donors-list?center=). */
  center?: number;
  /** Each row carries the match actions the caller may take on it (the requested-donors grid). */
  actions?: boolean;
}

/** A grid row's buttons name the parent and the donor: one parent may ask for several donors. */
const gridRowName = (r: MatchRow) => `${parentName(r)} with donor ${r.donorDisplayId ?? r.donorId}`;

/**
 * The match grids: requested donors, match tracking and the match cancelled report. Server-side
 * paging (10 a page), sorting and filtering; the CSV export takes every row the filters select.
 */
export function MatchGridPage({ config }: { config: MatchGridConfig }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<(typeof MATCH_SORTS)[number]>('updated');
  const [ord, setOrd] = useState<'asc' | 'desc'>('desc');
  const [statuses, setStatuses] = useState<MatchStatusFilter[]>(DEFAULT_MATCH_STATUS_FILTER);
  const [availability, setAvailability] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [startdate, setStartdate] = useState('');
  const [lastdate, setLastdate] = useState('');
  const [exporting, setExporting] = useState(false);
  const { user } = useSession();
  const rowActions = useMatchRowActions({ rowName: gridRowName });
  const debouncedSearch = useDebounced(search, NAME_SEARCH_DEBOUNCE_MS);
  const from = (page - 1) * MATCH_GRID_PAGE_SIZE;
  const filters: MatchGridBody | MatchReportBody =
    config.kind === 'grid'
      ? {
          sort,
          ord,
          match_status_filter: statuses,
          donor_availability: availability as MatchGridBody['donor_availability'],
          search: debouncedSearch,
          ...(config.center ? { center: config.center } : {}),
        }
      : { sort, ord, startdate: startdate || null, lastdate: lastdate || null };
  const grid = useMatchGrid(config.endpoint, { ...filters, from, to: from + MATCH_GRID_PAGE_SIZE });
  const total = grid.data?.total ?? 0;
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadMatchCsv(config, filters);
    } catch {
      // The request wrapper has shown the failure.
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<MatchRow>[] = [
    {
      key: 'donor',
      label: 'Donor',
      render: (r) => (
        <Link to={`/donordetails/${r.donorId}`}>
          {r.donorDisplayId}
          {r.donorName ? ` ${r.donorName}` : ''}
        </Link>
      ),
    },
    { key: 'availability', label: 'Donor status', render: (r) => r.donorAvailability },
    {
      key: 'parent',
      label: 'Intended parent',
      render: (r) => `${r.parentFirstName} ${r.parentLastName}`.trim(),
    },
    { key: 'agency', label: 'IP agency', render: (r) => r.ipAgencyName },
    { key: 'queueType', label: 'Queue type', render: (r) => r.queueType },
    {
      key: 'status',
      label: 'Match status',
      render: (r) => (r.status === 'Confirm' ? 'Waiting to Confirm' : r.status),
    },
    { key: 'queue', label: 'Queue number', render: (r) => r.queuePosition ?? '' },
    ...(config.kind === 'report'
      ? [{ key: 'cancel', label: 'Cancel reason', render: (r: MatchRow) => r.cancelReason ?? '' }]
      : []),
    { key: 'requested', label: 'Requested', render: (r) => formatNoteDate(r.requestedAt) },
    { key: 'changed', label: 'Last change', render: (r) => formatNoteDate(r.statusChangedAt) },
    ...(config.actions
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (r: MatchRow) =>
              user
                ? rowActions.buttons(
                    r,
                    matchActor(policySubjectOf(user), r.parentId, { centerId: r.donorCenterId }),
                  )
                : null,
          },
        ]
      : []),
  ];

  return (
    <Stack>
      <Title order={1} fz="h2">
        {config.title}
      </Title>
      <Paper withBorder p="md">
        <Stack>
          {config.kind === 'grid' ? (
            <>
              <Checkbox.Group
                label="Match status"
                value={statuses}
                onChange={changed((v: string[]) => setStatuses(v as MatchStatusFilter[]))}
              >
                <Group mt="xs">
                  {MATCH_STATUS_FILTERS.map((f) => (
                    <Checkbox key={f.value} value={f.value} label={f.label} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Checkbox.Group label="Donor status" value={availability} onChange={changed(setAvailability)}>
                <Group mt="xs">
                  {MATCH_DONOR_STATUSES.map((s) => (
                    <Checkbox key={s} value={s} label={s} />
                  ))}
                </Group>
              </Checkbox.Group>
              <TextInput
                label="Search"
                description="Donor ID, donor or intended parent name, e-mail"
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
            </>
          ) : (
            <Group>
              <TextInput
                label="From date"
                type="date"
                value={startdate}
                onChange={(e) => changed(setStartdate)(e.currentTarget.value)}
              />
              <TextInput
                label="To date"
                type="date"
                value={lastdate}
                onChange={(e) => changed(setLastdate)(e.currentTarget.value)}
              />
            </Group>
          )}
          <Group align="flex-end">
            <Select
              label="Sort by"
              data={MATCH_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
              value={sort}
              allowDeselect={false}
              onChange={(v) => changed(setSort)((v ?? 'updated') as (typeof MATCH_SORTS)[number])}
            />
            <Select
              label="Order"
              data={[
                { value: 'desc', label: 'Descending' },
                { value: 'asc', label: 'Ascending' },
              ]}
              value={ord}
              allowDeselect={false}
              onChange={(v) => changed(setOrd)((v ?? 'desc') as 'asc' | 'desc')}
            />
            <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </Group>
        </Stack>
      </Paper>
      {grid.isError ? <Alert color="red">The list could not be loaded.</Alert> : null}
      {grid.isPending ? <Loader aria-label="Loading matches" /> : null}
      {grid.data ? (
        <>
          <ListTable
            minWidth={800}
            caption={`${total} ${total === 1 ? 'match' : 'matches'}`}
            captionSide="top"
            columns={columns}
            rows={grid.data.rows}
            rowKey={(r) => r.matchId}
            tableProps={{ striped: true, highlightOnHover: false }}
          />
          {rowActions.dialogs}
          {total > MATCH_GRID_PAGE_SIZE ? (
            <Pagination
              total={Math.ceil(total / MATCH_GRID_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Page 1 of 1
            </Text>
          )}
        </>
      ) : null}
    </Stack>
  );
}
