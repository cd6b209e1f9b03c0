import {
  type DonorGridRow,
  PARENT_STATUS_FILTER,
  STAFF_DONOR_MSG,
  STAFF_SET_STATUSES,
  setPriorityBody,
  UNRESERVE_STATUSES,
} from '@dm/shared';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useCandidates, useLastInvited } from './queries';

export type DialogKind = 'reserve' | 'unreserve' | 'invite' | 'status' | 'priority' | 'harddelete' | 'delete';

interface DialogProps {
  donor: DonorGridRow;
  onClose: () => void;
  /** Runs the call; the dialog closes when it succeeds and shows the error message otherwise. */
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
}

const donorLabel = (d: DonorGridRow) => `${d.firstName} ${d.lastName}`.trim() || d.username;

function useSubmit(props: DialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (body: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(body);
      props.onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

function Footer(props: {
  onClose: () => void;
  busy: boolean;
  label: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onClose}>
        Cancel
      </Button>
      <Button
        type="submit"
        loading={props.busy}
        disabled={props.disabled}
        color={props.danger ? 'red.9' : undefined}
      >
        {props.label}
      </Button>
    </Group>
  );
}

/** Reserve: a parent of the center (by status, Active first) and the manager, preselected from the parent. */
export function ReserveDialog(props: DialogProps) {
  const [status, setStatus] = useState<string>('Active');
  const candidates = useCandidates(status, true);
  const [parent, setParent] = useState<string | null>(null);
  const [manager, setManager] = useState<string | null>(null);
  const { error, busy, submit } = useSubmit(props);
  useEffect(() => {
    const chosen = candidates.data?.parents.find((p) => String(p.id) === parent);
    if (chosen?.managerId) setManager(String(chosen.managerId));
  }, [parent, candidates.data]);
  return (
    <Modal opened onClose={props.onClose} title={`Reserve donor ${donorLabel(props.donor)}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({
            donorid: props.donor.userId,
            parentid: Number(parent),
            managerid: manager ? Number(manager) : null,
          });
        }}
      >
        <Stack>
          <Select
            label="Parent status"
            data={[...PARENT_STATUS_FILTER]}
            value={status}
            onChange={(v) => {
              setStatus(v ?? 'Active');
              setParent(null);
            }}
            allowDeselect={false}
          />
          <Select
            label="Intended parent"
            required
            searchable
            data={(candidates.data?.parents ?? []).map((p) => ({
              value: String(p.id),
              label: `${p.name} (${p.username})`,
            }))}
            value={parent}
            onChange={setParent}
            nothingFoundMessage="No intended parent found"
          />
          <Select
            label="Case manager"
            data={(candidates.data?.managers ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={manager}
            onChange={setManager}
            clearable
          />
          {error ? <Text c="red.9">{error}</Text> : null}
          <Footer onClose={props.onClose} busy={busy} label="Reserve" disabled={!parent} />
        </Stack>
      </form>
    </Modal>
  );
}

export function UnreserveDialog(props: DialogProps) {
  const [status, setStatus] = useState<string>('Available');
  const { error, busy, submit } = useSubmit(props);
  return (
    <Modal opened onClose={props.onClose} title={`Unreserve donor ${donorLabel(props.donor)}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ donorid: props.donor.userId, status });
        }}
      >
        <Stack>
          <Text>Reserved for {props.donor.reservedParentName || 'an intended parent'}.</Text>
          <Select
            label="New status"
            data={[...UNRESERVE_STATUSES]}
            value={status}
            onChange={(v) => setStatus(v ?? 'Available')}
            allowDeselect={false}
          />
          {error ? <Text c="red.9">{error}</Text> : null}
          <Footer onClose={props.onClose} busy={busy} label="Unreserve" />
        </Stack>
      </form>
    </Modal>
  );
}

