import { ROLE_LABEL, type RoleId, type UserRow, userFullName } from '@dm/shared';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { z } from 'zod';
import { formatDateTime } from '../../lib/dates';
import { FormActions, useFormSubmit, useResetOnOpen, useZodForm } from '../../lib/form';
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

/** A choice the dialog's submit needs (the button stays disabled until one is made). */
const choiceForm = z.object({ choice: z.string().min(1) });
type Choice = { choice: string | null };
const NO_CHOICE: Choice = { choice: null };

/** The wrapper shows a refusal of these calls as a toast; the dialog stays open. */
const shownByWrapper = () => undefined;

/** Invite as another user type: a new sign-up link under the chosen type. */
export function AnotherRoleDialog(props: {
  row: UserRow | null;
  roles: RoleId[];
  onClose: () => void;
  onDone: () => unknown;
}) {
  const row = props.row;
  const { form } = useZodForm<Choice>(choiceForm, NO_CHOICE);
  useResetOnOpen(form, row !== null, NO_CHOICE);
  const save = useFormSubmit(
    form,
    (values) => inviteForAnotherRole({ user_id: row!.userId, user_type: Number(values.choice) }),
    {
      onDone: () => {
        props.onDone();
        props.onClose();
      },
      onRefused: shownByWrapper,
    },
  );
  return (
    <Modal opened={row !== null} onClose={props.onClose} title="Invite as another user type">
      <form noValidate onSubmit={form.onSubmit(save.submit)}>
        <Stack>
          <Text fz="sm">
            {row ? `${userFullName(row) || row.username} is invited as ${ROLE_LABEL[row.role]}.` : ''}
          </Text>
          <Select
            label="New user type"
            required
            data={props.roles.map((r) => ({ value: String(r), label: ROLE_LABEL[r] }))}
            {...form.getInputProps('choice')}
          />
          <FormActions
            onCancel={props.onClose}
            busy={save.busy}
            submitLabel="Send invitation"
            disabled={!form.values.choice}
          />
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
  const row = props.row;
  const current = useMemo<Choice>(() => ({ choice: row?.managerId ? String(row.managerId) : null }), [row]);
  const { form } = useZodForm<Choice>(choiceForm, current);
  useResetOnOpen(form, row !== null, current);
  const save = useFormSubmit(
    form,
    (values) => assignClientToManager({ manager_id: Number(values.choice), client_id: row!.userId }),
    {
      onDone: () => {
        props.onAssigned();
        props.onClose();
      },
      onRefused: shownByWrapper,
    },
  );
  return (
    <Modal opened={row !== null} onClose={props.onClose} title="Assign case manager">
      <form noValidate onSubmit={form.onSubmit(save.submit)}>
        <Stack>
          <Select
            label="Case manager"
            searchable
            data={(managers.data ?? []).map((m) => ({ value: String(m.userId), label: m.name }))}
            {...form.getInputProps('choice')}
          />
          <FormActions
            onCancel={props.onClose}
            busy={save.busy}
            submitLabel="Assign"
            disabled={!form.values.choice}
          />
        </Stack>
      </form>
    </Modal>
  );
}
