import { type SavedSearch, searchFilters } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import SavedSearchesPage from './SavedSearchesPage';

const search = (id: number, name: string, alert: boolean): SavedSearch => ({
  search_id: id,
  search_name: name,
  search_data: searchFilters.parse({}),
  updated_at: '2026-03-01T00:00:00.000Z',
  last_run_at: null,
  newDonors: 0,
  alert,
});

describe('SavedSearchesPage', () => {
  it('shows each search’s daily e-mail as a named switch and turns one off', async () => {
    const alerts = new Map([
      [1, true],
      [2, false],
    ]);
    const { requests } = renderPage(
      <ModalsProvider>
        <SavedSearchesPage />
      </ModalsProvider>,
      {
        api: {
          me: ok(sessionUser({ role: 6, username: 'manager@demo.test' })),
          savedsearches: () =>
            ok([search(1, 'Tall brunettes', alerts.get(1)!), search(2, 'Blue eyes', alerts.get(2)!)]),
          savedsearchalert: (r: StubRequest) => {
            const b = r.body as { search_id: number; alert: boolean };
            alerts.set(b.search_id, b.alert);
            return ok(b, 'The daily e-mail for this search is off.');
          },
        },
      },
    );
    expect(await screen.findByRole('columnheader', { name: /Daily e-mail of new matches/ })).toBeTruthy();
    const tall = screen.getByRole('switch', {
      name: 'E-mail me new matches daily: Tall brunettes',
    }) as HTMLInputElement;
    const blue = screen.getByRole('switch', {
      name: 'E-mail me new matches daily: Blue eyes',
    }) as HTMLInputElement;
    expect(tall.checked).toBe(true);
    expect(blue.checked).toBe(false);
    fireEvent.click(tall);
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'savedsearchalert')).toMatchObject({
        method: 'PUT',
        body: { search_id: 1, alert: false },
      }),
    );
    await waitFor(() =>
      expect(
        (
          screen.getByRole('switch', {
            name: 'E-mail me new matches daily: Tall brunettes',
          }) as HTMLInputElement
        ).checked,
      ).toBe(false),
    );
  });
});
