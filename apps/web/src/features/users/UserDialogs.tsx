import { ROLE_LABEL, type RoleId, type UserRow, userFullName } from '@dm/shared';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { assignClientToManager, inviteForAnotherRole, useCaseManagers, useIpListCache } from './queries';

/** The intended-parent list's last refresh and the button that refreshes it (/viewip). */
export function IpListRefresh(props: { onRefreshed: () => unknown }) {
  const { last, refresh } = useIpListCache(props.onRefreshed);
  const at = last.data?.updatedAt;
  return (
    <Group gap="xs">
      <Text fz="sm" c="dimmed">
        {at ? `Last refreshed ${formatDateTime(at)}` : 'Never refreshed'}
      </Text>
      <Button variant="default" loading={refresh.isPending} onClick={() => refresh.mutate()}>
        Refresh list
      </Button>
    </Group>
  );
}

/** Invite as another user type: a new sign-up link under the chosen type. */
export function AnotherRoleDialog(props: {
  row: UserRow | null;
  roles: RoleId[];
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [role, setRole] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const row = props.row;
  useEffect(() => {
    if (row) setRole(null);
  }, [row]);
  const save = async () => {
    if (!row || !role) return;
    setBusy(true);
    try {
      await inviteForAnotherRole({ user_id: row.userId, user_type: Number(role) });
      props.onDone();
      props.onClose();
    } catch {
      // the wrapper has shown the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={row !== null} onClose={props.onClose} title="Invite as another user type">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <Text fz="sm">
            {row ? `${userFullName(row) || row.username} is invited as ${ROLE_LABEL[row.role]}.` : ''}
          </Text>
          <Select
            label="New user type"
            required
            data={props.roles.map((r) => ({ value: String(r), label: ROLE_LABEL[r] }))}
            value={role}
            onChange={setRole}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!role}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Assigns one intended parent (and a second parent) to a case manager, from the grid row. */
export function AssignManagerDialog(props: {
  row: UserRow | null;
  onClose: () => void;
  onAssigned: () => unknown;
}) {
  const managers = useCaseManagers(props.row !== null);
  const [managerId, setManagerId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const row = props.row;
  useEffect(() => {
    setManagerId(row?.managerId ? String(row.managerId) : null);
  }, [row]);
  const save = async () => {
    if (!row || !managerId) return;
    setBusy(true);
    try {
      await assignClientToManager({ manager_id: Number(managerId), client_id: row.userId });
      props.onAssigned();
      props.onClose();
    } catch {
      // the wrapper has shown the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={row !== null} onClose={props.onClose} title="Assign case manager">
      <Stack>
        <Select
          label="Case manager"
          searchable
          data={(managers.data ?? []).map((m) => ({ value: String(m.userId), label: m.name }))}
          value={managerId}
          onChange={setManagerId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!managerId}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
