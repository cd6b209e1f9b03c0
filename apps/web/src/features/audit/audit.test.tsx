import { AUDIT_MSG, type AuditEntry, type AuditPage, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import AuditLogPage from './AuditLogPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-01T10:00:00.000Z',
  action: 'donor.read',
  ip: '203.0.113.7',
  user: { id: 5, name: 'Casey Manager', role: 6 },
  onBehalfOf: null,
  donor: { id: 40, displayId: 'D-0040', agencyDisplayId: null, centerId: 1 },
  ...overrides,
});
const pageOf = (rows: AuditEntry[], total = rows.length): AuditPage => ({
  rows,
  total,
  page: 1,
  pageSize: 25,
});

describe('AuditLogPage', () => {
  it('lists who read a donor, filtered by the donor of the link, and filters again by days', async () => {
    const { requests } = renderPage(<AuditLogPage />, {
      route: '/auditlog?donor=D-0040',
      api: {
        me: ok(admin),
        auditlog: (r: StubRequest) =>
          ok(pageOf(r.query.get('from') ? [] : [entry(1), entry(2, { action: 'donor.form.staff_edit' })])),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Donor audit log' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(await within(table).findAllByText('Casey Manager (Case Manager)')).toHaveLength(2);
    expect(within(table).getByText('Read')).toBeTruthy();
    expect(within(table).getByText('Form staff edit')).toBeTruthy();
    expect(within(table).getAllByText('203.0.113.7')).toHaveLength(2);
    expect(within(table).getAllByRole('link', { name: 'D-0040' })[0]!.getAttribute('href')).toBe(
      '/donordetails/40',
    );
    expect(requests.find((r) => r.name === 'auditlog')!.query.get('donor')).toBe('D-0040');
    expect((screen.getByLabelText('Donor ID') as HTMLInputElement).value).toBe('D-0040');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No data found.')).toBeTruthy();
    const last = requests.filter((r) => r.name === 'auditlog').at(-1)!;
    expect(last.query.get('from')).toBe('2026-11-02');
    expect(last.query.get('donor')).toBe('D-0040');
    expect(screen.queryByRole('combobox', { name: 'Agency' })).toBeNull();
  });

  it('refuses a from day after the to day before asking the server', async () => {
    const { requests } = renderPage(<AuditLogPage />, {
      route: '/auditlog',
      api: { me: ok(admin), auditlog: ok(pageOf([entry(1)])) },
    });
    await screen.findAllByText('Casey Manager (Case Manager)');
    const before = requests.filter((r) => r.name === 'auditlog').length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText(AUDIT_MSG.DATE_RANGE)).toBeTruthy();
    expect(requests.filter((r) => r.name === 'auditlog')).toHaveLength(before);
  });

  it('says so when the donor is not one the admin may see', async () => {
    renderPage(<AuditLogPage />, {
      route: '/auditlog?donor=OTHER-1',
      api: { me: ok(admin), auditlog: fail(404, MSG.NOT_FOUND) },
    });
    expect(await screen.findByText('No donor with this ID that you may see.')).toBeTruthy();
  });

  it('gives the master admin an agency filter and no link to donor pages she may not open', async () => {
    const { requests } = renderPage(<AuditLogPage />, {
      route: '/auditlog',
      api: {
        me: ok(master),
        getcenters: ok([{ centerId: 85, name: 'Hatch Fertility' }]),
        auditlog: ok(
          pageOf([entry(1, { donor: { id: 41, displayId: 'H-41', agencyDisplayId: null, centerId: 85 } })]),
        ),
      },
    });
    expect(await screen.findByText('H-41')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'H-41' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Agency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch Fertility', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.name === 'auditlog')
          .at(-1)!
          .query.get('center'),
      ).toBe('85'),
    );
  });
});
