import {
  type DonorGridRow,
  donorStatusWithEmailBody,
  hardDeleteBody,
  inviteDonorBody,
  PARENT_STATUS_FILTER,
  reserveDonorBody,
  STAFF_SET_STATUSES,
  setPriorityBody,
  UNRESERVE_STATUSES,
  unreserveDonorBody,
} from '@dm/shared';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { z } from 'zod';
import { formatDateTime } from '../../lib/dates';
import { bodySchema, FormError, type FormSchema, useFormSubmit, useZodForm } from '../../lib/form';
import { useCandidates, useLastInvited } from './queries';

export type { DialogKind } from './queries';

interface DialogProps {
  donor: DonorGridRow;
  onClose: () => void;
  /** Runs the call; the dialog closes when it succeeds and shows the error message otherwise. */
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
}

/** The archive takes no fields. */
const NO_BODY = z.object({});

const donorLabel = (d: DonorGridRow) => `${d.firstName} ${d.lastName}`.trim() || d.username;

/**
 * A dialog's form on the shared hook: values checked by the route's schema on the body they make,
 * the call run through `onSubmit`, the dialog closed when it succeeds.
 */
function useDialogForm<V extends Record<string, unknown>>(
  props: DialogProps,
  schema: FormSchema,
  initialValues: V,
  toBody: (values: V) => Record<string, unknown>,
) {
  const { form } = useZodForm<V>(bodySchema(schema, toBody), initialValues);
  const { error, busy, submit } = useFormSubmit(form, (values) => props.onSubmit(toBody(values)), {
    onDone: props.onClose,
  });
  return { form, error, busy, onSubmit: form.onSubmit(submit) };
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
  const { form, error, busy, onSubmit } = useDialogForm(
    props,
    reserveDonorBody,
    { status: 'Active', parentid: null as string | null, managerid: null as string | null },
    (v) => ({
      donorid: props.donor.userId,
      parentid: Number(v.parentid),
      managerid: v.managerid ? Number(v.managerid) : null,
    }),
  );
  const { status, parentid: parent } = form.values;
  const candidates = useCandidates(status, true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    const chosen = candidates.data?.parents.find((p) => String(p.id) === parent);
    if (chosen?.managerId) form.setFieldValue('managerid', String(chosen.managerId));
  }, [parent, candidates.data]);
  return (
    <Modal opened onClose={props.onClose} title={`Reserve donor ${donorLabel(props.donor)}`}>
      <form onSubmit={onSubmit}>
        <Stack>
          <Select
            label="Parent status"
            data={[...PARENT_STATUS_FILTER]}
            value={status}
            onChange={(v) => form.setValues({ status: v ?? 'Active', parentid: null })}
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
            {...form.getInputProps('parentid')}
            nothingFoundMessage="No intended parent found"
          />
          <Select
            label="Case manager"
            data={(candidates.data?.managers ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            {...form.getInputProps('managerid')}
            clearable
          />
          <FormError message={error} />
          <Footer onClose={props.onClose} busy={busy} label="Reserve" disabled={!parent} />
        </Stack>
      </form>
    </Modal>
  );
}

export function UnreserveDialog(props: DialogProps) {
  const { form, error, busy, onSubmit } = useDialogForm(
    props,
    unreserveDonorBody,
    { status: 'Available' as string },
    (v) => ({ donorid: props.donor.userId, status: v.status }),
  );
  return (
    <Modal opened onClose={props.onClose} title={`Unreserve donor ${donorLabel(props.donor)}`}>
      <form onSubmit={onSubmit}>
        <Stack>
          <Text>Reserved for {props.donor.reservedParentName || 'an intended parent'}.</Text>
          <Select
            label="New status"
            data={[...UNRESERVE_STATUSES]}
            {...form.getInputProps('status')}
            onChange={(v) => form.setFieldValue('status', v ?? 'Available')}
            allowDeselect={false}
          />
          <FormError message={error} />
          <Footer onClose={props.onClose} busy={busy} label="Unreserve" />
        </Stack>
      </form>
    </Modal>
  );
}

export function InviteDialog(props: DialogProps) {
  const last = useLastInvited(props.donor.userId);
  const invitedAt = last.data?.lastInvitedAt;
  const { form, error, busy, onSubmit } = useDialogForm(
    props,
    inviteDonorBody,
    { email: props.donor.username },
    (v) => ({ user_id: props.donor.userId, email: v.email, isReInvite: Boolean(invitedAt) }),
  );
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`${invitedAt ? 'Re-invite' : 'Invite'} donor ${donorLabel(props.donor)}`}
    >
      <form onSubmit={onSubmit}>
        <Stack>
          <Text>{invitedAt ? `Last invited ${formatDateTime(invitedAt)}` : 'Not invited yet.'}</Text>
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <FormError message={error} />
          <Footer onClose={props.onClose} busy={busy} label={invitedAt ? 'Re-invite' : 'Invite'} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Status change with the message e-mailed to the donor; managers get the reduced status list. */
export function StatusDialog(props: DialogProps & { statuses: readonly string[] }) {
  const { form, error, busy, onSubmit } = useDialogForm(
    props,
    donorStatusWithEmailBody,
    { status: null as string | null, message: '' },
    (v) => ({ donor_id: props.donor.userId, status: v.status, message: v.message }),
  );
  return (
    <Modal opened onClose={props.onClose} title={`Change status of ${donorLabel(props.donor)}`}>
      <form onSubmit={onSubmit}>
        <Stack>
          <Select
            label="Status"
            required
            data={props.statuses.filter((s) => (STAFF_SET_STATUSES as readonly string[]).includes(s))}
            {...form.getInputProps('status')}
          />
          <Textarea label="Message to the donor" withAsterisk rows={4} {...form.getInputProps('message')} />
          <FormError message={error} />
          <Footer
            onClose={props.onClose}
            busy={busy}
            label="Save and e-mail"
            disabled={!form.values.status}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export function PriorityDialog(props: DialogProps) {
  const { form, error, busy, onSubmit } = useDialogForm(
    props,
    setPriorityBody,
    { priority: (props.donor.priority || 1) as string | number },
    (v) => ({ priority: v.priority === '' ? 0 : Number(v.priority) }),
  );
  return (
    <Modal opened onClose={props.onClose} title={`Priority of ${donorLabel(props.donor)}`}>
      <form onSubmit={onSubmit}>
        <Stack>
          <NumberInput label="Priority" allowDecimal={false} {...form.getInputProps('priority')} />
          <FormError message={error} />
          <Footer onClose={props.onClose} busy={busy} label="Save" />
        </Stack>
      </form>
    </Modal>
  );
}

/** Hard delete: the button works once the donor's user id is typed exactly. */
export function HardDeleteDialog(props: DialogProps) {
  const { form, error, busy, onSubmit } = useDialogForm(props, hardDeleteBody, { typed_id: '' }, (v) => ({
    typed_id: v.typed_id.trim(),
  }));
  const matches = form.values.typed_id.trim() === String(props.donor.userId);
  return (
    <Modal opened onClose={props.onClose} title={`Delete donor ${donorLabel(props.donor)} permanently`}>
      <form
        onSubmit={(e) => {
          if (matches) onSubmit(e);
          else e.preventDefault();
        }}
      >
        <Stack>
          <Text>
            This removes the donor and every detail of the profile. Type the donor's id ({props.donor.userId})
            to confirm.
          </Text>
          <TextInput label="Donor id" {...form.getInputProps('typed_id')} />
          <FormError message={error} />
          <Footer onClose={props.onClose} busy={busy} label="Delete permanently" disabled={!matches} danger />
        </Stack>
      </form>
    </Modal>
  );
}

const NO_FIELDS = {};

export function DeleteDialog(props: DialogProps) {
  const { error, busy, onSubmit } = useDialogForm(props, NO_BODY, NO_FIELDS, () => ({}));
  return (
    <Modal opened onClose={props.onClose} title={`Delete donor ${donorLabel(props.donor)}`}>
      <form onSubmit={onSubmit}>
        <Stack>
          <Text>The donor is archived and listed with the archived donors.</Text>
          <FormError message={error} />
          <Footer onClose={props.onClose} busy={busy} label="Delete" danger />
        </Stack>
      </form>
    </Modal>
  );
}
