import {
  archiveNeedsReason,
  CLIENT_GRID_SIZE,
  canAdministerUsers,
  canAssignCaseManager,
  canInviteSecondParent,
  canOpen,
  inviteSecondaryBody,
  listableUserRoles,
  mayGetSecondParent,
  NAME_SEARCH_DEBOUNCE_MS,
  offersIpFormAction,
  PAGES,
  PAYMENT_MSG,
  type PageKey,
  pagePath,
  parentPanelAccess,
  ROLE,
  ROLE_LABEL,
  type RoleId,
  reinviteRoles,
  type StatusConfirmation,
  settableUserStatuses,
  temporaryPasswordBody,
  USER_STATUS,
  USERS_MSG,
  type UserList,
  type UserListBody,
  type UserRow,
  type UserScope,
  updateUserDetailsBody,
  userFullName,
} from '@dm/shared';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  NativeSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { NameDialog } from '../../components/NameDialog';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { policySubjectOf, subjectOf, useSession } from '../../lib/session';
import { cancelClientSubscription, clientSubscriptionStatus } from '../payments/queries';
import { InviteForm } from './AddClientPage';
import { FieldsDialog } from './FieldsDialog';
import {
  deleteUser,
  downloadUsersCsv,
  inviteSecondaryIp,
  reinviteUser,
  sendStatus,
  setTemporaryPassword,
  updateUserDetails,
  userKeys,
  useUserList,
} from './queries';
import { AnotherRoleDialog, AssignManagerDialog, IpListRefresh } from './UserDialogs';

export type GridKind = 'all' | 'ip' | 'cm' | 'admin';

const GRIDS: Record<GridKind, { page: PageKey; endpoint: string; file: string; role?: RoleId }> = {
  all: { page: 'viewclient', endpoint: 'getallusers', file: 'users.csv' },
  ip: { page: 'viewip', endpoint: 'getallintendedparents', file: 'intended-parents.csv', role: ROLE.CLIENT },
  cm: { page: 'viewcm', endpoint: 'getallcasemanagers', file: 'case-managers.csv', role: ROLE.MANAGER },
  admin: { page: 'viewadmin', endpoint: 'getalladmins', file: 'admins.csv', role: ROLE.ADMIN },
};

const archiveReason = z.string().trim().min(1, USERS_MSG.ARCHIVE_REASON_REQUIRED).max(1000);

/** Status choices of a row: Pre-Active only for intended parents; Invited only shown, never chosen. */
function statusOptions(row: UserRow) {
  const choices = settableUserStatuses(row);
  const options = choices.map((value) => ({ value, label: value }));
  return row.status === 'Invited'
    ? [{ value: 'Invited', label: 'Invited', disabled: true }, ...options]
    : options;
}

type Dialog = {
  kind: 'details' | 'password' | 'secondary' | 'archive' | 'assign' | 'role';
  row: UserRow;
} | null;

