import { type DonorGridRow, MSG, STAFF_DONOR_MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { donorGridRow } from '../../test/rows';
import DonorImportPage, { validImportFiles } from './DonorImportPage';
import { donorCsvPath } from './queries';
import ViewDonorPage from './ViewDonorPage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const manager = sessionUser({ userId: 3, username: 'manager@demo.test', role: 6, client: null });

const row = (over: Partial<DonorGridRow> = {}): DonorGridRow => donorGridRow(over);

const gridApi = (rows: DonorGridRow[]) => ({
  getdonorbycenter: ok({ total: rows.length, rows }),
  checkagencyallowedintulip: ok({ allowed: true }),
  reservationcandidates: ok({
    parents: [{ id: 77, name: 'Pat Parent', username: 'parent@demo.test', status: 'Active', managerId: 88 }],
    managers: [
      { id: 88, name: 'Mia Manager' },
      { id: 89, name: 'Max Manager' },
    ],
  }),
});

async function openAction(label: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions for donor D-501' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('ViewDonorPage', () => {
  it('lets an agency admin pick donors of the list for the comparison', async () => {
    renderPage(<ViewDonorPage />, {
      api: { me: ok(admin), ...gridApi([row(), row({ userId: 502, donorId: 'MA-502', firstName: 'Bea' })]) },
    });
    expect(await screen.findByText('Bea Donor')).toBeTruthy();
    const compare = screen.getByRole('link', { name: /Compare selected/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare donor MA-502' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare donor D-501' }));
    expect(compare.getAttribute('aria-disabled')).toBe('false');
    expect(compare.getAttribute('href')).toBe('/comparedonors?ids=502,501');
  });

  it('sends the default filters (match steps without Completed, Active parents) and the CSV export keeps them', async () => {
    const { requests } = renderPage(<ViewDonorPage />, {
      api: { me: ok(admin), ...gridApi([row()]), getdonorbycentercsv: ok(null, MSG.NOTHING_TO_DOWNLOAD) },
    });
    expect(await screen.findByText('Dana Donor')).toBeTruthy();
    const first = requests.find((r) => r.name === 'getdonorbycenter')!.body as Record<string, unknown>;
    expect(first.match_status_filter).toEqual([
      'Active',
      'Queued',
      'Confirm',
      'Pending',
      'Referral Accepted',
    ]);
    expect(first.parent_status).toEqual(['Active']);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    // Nothing to export: the server's message is a yellow warning, no file is saved.
    await waitFor(() => expect(notify).toHaveBeenCalledWith('warning', MSG.NOTHING_TO_DOWNLOAD));
    const csv = requests.find((r) => r.name === 'getdonorbycentercsv')!;
    expect(csv.method).toBe('GET');
    expect(csv.query.get('parent_status')).toBe('Active');
    expect(donorCsvPath({ donor_availability: ['Available', 'On Hold'] })).toBe(
      'getdonorbycentercsv?donor_availability=Available%2COn+Hold',
    );
  });

  it('hides the admin tools from a case manager', async () => {
    renderPage(<ViewDonorPage />, { api: { me: ok(manager), ...gridApi([row()]) } });
    expect(await screen.findByText('Dana Donor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for donor D-501' }));
    expect(await screen.findByRole('menuitem', { name: 'Reserve' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Hard delete' })).toBeNull();
  });

  it('reserves for a parent with the manager preselected from the parent', async () => {
    const { requests } = renderPage(<ViewDonorPage />, {
      api: {
        me: ok(admin),
        ...gridApi([row()]),
        reservedonorformatch: ok({ availability: 'Reserved' }, 'Donor reserved successfully.'),
      },
    });
    await openAction('Reserve');
    const dialog = await screen.findByRole('dialog', { name: /Reserve donor Dana Donor/ });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Intended parent/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Pat Parent/ }));
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: 'Case manager' }) as HTMLInputElement).value).toBe(
        'Mia Manager',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'reservedonorformatch')).toBe(true));
    expect(requests.find((r) => r.name === 'reservedonorformatch')!.body).toEqual({
      donorid: 501,
      parentid: 77,
      managerid: 88,
    });
  });

  it('unreserves to the chosen status (Available by default)', async () => {
    const { requests } = renderPage(<ViewDonorPage />, {
      api: {
        me: ok(admin),
        ...gridApi([row({ availability: 'Reserved', reservedParentName: 'Pat Parent' })]),
        unreservedonorformatch: ok({ availability: 'Available' }),
      },
    });
    await openAction('Unreserve');
    const dialog = await screen.findByRole('dialog', { name: /Unreserve donor/ });
    expect((within(dialog).getByRole('combobox', { name: 'New status' }) as HTMLInputElement).value).toBe(
      'Available',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unreserve' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'unreservedonorformatch')?.body).toEqual({
        donorid: 501,
        status: 'Available',
      }),
    );
  });

  it("checks priority at the field: 'Priority should be greater than Zero'", async () => {
    const { requests } = renderPage(<ViewDonorPage />, {
      api: { me: ok(admin), ...gridApi([row()]), 'setpriority/501': ok({ priority: 3 }) },
    });
    await openAction('Set priority');
    const dialog = await screen.findByRole('dialog', { name: /Priority of/ });
    const input = within(dialog).getByRole('textbox', { name: 'Priority' });
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(STAFF_DONOR_MSG.PRIORITY_MIN)).toBeTruthy();
    expect(requests.some((r) => r.name === 'setpriority/501')).toBe(false);
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'setpriority/501')?.body).toEqual({ priority: 3 }),
    );
  });

  it('hard delete works only once the id is typed, and shows a server error in the dialog', async () => {
    const { requests } = renderPage(<ViewDonorPage />, {
      api: {
        me: ok(admin),
        ...gridApi([row()]),
        'harddeletedonor/501': (r: StubRequest) =>
          r.method === 'DELETE' ? fail(400, STAFF_DONOR_MSG.HARD_DELETE_MISMATCH) : fail(405, 'no'),
      },
    });
    await openAction('Hard delete');
    const dialog = await screen.findByRole('dialog', { name: /permanently/ });
    const button = within(dialog).getByRole('button', { name: 'Delete permanently' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Donor id' }), { target: { value: '501' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(await within(dialog).findByText(STAFF_DONOR_MSG.HARD_DELETE_MISMATCH)).toBeTruthy();
    expect(requests.find((r) => r.name === 'harddeletedonor/501')?.body).toEqual({ typed_id: '501' });
  });

  it('status change needs a message', async () => {
    const { requests } = renderPage(<ViewDonorPage />, {
      api: {
        me: ok(admin),
        ...gridApi([row()]),
        updatedonorstatuswithemail: ok({ availability: 'Unavailable' }),
      },
    });
    await openAction('Change status');
    const dialog = await screen.findByRole('dialog', { name: /Change status/ });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Unavailable' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and e-mail' }));
    expect(await within(dialog).findByText('Message can not be blank.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Message to the donor/ }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and e-mail' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updatedonorstatuswithemail')?.body).toEqual({
        donor_id: 501,
        status: 'Unavailable',
        message: 'Hi',
      }),
    );
  });
});

