import { MSG, type NotificationItem, type NotificationList } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { bellLabel, NotificationBell } from './NotificationBell';
import NotificationsPage from './NotificationsPage';
import UnsubscribePage from './UnsubscribePage';

// Catch the handlers the screens register with the socket client (the rest of it stays real).
const live = vi.hoisted(() => ({
  event: new Map<string, (data: unknown) => void>(),
  reconnect: [] as (() => void)[],
}));
vi.mock('../../lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/realtime')>()),
  useRealtimeEvent: (name: string, handler: (data: unknown) => void) => {
    live.event.set(name, handler);
  },
  useRealtimeReconnect: (handler: () => void) => {
    live.reconnect.push(handler);
  },
}));
beforeEach(() => {
  live.event.clear();
  live.reconnect.length = 0;
});

const parent = sessionUser({ userId: 5, username: 'parent@demo.test', role: 9 });

const item = (over: Partial<NotificationItem>): NotificationItem => ({
  id: 1,
  kind: 'portfolio_shared',
  text: 'Morgan Manager shared the portfolio Spring picks with you',
  link: '/previewshortlist/3',
  chatId: null,
  sharedBy: 2,
  sharedByName: 'Morgan Manager',
  read: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const LIST: NotificationList = {
  items: [item({}), item({ id: 2, text: 'Short one', read: true, link: null })],
  unread: 1,
};

describe('NotificationBell', () => {
  it('names the unread count, previews at 35 characters, reads all', async () => {
    let unread = 1;
    const { requests } = renderPage(<NotificationBell />, {
      api: {
        me: ok(parent),
        getnotifications: () => ok({ ...LIST, unread }),
        readnotification: () => {
          unread = 0;
          return ok({ unread: 0 }, MSG.NOTIFICATIONS_READ);
        },
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Latest notifications' });
    expect(within(dialog).getByText('Morgan Manager shared the portfolio...')).toBeTruthy();
    expect(within(dialog).getByText('Short one')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'See all notifications' }).getAttribute('href'),
    ).toContain('/notifications');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read all' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'readnotification')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
  });

  it('follows the pushed unread count and refetches on reconnect (no polling)', async () => {
    let unread = 1;
    const { requests } = renderPage(<NotificationBell />, {
      api: { me: ok(parent), getnotifications: () => ok({ ...LIST, unread }) },
    });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    unread = 4;
    act(() => live.event.get('notification')!({ unread: 4 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
    const asked = requests.filter((r) => r.name === 'getnotifications').length;
    act(() => {
      for (const h of live.reconnect) h();
    });
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'getnotifications').length).toBeGreaterThan(asked),
    );
  });

  it('labels', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });
});

describe('NotificationsPage', () => {
  it('filters by period, reads one, archives, reads all', async () => {
    const { requests } = renderPage(<NotificationsPage />, {
      api: {
        me: ok(parent),
        getnotifications: ok(LIST),
        'getnotifications/week': ok({ items: [item({ id: 9, text: 'This week' })], unread: 1 }),
        'getnotifications/month': ok({ items: [], unread: 1 }),
        'readnotificationbyid/1': ok(LIST),
        archivenotification: ok({ unread: 0 }, MSG.NOTIFICATION_ARCHIVED),
        readnotification: ok({ unread: 0 }, MSG.NOTIFICATIONS_READ),
      },
    });
    expect(await screen.findByText('Morgan Manager shared the portfolio Spring picks with you')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Mark read: Morgan/ }));
    await waitFor(() => expect(requests.some((r) => r.name === 'readnotificationbyid/1')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Archive: Short one' }));
    await waitFor(() => {
      const r = requests.find((x) => x.name === 'archivenotification');
      expect(r?.body).toEqual({ notification_id: 2 });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read all' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'readnotification')).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(await screen.findByText('This week')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Last month' }));
    expect(await screen.findByText('No notifications in this period.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'From the beginning' })).toBeTruthy();
  });
});

describe('UnsubscribePage', () => {
  it('asks first, then sends id and user name and shows the neutral answer', async () => {
    const { requests } = renderPage(<UnsubscribePage />, {
      route: '/unsubscribe/5/parent%40demo.test/Pat',
      path: '/unsubscribe/:userid/:username/:fname?/:lname?',
      api: { unsubscribe: ok(null, MSG.UNSUBSCRIBED) },
    });
    expect(await screen.findByText(/Hello Pat/)).toBeTruthy();
    expect(requests.some((r) => r.name === 'unsubscribe')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off notification e-mails' }));
    expect(await screen.findByText(MSG.UNSUBSCRIBED)).toBeTruthy();
    expect(requests.find((r) => r.name === 'unsubscribe')?.body).toEqual({
      userid: 5,
      username: 'parent@demo.test',
    });
  });
});
