import { type MappingPage as MappingPageData, type MappingRow, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import MappingPage from './MappingPage';

const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const row = (id: number, type: string, mapped: string | null = null): MappingRow => ({
  id,
  type,
  mapped_type: mapped,
  mapped_type_name: mapped?.split(',').join(', ') ?? null,
  donor_count: 2,
  created_at: '2026-11-01T10:00:00.000Z',
  mapped_at: mapped ? '2026-11-02T10:00:00.000Z' : null,
});

const page = (rows: MappingRow[], total = rows.length): MappingPageData => ({
  rows,
  total,
  page: 1,
  pageSize: 20,
});

function render(route: string, extra: Record<string, unknown> = {}) {
  return renderPage(<MappingPage />, {
    route,
    path: '/mapping/:item/:type?',
    api: {
      me: ok(master),
      'getdatafromtables/eye_color': ok({
        id: 'eye_color',
        label: 'Eye color',
        kind: 'list',
        values: ['Blue', 'Gray'],
      }),
      'getdatafromtables/race': ok({ id: 'race', label: 'Race', kind: 'multi', values: ['White', 'Asian'] }),
      'getdatafromtables/dob': ok({ id: 'dob', label: 'Date of birth', kind: 'date', values: [] }),
      getfieldtobemapped: (r: StubRequest) => {
        const b = r.body as { id: string; type: string; page: number; search: string };
        if (b.id === 'dob') return ok(page([row(7, '02/03/1998')]));
        if (b.type === 'mapped') return ok(page([row(3, 'Caucasian', 'White,Asian')]));
        return ok(
          page(b.search === 'sky' ? [row(1, 'Sky Blue')] : [row(1, 'Sky Blue'), row(2, 'Ocean')], 45),
        );
      },
      updatemappingfield: ok({ rows: 1, donors: 2 }, 'Mapping saved.'),
      updatemappingfielde: ok({ rows: 1, donors: 1 }, 'Mapping saved.'),
      ...extra,
    },
  });
}

describe('MappingPage', () => {
  it('lists unmapped values paged; moving needs a selected value and an app value', async () => {
    const { requests } = render('/mapping/eye_color');
    expect(await screen.findByRole('heading', { level: 1, name: 'Field mapping' })).toBeTruthy();
    expect(await screen.findByText('Sky Blue')).toBeTruthy();
    expect(requests.find((r) => r.name === 'getfieldtobemapped')?.body).toEqual({
      id: 'eye_color',
      type: 'unmapped',
      page: 1,
      search: '',
    });
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Move to mapped/ }));
    expect(await screen.findByText(MSG.SELECT_ATLEAST_ONE_VALUE)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Sky Blue' }));
    fireEvent.click(screen.getByRole('button', { name: /Move to mapped \(1\)/ }));
    // Still no app value chosen.
    await waitFor(() => expect(screen.getByText('Please select atleast one value')).toBeTruthy());
    expect(requests.some((r) => r.name === 'updatemappingfield')).toBe(false);

    fireEvent.click(screen.getByRole('combobox', { name: /Map selected to/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Blue', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: /Move to mapped \(1\)/ }));
    await waitFor(() => expect(requests.some((r) => r.name === 'updatemappingfield')).toBe(true));
    expect(requests.find((r) => r.name === 'updatemappingfield')?.body).toEqual({
      id: 'eye_color',
      type: [1],
      mapped_type: 'Blue',
    });
  });

  it('searches', async () => {
    const { requests } = render('/mapping/eye_color');
    await screen.findByText('Ocean');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search values' }), { target: { value: 'sky' } });
    await waitFor(() => expect(screen.queryByText('Ocean')).toBeNull());
    expect(requests.some((r) => (r.body as { search?: string })?.search === 'sky')).toBe(true);
  });

  it('shows mapped races and changes one mapping', async () => {
    const { requests } = render('/mapping/race/mapped');
    const cell = await screen.findByText('White, Asian');
    const tr = cell.closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: 'Map Caucasian' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map "Caucasian"' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'updatemappingfielde')).toBe(true));
    expect(requests.find((r) => r.name === 'updatemappingfielde')?.body).toEqual({
      id: 'race',
      type_id: 3,
      mapped_type: 'White,Asian',
    });
  });

  it("saves a DOB mapping only with a value: 'Please enter Date of birth'", async () => {
    const { requests } = render('/mapping/dob');
    const cell = await screen.findByText('02/03/1998');
    expect(screen.queryByRole('button', { name: /Move to mapped/ })).toBeNull();
    fireEvent.click(within(cell.closest('tr')!).getByRole('button', { name: 'Map 02/03/1998' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map "02/03/1998"' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Date of birth')).toBeTruthy();
    expect(requests.some((r) => r.name === 'updatemappingfielde')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Date of birth'), { target: { value: '1998-02-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updatemappingfielde')?.body).toEqual({
        id: 'dob',
        type_id: 7,
        mapped_type: '1998-02-03',
      }),
    );
  });

  it('names an unknown item', async () => {
    render('/mapping/ssn');
    expect(await screen.findByText('Mapping item is invalid.')).toBeTruthy();
  });
});
