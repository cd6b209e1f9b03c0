import {
  allowedMatchActions,
  DONATIONS_REDIRECT_MS,
  DONOR_TABS,
  isDonationComplete,
  MATCH_MSG,
  type MatchAction,
  type MatchRow,
  MSG,
  matchesAsParent,
  pagePath,
  type QueueType,
  REMAINING_QUEUE_MAX,
  type ResolveMatchInput,
  takesPartInMatches,
} from '@dm/shared';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { policySubjectOf, useSession } from '../../lib/session';
import { type MatchCall, useDonorMatchStatus, useMatchCall } from './queries';

const STAFF_BUTTONS: { action: MatchAction; label: string; call?: MatchCall['call'] }[] = [
  { action: 'accept_referral', label: 'Accept referral' },
  { action: 'queue', label: 'Add to queue', call: 'addipindonorqueue' },
  { action: 'confirm', label: 'Confirm match', call: 'confirmdonormatch' },
  { action: 'complete', label: 'Complete match', call: 'completedonormatch' },
  { action: 'resolve', label: 'Add donation details' },
  { action: 'cancel', label: 'Cancel match' },
];

/** The donor page tab that lists past donations (donation details land there). */
const PAST_DONATIONS_TAB = DONOR_TABS.indexOf('Past donations');

const parentName = (m: MatchRow) => `${m.parentFirstName} ${m.parentLastName}`.trim();

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
  const [comment, setComment] = useState('');
  const [unavailable, setUnavailable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setUnavailable(false);
    setError(null);
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
        onSubmit={(e) => {
          e.preventDefault();
          if (!comment.trim()) {
            setError(MATCH_MSG.CANCEL_REASON);
            return;
          }
          void onSubmit(comment.trim(), unavailable).then(close, () => {});
        }}
      >
        <Stack>
          {match ? <Text>Cancel the match of {parentName(match)}?</Text> : null}
          <Textarea
            label="Reason"
            withAsterisk
            value={comment}
            error={error}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              setError(null);
            }}
          />
          <Checkbox
            label="Make the donor unavailable"
            checked={unavailable}
            onChange={(e) => setUnavailable(e.currentTarget.checked)}
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
  const [form, setForm] = useState<DonationForm>(empty);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<DonationForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const close = () => {
    setForm(empty);
    setError(null);
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!isDonationComplete(form)) {
            setError(MSG.MANDATORY);
            return;
          }
          void onSubmit(form).then(close, () => {});
        }}
      >
        <Stack>
          {error ? (
            <Alert color="red.9" role="alert">
              {error}
            </Alert>
          ) : null}
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

/**
 * The match buttons of a donor for the caller: a client requests a match or withdraws their
 * request; staff of the donor's center act on each open match as the state machine allows.
 * The server enforces the same rules; this only hides what cannot succeed.
 */
