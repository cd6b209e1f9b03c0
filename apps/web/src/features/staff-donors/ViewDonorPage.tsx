import {
  DEFAULT_MATCH_STATUS_FILTER,
  DONOR_AVAILABILITY,
  DONOR_GRID_PAGE_SIZE,
  type DonorGridBody,
  type DonorGridRow,
  FROZEN_AVAILABILITY,
  MANAGER_SETTABLE_AVAILABILITY,
  MATCH_STATUS_FILTERS,
  type MatchStatusFilter,
  mayAdministerDonors,
  NAME_SEARCH_DEBOUNCE_MS,
  PAGES,
  PARENT_STATUS_FILTER,
  type ParentStatusFilter,
  STAFF_SET_STATUSES,
  searchDonorByIdQuery,
} from '@dm/shared';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Menu,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CompareCheckbox,
  CompareSelectedButton,
  useCompareSelection,
} from '../../components/donor/CompareSelection';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { ApiError } from '../../lib/api-error';
import { useFormSubmit, useZodForm } from '../../lib/form';
import { policySubjectOf, useSession } from '../../lib/session';
import {
  DeleteDialog,
  type DialogKind,
  HardDeleteDialog,
  InviteDialog,
  PriorityDialog,
  ReserveDialog,
  StatusDialog,
  UnreserveDialog,
} from './DonorDialogs';
import {
  downloadDonorCsv,
  findDonorById,
  reportApiError,
  setDonorVisibilityInTulip,
  staffDonorKeys,
  useDonorAction,
  useDonorGrid,
  useMatchingToolAllowed,
} from './queries';

/** Managers filter by the reduced list; the admin sees In Cycle, Under Review and Reserved too. */
const MANAGER_FILTER = DONOR_AVAILABILITY.filter(
  (a) => !['In Cycle', 'Under Review', 'Reserved'].includes(a),
);