/** The users grids: /viewclient (every user, or a manager's intended parents), /viewip, /viewcm, /viewadmin. */
export function UsersGrid({ kind }: { kind: GridKind }) {
  const grid = GRIDS[kind];
  const { user } = useSession();
  const queryClient = useQueryClient();
  const params = useParams();
  const list = useListQuery('name', CLIENT_GRID_SIZE, 'asc', NAME_SEARCH_DEBOUNCE_MS);
  const who = user ? policySubjectOf(user) : null;
  /** Layout only: a manager's grid has the My/All switch and its own invite dialog. */
  const isManager = user?.role === ROLE.MANAGER;
  const isAdmin = who ? canAdministerUsers(who) : false;
  const [status, setStatus] = useState<string>(
    (USER_STATUS as readonly string[]).includes(params.filter ?? '') ? params.filter! : '',
  );
  const [role, setRole] = useState<string>(kind === 'all' && params.type ? params.type : '');
  const [scope, setScope] = useState<UserScope>('all');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [inviting, setInviting] = useState(false);
  const { setSearch } = list;
  useEffect(() => {
    if (params.search) setSearch(params.search);
  }, [params.search, setSearch]);

  // The circle center's admin tells primary from secondary intended parents.
  const parentFilter = user?.role === ROLE.ADMIN && user.center.parentTypeFilter && kind === 'ip';
  const [parentType, setParentType] = useState<UserListBody['parent_type']>('');
  const body = useMemo(
    () => ({
      ...list.query,
      user_status: status as UserListBody['user_status'],
      scope,
      ...(role ? { user_type_id: Number(role) as RoleId } : {}),
      ...(parentFilter && parentType ? { parent_type: parentType } : {}),
    }),
    [list.query, status, scope, role, parentFilter, parentType],
  );
  const users = useUserList(grid.endpoint, body);
  const key = userKeys.list(grid.endpoint, body);

  const setRowStatus = (userId: number, next: string) =>
    queryClient.setQueryData<UserList>(key, (old) =>
      old
        ? {
            ...old,
            rows: old.rows.map((r) =>
              r.userId === userId ? { ...r, status: next as UserRow['status'] } : r,
            ),
          }
        : old,
    );

  const ask = (question: StatusConfirmation, onYes: () => void) =>
    modals.openConfirmModal({
      title: question.confirm === 'preactive' ? 'Move to Pre-Active?' : 'Archive case manager?',
      children: (
        <Text size="sm">
          {question.confirm === 'preactive' ? USERS_MSG.PREACTIVE_CONFIRM : USERS_MSG.PORTFOLIO_CONFIRM}
        </Text>
      ),
      labels: { confirm: 'Yes', cancel: 'No' },
      onConfirm: onYes,
    });

  /**
   * Shows the new status at once; a refusal puts the row back (spec: failed status updates
   * revert the row), a question (409) puts it back until it is answered yes.
   */
  const changeStatus = async (
    row: UserRow,
    next: string,
    extra: { confirmed?: boolean; archiveReason?: string } = {},
  ) => {
    const before = row.status;
    setRowStatus(row.userId, next);
    try {
      const answer = await sendStatus({ user_id: row.userId, status: next as 'Active', ...extra });
      if ('confirm' in answer) {
        setRowStatus(row.userId, before);
        ask(answer, () => void changeStatus(row, next, { ...extra, confirmed: true }));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    } catch (error) {
      setRowStatus(row.userId, before);
      throw error;
    }
  };

  const onStatus = (row: UserRow, next: string | null) => {
    if (!next || next === row.status) return;
    if (user && archiveNeedsReason(user.center, row, row.status, next)) {
      setDialog({ kind: 'archive', row });
      return;
    }
    void changeStatus(row, next).catch(() => {});
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

  /**
   * Archiving a consumer-agency client "may cancel their subscription" (spec section 4): with a
   * membership that still renews, the admin is asked whether to cancel its auto-renewal.
   */
  const offerSubscriptionCancel = async (row: UserRow) => {
    const sub = await clientSubscriptionStatus(row.userId).catch(() => null);
    if (!sub?.status || sub.status === 'canceled' || sub.cancelAtPeriodEnd) return;
    modals.openConfirmModal({
      title: 'Cancel the subscription?',
      children: (
        <Text size="sm">
          {userFullName(row)} has a premium membership that renews each month. Cancel its auto-renewal, so she
          is not charged again?
        </Text>
      ),
      labels: { confirm: 'Cancel auto-renewal', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void cancelClientSubscription(row.userId).then(
          () => notify('success', PAYMENT_MSG.AUTO_RENEW_CANCELLED),
          () => {},
        ),
    });
  };

  const reinvite = (row: UserRow) => void reinviteUser(row.userId).then(refresh, () => {});

  const remove = (row: UserRow) =>
    modals.openConfirmModal({
      title: 'Delete user',
      children: (
        <Text size="sm">
          {USERS_MSG.DELETE_CONFIRM} ({userFullName(row)}, {row.username})
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void deleteUser(row.userId).then(refresh, () => {}),
    });

  const columns: Column<UserRow>[] = [
    { key: 'name', label: 'Name', sortable: true, render: (r) => userFullName(r) || '—' },
    { key: 'username', label: 'Email', sortable: true, render: (r) => r.username },
    ...(kind === 'all' && !isManager
      ? [{ key: 'role', label: 'User type', sortable: true, render: (r: UserRow) => ROLE_LABEL[r.role] }]
      : []),
    ...(user?.role === ROLE.MASTER
      ? [{ key: 'center', label: 'Agency', render: (r: UserRow) => r.centerName }]
      : []),
    ...(kind === 'all' || kind === 'ip'
      ? [
          {
            key: 'manager',
            label: 'Case manager',
            sortable: true,
            render: (r: UserRow) => (r.role === ROLE.CLIENT ? (r.managerName ?? 'Not assigned') : ''),
          },
        ]
      : []),
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (r) => (
        <NativeSelect
          aria-label={`Status: ${userFullName(r) || r.username}`}
          data={statusOptions(r)}
          value={r.status}
          onChange={(e) => onStatus(r, e.currentTarget.value)}
          w={140}
          size="xs"
        />
      ),
    },
    {
      key: 'createdAt',
      label: 'Created',
      sortable: true,
      render: (r) => (r.createdAt ? formatDate(r.createdAt) : ''),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Actions: ${userFullName(r) || r.username}`}>
              ⋮
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`/viewprofile/${r.userId}`}>
              View profile
            </Menu.Item>
            <Menu.Item onClick={() => setDialog({ kind: 'details', row: r })}>Edit details</Menu.Item>
            {r.status === 'Invited' ? <Menu.Item onClick={() => reinvite(r)}>Re-invite</Menu.Item> : null}
            {r.status === 'Invited' && who && reinviteRoles(who, r).length > 0 ? (
              <Menu.Item onClick={() => setDialog({ kind: 'role', row: r })}>
                Invite as another user type
              </Menu.Item>
            ) : null}
            {isAdmin && r.status !== 'Invited' ? (
              <Menu.Item onClick={() => setDialog({ kind: 'password', row: r })}>
                Temporary password
              </Menu.Item>
            ) : null}
            {who && canAssignCaseManager(who, r) ? (
              <Menu.Item onClick={() => setDialog({ kind: 'assign', row: r })}>Assign case manager</Menu.Item>
            ) : null}
            {who && mayGetSecondParent(r) && canInviteSecondParent(who, r.userId) ? (
              <Menu.Item onClick={() => setDialog({ kind: 'secondary', row: r })}>
                Invite second parent
              </Menu.Item>
            ) : null}
            {user &&
            who &&
            canOpen(subjectOf(user), 'ipform') &&
            offersIpFormAction(who, r, user.center.ipFormVisible) ? (
              <Menu.Item component={Link} to={pagePath('ipform', { id: r.userId, mode: 'preview' })}>
                IP form
              </Menu.Item>
            ) : null}
            {user && who && canOpen(subjectOf(user), 'carrierscreening') && parentPanelAccess(who, r) ? (
              <Menu.Item component={Link} to={pagePath('carrierscreening', { id: r.userId })}>
                Carrier screening
              </Menu.Item>
            ) : null}
            {isAdmin ? (
              <Menu.Item color="red.9" onClick={() => remove(r)}>
                Delete
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const row = dialog?.row;
  const detailsInitial = useMemo(
    () => ({
      firstname: row?.firstName ?? '',
      middlename: row?.middleName ?? '',
      lastname: row?.lastName ?? '',
      email: row?.username ?? '',
      contactno: row?.contactNo ?? '',
    }),
    [row],
  );
  const subject = user ? subjectOf(user) : null;
  const roleFilter = kind === 'all' && who !== null && listableUserRoles(who).length > 1;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES[grid.page].title}
        </Title>
        <Group>
          <Button
            variant="default"
            onClick={() => void downloadUsersCsv(grid.endpoint, body, grid.file).catch(() => {})}
          >
            Export CSV
          </Button>
          {kind === 'ip' ? <IpListRefresh onRefreshed={refresh} /> : null}
          {isManager ? <Button onClick={() => setInviting(true)}>Invite user</Button> : null}
          {subject && canOpen(subject, 'addclient') ? (
            <Button
              component={Link}
              to={grid.role ? `/addclient/${grid.role}` : PAGES.addclient.path.replace('/:addusertype?', '')}
            >
              Invite user
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group align="end">
        <Select
          label="Status"
          data={[{ value: '', label: 'All statuses' }, ...USER_STATUS.map((s) => ({ value: s, label: s }))]}
          value={status}
          onChange={(v) => {
            setStatus(v ?? '');
            list.setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
        {roleFilter ? (
          <Select
            label="User type"
            data={[
              { value: '', label: 'All user types' },
              ...[ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR].map((r) => ({
                value: String(r),
                label: ROLE_LABEL[r],
              })),
            ]}
            value={role}
            onChange={(v) => {
              setRole(v ?? '');
              list.setPage(1);
            }}
            allowDeselect={false}
            w={200}
          />
        ) : null}
        {parentFilter ? (
          <Select
            label="Intended parent type"
            data={[
              { value: '', label: 'All intended parents' },
              { value: 'primary', label: 'Primary' },
              { value: 'secondary', label: 'Secondary' },
            ]}
            value={parentType}
            onChange={(v) => {
              setParentType((v ?? '') as UserListBody['parent_type']);
              list.setPage(1);
            }}
            allowDeselect={false}
            w={200}
          />
        ) : null}
        {isManager ? (
          <SegmentedControl
            aria-label="Which intended parents"
            data={[
              { value: 'all', label: 'All IPs' },
              { value: 'my', label: 'My IPs' },
            ]}
            value={scope}
            onChange={(v) => {
              setScope(v as UserScope);
              list.setPage(1);
            }}
          />
        ) : null}
      </Group>
      <ListTable
        minWidth={700}
        caption={PAGES[grid.page].title}
        columns={columns}
        rows={users.data?.rows ?? []}
        rowKey={(r) => r.userId}
        total={users.data?.count ?? 0}
        list={list}
        searchLabel="Search users"
        loading={users.isPending}
      />

      <FieldsDialog
        opened={dialog?.kind === 'details'}
        title="Edit user details"
        fields={[
          { name: 'firstname', label: 'First name' },
          { name: 'middlename', label: 'Middle name', required: false },
          { name: 'lastname', label: 'Last name' },
          { name: 'email', label: 'Email', type: 'email' },
          { name: 'contactno', label: 'Contact number' },
        ]}
        initial={detailsInitial}
        schema={updateUserDetailsBody}
        build={(v) => ({
          user_id: row?.userId ?? 0,
          firstname: v.firstname ?? '',
          middlename: v.middlename ?? '',
          lastname: v.lastname ?? '',
          email: v.email ?? '',
          contactno: v.contactno ?? '',
        })}
        onSave={(b) => updateUserDetails(b).then(refresh)}
        onClose={() => setDialog(null)}
      />
      <FieldsDialog
        opened={dialog?.kind === 'password'}
        title={`Temporary password for ${row ? userFullName(row) || row.username : ''}`}
        fields={[
          { name: 'password', label: 'New password', type: 'password' },
          { name: 'password_c', label: 'Confirm password', type: 'password' },
        ]}
        initial={EMPTY_PASSWORDS}
        schema={temporaryPasswordBody}
        build={(v) => ({
          user_id: row?.userId ?? 0,
          password: v.password ?? '',
          password_c: v.password_c ?? '',
        })}
        onSave={setTemporaryPassword}
        onClose={() => setDialog(null)}
      />
      <FieldsDialog
        opened={dialog?.kind === 'secondary'}
        title="Invite second intended parent"
        fields={[
          { name: 'username', label: 'Email', type: 'email' },
          { name: 'reusername', label: 'Re-enter email', type: 'email' },
          { name: 'fname', label: 'First name' },
          { name: 'lname', label: 'Last name' },
        ]}
        initial={EMPTY_SECONDARY}
        schema={inviteSecondaryBody}
        build={(v) => ({
          primaryIP_id: row?.userId ?? 0,
          secondaryIP_username: v.username ?? '',
          secondaryIP_reusername: v.reusername ?? '',
          secondaryIP_fname: v.fname ?? '',
          secondaryIP_lname: v.lname ?? '',
        })}
        submitLabel="Invite"
        serverErrorAsToast
        onSave={(b) => inviteSecondaryIp(b).then(refresh)}
        onClose={() => setDialog(null)}
      />
      {who ? (
        <AnotherRoleDialog
          row={dialog?.kind === 'role' ? dialog.row : null}
          roles={dialog?.kind === 'role' ? reinviteRoles(who, dialog.row) : []}
          onClose={() => setDialog(null)}
          onDone={refresh}
        />
      ) : null}
      <AssignManagerDialog
        row={dialog?.kind === 'assign' ? dialog.row : null}
        onClose={() => setDialog(null)}
        onAssigned={refresh}
      />
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite user">
        <InviteForm
          onInvited={() => {
            setInviting(false);
            void refresh();
          }}
        />
      </Modal>
      <NameDialog
        opened={dialog?.kind === 'archive'}
        title="Archive intended parent"
        label="Archive Reason"
        initial=""
        rule={archiveReason}
        submitLabel="Archive"
        onSave={async (reason) => {
          if (!row) return;
          await changeStatus(row, 'Archived', { archiveReason: reason });
          if (user?.center.payments) void offerSubscriptionCancel(row);
        }}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

const EMPTY_PASSWORDS = { password: '', password_c: '' };
const EMPTY_SECONDARY = { username: '', reusername: '', fname: '', lname: '' };

export default function ViewClientPage() {
  return <UsersGrid kind="all" />;
}
export const ViewIpPage = () => <UsersGrid kind="ip" />;
export const ViewCmPage = () => <UsersGrid kind="cm" />;
export const ViewAdminPage = () => <UsersGrid kind="admin" />;
