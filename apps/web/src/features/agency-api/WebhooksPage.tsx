import {
  createWebhookBody,
  PAGES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '@dm/shared';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { confirmDelete, RowActions } from '../../components/RowActions';
import { formatDateTime } from '../../lib/dates';
import { FormAlert, messageOf, useFormSubmit, useZodForm } from '../../lib/form';
import { AgencyScreen, useAgencyChoice } from '../email-templates/AgencyField';
import { useCreateWebhook, useDeliveries, useRemoveWebhook, useWebhooks } from './queries';
import { SecretOnce } from './SecretOnce';

const COLUMNS: Column<WebhookRow>[] = [
  {
    key: 'url',
    label: 'URL',
    rowHeader: true,
    sortable: true,
    sortValue: (w) => w.url,
    render: (w) => w.url,
  },
  { key: 'events', label: 'Events', render: (w) => w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ') },
  {
    key: 'created_at',
    label: 'Registered',
    sortable: true,
    sortValue: (w) => w.created_at,
    render: (w) => formatDateTime(w.created_at),
  },
  {
    key: 'counts',
    label: 'Delivered / failed / waiting',
    render: (w) => `${w.delivered} / ${w.failed} / ${w.pending}`,
  },
];

function CreateWebhookForm({
  centerId,
  onCreated,
}: {
  centerId: number;
  onCreated: (secret: string) => void;
}) {
  const { form, formRef, focusFirstError } = useZodForm(createWebhookBody, {
    url: '',
    events: [] as string[],
  });
  const create = useCreateWebhook(centerId);
  const submit = useFormSubmit(form, (values) => create.mutateAsync(createWebhookBody.parse(values)), {
    onDone: (created) => {
      form.reset();
      onCreated(created.secret);
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
      <Stack>
        <FormAlert message={submit.error} />
        <TextInput
          label="URL"
          description="An https:// address of your system."
          required
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label="Events" required {...form.getInputProps('events')}>
          <Group mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={submit.busy}>
            Register webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function outcomeOf(d: WebhookDeliveryRow): string {
  const last = d.attempts.at(-1);
  if (!last) return 'Not tried yet';
  return last.status_code !== null ? `HTTP ${last.status_code}` : (last.error ?? '');
}

function DeliveriesDialog({ webhook, onClose }: { webhook: WebhookRow; onClose: () => void }) {
  const deliveries = useDeliveries(webhook.id);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`Deliveries to ${webhook.url}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {deliveries.isPending ? (
        <Loader aria-label="Loading the deliveries" />
      ) : deliveries.isError ? (
        <Alert color="red" role="alert">
          {messageOf(deliveries.error)}
        </Alert>
      ) : deliveries.data.length === 0 ? (
        <Text>No deliveries yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Caption>The newest deliveries, each attempt's outcome</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Event</Table.Th>
                <Table.Th scope="col">Queued</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Attempts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Th scope="row">{WEBHOOK_EVENT_LABELS[d.event]}</Table.Th>
                  <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" c="black">
                      {d.status}
                    </Badge>{' '}
                    {outcomeOf(d)}
                  </Table.Td>
                  <Table.Td>
                    {d.attempts.map((a) => (
                      <Text key={a.at} fz="xs">
                        {`${formatDateTime(a.at)}: ${a.status_code ?? a.error} in ${a.duration_ms} ms`}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}

function WebhooksTable({ centerId, webhooks }: { centerId: number; webhooks: WebhookRow[] }) {
  const list = useClientList(webhooks, COLUMNS, { sort: 'created_at', ord: 'desc', pageSize: 20 });
  const remove = useRemoveWebhook(centerId);
  const [open, setOpen] = useState<WebhookRow | null>(null);
  return (
    <>
      <ListTable
        caption="Webhooks"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        list={list}
        rowKey={(w) => w.id}
        empty="No webhooks yet."
        actions={{
          render: (w) => (
            <RowActions
              actions={[
                {
                  label: 'Deliveries',
                  ariaLabel: `Deliveries to ${w.url}`,
                  variant: 'light',
                  onClick: () => setOpen(w),
                },
                {
                  label: 'Remove',
                  ariaLabel: `Remove webhook ${w.url}`,
                  danger: true,
                  onClick: () =>
                    confirmDelete({
                      title: 'Remove the webhook',
                      message: `No more events are sent to ${w.url}; its deliveries are deleted.`,
                      onConfirm: () => remove.mutate(w.id),
                    }),
                },
              ]}
            />
          ),
        }}
      />
      {open ? <DeliveriesDialog webhook={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/**
 * /webhooks (decision 028): the URLs a center's events are sent to, signed with a
 * secret shown once, and each delivery's outcome.
 */
export default function WebhooksPage() {
  const agency = useAgencyChoice();
  const webhooks = useWebhooks(agency.centerId);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <AgencyScreen
      title={PAGES.webhooks.title}
      intro="Your systems are told of donor status changes, new match requests and completed matches. Each delivery is a POST of JSON signed with the webhook's secret: the x-dm-signature header is v1= and the HMAC-SHA256 of the x-dm-timestamp header, a dot and the body. Failed deliveries are retried with growing waits."
      agency={agency}
      query={webhooks}
      what="the webhooks"
    >
      {(data, centerId) => (
        <>
          {secret ? (
            <SecretOnce title="The webhook's signing secret" secret={secret} onDone={() => setSecret(null)} />
          ) : null}
          <Paper withBorder p="md" component="section" aria-labelledby="new-webhook">
            <Title order={2} fz="h4" mb="sm" id="new-webhook">
              New webhook
            </Title>
            <CreateWebhookForm centerId={centerId} onCreated={setSecret} />
          </Paper>
          <WebhooksTable centerId={centerId} webhooks={data} />
        </>
      )}
    </AgencyScreen>
  );
}
