import type { MyQueue } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import MyMatchesPage from './MyMatchesPage';

const queue: MyQueue = {
  places: [
    {
      matchId: 1,
      donorId: 42,
      donorDisplayId: 'D-42',
      status: 'Confirm',
      queueType: 'Fresh',
      place: 2,
      of: 3,
    },
    {
      matchId: 2,
      donorId: 43,
      donorDisplayId: 'D-43',
      status: 'Active',
      queueType: 'Fresh',
      place: null,
      of: 1,
    },
  ],
  watches: [
    {
      donorId: 50,
      donorDisplayId: 'D-50',
      donorAvailability: 'Unavailable',
      queueType: 'Fresh',
      createdAt: '2026-11-01T10:00:00.000Z',
      notifiedAt: null,
    },
  ],
};

describe('MyMatchesPage', () => {
  it("lists the parent's places and watched donors, and turns a watch off", async () => {
    const { requests } = renderPage(<MyMatchesPage />, {
      api: {
        me: ok(sessionUser()),
        myqueue: ok(queue),
        donorwatch: ok({ donorId: 50, notify: false }),
      },
    });
    const places = await screen.findByRole('table', { name: 'Your open match requests' });
    expect(within(places).getByText('2nd of 3 in the fresh queue')).toBeTruthy();
    expect(within(places).getByText('In cycle with you')).toBeTruthy();
    expect(within(places).getByText('Waiting to Confirm')).toBeTruthy();
    const watches = screen.getByRole('table', { name: 'Donors you asked us to watch' });
    expect(within(watches).getByText('Not yet')).toBeTruthy();
    const toggle = within(watches).getByRole('switch', { name: 'Notify me when donor D-50 is available' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'donorwatch')).toMatchObject({
        method: 'PUT',
        body: { donor_id: 50, notify: false },
      }),
    );
  });

  it('says so when there is nothing', async () => {
    renderPage(<MyMatchesPage />, {
      api: { me: ok(sessionUser()), myqueue: ok({ places: [], watches: [] }) },
    });
    expect(await screen.findByText('You have no open match requests.')).toBeTruthy();
    expect(screen.getByText(/You watch no donors/)).toBeTruthy();
  });
});
