import type { AgencyCountTable, CaseManagerRow, CountList, MonthlyCounts } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import StatisticsPage from './StatisticsPage';

const admin = (consumerSite = false) =>
  sessionUser({
    userId: 2,
    username: 'admin@demo.test',
    role: 7,
    client: null,
    center: { ...sessionUser().center, consumerSite },
  });
const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const MONTHS = ['2026-01', '2026-02'];
const users: MonthlyCounts = {
  months: MONTHS,
  series: [
    { key: '6', label: 'Case manager', added: [1, 0], cumulative: [3, 3] },
    { key: '9', label: 'Intended parent', added: [2, 5], cumulative: [7, 12] },
  ],
};
const portfolios: MonthlyCounts = {
  months: MONTHS,
  series: [{ key: 'Active', label: 'Active', added: [1, 1], cumulative: [4, 5] }],
};
const availability: CountList = {
  year: null,
  total: 9,
  items: [
    { key: 'Available', label: 'Available', count: 6 },
    { key: 'In Cycle', label: 'In Cycle', count: 3 },
    { key: 'Reserved', label: 'Reserved', count: 0 },
  ],
};
const managers: CaseManagerRow[] = [
  {
    userId: 5,
    name: 'Casey Manager',
    email: 'manager@demo.test',
    status: 'Active',
    centerName: 'Main Agency',
    clients: 4,
    activePortfolios: 2,
    createdAt: '2026-01-01T00:00:00Z',
  },
];

const dashboardApi = (consumer = false) => ({
  me: ok(admin(consumer)),
  usercountbymonth: ok(users),
  portfolioCountByMonth: ok(portfolios),
  donoravailabilitycount: ok(availability),
  getcasemanagersdetails: ok(managers),
});

/** The table of a chart section, opened from its details element. */
const tableOf = (title: string) => {
  const section = screen.getByRole('region', { name: title });
  fireEvent.click(within(section).getByText(`Numbers of ${title.toLowerCase()}`));
  return within(section).getByRole('table', { name: title });
};

describe('admin dashboard', () => {
  it('shows the charts with their numbers as tables, rows linking to the grids', async () => {
    const { requests } = renderPage(<StatisticsPage />, { route: '/statistics', api: dashboardApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('9 donors')).toBeTruthy());
    const avail = tableOf('Donor availability');
    expect(within(avail).getByRole('rowheader', { name: 'Available' }).textContent).toBe('Available');
    expect(
      within(avail)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '3']);
    expect(within(avail).getByRole('link', { name: 'In Cycle' }).getAttribute('href')).toBe('/viewdonor');

    await waitFor(() => expect(screen.getAllByRole('table', { hidden: true }).length).toBeGreaterThan(2));
    const u = tableOf('Users per month');
    expect(
      within(u)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Series', 'Jan 2026', 'Feb 2026']);
    const ipRow = within(u).getByRole('link', { name: 'Intended parent' }).closest('tr')!;
    expect(
      within(ipRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '12']);
    expect(within(u).getByRole('link', { name: 'Case manager' }).getAttribute('href')).toBe('/viewcm');
    expect(within(u).getByRole('link', { name: 'Intended parent' }).getAttribute('href')).toBe('/viewip');
    const p = tableOf('Portfolios per month');
    expect(
      within(p)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '5']);

    expect(await screen.findByText('Casey Manager', {}, { timeout: 5000 })).toBeTruthy();
    expect(requests.find((r) => r.name === 'usercountbymonth')?.body).toEqual({ center_id: null });
  });

  it('sorts the case managers on the server', async () => {
    const { requests } = renderPage(<StatisticsPage />, { route: '/statistics', api: dashboardApi() });
    expect(await screen.findByText('Casey Manager', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clients' }));
    await waitFor(() =>
      expect(
        requests.some(
          (r: StubRequest) =>
            r.name === 'getcasemanagersdetails' && (r.body as { sort: string }).sort === 'clients',
        ),
      ).toBe(true),
    );
    const last = requests.filter((r) => r.name === 'getcasemanagersdetails').at(-1)!;
    expect(last.body).toMatchObject({ sort: 'clients', ord: 'asc', center_id: null });
  });

  it('offers the consumer-center reports only to the consumer center', async () => {
    renderPage(<StatisticsPage />, { route: '/statistics', api: dashboardApi(true) });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Report' }));
    expect(await screen.findByRole('option', { name: 'Track IP Matches', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Registered IP report', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Open report' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/registered-ip-report'));
  });

  it('leaves the consumer reports out for other centers', async () => {
    renderPage(<StatisticsPage />, { route: '/statistics', api: dashboardApi(false) });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Report' }));
    expect(await screen.findByRole('option', { name: 'View All Donors', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Track IP Matches', hidden: true })).toBeNull();
  });
});

describe('master statistics', () => {
  const table = (columns: string[]): AgencyCountTable => ({
    columns,
    rows: [
      { centerId: 1, name: 'Main Agency', counts: columns.map((_, i) => i + 1), total: 0 },
      { centerId: 85, name: 'Hatch Fertility', counts: columns.map(() => 2), total: 0 },
    ],
  });

  it('counts across centers, then for a chosen center, without chart links', async () => {
    const { requests } = renderPage(<StatisticsPage />, {
      route: '/statistics',
      api: {
        me: ok(master),
        getcenters: ok([
          { centerId: 1, name: 'Main Agency' },
          { centerId: 85, name: 'Hatch Fertility' },
        ]),
        countuserbyagency: ok(table(['Active', 'Invited', 'Archived', 'Pre-Active'])),
        portfolioscount: ok(table(['Active', 'Archived'])),
        donorstypescount: ok(table(['Fresh', 'Frozen'])),
        donoravailabilitycount: ok(availability),
        usercountbymonth: ok(users),
        portfolioCountByMonth: ok(portfolios),
        usercountbeforecurrentyear: ok({
          year: 2026,
          total: 3,
          items: [{ key: '6', label: 'Case manager', count: 3 }],
        }),
        portfoliocountbeforecurrentyear: ok({ year: 2026, total: 0, items: [] }),
        getcasemanagersdetails: ok(managers),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Intended parent users per agency' })).toBeTruthy(),
    );
    await waitFor(() => expect(requests.some((r) => r.name === 'countuserbyagency')).toBe(true));
    const t = tableOf('Intended parent users per agency');
    await waitFor(() => expect(within(t).getAllByRole('rowheader').length).toBe(2));
    const main = within(t).getByRole('rowheader', { name: 'Main Agency' }).closest('tr')!;
    expect(
      within(main)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2', '3', '4', '0']);
    await waitFor(() => expect(screen.getByText('9 donors')).toBeTruthy());
    expect(within(tableOf('Donor availability')).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Users created before 2026' })).toBeTruthy();
    expect(requests.find((r) => r.name === 'countuserbyagency')?.body).toEqual({
      center_id: null,
      user_type: 9,
    });

    fireEvent.click(screen.getByRole('combobox', { name: 'Agency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch Fertility', hidden: true }));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.name === 'portfolioscount' && (r.body as { center_id: number }).center_id === 85,
        ),
      ).toBe(true),
    );
  });
});
