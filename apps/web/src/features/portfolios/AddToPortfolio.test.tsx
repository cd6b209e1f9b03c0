import { MSG, type PortfolioSummary } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { AddToPortfolioButton } from './AddToPortfolio';

const portfolio: PortfolioSummary = {
  id: 1,
  name: 'Portfolio 1',
  status: 'Active',
  clientId: null,
  clientName: null,
  managerId: 5,
  createdBy: 5,
  sharedBy: null,
  donorCount: 2,
  updatedAt: '2026-11-01T10:00:00.000Z',
  canEdit: true,
};

const open = () => {
  const rendered = renderPage(<AddToPortfolioButton donorId={42} label="D42" />, {
    api: {
      me: ok(sessionUser({ role: 6, username: 'manager@demo.test' })),
      getshortlist: ok([portfolio]),
      saveshortlist: ok({ warning: null }),
    },
  });
  return rendered;
};

describe('AddToPortfolioButton', () => {
  it('asks to pick a portfolio or name one, one message at a time, then adds the donor', async () => {
    const { requests } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to portfolio: donor D42' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: /Portfolio 1/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to portfolio' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.PORTFOLIO_PICK);
    expect(requests.some((r) => r.name === 'saveshortlist')).toBe(false);

    // A change takes the message away; a chosen portfolio is sent.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Portfolio 1/ }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to portfolio' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'saveshortlist')).toBe(true));
    expect(requests.find((r) => r.name === 'saveshortlist')?.body).toEqual({
      donor_id: 42,
      shortlist_ids: [1],
    });
  });
});
