import { DONATIONS_REDIRECT_MS, type DonorMatchStatus, MATCH_MSG, type MatchRow, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRoutes, sessionUser } from '../../test/render';
import { MatchActions } from './MatchActions';

const manager = sessionUser({ userId: 3, username: 'manager@demo.test', role: 6, client: null });
const client = sessionUser();

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
  ipAgencyName: 'Test Agency',
  parentCenterId: 1,
  portfolioId: null,
  queueType: 'Fresh',
  status: 'Confirm',
  queuePosition: 1,
  cancelReason: null,
  requestedAt: '2026-11-01T10:00:00.000Z',
  statusChangedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const status = (over: Partial<DonorMatchStatus> = {}): DonorMatchStatus => ({
  donorId: 42,
  donorAvailability: 'Available',
  donorType: 'Fresh',
  remainingQueue: 3,
  frozenRemainingQueue: 3,
  staff: false,
  own: null,
  open: [],
  ...over,
});

const page = (api: StubRoutes, portfolioId?: number) =>
  renderPage(<MatchActions donorId={42} portfolioId={portfolioId} />, { api });

describe('MatchActions', () => {
  it('lets a client request a match, from a portfolio', async () => {
    const { requests } = page(
      {
        me: ok(client),
        'getdonormatchstatus/42': ok(status()),
        startmatchrequest: ok(row(), MATCH_MSG.REQUESTED),
      },
      5,
    );
    expect(await screen.findByText('Remaining queue: 3 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request a match' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'startmatchrequest')?.body).toEqual({
        donor_id: 42,
        portfolio_id: 5,
      }),
    );
    expect(screen.queryByRole('button', { name: /Confirm match/ })).toBeNull();
  });

  it('offers a client notify-me on an unavailable donor and switches it on', async () => {
    const { requests } = page({
      me: ok(client),
      'getdonormatchstatus/42': ok(status({ donorAvailability: 'Unavailable', remainingQueue: 3 })),
      'donorqueue/42': ok({ place: null, watching: false, takesRequests: false }),
      donorwatch: ok(
        { donorId: 42, notify: true },
        'We will tell you when this donor takes match requests again.',
      ),
    });
    const notify = await screen.findByRole('switch', { name: /Notify me when this donor is available/ });
    expect((notify as HTMLInputElement).checked).toBe(false);
    fireEvent.click(notify);
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'donorwatch')).toMatchObject({
        method: 'PUT',
        body: { donor_id: 42, notify: true },
      }),
    );
  });

  it('offers no notify-me on a donor who takes requests', async () => {
    page({
      me: ok(client),
      'getdonormatchstatus/42': ok(status()),
      'donorqueue/42': ok({ place: null, watching: false, takesRequests: true }),
    });
    expect(await screen.findByRole('button', { name: 'Request a match' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Remaining queue: 3 of 3')).toBeTruthy());
    expect(screen.queryByRole('switch', { name: /Notify me/ })).toBeNull();
  });

  it('shows a client their waiting request with its queue number and lets them cancel it', async () => {
    const { requests } = page({
      me: ok(client),
      'getdonormatchstatus/42': ok(status({ own: row({ queuePosition: 2 }) })),
      // Her place as the server computes it: her own place and the length, nobody else.
      'donorqueue/42': ok({
        place: {
          matchId: 7,
          donorId: 42,
          donorDisplayId: 'D-42',
          status: 'Confirm',
          queueType: 'Fresh',
          place: 2,
          of: 3,
        },
        watching: false,
        takesRequests: false,
      }),
      canceldonorrequesttomatch: ok(row({ status: 'Cancel Request' })),
    });
    expect(await screen.findByText(/Your place: 2nd of 3 in the fresh queue/)).toBeTruthy();
    // A parent who waits for the donor is not offered notify-me.
    expect(screen.queryByRole('switch', { name: /Notify me/ })).toBeNull();
    expect(screen.getByText('Waiting to Confirm')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a match' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'canceldonorrequesttomatch')?.body).toMatchObject({
        donor_id: 42,
        parent_id: 10,
      }),
    );
  });

  it('offers a client no cancel once the match is active', async () => {
    page({ me: ok(client), 'getdonormatchstatus/42': ok(status({ own: row({ status: 'Active' }) })) });
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('shows staff the buttons each match state allows', async () => {
    const { requests } = page({
      me: ok(manager),
      'getdonormatchstatus/42': ok(
        status({
          staff: true,
          open: [
            row(),
            row({ matchId: 8, parentId: 11, parentFirstName: 'Sam', status: 'Active', queuePosition: null }),
          ],
        }),
      ),
      confirmdonormatch: ok(row({ status: 'Active' }), MATCH_MSG.CONFIRMED),
    });
    const table = await screen.findByRole('table', { name: 'Match requests' });
    const [, waiting, active] = within(table).getAllByRole('row');
    const w = within(waiting!);
    for (const name of ['Accept referral', 'Add to queue', 'Confirm match', 'Cancel match'])
      expect(w.getByRole('button', { name: `${name} for Jordan Parent` })).toBeTruthy();
    expect(w.queryByRole('button', { name: /Complete match/ })).toBeNull();
    const a = within(active!);
    for (const name of ['Complete match', 'Add donation details', 'Cancel match'])
      expect(a.getByRole('button', { name: `${name} for Sam Parent` })).toBeTruthy();
    expect(a.queryByRole('button', { name: /Confirm match/ })).toBeNull();
    fireEvent.click(w.getByRole('button', { name: 'Confirm match for Jordan Parent' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'confirmdonormatch')?.body).toEqual({
        donor_id: 42,
        parent_id: 10,
        queue_type: 'Fresh',
      }),
    );
  });

  it('asks staff for a reason before cancelling, and sends set_unavailable', async () => {
    const { requests } = page({
      me: ok(manager),
      'getdonormatchstatus/42': ok(status({ staff: true, open: [row()] })),
      cancelmatch: ok(row({ status: 'Cancel Request' }), MATCH_MSG.CANCELLED),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel match for Jordan Parent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel match' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel match' }));
    expect(await within(dialog).findByText(MATCH_MSG.CANCEL_REASON)).toBeTruthy();
    expect(requests.some((r) => r.name === 'cancelmatch')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Moved' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Make the donor unavailable' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel match' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'cancelmatch')?.body).toMatchObject({
        donor_id: 42,
        parent_id: 10,
        comment: 'Moved',
        set_unavailable: true,
      }),
    );
    // The page moves to the donor's past donations 2 s later, not at once.
    const startedAt = Date.now();
    expect(screen.getByTestId('location').textContent).toBe('/');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/donordetails/42/0/5'), {
      timeout: 4000,
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DONATIONS_REDIRECT_MS - 200);
  });

  it('needs the mandatory donation details before completing an active match', async () => {
    const { requests } = page({
      me: ok(manager),
      'getdonormatchstatus/42': ok(status({ staff: true, open: [row({ status: 'Active' })] })),
      resolvematchprocess: ok(row({ status: 'Completed' }), MATCH_MSG.RESOLVED),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add donation details for Jordan Parent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add donation details' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save donation details' }));
    expect(await within(dialog).findByText(MSG.MANDATORY)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name of clinic/ }), {
      target: { value: 'Bright' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Cycle date/), { target: { value: '2026-05-01' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Eggs retrieved/ }), {
      target: { value: '12' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save donation details' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'resolvematchprocess')?.body).toMatchObject({
        donorId: 42,
        parent_id: 10,
        name_of_clinic: 'Bright',
        cycle_date: '2026-05-01',
        eggs_retrieved: 12,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/donordetails/42/0/5'), {
      timeout: 4000,
    });
  });

  it('shows nothing to staff of another center', async () => {
    const { container } = page({ me: ok(manager), 'getdonormatchstatus/42': ok(status({ staff: false })) });
    await waitFor(() => expect(screen.queryByLabelText('Loading match status')).toBeNull());
    expect(container.querySelector('section')).toBeNull();
  });

  it("shows the portfolio's case manager her client's request on another agency's donor, without that agency's actions", async () => {
    renderPage(<MatchActions donorId={42} portfolioId={5} client={{ id: 10, name: 'Jordan Parent' }} />, {
      api: {
        me: ok(sessionUser({ userId: 4, username: 'manager133@demo.test', role: 6, client: null })),
        'getdonormatchstatus/42': ok(
          status({ staff: false, open: [row({ donorName: '', parentCenterId: 133, portfolioId: 5 })] }),
        ),
      },
    });
    const table = await screen.findByRole('table', { name: 'Match requests' });
    const [, request] = within(table).getAllByRole('row');
    expect(within(request!).getByRole('cell', { name: 'Jordan Parent' })).toBeTruthy();
    expect(within(request!).getByRole('cell', { name: 'Waiting to Confirm' })).toBeTruthy();
    expect(screen.getByText("The donor's agency confirms, queues or cancels these requests.")).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it("lets staff start a request for the portfolio's client, once", async () => {
    const { requests } = renderPage(
      <MatchActions donorId={42} portfolioId={5} client={{ id: 10, name: 'Jordan Parent' }} />,
      {
        api: {
          me: ok(manager),
          'getdonormatchstatus/42': ok(status({ staff: true })),
          startmatchrequest: ok(row(), MATCH_MSG.REQUESTED),
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Request a match for Jordan Parent' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'startmatchrequest')?.body).toEqual({
        donor_id: 42,
        parent_id: 10,
        portfolio_id: 5,
      }),
    );
  });

  it('offers staff no second request while the client already has one open', async () => {
    renderPage(<MatchActions donorId={42} client={{ id: 10, name: 'Jordan Parent' }} />, {
      api: { me: ok(manager), 'getdonormatchstatus/42': ok(status({ staff: true, open: [row()] })) },
    });
    await screen.findByRole('button', { name: 'Confirm match for Jordan Parent' });
    expect(screen.queryByRole('button', { name: /Request a match for/ })).toBeNull();
  });
});
