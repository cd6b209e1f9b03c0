import { BILL_KIND_LABEL, type BillRow, formatCents, pagePath, type SubscriptionStatus } from '@dm/shared';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from 'react-router';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { formatDate } from '../../lib/dates';
import { messageOf } from '../../lib/form';
import { useCancelAutoRenewal, useMemberBills, useReactivate, useSubscriptionDetails } from './queries';

const STATUS_LABEL: Record<SubscriptionStatus, string> = {
  incomplete: 'Incomplete',
  trialing: 'Free month',
  active: 'Active',
  past_due: 'Payment due',
  canceled: 'Ended',
};

const day = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10)) : '—');

const COLUMNS: Column<BillRow>[] = [
  {
    key: 'createdAt',
    label: 'Date',
    sortable: true,
    sortValue: (r) => r.createdAt,
    render: (r) => day(r.createdAt),
  },
  { key: 'description', label: 'Item', render: (r) => r.description || BILL_KIND_LABEL[r.kind] },
  { key: 'status', label: 'Status', render: (r) => r.status },
  {
    key: 'totalCents',
    label: 'Amount',
    sortable: true,
    sortValue: (r) => r.totalCents,
    render: (r) => formatCents(r.totalCents),
  },
];

/**
 * /editprofile/subscriptiondetails (primary clients of a center with payments): the membership's
 * status, next payment date and card, the bills, and auto-renewal: cancel (cancel_at_period_end
 * 1, after a confirmation) and reactivate (0). A refused change shows the server's message.
 */
export function SubscriptionTab() {
  const details = useSubscriptionDetails();
  const bills = useMemberBills();
  const cancel = useCancelAutoRenewal();
  const reactivate = useReactivate();
  const list = useClientList(bills.data ?? [], COLUMNS, { sort: 'createdAt', ord: 'desc', pageSize: 10 });
  if (!details.data) return <Loader aria-label="Loading" />;
  const sub = details.data.subscription;
  const failed = cancel.error ?? reactivate.error;
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel auto-renewal?',
      children: (
        <Text>
          Your membership stays active until the end of the current period and is not renewed after it.
        </Text>
      ),
      labels: { confirm: 'Cancel auto-renewal', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(),
    });
  return (
    <Stack maw={760}>
      {!sub ? (
        <Text>
          You have no premium membership yet.{' '}
          <Anchor component={Link} to={pagePath('paymentsubscription')}>
            Become a premium member
          </Anchor>
        </Text>
      ) : (
        <Stack gap="xs">
          <Group>
            <Text fw={700}>Premium membership</Text>
            <Badge color={sub.status === 'canceled' ? 'gray' : sub.status === 'past_due' ? 'red' : 'green'}>
              {STATUS_LABEL[sub.status]}
            </Badge>
          </Group>
          <Text size="sm">
            {formatCents(sub.priceCents)} per month
            {sub.cardLast4 ? `, paid with ${sub.cardBrand ?? 'card'} ending ${sub.cardLast4}` : ''}.
          </Text>
          {sub.nextPaymentDate ? (
            <Text size="sm">Next payment date: {day(sub.nextPaymentDate)}</Text>
          ) : sub.status !== 'canceled' ? (
            <Text size="sm">
              Auto-renewal is cancelled: your membership ends on {day(sub.currentPeriodEnd)}.
            </Text>
          ) : null}
          {failed ? (
            <Alert color="red" role="alert">
              {messageOf(failed)}
            </Alert>
          ) : null}
          {sub.status !== 'canceled' && sub.status !== 'incomplete' ? (
            <Group>
              {sub.cancelAtPeriodEnd ? (
                <Button onClick={() => reactivate.mutate()} loading={reactivate.isPending}>
                  Reactivate auto-renewal
                </Button>
              ) : (
                <Button color="red" variant="light" onClick={confirmCancel}>
                  Cancel auto-renewal
                </Button>
              )}
            </Group>
          ) : (
            <Anchor component={Link} to={pagePath('paymentsubscription')}>
              Subscribe again
            </Anchor>
          )}
        </Stack>
      )}
      <ListTable
        caption="Bills"
        columns={COLUMNS}
        rows={list.rows}
        rowKey={(r) => r.id}
        total={list.total}
        list={list}
        loading={bills.isPending}
      />
    </Stack>
  );
}
