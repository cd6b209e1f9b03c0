import {
  BILL_KIND_LABEL,
  DEFAULT_OFFLINE_MODE,
  formatCents,
  OFFLINE_PAYMENT_MODES,
  offlineDateAllowed,
  offlinePaymentBody,
  PAGES,
  PAYMENT_MSG,
  PAYMENT_PAGE_SIZE,
  type UnpaidInvoiceRow,
} from '@dm/shared';
import { Button, Modal, Select, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { formatDate } from '../../lib/dates';
import {
  allOf,
  checksSchema,
  FormActions,
  FormAlert,
  useFormSubmit,
  useResetOnOpen,
  useZodForm,
} from '../../lib/form';
import { CsvExportButton } from './PaymentParts';
import { useRecordOfflinePayment, useUnpaidInvoices } from './queries';

type Side = 'ip' | 'donor';
const ENDPOINT: Record<Side, string> = {
  ip: 'fetchunpaidinvoicesbyipcentercsv',
  donor: 'fetchunpaidinvoicescsv',
};

/**
 * /unpaid-invoices (agencies with payment functionality): unpaid match processing fees and open
 * membership bills of the agency's intended parents, and the unpaid fees of matches with its
 * donors. An admin records an offline payment of her own parents' invoices.
 */
export default function UnpaidInvoicesPage() {
  const [side, setSide] = useState<Side>('ip');
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES['unpaid-invoices'].title}
      </Title>
      <Tabs value={side} onChange={(v) => setSide((v as Side) ?? 'ip')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="ip">Our intended parents</Tabs.Tab>
          <Tabs.Tab value="donor">Matches with our donors</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ip" pt="md">
          <InvoiceList side="ip" />
        </Tabs.Panel>
        <Tabs.Panel value="donor" pt="md">
          <InvoiceList side="donor" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function InvoiceList({ side }: { side: Side }) {
  const list = useListQuery('dueAt', PAYMENT_PAGE_SIZE, 'desc');
  const body = { ...list.query, sort: list.query.sort as 'dueAt' };
  const invoices = useUnpaidInvoices(side, body);
  const [paying, setPaying] = useState<UnpaidInvoiceRow | null>(null);
  const columns: Column<UnpaidInvoiceRow>[] = [
    { key: 'dueAt', label: 'Due since', sortable: true, render: (r) => formatDate(r.dueAt.slice(0, 10)) },
    { key: 'name', label: 'Intended parent', sortable: true, render: (r) => `${r.name} (${r.username})` },
    { key: 'kind', label: 'Item', sortable: true, render: (r) => BILL_KIND_LABEL[r.kind] },
    {
      key: 'match',
      label: 'Match',
      render: (r) =>
        r.matchId ? `${r.matchId}${r.donorDisplayId ? `, donor ${r.donorDisplayId}` : ''}` : '—',
    },
    { key: 'amount', label: 'Amount', sortable: true, render: (r) => formatCents(r.amountCents) },
  ];
  return (
    <Stack>
      <CsvExportButton endpoint={ENDPOINT[side]} body={body} file="unpaid-invoices.csv" />
      <ListTable
        minWidth={800}
        caption={
          side === 'ip'
            ? "Unpaid invoices of the agency's intended parents"
            : "Unpaid fees of matches with the agency's donors"
        }
        columns={columns}
        rows={invoices.data?.rows ?? []}
        rowKey={(r) => r.key}
        total={invoices.data?.count ?? 0}
        list={list}
        searchLabel="Search by parent, e-mail or donor"
        loading={invoices.isPending}
        actions={{
          render: (r) =>
            r.canPayOffline ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => setPaying(r)}
                aria-label={`Record an offline payment of ${r.name}`}
              >
                Paid offline
              </Button>
            ) : null,
        }}
      />
      <OfflinePaymentDialog invoice={paying} onClose={() => setPaying(null)} />
    </Stack>
  );
}

const today = () => new Date().toLocaleDateString('en-CA');

/** The route's schema, and the date from about 30 years back up to today (the viewer's today). */
const OFFLINE_FORM = allOf(
  checksSchema<{ payment_date: string }>((v) =>
    offlineDateAllowed(v.payment_date, today()) ? {} : { payment_date: PAYMENT_MSG.OFFLINE_DATE },
  ),
  offlinePaymentBody,
);

/** The offline payment of an invoice: mode (Cheque by default), date (up to today, 30 years back), message. */
function OfflinePaymentDialog({
  invoice,
  onClose,
}: {
  invoice: UnpaidInvoiceRow | null;
  onClose: () => void;
}) {
  const initial = useMemo(
    () => ({
      payment_mode: DEFAULT_OFFLINE_MODE as string,
      payment_date: today(),
      message: '',
      match_id: invoice?.matchId ?? null,
      bill_id: invoice?.billId ?? null,
    }),
    [invoice],
  );
  const { form } = useZodForm(OFFLINE_FORM, initial);
  useResetOnOpen(form, invoice !== null, initial);
  const record = useRecordOfflinePayment();
  const save = useFormSubmit(form, (values) => record.mutateAsync(offlinePaymentBody.parse(values)), {
    onDone: onClose,
  });
  return (
    <Modal opened={invoice !== null} onClose={onClose} title="Record an offline payment">
      {invoice ? (
        <form noValidate onSubmit={form.onSubmit(save.submit)}>
          <Stack>
            <Text size="sm">
              {BILL_KIND_LABEL[invoice.kind]} of {invoice.name}: {formatCents(invoice.amountCents)}
            </Text>
            <Select
              label="Payment mode"
              data={[...OFFLINE_PAYMENT_MODES]}
              allowDeselect={false}
              {...form.getInputProps('payment_mode')}
            />
            <TextInput
              label="Payment date"
              type="date"
              max={today()}
              aria-required
              {...form.getInputProps('payment_date')}
            />
            <Textarea label="Message" rows={3} aria-required {...form.getInputProps('message')} />
            <FormAlert message={save.error} />
            <FormActions onCancel={onClose} busy={save.busy} submitLabel="Record payment" />
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