describe('DonorImportPage', () => {
  const file = (name: string) => new File(['donor_key\n'], name, { type: 'text/csv' });
  it('accepts 4 or 5 files of the known kinds only', () => {
    const four = ['general.csv', 'physical.csv', 'education.csv', 'status.csv'].map(file);
    expect(validImportFiles(four)).toBe(true);
    expect(validImportFiles([...four, file('races.csv')])).toBe(true);
    expect(validImportFiles(four.slice(0, 3))).toBe(false);
    expect(validImportFiles([...four.slice(0, 3), file('general-2.csv')])).toBe(false);
  });
  it('shows the latest import with every rejected row', async () => {
    renderPage(<DonorImportPage />, {
      api: {
        me: ok(admin),
        'importstatus/0': ok({
          id: 1,
          status: 'done',
          fileNames: ['general.csv'],
          imported: 1,
          importedKeys: ['IMP-1'],
          rejected: [{ file: 'general.csv', row: 3, donorKey: 'IMP-2', reason: 'Invalid Email address' }],
          awaitingMapping: [{ donorKey: 'IMP-1', field: 'eye_color', value: 'Sky Blue' }],
          error: null,
          createdAt: '2026-01-01T00:00:00Z',
          finishedAt: '2026-01-01T00:01:00Z',
        }),
      },
    });
    expect(await screen.findByText('Imported 1 donor(s); 1 row(s) rejected.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rejected rows' });
    expect(within(table).getByText('Invalid Email address')).toBeTruthy();
    const awaiting = screen.getByRole('table', { name: /Values awaiting mapping/ });
    expect(within(awaiting).getByText('Eye color')).toBeTruthy();
    expect(within(awaiting).getByText('Sky Blue')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText(STAFF_DONOR_MSG.IMPORT_FILES)).toBeTruthy();
  });
});
