import {
  CLIENT_GRID_SIZE,
  NAME_SEARCH_DEBOUNCE_MS,
  PAGES,
  type PageKey,
  ROLE_LABEL,
  type StaffOption,
  USERS_MSG,
  type UserRow,
  type UserScope,
  userFullName,
} from '@dm/shared';
import { Button, Checkbox, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { notify } from '../../lib/notify';
import { assignUsers, useAssignees, useCaseManagers, userKeys, useUserList } from './queries';

interface AssignConfig {
  page: PageKey;
  /** The list of people to assign. */
  endpoint: string;
  /** The assignment call and how its body is built. */
  assign: (assigneeId: number, ids: number[]) => { name: string; body: unknown };
  pickerLabel: string;
  caption: string;
  assignedLabel: string;
  options: () => UseQueryResult<StaffOption[]>;
}

/** /assignclient and /assigndonor: tick people in the grid, pick who they go to, assign. */
function AssignPage({ config }: { config: AssignConfig }) {
  const queryClient = useQueryClient();
  const list = useListQuery('name', CLIENT_GRID_SIZE, 'asc', NAME_SEARCH_DEBOUNCE_MS);
  const [scope, setScope] = useState<UserScope>('unassigned');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const options = config.options();
  const body = { ...list.query, scope };
  const people = useUserList(config.endpoint, body);

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const assign = async () => {
    if (!assignee) {
      notify('warning', `Please select ${config.pickerLabel}`);
      return;
    }
    if (selected.size === 0) {
      notify('warning', USERS_MSG.SELECT_ONE);
      return;
    }
    setBusy(true);
    try {
      const call = config.assign(Number(assignee), [...selected]);
      await assignUsers(call);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    } catch {
      // the wrapper has shown the message
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<UserRow>[] = [
    {
      key: 'select',
      label: 'Select',
      render: (r) => (
        <Checkbox
          aria-label={`Select ${userFullName(r) || r.username}`}
          checked={selected.has(r.userId)}
          onChange={(e) => toggle(r.userId, e.currentTarget.checked)}
        />
      ),
    },
    { key: 'name', label: 'Name', sortable: true, render: (r) => userFullName(r) || '—' },
    { key: 'username', label: 'Email', sortable: true, render: (r) => r.username },
    { key: 'status', label: 'Status', sortable: true, render: (r) => r.status },
    {
      key: 'manager',
      label: config.assignedLabel,
      sortable: true,
      render: (r) => r.managerName ?? 'Not assigned',
    },
  ];

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES[config.page].title}
      </Title>
      <Group align="end">
        <Select
          label={config.pickerLabel}
          searchable
          data={(options.data ?? []).map((o) => ({
            value: String(o.userId),
            label: `${o.name} (${ROLE_LABEL[o.role]})`,
          }))}
          value={assignee}
          onChange={setAssignee}
          w="100%"
          maw={320}
        />
        <SegmentedControl
          aria-label="Which to list"
          data={[
            { value: 'unassigned', label: 'Not assigned' },
            { value: 'all', label: 'All' },
          ]}
          value={scope}
          onChange={(v) => {
            setScope(v as UserScope);
            list.setPage(1);
          }}
        />
        <Button onClick={() => void assign()} loading={busy}>
          Assign selected
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {selected.size} selected
        </Text>
      </Group>
      <ListTable
        minWidth={700}
        caption={config.caption}
        columns={columns}
        rows={people.data?.rows ?? []}
        rowKey={(r) => r.userId}
        total={people.data?.count ?? 0}
        list={list}
        searchLabel="Search by name or email"
        loading={people.isPending}
      />
    </Stack>
  );
}

export default function AssignClientPage() {
  return (
    <AssignPage
      config={{
        page: 'assignclient',
        endpoint: 'getclientstobeassign',
        assign: (manager_id, clients) => ({ name: 'assignclienttomanager', body: { manager_id, clients } }),
        pickerLabel: 'Case manager',
        caption: 'Intended parents',
        assignedLabel: 'Case manager',
        options: useCaseManagers,
      }}
    />
  );
}

export function AssignDonorPage() {
  return (
    <AssignPage
      config={{
        page: 'assigndonor',
        endpoint: 'getdonorstobeassign',
        assign: (admin_manager_id, donors) => ({
          name: 'assigndonortoadminmanager',
          body: { admin_manager_id, donors },
        }),
        pickerLabel: 'Admin or case manager',
        caption: 'Donors',
        assignedLabel: 'Assigned to',
        options: useAssignees,
      }}
    />
  );
}
