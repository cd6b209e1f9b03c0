import { type ConciergeRequest, type ConciergeState, MSG, MSG_CONCIERGE } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { ConciergeOffer } from './ConciergeOffer';
import ConciergeRequestsPage from './ConciergeRequestsPage';

const base = sessionUser({ status: 'Pre-Active' });
const consumer = { ...base, center: { ...base.center, payments: true, preActiveAccess: true } };
const STATE: ConciergeState = {
  requested: false,
  status: null,
  requestedAt: null,
  prefill: {
    firstname: 'Pat',
    lastname: 'Parent',
    email: 'parent@demo.test',
    contactno: '5550001234',
    newsletter: false,
    voicemail: true,
  },
};
const REQUESTED: ConciergeState = {
  ...STATE,
  requested: true,
  status: 'requested',
  requestedAt: '2026-11-20T10:00:00.000Z',
};

describe('ConciergeOffer', () => {
  it('opens the upgrade prefilled, enforces the mandatory fields and the privacy policy, then shows it requested', async () => {
    const { requests } = renderPage(<ConciergeOffer />, {
      api: {
        me: ok(consumer),
        checkconciergemembershiprequested: ok(STATE),
        upgradetoconciergemembership: ok(REQUESTED, MSG_CONCIERGE.REQUESTED),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to concierge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to the concierge membership' });
    const first = within(dialog).getByRole('textbox', { name: /First name/ }) as HTMLInputElement;
    expect(first.value).toBe('Pat');
    expect((within(dialog).getByRole('textbox', { name: /Contact number/ }) as HTMLInputElement).value).toBe(
      '(555) 000-1234',
    );
    expect(
      (within(dialog).getByRole('checkbox', { name: 'You may leave me a voicemail' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    const privacyLink = within(dialog).getByRole('link', { name: /privacy policy/ });
    expect(privacyLink.getAttribute('href')).toBe('#/privacy-policy');
    expect(privacyLink.getAttribute('target')).toBe('_blank');

    fireEvent.change(first, { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Contact number/ }), {
      target: { value: '' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the upgrade' }));
    expect(await within(dialog).findByText('Please enter First Name')).toBeTruthy();
    expect(within(dialog).getByText(MSG.FILL_CONTACT_NUMBER)).toBeTruthy();
    expect(within(dialog).getByText(MSG_CONCIERGE.PRIVACY)).toBeTruthy();
    expect(requests.some((r) => r.name === 'upgradetoconciergemembership')).toBe(false);

    fireEvent.change(first, { target: { value: 'Patricia' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Contact number/ }), {
      target: { value: '(555) 777-8888' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Send me the newsletter' }));
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I have read and accept the privacy policy' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the upgrade' }));

    expect(await within(dialog).findByText(MSG_CONCIERGE.REQUESTED)).toBeTruthy();
    expect(requests.find((r) => r.name === 'upgradetoconciergemembership')?.body).toEqual({
      firstname: 'Patricia',
      lastname: 'Parent',
      email: 'parent@demo.test',
      contactno: '5557778888',
      newsletter: true,
      voicemail: true,
      privacy_policy: true,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Concierge requested')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to concierge' })).toBeNull();
  });

  it('shows a refusal of the server in the dialog', async () => {
    renderPage(<ConciergeOffer />, {
      api: {
        me: ok(consumer),
        checkconciergemembershiprequested: ok(STATE),
        upgradetoconciergemembership: {
          status: 400,
          body: { status: 'error', message: MSG_CONCIERGE.ALREADY_REQUESTED, data: null },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to concierge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to the concierge membership' });
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I have read and accept the privacy policy' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the upgrade' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText(MSG_CONCIERGE.ALREADY_REQUESTED)).toBeTruthy();
  });

  it('is not offered once requested, nor to a secondary parent or a client of another agency', async () => {
    renderPage(<ConciergeOffer />, {
      api: { me: ok(consumer), checkconciergemembershiprequested: ok(REQUESTED) },
    });
    expect(await screen.findByText('Concierge requested')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to concierge' })).toBeNull();

    for (const user of [{ ...consumer, parentId: 3 }, sessionUser()]) {
      const { requests, unmount } = renderPage(<ConciergeOffer />, { api: { me: ok(user) } });
      await waitFor(() => expect(requests.some((r) => r.name === 'me')).toBe(true));
      expect(requests.some((r) => r.name === 'checkconciergemembershiprequested')).toBe(false);
      unmount();
    }
  });
});

const ROW: ConciergeRequest = {
  id: 7,
  userId: 42,
  clientName: 'Riley Newcomer',
  clientStatus: 'Pre-Active',
  firstname: 'Riley',
  lastname: 'Newcomer',
  email: 'riley@example.test',
  contactno: '5550111222',
  newsletter: false,
  voicemail: true,
  status: 'requested',
  requestedAt: '2026-11-20T10:00:00.000Z',
  assignedToName: 'Casey Manager111',
  handledByName: null,
  handledAt: null,
  handledNote: '',
};

describe('ConciergeRequestsPage', () => {
  it('lists the open requests and marks one handled with a note', async () => {
    const manager = sessionUser({ role: 6, client: null });
    const { requests } = renderPage(<ConciergeRequestsPage />, {
      api: {
        me: ok(manager),
        conciergerequests: ok([ROW]),
        handleconciergerequest: ok(
          [
            {
              ...ROW,
              status: 'handled',
              handledByName: 'Pat Parent',
              handledAt: ROW.requestedAt,
              handledNote: 'Called',
            },
          ],
          MSG_CONCIERGE.HANDLED,
        ),
      },
    });
    const table = await screen.findByRole('table', { name: 'Open concierge requests' });
    const link = await within(table).findByRole('link', { name: 'Riley Newcomer' });
    expect(link.getAttribute('href')).toBe('/viewprofile/42');
    expect(within(table).getByText('(555) 011-1222')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Mark handled: Riley Newcomer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the request handled' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/ }), { target: { value: 'Called' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'handleconciergerequest')?.body).toEqual({
        id: 7,
        note: 'Called',
      }),
    );
    expect(await within(table).findByText('No open requests.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Handled' }));
    const handled = await screen.findByRole('table', { name: 'Handled concierge requests' });
    expect(within(handled).getByText(/Called/)).toBeTruthy();
  });
});
