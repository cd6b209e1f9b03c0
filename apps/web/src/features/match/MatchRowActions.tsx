import {
  allowedMatchActions,
  isDonationComplete,
  MATCH_MSG,
  type MatchAction,
  type MatchActor,
  type MatchRow,
  MSG,
  type QueueType,
  type ResolveMatchInput,
} from '@dm/shared';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { checksSchema, FormAlert, singleMessage, useZodForm } from '../../lib/form';
import { type MatchCall, useMatchCall } from './queries';

/**
 * The staff actions on open match rows, one set for every place that lists them: the donor page's
 * and portfolio preview's match requests (MatchActions) and the requested-donors grid. Which
 * buttons a row gets is the match state machine for the caller's actor (`allowedMatchActions`).
 */

const STAFF_BUTTONS: { action: MatchAction; label: string; call?: MatchCall['call'] }[] = [
  { action: 'accept_referral', label: 'Accept referral' },
  { action: 'queue', label: 'Add to queue', call: 'addipindonorqueue' },
  { action: 'confirm', label: 'Confirm match', call: 'confirmdonormatch' },
  { action: 'complete', label: 'Complete match', call: 'completedonormatch' },
  { action: 'resolve', label: 'Add donation details' },
  { action: 'cancel', label: 'Cancel match' },
];

export const parentName = (m: MatchRow) => `${m.parentFirstName} ${m.parentLastName}`.trim();

const cancelForm = z.object({
  comment: z.string().refine((c) => c.trim() !== '', MATCH_MSG.CANCEL_REASON),
  unavailable: z.boolean(),
});
const NO_CANCEL = { comment: '', unavailable: false };

