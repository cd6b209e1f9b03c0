import {
  NOTIFICATION_RANGE_LABELS,
  NOTIFICATION_RANGES,
  type NotificationItem,
  type NotificationRange,
  PAGES,
} from '@dm/shared';
import { Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { formatDateTime } from '../../lib/dates';
import {
  useArchiveNotification,
  useLiveNotifications,
  useNotifications,
  useReadAllNotifications,
  useReadNotification,
} from './queries';

const columns: Column<NotificationItem>[] = [
  {
    key: 'text',
    label: 'Notification',
    rowHeader: true,
    render: (n) => (
      <Text fz="sm" fw={n.read ? 400 : 600}>
        {n.text}
      </Text>
    ),
  },
  { key: 'from', label: 'From', render: (n) => n.sharedByName || '—', sortValue: (n) => n.sharedByName },
  {
    key: 'createdAt',
    label: 'Date',
    sortable: true,
    render: (n) => formatDateTime(n.createdAt),
    sortValue: (n) => n.createdAt,
  },
  {
    key: 'status',
    label: 'Status',
    render: (n) =>
      n.read ? (
        <Badge color="gray" variant="light">
          Read
        </Badge>
      ) : (
        <Badge color="violet">Unread</Badge>
      ),
  },
];

/** /notifications: the caller's notifications by date filter; open, read one, read all, archive. */
export default function NotificationsPage() {
  useLiveNotifications();
  const [range, setRange] = useState<NotificationRange>('all');
  const list = useNotifications(range);
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const archive = useArchiveNotification();
  const navigate = useNavigate();
  const items = list.data?.items ?? [];
  const table = useClientList(items, columns, { sort: 'createdAt', ord: 'desc', pageSize: 20 });

  const open = (n: NotificationItem) => {
    if (!n.read) readOne.mutate(n.id);
    if (n.link) navigate(n.link);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES.notifications.title}
        </Title>
        <Button
          variant="light"
          onClick={() => readAll.mutate()}
          disabled={(list.data?.unread ?? 0) === 0 || readAll.isPending}
        >
          Read all
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Show notifications of"
        value={range}
        onChange={(v) => setRange(v as NotificationRange)}
        data={NOTIFICATION_RANGES.map((r) => ({ value: r, label: NOTIFICATION_RANGE_LABELS[r] }))}
        w="fit-content"
      />
      <ListTable
        minWidth={640}
        caption={`Notifications, ${list.data?.unread ?? 0} unread`}
        columns={columns}
        rows={table.rows}
        rowKey={(n) => n.id}
        total={table.total}
        list={table}
        loading={list.isPending}
        empty="No notifications in this period."
        actions={{
          label: 'Actions',
          render: (n) => (
            <Group gap={4} wrap="nowrap">
              {n.link ? (
                <Button size="compact-xs" onClick={() => open(n)} aria-label={`Open: ${n.text}`}>
                  Open
                </Button>
              ) : null}
              {n.read ? null : (
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => readOne.mutate(n.id)}
                  aria-label={`Mark read: ${n.text}`}
                >
                  Mark read
                </Button>
              )}
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => archive.mutate(n.id)}
                aria-label={`Archive: ${n.text}`}
              >
                Archive
              </Button>
            </Group>
          ),
        }}
      />
    </Stack>
  );
}
