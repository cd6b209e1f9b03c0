import { donorDisplayId, emailSchema, MSG, type PortfolioDonor, pagePath } from '@dm/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { formatHeight } from '../../components/donor/format';
import { useManagers } from '../../components/donor/queries';
import { ListTable } from '../../components/ListTable';
import { ApiError } from '../../lib/api-error';
import { useFormSubmit, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { STATUS_COLOR } from './PortfolioListPage';
import {
  fetchStatus,
  notifyClient,
  portfolioKeys,
  removeDonor,
  saveOrder,
  shareWithClient,
  shareWithManager,
  unshareWithManager,
  usePortfolio,
  useSharedTo,
} from './queries';

const shareWithClientForm = z.object({ to: emailSchema, message: z.string() });
const SHARE_WITH_CLIENT = { to: '', message: '' };
const shareWithManagerForm = z.object({
  to: z.string(MSG.SELECT_MANAGER).min(1, MSG.SELECT_MANAGER),
  message: z.string(),
});
const SHARE_WITH_MANAGER = { to: null as string | null, message: '' };

function ShareWithClientDialog({
  id,
  opened,
  onClose,
}: {
  id: number;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { form } = useZodForm(shareWithClientForm, SHARE_WITH_CLIENT);
  // What was typed stays for the next opening; the last refusal does not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    if (opened) form.clearErrors();
  }, [opened]);
  const share = useFormSubmit(
    form,
    async (values) => {
      try {
        await shareWithClient(id, emailSchema.parse(values.to), values.message);
      } catch (e) {
        // The portfolio has a client already: the page shows it.
        if (e instanceof ApiError && e.message === MSG.PORTFOLIO_HAS_CLIENT) {
          void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
        }
        throw e;
      }
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    },
    // Every refusal shows under the e-mail.
    { onDone: onClose, fieldFor: () => 'to' },
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Share portfolio with the client">
      <form onSubmit={form.onSubmit(share.submit)}>
        <Stack>
          <TextInput
            label="Client e-mail"
            type="email"
            required
            data-autofocus
            {...form.getInputProps('to')}
          />
          <Textarea label="Message" {...form.getInputProps('message')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Share</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ShareWithManagersDialog({
  id,
  opened,
  onClose,
}: {
  id: number;
  opened: boolean;
  onClose: () => void;
}) {
  const managers = useManagers(opened);
  const shared = useSharedTo(id, opened);
  const queryClient = useQueryClient();
  const { form } = useZodForm(shareWithManagerForm, SHARE_WITH_MANAGER);
  const refresh = () => queryClient.invalidateQueries({ queryKey: portfolioKeys.shared(id) });
  const share = useFormSubmit(
    form,
    async (values) => {
      await shareWithManager(id, Number(values.to), values.message);
      form.setValues(SHARE_WITH_MANAGER);
      await refresh();
    },
    // Every refusal shows under the case manager.
    { fieldFor: () => 'to' },
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Share portfolio with case managers">
      <Stack>
        <Select
          label="Case manager"
          placeholder="Choose a case manager"
          data={(managers.data ?? []).map((m) => ({ value: String(m.userId), label: m.name }))}
          {...form.getInputProps('to')}
          searchable
        />
        <Textarea label="Message to the case manager" {...form.getInputProps('message')} />
        <Group justify="flex-end">
          <Button onClick={() => form.onSubmit(share.submit)()}>Share with case manager</Button>
        </Group>
        <Title order={2} fz="h5">
          Shared with
        </Title>
        {(shared.data ?? []).length === 0 ? (
          <Text c="dimmed">Not shared with other case managers.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {shared.data!.map((s) => (
              <Group component="li" key={s.userId} justify="space-between">
                <Text>{s.name}</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => void unshareWithManager(id, s.userId).then(refresh, () => {})}
                >
                  Stop sharing with {s.name}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** /shortlist/{id}: a case manager edits a portfolio: order (drag, or move up/down), remove, share. */
export default function PortfolioEditPage() {
  const id = Number(useParams().id);
  const detail = usePortfolio(id, 'populate');
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<PortfolioDonor[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'client' | 'managers' | null>(null);
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    if (detail.data) setOrder(detail.data.donors);
  }, [detail.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all });

  /** Saves a new order; when no row changes, the portfolio moved on: re-check the status and revert. */
  const commit = async (next: PortfolioDonor[], previous: PortfolioDonor[], moved: PortfolioDonor) => {
    setOrder(next);
    try {
      const { affectedRows } = await saveOrder(
        id,
        next.map((d) => d.donorId),
      );
      if (affectedRows === 0) {
        setOrder(previous);
        const { status } = await fetchStatus(id);
        notify('warning', status === 'Submitted' ? MSG.PORTFOLIO_SUBMITTED_ERROR : MSG.GENERIC_GET_FAILURE);
        await refresh();
        return;
      }
      setAnnounce(`Donor ${donorDisplayId(moved)} moved to position ${next.indexOf(moved) + 1}.`);
    } catch {
      setOrder(previous);
    }
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    void commit(next, order, item!);
  };
  const confirmRemove = (d: PortfolioDonor) =>
    modals.openConfirmModal({
      title: 'Remove donor',
      children: <Text>Remove donor {donorDisplayId(d)} from this portfolio?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void removeDonor(id, d.donorId).then(refresh, () => {}),
    });

  if (detail.isPending) {
    return (
      <Center h="40vh">
        <Loader aria-label="Loading portfolio" />
      </Center>
    );
  }
  if (detail.isError) {
    return <Alert color="red">{MSG.NO_PORTFOLIO_FOUND}</Alert>;
  }
  const p = detail.data.portfolio;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {p.name}
          </Title>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[p.status]} variant="light" c="black">
              {p.status}
            </Badge>
            <Text fz="sm">
              {order.length} of {detail.data.donorLimit} donors · Client: {p.clientName ?? 'not assigned'}
            </Text>
          </Group>
        </Stack>
        <Group>
          <Button component={Link} to={pagePath('previewshortlist', { id })} variant="default">
            Preview
          </Button>
          <Button component={Link} to={pagePath('search')} variant="default">
            Add donors from search
          </Button>
          <Button onClick={() => setDialog('client')}>Share with client</Button>
          <Button variant="default" onClick={() => setDialog('managers')}>
            Share with case managers
          </Button>
          {p.clientId ? (
            <Button variant="default" onClick={() => void notifyClient(id).catch(() => {})}>
              Notify client of changes
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text fz="sm" c="dimmed">
        Drag a row to reorder, or use the move up and move down buttons.
      </Text>
      <div aria-live="polite" className="visually-hidden" style={{ position: 'absolute', left: -10000 }}>
        {announce}
      </div>
      {order.length === 0 ? (
        <Alert color="yellow">
          There are no donors in this portfolio yet. Add some from the search page.
        </Alert>
      ) : (
        <ListTable
          minWidth={720}
          caption={`Donors in ${p.name}`}
          columns={[
            { key: 'position', label: 'Position', render: (d) => order.indexOf(d) + 1 },
            {
              key: 'donor',
              label: 'Donor',
              render: (d) => (
                <Link to={pagePath('donordetails', { id: d.donorId })}>
                  {donorDisplayId(d)}
                  {d.firstName ? ` · ${d.firstName}` : ''}
                </Link>
              ),
            },
            { key: 'age', label: 'Age', render: (d) => d.age ?? '-' },
            { key: 'height', label: 'Height', render: (d) => formatHeight(d.heightCm) },
            { key: 'availability', label: 'Availability', render: (d) => d.availability },
            { key: 'feedback', label: 'Feedback', render: (d) => d.feedback ?? '-' },
          ]}
          rows={order}
          rowKey={(d) => d.donorId}
          empty={null}
          tableProps={{ striped: false, highlightOnHover: false }}
          rowProps={(_, index) => ({
            draggable: true,
            onDragStart: () => setDragging(index),
            onDragOver: (e) => e.preventDefault(),
            onDrop: (e) => {
              e.preventDefault();
              if (dragging !== null) move(dragging, index);
              setDragging(null);
            },
            style: { cursor: 'grab' },
          })}
          actions={{
            render: (d) => {
              const index = order.indexOf(d);
              const label = donorDisplayId(d);
              return (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={`Move donor ${label} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Move donor ${label} down`}
                    disabled={index === order.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </ActionIcon>
                  <Button size="xs" variant="light" color="red" onClick={() => confirmRemove(d)}>
                    Remove {label}
                  </Button>
                </Group>
              );
            },
          }}
        />
      )}
      <ShareWithClientDialog id={id} opened={dialog === 'client'} onClose={() => setDialog(null)} />
      <ShareWithManagersDialog id={id} opened={dialog === 'managers'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
