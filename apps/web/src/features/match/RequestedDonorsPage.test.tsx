import { MATCH_MSG, type MatchPage, type MatchRow } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRoutes, sessionUser } from '../../test/render';
import RequestedDonorsPage from './RequestedDonorsPage';

/** A case manager of the donor agency (center 1). */
const manager = sessionUser({ userId: 3, username: 'manager@demo.test', role: 6, client: null });

/** A request from another agency's client (center 133) for one of center 1's donors. */
const row = (over: Partial<MatchRow> = {}): MatchRow => ({
  matchId: 7,
  donorId: 42,
  donorDisplayId: 'D-42',
  donorName: 'Ava Donor',
  donorAvailability: 'Under Review',
  donorCenterId: 1,
  parentId: 10,
  parentFirstName: 'Jordan',
  parentLastName: 'Parent',
  ipAgencyName: 'Other Agency',
  parentCenterId: 133,
  portfolioId: 5,
  queueType: 'Fresh',
  status: 'Confirm',
  queuePosition: 1,
  cancelReason: null,
  requestedAt: '2026-11-01T10:00:00.000Z',
  statusChangedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const GRID = 'getotheragenciesmatchrequestedip';
const page = (rows: MatchRow[]): MatchPage => ({ rows, total: rows.length });

/** The grid answers `before` until an action succeeded, `after` from then on. */
function grid(before: MatchRow[], after: MatchRow[], action: string, extra: StubRoutes = {}) {
  let acted = false;
  return renderPage(<RequestedDonorsPage />, {
    route: '/requested-donors-list',
    api: {
      me: ok(manager),
      [GRID]: () => ok(page(acted ? after : before)),
      [action]: () => {
        acted = true;
        return ok(row({ status: 'Active' }), 'Done');
      },
      ...extra,
    },
  });
}

const bodyRows = async () => {
  const table = await screen.findByRole('table', { name: /match/ });
  return within(table).getAllByRole('row').slice(1);
};

describe('the requested-donors grid', () => {
  it("gives each request the actions its status allows, and confirming one reloads the grid without the parent's other requests", async () => {
    const waiting = row();
    const sameParent = row({ matchId: 8, donorId: 43, donorDisplayId: 'D-43', queuePosition: 1 });
    const active = row({
      matchId: 9,
      donorId: 44,
      donorDisplayId: 'D-44',
      parentId: 11,
      parentFirstName: 'Sam',
      status: 'Active',
      queuePosition: null,
    });
    const { requests } = grid(
      [waiting, sameParent, active],
      [row({ status: 'Active' }), active],
      'confirmdonormatch',
    );
    const [w, , a] = await bodyRows();
    const inWaiting = within(w!);
    for (const name of ['Accept referral', 'Add to queue', 'Confirm match', 'Cancel match'])
      expect(
        inWaiting.getByRole('button', { name: `${name} for Jordan Parent with donor D-42` }),
      ).toBeTruthy();
    expect(inWaiting.queryByRole('button', { name: /Complete match/ })).toBeNull();
    const inActive = within(a!);
    for (const name of ['Complete match', 'Add donation details', 'Cancel match'])
      expect(inActive.getByRole('button', { name: `${name} for Sam Parent with donor D-44` })).toBeTruthy();
    expect(inActive.queryByRole('button', { name: /Confirm match/ })).toBeNull();

    fireEvent.click(
      inWaiting.getByRole('button', { name: 'Confirm match for Jordan Parent with donor D-42' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'confirmdonormatch')?.body).toEqual({
        donor_id: 42,
        parent_id: 10,
        queue_type: 'Fresh',
      }),
    );
    // The grid asks again and the parent's request on D-43 is gone.
    await waitFor(() => expect(screen.queryByRole('link', { name: /D-43/ })).toBeNull());
    expect(requests.filter((r) => r.name === GRID).length).toBeGreaterThanOrEqual(2);
    expect(
      screen.getByRole('button', { name: 'Complete match for Jordan Parent with donor D-42' }),
    ).toBeTruthy();
  });

  it('queues a request from its row', async () => {
    const { requests } = grid([row()], [row({ status: 'Queued' })], 'addipindonorqueue');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add to queue for Jordan Parent with donor D-42' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'addipindonorqueue')?.body).toEqual({
        donor_id: 42,
        parent_id: 10,
        queue_type: 'Fresh',
      }),
    );
    await waitFor(() => expect(screen.getByRole('cell', { name: 'Queued' })).toBeTruthy());
  });

  it('asks for the reason before cancelling a match, then reloads the grid and stays on it', async () => {
    const { requests } = grid([row()], [], 'cancelmatch');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Cancel match for Jordan Parent with donor D-42' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel match' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel match' }));
    expect(await within(dialog).findByText(MATCH_MSG.CANCEL_REASON)).toBeTruthy();
    expect(requests.some((r) => r.name === 'cancelmatch')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Moved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel match' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'cancelmatch')?.body).toEqual({
        donor_id: 42,
        parent_id: 10,
        queue_type: 'Fresh',
        comment: 'Moved',
        set_unavailable: false,
      }),
    );
    expect(await screen.findByText('No data found.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/requested-donors-list');
  });

  it("offers no actions on a row whose donor is not the caller's center's", async () => {
    grid([row({ donorCenterId: 85, donorName: '' })], [], 'confirmdonormatch');
    const [r] = await bodyRows();
    expect(within(r!).getByRole('cell', { name: 'Waiting to Confirm' })).toBeTruthy();
    expect(within(r!).queryAllByRole('button')).toEqual([]);
  });
});