function CancelDialog({
  match,
  onClose,
  onSubmit,
  busy,
}: {
  match: MatchRow | null;
  onClose: () => void;
  onSubmit: (comment: string, setUnavailable: boolean) => Promise<void>;
  busy: boolean;
}) {
  const { form } = useZodForm(cancelForm, NO_CANCEL);
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={match !== null}
      onClose={close}
      title="Cancel match"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={form.onSubmit((v) => void onSubmit(v.comment.trim(), v.unavailable).then(close, () => {}))}
      >
        <Stack>
          {match ? <Text>Cancel the match of {parentName(match)}?</Text> : null}
          <Textarea label="Reason" withAsterisk {...form.getInputProps('comment')} />
          <Checkbox
            label="Make the donor unavailable"
            {...form.getInputProps('unavailable', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep match
            </Button>
            <Button type="submit" color="red.9" loading={busy}>
              Cancel match
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type DonationForm = Omit<ResolveMatchInput, 'donorId' | 'parent_id'>;
const NUMBER_FIELDS: [keyof DonationForm, string][] = [
  ['eggs_retrieved', 'Eggs retrieved'],
  ['eggs_mature', 'Eggs mature'],
  ['eggs_fertilized', 'Eggs fertilized'],
  ['embryos_created', 'Embryos created'],
  ['embryos_transferred', 'Embryos transferred'],
  ['embryos_frozen', 'Embryos frozen'],
  ['normal_count', 'Normal count'],
  ['abnormal_count', 'Abnormal count'],
  ['eggs_purchased', 'Eggs purchased'],
];

/** Complete enough to record: the spec's one message otherwise. */
const donationForm = checksSchema((v: DonationForm) =>
  isDonationComplete(v) ? {} : { form: MSG.MANDATORY },
);

/** The "add donation details" modal: records the cycle and completes the active match. */
function DonationDialog({
  match,
  onClose,
  onSubmit,
  busy,
}: {
  match: MatchRow | null;
  onClose: () => void;
  onSubmit: (form: DonationForm) => Promise<void>;
  busy: boolean;
}) {
  const empty: DonationForm = {
    queue_type: (match?.queueType as QueueType) ?? 'Fresh',
    set_unavailable: false,
  };
  const { form: donation } = useZodForm(donationForm, empty, {
    // The one message goes at the next change.
    onValuesChange: () => donation.clearErrors(),
  });
  const form = donation.values;
  const set = (patch: Partial<DonationForm>) => donation.setValues(patch);
  const close = () => {
    donation.setInitialValues(empty);
    donation.reset();
    onClose();
  };
  return (
    <Modal
      opened={match !== null}
      onClose={close}
      title="Add donation details"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={donation.onSubmit((v) => void onSubmit(v).then(close, () => {}))}>
        <Stack>
          <FormAlert message={singleMessage(donation, null)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name of clinic"
              withAsterisk
              value={form.name_of_clinic ?? ''}
              onChange={(e) => set({ name_of_clinic: e.currentTarget.value })}
            />
            <TextInput
              label="Cycle date"
              type="date"
              withAsterisk
              value={form.cycle_date ?? ''}
              onChange={(e) => set({ cycle_date: e.currentTarget.value })}
            />
            {NUMBER_FIELDS.map(([key, label]) => (
              <NumberInput
                key={key}
                label={label}
                withAsterisk={key === 'eggs_retrieved'}
                min={0}
                allowDecimal={false}
                value={(form[key] as number | null | undefined) ?? ''}
                onChange={(v) => set({ [key]: typeof v === 'number' ? v : null })}
              />
            ))}
            <TextInput
              label="Quality of embryos transferred"
              value={form.quality_of_embryos_transferred ?? ''}
              onChange={(e) => set({ quality_of_embryos_transferred: e.currentTarget.value })}
            />
            <TextInput
              label="Quality of embryos frozen"
              value={form.quality_of_embryos_frozen ?? ''}
              onChange={(e) => set({ quality_of_embryos_frozen: e.currentTarget.value })}
            />
            <TextInput
              label="Pregnancy result"
              value={form.pregnancy_result ?? ''}
              onChange={(e) => set({ pregnancy_result: e.currentTarget.value })}
            />
            <Select
              label="Donor availability afterwards"
              data={['Available', 'Unavailable']}
              value={form.other_availability ?? 'Available'}
              onChange={(v) => set({ other_availability: v as 'Available' | 'Unavailable' })}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Checkbox
            label="PGS / PGD / CCS done"
            checked={form.pgs_pgd_ccs === true}
            onChange={(e) => set({ pgs_pgd_ccs: e.currentTarget.checked })}
          />
          <Textarea
            label="Other details"
            value={form.other_details ?? ''}
            onChange={(e) => set({ other_details: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={busy}>
              Save donation details
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The body of a workflow call on an existing match: its donor, parent and queue type. */
const target = (m: MatchRow) => ({
  donor_id: m.donorId,
  parent_id: m.parentId,
  queue_type: m.queueType as QueueType,
});

/**
 * The match workflow on rows of open matches: `buttons(row, actor)` renders the actions the actor
 * may take on the row (each named "<action> for <rowName(row)>"), `dialogs` the cancel reason and
 * donation details dialogs they open. `afterClose` runs once a cancel or the donation details
 * succeeded (the donor page moves to past donations; a grid just reloads).
 */
export function useMatchRowActions({
  rowName = parentName,
  afterClose,
}: {
  rowName?: (m: MatchRow) => string;
  afterClose?: (m: MatchRow) => void;
} = {}) {
  const mutation = useMatchCall();
  const [cancelling, setCancelling] = useState<MatchRow | null>(null);
  const [resolving, setResolving] = useState<MatchRow | null>(null);
  const run = (call: MatchCall) => mutation.mutateAsync(call).then(() => undefined);
  const act = (m: MatchRow, b: (typeof STAFF_BUTTONS)[number]) => {
    if (b.action === 'cancel') setCancelling(m);
    else if (b.action === 'resolve') setResolving(m);
    else if (b.action === 'accept_referral')
      void run({ call: 'acceptreferralmatch', body: { match_id: m.matchId, parent_id: m.parentId } }).catch(
        () => {},
      );
    else if (b.call) void run({ call: b.call, body: target(m) } as MatchCall).catch(() => {});
  };

  const buttons = (m: MatchRow, actor: MatchActor): ReactNode => {
    const allowed = allowedMatchActions(m.status, actor);
    return (
      <Group gap="xs">
        {STAFF_BUTTONS.filter((b) => allowed.includes(b.action)).map((b) => (
          <Button
            key={b.action}
            size="xs"
            variant={b.action === 'cancel' ? 'outline' : 'filled'}
            color={b.action === 'cancel' ? 'red.9' : undefined}
            aria-label={`${b.label} for ${rowName(m)}`}
            disabled={mutation.isPending}
            onClick={() => act(m, b)}
          >
            {b.label}
          </Button>
        ))}
      </Group>
    );
  };

  const dialogs = (
    <>
      <CancelDialog
        match={cancelling}
        busy={mutation.isPending}
        onClose={() => setCancelling(null)}
        onSubmit={(comment, setUnavailable) => {
          const m = cancelling!;
          return run({
            call: 'cancelmatch',
            body: { ...target(m), comment, set_unavailable: setUnavailable },
          }).then(() => afterClose?.(m));
        }}
      />
      <DonationDialog
        match={resolving}
        busy={mutation.isPending}
        onClose={() => setResolving(null)}
        onSubmit={(form) => {
          const m = resolving!;
          return run({
            call: 'resolvematchprocess',
            body: { ...form, donorId: m.donorId, parent_id: m.parentId, parent_name: parentName(m) },
          }).then(() => afterClose?.(m));
        }}
      />
    </>
  );

  return { run, pending: mutation.isPending, buttons, dialogs };
}
