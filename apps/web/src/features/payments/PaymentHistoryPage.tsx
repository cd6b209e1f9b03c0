import {
  BILL_KIND_LABEL,
  type BillRow,
  formatCents,
  type OfflinePaymentRow,
  PAGES,
  PAYMENT_PAGE_SIZE,
  ROLE,
} from '@dm/shared';
import { Button, Group, Modal, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { KeyValueTable } from '../../components/KeyValueTable';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { CsvExportButton } from './PaymentParts';
import { useAgencyBills, useOfflineDetails, useOfflinePayments } from './queries';

const BILL_COLUMNS: Column<BillRow>[] = [
  { key: 'createdAt', label: 'Date', sortable: true, render: (r) => formatDateTime(r.createdAt) },
  { key: 'name', label: 'Intended parent', sortable: true, render: (r) => `${r.name} (${r.username})` },
  { key: 'kind', label: 'Item', sortable: true, render: (r) => BILL_KIND_LABEL[r.kind] },
  { key: 'description', label: 'Description', render: (r) => r.description },
  {
    key: 'status',
    label: 'Status',
    sortable: true,
    render: (r) => `${r.status}${r.paidVia ? ` (${r.paidVia})` : ''}`,
  },
  { key: 'amount', label: 'Amount', sortable: true, render: (r) => formatCents(r.totalCents) },
];

/**
 * /payment-history (case managers and admins): the agency view lists the bills of the center's
 * intended parents (a case manager: her own clients); an admin of an agency with payment
 * functionality switches to the offline view (offline payments, with their details).
 */
export default function PaymentHistoryPage() {
  const { user } = useSession();
  const isAdmin = user?.role === ROLE.ADMIN;
  const offlineAllowed = isAdmin && user?.center.payments === true;
  const [view, setView] = useState<'agency' | 'offline'>('agency');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES['payment-history'].title}
        </Title>
        {offlineAllowed ? (
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(v) => setView(v as 'agency' | 'offline')}
            data={[
              { value: 'agency', label: 'Agency payments' },
              { value: 'offline', label: 'Offline payments' },
            ]}
          />
        ) : null}
      </Group>
      {view === 'offline' && offlineAllowed ? <OfflineView /> : <AgencyView forAdmin={isAdmin} />}
    </Stack>
  );
}

function AgencyView({ forAdmin }: { forAdmin: boolean }) {
  const list = useListQuery('createdAt', PAYMENT_PAGE_SIZE, 'desc');
  const body = { ...list.query, sort: list.query.sort as 'createdAt', for_admin: forAdmin };
  const bills = useAgencyBills(body);
  return (
    <Stack>
      <CsvExportButton endpoint="fetchagencycmbillcsv" body={body} file="payment-history.csv" />
      <ListTable
        minWidth={800}
        caption={forAdmin ? "Payments of the agency's intended parents" : 'Payments of your clients'}
        columns={BILL_COLUMNS}
        rows={bills.data?.rows ?? []}
        rowKey={(r) => r.id}
        total={bills.data?.count ?? 0}
        list={list}
        searchLabel="Search by parent name or e-mail"
        loading={bills.isPending}
      />
    </Stack>
  );
}

function OfflineView() {
  const list = useListQuery('paidOn', PAYMENT_PAGE_SIZE, 'desc');
  const body = { ...list.query, sort: list.query.sort as 'paidOn' };
  const rows = useOfflinePayments(body, true);
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<OfflinePaymentRow>[] = [
    { key: 'paidOn', label: 'Paid on', sortable: true, render: (r) => formatDate(r.paidOn) },
    { key: 'name', label: 'Intended parent', sortable: true, render: (r) => r.name },
    {
      key: 'kind',
      label: 'Item',
      render: (r) => `${BILL_KIND_LABEL[r.kind]}${r.matchId ? ` (match ${r.matchId})` : ''}`,
    },
    { key: 'mode', label: 'Mode', sortable: true, render: (r) => r.mode },
    { key: 'amount', label: 'Amount', sortable: true, render: (r) => formatCents(r.amountCents) },
    { key: 'recordedBy', label: 'Recorded by', render: (r) => r.recordedBy },
  ];
  return (
    <Stack>
      <CsvExportButton endpoint="fetchofflinepaymentscsv" body={body} file="offline-payments.csv" />
      <ListTable
        minWidth={800}
        caption="Offline payments"
        columns={columns}
        rows={rows.data?.rows ?? []}
        rowKey={(r) => r.id}
        total={rows.data?.count ?? 0}
        list={list}
        searchLabel="Search by parent name or e-mail"
        loading={rows.isPending}
        actions={{
          render: (r) => (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setOpen(r.id)}
              aria-label={`Details of the payment of ${r.name}`}
            >
              Details
            </Button>
          ),
        }}
      />
      <OfflineDetailsDialog id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function OfflineDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const details = useOfflineDetails(id);
  const d = details.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title="Offline payment">
      {d ? (
        <KeyValueTable
          caption="Offline payment details"
          rows={(
            [
              ['Intended parent', d.name],
              ['Item', BILL_KIND_LABEL[d.kind]],
              ['Match', d.matchId ? String(d.matchId) : '—'],
              ['Donor', d.donorDisplayId ?? '—'],
              ['Mode', d.mode],
              ['Paid on', formatDate(d.paidOn)],
              ['Amount', formatCents(d.amountCents)],
              ['Message', d.message],
              ['Recorded by', `${d.recordedBy}, ${formatDateTime(d.createdAt)}`],
            ] as const
          ).map(([label, value]) => ({ key: label, label, value }))}
        />
      ) : null}
    </Modal>
  );
}