export function InviteDialog(props: DialogProps) {
  const last = useLastInvited(props.donor.userId);
  const [email, setEmail] = useState(props.donor.username);
  const { error, busy, submit } = useSubmit(props);
  const invitedAt = last.data?.lastInvitedAt;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`${invitedAt ? 'Re-invite' : 'Invite'} donor ${donorLabel(props.donor)}`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ user_id: props.donor.userId, email, isReInvite: Boolean(invitedAt) });
        }}
      >
        <Stack>
          <Text>{invitedAt ? `Last invited ${formatDateTime(invitedAt)}` : 'Not invited yet.'}</Text>
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {error ? <Text c="red.9">{error}</Text> : null}
          <Footer onClose={props.onClose} busy={busy} label={invitedAt ? 'Re-invite' : 'Invite'} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Status change with the message e-mailed to the donor; managers get the reduced status list. */
export function StatusDialog(props: DialogProps & { statuses: readonly string[] }) {
  const [status, setStatus] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [blank, setBlank] = useState(false);
  const { error, busy, submit } = useSubmit(props);
  return (
    <Modal opened onClose={props.onClose} title={`Change status of ${donorLabel(props.donor)}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!message.trim()) {
            setBlank(true);
            return;
          }
          void submit({ donor_id: props.donor.userId, status, message });
        }}
      >
        <Stack>
          <Select
            label="Status"
            required
            data={props.statuses.filter((s) => (STAFF_SET_STATUSES as readonly string[]).includes(s))}
            value={status}
            onChange={setStatus}
          />
          <Textarea
            label="Message to the donor"
            withAsterisk
            rows={4}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setBlank(false);
            }}
            error={blank ? STAFF_DONOR_MSG.MESSAGE_BLANK : undefined}
          />
          {error ? <Text c="red.9">{error}</Text> : null}
          <Footer onClose={props.onClose} busy={busy} label="Save and e-mail" disabled={!status} />
        </Stack>
      </form>
    </Modal>
  );
}

export function PriorityDialog(props: DialogProps) {
  const [value, setValue] = useState<string | number>(props.donor.priority || 1);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { error, busy, submit } = useSubmit(props);
  return (
    <Modal opened onClose={props.onClose} title={`Priority of ${donorLabel(props.donor)}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = setPriorityBody.safeParse({ priority: value === '' ? 0 : value });
          if (!parsed.success) {
            setInvalid(STAFF_DONOR_MSG.PRIORITY_MIN);
            return;
          }
          void submit({ priority: parsed.data.priority });
        }}
      >
        <Stack>
          <NumberInput
            label="Priority"
            value={value}
            onChange={(v) => {
              setValue(v);
              setInvalid(null);
            }}
            allowDecimal={false}
            error={invalid ?? undefined}
          />
          {error ? <Text c="red.9">{error}</Text> : null}
          <Footer onClose={props.onClose} busy={busy} label="Save" />
        </Stack>
      </form>
    </Modal>
  );
}

/** Hard delete: the button works once the donor's user id is typed exactly. */
export function HardDeleteDialog(props: DialogProps) {
  const [typed, setTyped] = useState('');
  const { error, busy, submit } = useSubmit(props);
  const matches = typed.trim() === String(props.donor.userId);
  return (
    <Modal opened onClose={props.onClose} title={`Delete donor ${donorLabel(props.donor)} permanently`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (matches) void submit({ typed_id: typed.trim() });
        }}
      >
        <Stack>
          <Text>
            This removes the donor and every detail of the profile. Type the donor's id ({props.donor.userId})
            to confirm.
          </Text>
          <TextInput label="Donor id" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          {error ? <Text c="red.9">{error}</Text> : null}
          <Footer onClose={props.onClose} busy={busy} label="Delete permanently" disabled={!matches} danger />
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteDialog(props: DialogProps) {
  const { error, busy, submit } = useSubmit(props);
  return (
    <Modal opened onClose={props.onClose} title={`Delete donor ${donorLabel(props.donor)}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({});
        }}
      >
        <Stack>
          <Text>The donor is archived and listed with the archived donors.</Text>
          {error ? <Text c="red.9">{error}</Text> : null}
          <Footer onClose={props.onClose} busy={busy} label="Delete" danger />
        </Stack>
      </form>
    </Modal>
  );
}