export default function ViewDonorPage() {
  const { user } = useSession();
  const isAdmin = user ? mayAdministerDonors(policySubjectOf(user)) : false;
  const queryClient = useQueryClient();
  const list = useListQuery('created', DONOR_GRID_PAGE_SIZE, 'asc', NAME_SEARCH_DEBOUNCE_MS);
  const [availability, setAvailability] = useState<string[]>([]);
  const [frozen, setFrozen] = useState<string[]>([]);
  const [matchFilter, setMatchFilter] = useState<MatchStatusFilter[]>(DEFAULT_MATCH_STATUS_FILTER);
  const [parentStatus, setParentStatus] = useState<ParentStatusFilter[]>(['Active']);
  const [matchedOnly, setMatchedOnly] = useState(false);
  const [dialog, setDialog] = useState<{ kind: DialogKind; donor: DonorGridRow } | null>(null);
  const [exporting, setExporting] = useState(false);
  const tool = useMatchingToolAllowed();
  const compare = useCompareSelection();

  const body: DonorGridBody = {
    ...list.query,
    sort: list.query.sort as DonorGridBody['sort'],
    donor_availability: availability as DonorGridBody['donor_availability'],
    donor_frozen_availability: frozen as DonorGridBody['donor_frozen_availability'],
    match_status_filter: matchFilter,
    parent_status: parentStatus,
    matched_only: matchedOnly,
  };
  const grid = useDonorGrid(body);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffDonorKeys.all });

  const visibility = useMutation({
    mutationFn: setDonorVisibilityInTulip,
    onSettled: refresh,
  });

  const action = useDonorAction();

  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      list.setPage(1);
    };

  const columns: Column<DonorGridRow>[] = [
    ...(compare.enabled
      ? [
          {
            key: 'compare',
            label: 'Compare',
            render: (r: DonorGridRow) => (
              <CompareCheckbox selection={compare} donorId={r.userId} label={`donor ${r.donorId}`} />
            ),
          },
        ]
      : []),
    { key: 'donor_id', label: 'Donor ID', sortable: true, render: (r) => r.donorId },
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`/donordetails/${r.userId}`}>
          {`${r.firstName} ${r.lastName}`.trim() || r.username}
        </Anchor>
      ),
    },
    { key: 'username', label: 'Email', sortable: true, render: (r) => r.username },
    { key: 'availability', label: 'Availability', sortable: true, render: (r) => r.availability },
    {
      key: 'frozen_availability',
      label: 'Frozen availability',
      sortable: true,
      render: (r) => r.frozenAvailability ?? '',
    },
    { key: 'matches', label: 'Matches', render: (r) => r.matchCount },
    { key: 'priority', label: 'Priority', sortable: true, render: (r) => r.priority },
    { key: 'donation_count', label: 'Donations', sortable: true, render: (r) => r.donationCount },
    {
      key: 'tool',
      label: 'Matching tool',
      render: (r) => (
        <Switch
          aria-label={`Visible in matching tool: ${r.donorId}`}
          checked={r.allowedForMatchingTool}
          disabled={!tool.data?.allowed}
          onChange={(e) =>
            visibility.mutate({ user_id: r.userId, allowed_for_tulip: e.currentTarget.checked })
          }
        />
      ),
    },
    { key: 'reserved', label: 'Reserved for', render: (r) => r.reservedParentName },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="xs" variant="default" aria-label={`Actions for donor ${r.donorId}`}>
              Actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {r.availability === 'Reserved' ? (
              <Menu.Item onClick={() => setDialog({ kind: 'unreserve', donor: r })}>Unreserve</Menu.Item>
            ) : (
              <Menu.Item onClick={() => setDialog({ kind: 'reserve', donor: r })}>Reserve</Menu.Item>
            )}
            {r.userStatus === 'Invited' ? (
              <Menu.Item onClick={() => setDialog({ kind: 'invite', donor: r })}>Invite</Menu.Item>
            ) : null}
            <Menu.Item onClick={() => setDialog({ kind: 'status', donor: r })}>Change status</Menu.Item>
            <Menu.Item onClick={() => setDialog({ kind: 'priority', donor: r })}>Set priority</Menu.Item>
            {isAdmin ? (
              <>
                <Menu.Item component={Link} to={`/donormessages/${r.userId}`}>
                  Messages
                </Menu.Item>
                <Menu.Item onClick={() => setDialog({ kind: 'delete', donor: r })}>Delete</Menu.Item>
                <Menu.Item color="red.9" onClick={() => setDialog({ kind: 'harddelete', donor: r })}>
                  Hard delete
                </Menu.Item>
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const dialogProps = dialog
    ? {
        donor: dialog.donor,
        onClose: () => setDialog(null),
        onSubmit: (body: Record<string, unknown>) =>
          action.mutateAsync({ kind: dialog.kind, donor: dialog.donor, body }),
      }
    : null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES.viewdonor.title}
        </Title>
        <CompareSelectedButton selection={compare} />
        {isAdmin ? (
          <Group>
            <Button component={Link} to={PAGES.donorimport.path} variant="default">
              Import donors
            </Button>
            <Button
              loading={exporting}
              onClick={() => {
                setExporting(true);
                void downloadDonorCsv(body)
                  .catch(() => {}) // the wrapper has shown the message
                  .finally(() => setExporting(false));
              }}
            >
              Export CSV
            </Button>
          </Group>
        ) : null}
      </Group>
      <FindDonorById />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <MultiSelect
          label="Availability"
          data={isAdmin ? [...DONOR_AVAILABILITY] : MANAGER_FILTER}
          value={availability}
          onChange={resetPage(setAvailability)}
          clearable
        />
        <MultiSelect
          label="Frozen availability"
          data={[...FROZEN_AVAILABILITY]}
          value={frozen}
          onChange={resetPage(setFrozen)}
          clearable
        />
        <MultiSelect
          label="Parent status"
          data={[...PARENT_STATUS_FILTER]}
          value={parentStatus}
          onChange={resetPage((v: string[]) => setParentStatus(v as ParentStatusFilter[]))}
        />
      </SimpleGrid>
      <Checkbox.Group
        label="Match status"
        value={matchFilter}
        onChange={resetPage((v: string[]) => setMatchFilter(v as MatchStatusFilter[]))}
      >
        <Group mt="xs">
          {MATCH_STATUS_FILTERS.map((f) => (
            <Checkbox key={f.value} value={f.value} label={f.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch
        label="Only donors with matches"
        checked={matchedOnly}
        onChange={(e) => resetPage(setMatchedOnly)(e.currentTarget.checked)}
      />
      <ListTable
        minWidth={700}
        caption="Donors"
        columns={columns}
        rows={grid.data?.rows ?? []}
        rowKey={(r) => r.userId}
        total={grid.data?.total ?? 0}
        list={list}
        searchLabel="Search donors"
        loading={grid.isPending}
      />
      {dialog && dialogProps
        ? {
            reserve: <ReserveDialog {...dialogProps} />,
            unreserve: <UnreserveDialog {...dialogProps} />,
            invite: <InviteDialog {...dialogProps} />,
            status: (
              <StatusDialog
                {...dialogProps}
                statuses={isAdmin ? STAFF_SET_STATUSES : MANAGER_SETTABLE_AVAILABILITY}
              />
            ),
            priority: <PriorityDialog {...dialogProps} />,
            harddelete: <HardDeleteDialog {...dialogProps} />,
            delete: <DeleteDialog {...dialogProps} />,
          }[dialog.kind]
        : null}
    </Stack>
  );
}

/** Opens a donor's details by the id staff read off a file or an e-mail (searchdonorbyid). */
function FindDonorById() {
  const navigate = useNavigate();
  const { form } = useZodForm(searchDonorByIdQuery, { id: '' });
  const find = useFormSubmit(
    form,
    async (values) => {
      try {
        return await findDonorById(searchDonorByIdQuery.parse(values));
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) throw new Error('No donor has this ID.');
        if (e instanceof ApiError) reportApiError(e);
        throw e;
      }
    },
    // Every refusal shows under the one field.
    { onDone: (found) => void navigate(`/donordetails/${found.userId}`), fieldFor: () => 'id' },
  );
  return (
    <form noValidate onSubmit={form.onSubmit(find.submit)}>
      <Group align="start">
        <TextInput label="Donor ID" w={220} {...form.getInputProps('id')} />
        <Button type="submit" mt={24} variant="default" loading={find.busy}>
          Find donor
        </Button>
      </Group>
    </form>
  );
}
