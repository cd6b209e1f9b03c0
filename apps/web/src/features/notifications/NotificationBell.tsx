import { NOTIFICATION_BELL_ITEMS, type NotificationItem, notificationPreview } from '@dm/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import {
  useLiveNotifications,
  useNotifications,
  useReadAllNotifications,
  useReadNotification,
} from './queries';

function BellIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/** The accessible name of the bell: what it is and how many are unread. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/**
 * The bell in the app header: the unread count (kept live by the server's 'notification' push),
 * a popover with the latest notifications cut at 35 characters, "Read all", and a link to the list.
 */
export function NotificationBell() {
  useLiveNotifications();
  const list = useNotifications('all');
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const unread = list.data?.unread ?? 0;
  const latest = (list.data?.items ?? []).slice(0, NOTIFICATION_BELL_ITEMS);

  const open = (n: NotificationItem) => {
    setOpened(false);
    if (!n.read) readOne.mutate(n.id);
    navigate(n.link ?? '/notifications');
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={bellLabel(unread)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
          pos="relative"
        >
          <BellIcon />
          {unread > 0 ? (
            <Badge
              size="xs"
              color="red"
              circle
              pos="absolute"
              top={-2}
              right={-4}
              aria-hidden="true"
              data-testid="bell-count"
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          ) : null}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600} id={titleId}>
              Latest notifications
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={unread === 0 || readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              Read all
            </Button>
          </Group>
          {latest.length === 0 ? (
            <Text fz="sm" c="gray.7">
              No notifications yet.
            </Text>
          ) : (
            latest.map((n) => (
              <UnstyledButton key={n.id} onClick={() => open(n)} p={4} className="focus-ring" title={n.text}>
                <Text fz="sm" fw={n.read ? 400 : 600}>
                  {n.read ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                  {notificationPreview(n.text)}
                </Text>
                <Text fz="xs" c="gray.7">
                  {formatDateTime(n.createdAt)}
                </Text>
              </UnstyledButton>
            ))
          )}
          <Anchor component={Link} to="/notifications" fz="sm" onClick={() => setOpened(false)}>
            See all notifications
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
