import { MSG, type PortfolioSummary, portfolioNameLengthMessage } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRoutes, sessionUser } from '../../test/render';
import PortfolioListPage from './PortfolioListPage';

const portfolio = (id: number, overrides: Partial<PortfolioSummary> = {}): PortfolioSummary => ({
  id,
  name: `Portfolio ${id}`,
  status: 'Active',
  clientId: null,
  clientName: null,
  managerId: 5,
  createdBy: 5,
  sharedBy: null,
  donorCount: 2,
  updatedAt: '2026-11-01T10:00:00.000Z',
  canEdit: true,
  ...overrides,
});

const page = (api: StubRoutes = {}) =>
  renderPage(
    <ModalsProvider>
      <PortfolioListPage />
    </ModalsProvider>,
    {
      route: '/portfoliolistpage',
      path: '/portfoliolistpage',
      api: {
        me: ok(sessionUser({ role: 6, username: 'manager@demo.test' })),
        getshortlist: ok([
          portfolio(1, { clientName: 'Jordan Parent', sharedBy: 'Sam Second' }),
          portfolio(2, { status: 'Submitted' }),
        ]),
        ...api,
      },
    },
  );

describe('PortfolioListPage', () => {
  it('lists portfolios with client, sharing, status and actions', async () => {
    page();
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    expect(within(table).getByRole('link', { name: 'Portfolio 1' }).getAttribute('href')).toBe(
      '/shortlist/1',
    );
    expect(within(table).getByText('Jordan Parent')).toBeTruthy();
    expect(within(table).getByText('Shared by Sam Second')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Status of Portfolio 1' }) as HTMLSelectElement).value).toBe(
      'Active',
    );
    // A submitted portfolio shows its status; the manager cannot pick Submitted.
    expect(screen.queryByRole('combobox', { name: 'Status of Portfolio 2' })).toBeNull();
    expect(within(table).getByText('Submitted')).toBeTruthy();
  });

  it('checks the name length before creating and shows the server refusal', async () => {
    const { requests } = page({
      createportfolio: fail(400, MSG.ONE_PORTFOLIO_AT_A_TIME),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create portfolio' });
    const name = within(dialog).getByRole('textbox', { name: /Portfolio name/ });
    fireEvent.change(name, { target: { value: 'a' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(portfolioNameLengthMessage)).toBeTruthy();
    expect(requests.some((r) => r.name === 'createportfolio')).toBe(false);
    fireEvent.change(name, { target: { value: 'For the Smiths' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.ONE_PORTFOLIO_AT_A_TIME)).toBeTruthy();
    expect(requests.find((r) => r.name === 'createportfolio')?.body).toEqual({ name: 'For the Smiths' });
  });

  it('archives after confirmation', async () => {
    const { requests } = page({
      updateportfolio: ok(portfolio(1, { status: 'Archived' }), 'Changes saved successfully'),
    });
    const select = await screen.findByRole('combobox', { name: 'Status of Portfolio 1' });
    fireEvent.change(select, { target: { value: 'Archived' } });
    const dialog = await screen.findByRole('dialog', { name: 'Archive portfolio' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updateportfolio')?.body).toEqual({
        shortlist_id: 1,
        status: 'Archived',
      }),
    );
  });
});