export function MatchActions({
  donorId,
  portfolioId,
  client,
}: {
  donorId: number;
  portfolioId?: number;
  /** On a portfolio shared with a client, staff may start a request on the client's behalf. */
  client?: { id: number; name: string };
}) {
  const { user } = useSession();
  const status = useDonorMatchStatus(donorId);
  const mutation = useMatchCall(donorId);
  const [cancelling, setCancelling] = useState<MatchRow | null>(null);
  const [resolving, setResolving] = useState<MatchRow | null>(null);
  const navigate = useNavigate();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );
  /** A cancel or the donation details: after 2 s to the donor's past donations tab. */
  const toDonations = () => {
    if (redirect.current) clearTimeout(redirect.current);
    redirect.current = setTimeout(
      () => navigate(pagePath('donordetails', { id: donorId, feedback: 0, settab: PAST_DONATIONS_TAB })),
      DONATIONS_REDIRECT_MS,
    );
  };
  const who = user ? policySubjectOf(user) : null;
  if (!who || !takesPartInMatches(who)) return null;
  if (status.isPending) return <Loader size="sm" aria-label="Loading match status" />;
  if (!status.data) return null;
  const s = status.data;
  const target = (m: MatchRow) => ({
    donor_id: donorId,
    parent_id: m.parentId,
    queue_type: m.queueType as QueueType,
    ...(portfolioId ? { portfolio_id: portfolioId } : {}),
  });
  const run = (call: MatchCall) => mutation.mutateAsync(call).then(() => undefined);

  if (matchesAsParent(who)) {
    const own = s.own;
    const mayCancel = own !== null && allowedMatchActions(own.status, 'parent').includes('cancel_request');
    return (
      <Paper withBorder p="md" component="section" aria-label="Match">
        <Group>
          {own ? (
            <>
              <Text component="div">
                Your match request:{' '}
                <Badge>{own.status === 'Confirm' ? 'Waiting to Confirm' : own.status}</Badge>
                {own.queuePosition ? ` · Queue number ${own.queuePosition}` : ''}
              </Text>
              {mayCancel ? (
                <Button
                  variant="outline"
                  color="red.9"
                  loading={mutation.isPending}
                  onClick={() =>
                    void run({ call: 'canceldonorrequesttomatch', body: target(own) }).catch(() => {})
                  }
                >
                  Cancel request
                </Button>
              ) : null}
            </>
          ) : (
            <>
              <Text size="sm">
                Remaining queue: {s.remainingQueue} of {REMAINING_QUEUE_MAX}
              </Text>
              <Button
                loading={mutation.isPending}
                onClick={() =>
                  void run({
                    call: 'startmatchrequest',
                    body: { donor_id: donorId, ...(portfolioId ? { portfolio_id: portfolioId } : {}) },
                  }).catch(() => {})
                }
              >
                Request a match
              </Button>
            </>
          )}
        </Group>
      </Paper>
    );
  }

  // Staff of another agency follow their own clients' requests (s.open); the donor's agency acts.
  if (!s.staff && s.open.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Match requests">
      {s.staff ? null : (
        <Text size="sm" mb="xs">
          The donor's agency confirms, queues or cancels these requests.
        </Text>
      )}
      <Table captionSide="top">
        <Table.Caption>Match requests</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Intended parent</Table.Th>
            <Table.Th scope="col">Agency</Table.Th>
            <Table.Th scope="col">Queue type</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Queue number</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.open.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>No open match requests.</Table.Td>
            </Table.Tr>
          ) : null}
          {s.open.map((m) => {
            const allowed = allowedMatchActions(m.status, s.staff ? 'staff' : 'other');
            return (
              <Table.Tr key={m.matchId}>
                <Table.Td>{parentName(m)}</Table.Td>
                <Table.Td>{m.ipAgencyName}</Table.Td>
                <Table.Td>{m.queueType}</Table.Td>
                <Table.Td>{m.status === 'Confirm' ? 'Waiting to Confirm' : m.status}</Table.Td>
                <Table.Td>{m.queuePosition ?? ''}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {STAFF_BUTTONS.filter((b) => allowed.includes(b.action)).map((b) => (
                      <Button
                        key={b.action}
                        size="xs"
                        variant={b.action === 'cancel' ? 'outline' : 'filled'}
                        color={b.action === 'cancel' ? 'red.9' : undefined}
                        aria-label={`${b.label} for ${parentName(m)}`}
                        disabled={mutation.isPending}
                        onClick={() => {
                          if (b.action === 'cancel') setCancelling(m);
                          else if (b.action === 'resolve') setResolving(m);
                          else if (b.action === 'accept_referral')
                            void run({
                              call: 'acceptreferralmatch',
                              body: { match_id: m.matchId, parent_id: m.parentId },
                            }).catch(() => {});
                          else if (b.call)
                            void run({ call: b.call, body: target(m) } as MatchCall).catch(() => {});
                        }}
                      >
                        {b.label}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {s.staff && client && !s.open.some((m) => m.parentId === client.id) ? (
        <Button
          mt="sm"
          size="xs"
          loading={mutation.isPending}
          onClick={() =>
            void run({
              call: 'startmatchrequest',
              body: {
                donor_id: donorId,
                parent_id: client.id,
                ...(portfolioId ? { portfolio_id: portfolioId } : {}),
              },
            }).catch(() => {})
          }
        >
          Request a match for {client.name}
        </Button>
      ) : null}
      <CancelDialog
        match={cancelling}
        busy={mutation.isPending}
        onClose={() => setCancelling(null)}
        onSubmit={(comment, setUnavailable) =>
          run({
            call: 'cancelmatch',
            body: { ...target(cancelling!), comment, set_unavailable: setUnavailable },
          }).then(toDonations)
        }
      />
      <DonationDialog
        match={resolving}
        busy={mutation.isPending}
        onClose={() => setResolving(null)}
        onSubmit={(form) =>
          run({
            call: 'resolvematchprocess',
            body: {
              ...form,
              donorId,
              parent_id: resolving!.parentId,
              parent_name: parentName(resolving!),
            },
          }).then(toDonations)
        }
      />
    </Paper>
  );
}
