import { type DonorGridRow, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, sessionUser } from '../../test/render';
import { donorGridRow } from '../../test/rows';
import DonorMessagesPage from './DonorMessagesPage';
import ViewDonorPage from './ViewDonorPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });

const row: DonorGridRow = donorGridRow();

const gridApi = {
  me: ok(admin),
  getdonorbycenter: ok({ total: 1, rows: [row] }),
  checkagencyallowedintulip: ok({ allowed: true }),
};

describe('find a donor by id', () => {
  it('needs an id, opens the donor found and says when none has it', async () => {
    const { requests } = renderPage(<ViewDonorPage />, {
      api: {
        ...gridApi,
        searchdonorbyid: (r) =>
          r.query.get('id') === 'D-501' ? ok({ userId: 501, donorId: 'D-501' }) : fail(404, MSG.NOT_FOUND),
      },
    });
    await screen.findByText('Dana Donor');
    fireEvent.click(screen.getByRole('button', { name: 'Find donor' }));
    expect(await screen.findByText('Please enter Donor ID')).toBeTruthy();
    expect(requests.some((r) => r.name === 'searchdonorbyid')).toBe(false);
    const input = screen.getByRole('textbox', { name: 'Donor ID' });
    fireEvent.change(input, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find donor' }));
    expect(await screen.findByText('No donor has this ID.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'D-501' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find donor' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/donordetails/501'));
  });

  it("links an admin to the donor's messages", async () => {
    renderPage(<ViewDonorPage />, { api: gridApi });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for donor D-501' }));
    const link = await screen.findByRole('menuitem', { name: 'Messages' });
    expect(link.getAttribute('href')).toBe('/donormessages/501');
  });
});

describe('DonorMessagesPage', () => {
  it('lists the messages sent to the donor', async () => {
    const { requests } = renderPage(<DonorMessagesPage />, {
      route: '/donormessages/501',
      path: '/donormessages/:donorId',
      api: {
        me: ok(admin),
        'getusermessages/501': ok([
          {
            id: 2,
            status: 'Available',
            message: 'Welcome back',
            createdAt: '2026-02-01T00:00:00.000Z',
            sentBy: 'Ada Admin',
          },
        ]),
      },
    });
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(requests.some((r) => r.name === 'getusermessages/501')).toBe(true);
  });

  it("says so when the donor is not the caller's", async () => {
    renderPage(<DonorMessagesPage />, {
      route: '/donormessages/9',
      path: '/donormessages/:donorId',
      api: { me: ok(admin), 'getusermessages/9': fail(404, MSG.NOT_FOUND) },
    });
    expect(await screen.findByText(MSG.NOT_FOUND)).toBeTruthy();
  });
});
