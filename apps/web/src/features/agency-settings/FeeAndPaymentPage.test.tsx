import { type AgencyAccessDetails, type FeeOption, type FeeOptions, MSG_SETTINGS } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, type StubRoutes, sessionUser } from '../../test/render';
import FeeAndPaymentPage from './FeeAndPaymentPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const GLOBAL: FeeOption = { option_id: 1, options: '$8,000', center_id: null, comment: 'First-time donors' };
const OWN: FeeOption = { option_id: 7, options: 'Negotiable', center_id: 1, comment: '' };
const fees = (options: FeeOption[] = [GLOBAL, OWN], visible = false, centerId = 1): FeeOptions => ({
  centerId,
  isCompensationVisible: visible,
  options,
});

function page(api: StubRoutes, user = admin) {
  return renderPage(
    <ModalsProvider>
      <FeeAndPaymentPage />
    </ModalsProvider>,
    { api: { me: ok(user), getfeeoptions: ok(fees()), ...api } },
  );
}

describe('FeeAndPaymentPage', () => {
  it("lists the global and the agency's options; only its own can be removed, after a confirmation", async () => {
    const { requests } = page({
      removefeeoption: ok(fees([GLOBAL]), MSG_SETTINGS.OPTION_REMOVED),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fees and payment' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Fee options' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Every agency')).toBeTruthy();
    expect(within(rows[1]!).getByText('Set by the master admin')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Remove $8,000' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Negotiable' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByText('Negotiable')).toBeNull());
    expect(requests.find((r) => r.name === 'removefeeoption')?.body).toEqual({ option_id: 7, center_id: 1 });
  });

  it('adds an option with its comment; a blank one or a duplicate is refused on the field', async () => {
    let calls = 0;
    const { requests } = page({
      savefeeoption: (r: StubRequest) => {
        calls += 1;
        if (calls === 1) return fail(400, MSG_SETTINGS.OPTION_EXISTS);
        const body = r.body as { newOption: string; newOptionComment: string };
        return ok(
          fees([
            GLOBAL,
            OWN,
            { option_id: 9, options: body.newOption, center_id: 1, comment: body.newOptionComment },
          ]),
          MSG_SETTINGS.OPTION_SAVED,
        );
      },
    });
    const add = await screen.findByRole('button', { name: 'Add option' });
    fireEvent.click(add);
    expect(await screen.findByText(MSG_SETTINGS.OPTION_REQUIRED)).toBeTruthy();
    expect(requests.some((r) => r.name === 'savefeeoption')).toBe(false);
    // No global checkbox for an agency admin.
    expect(screen.queryByRole('checkbox', { name: /every agency/ })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /New option/ }), { target: { value: '$ 8,000' } });
    fireEvent.click(add);
    expect(await screen.findByText(MSG_SETTINGS.OPTION_EXISTS)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /New option/ }), { target: { value: '$9,500' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Comment/ }), {
      target: { value: 'Returning donors' },
    });
    fireEvent.click(add);
    expect(await screen.findByText('$9,500')).toBeTruthy();
    expect(requests.filter((r) => r.name === 'savefeeoption').at(-1)?.body).toEqual({
      newOption: '$9,500',
      newOptionComment: 'Returning donors',
      global: false,
      center_id: 1,
    });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /New option/ }) as HTMLInputElement).value).toBe(''),
    );
  });

  it('switches compensation on after a confirmation', async () => {
    const { requests } = page({
      feepaymentoptionvisibility: ok({ centerId: 1 } as AgencyAccessDetails, MSG_SETTINGS.SAVED),
    });
    const toggle = (await screen.findByRole('switch', {
      name: /Show donor compensation/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will see the donors' compensation/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'feepaymentoptionvisibility')).toBe(true));
    expect(requests.find((r) => r.name === 'feepaymentoptionvisibility')?.body).toEqual({
      is_compensation_visible: true,
      center_id: 1,
    });
    // The fee options (and the switch with them) are read again.
    await waitFor(() => expect(requests.filter((r) => r.name === 'getfeeoptions').length).toBe(2));
  });

  it('lets the master admin pick the agency, remove a global option and add one for every agency', async () => {
    const { requests } = page(
      {
        getcenters: ok([
          { centerId: 1, name: 'Main Agency' },
          { centerId: 85, name: 'Hatch' },
        ]),
        getfeeoptions: ok(fees([GLOBAL], true, 85)),
        savefeeoption: ok(fees([GLOBAL], true, 85), MSG_SETTINGS.OPTION_SAVED),
      },
      master,
    );
    fireEvent.click(await screen.findByRole('combobox', { name: /^Agency/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch', hidden: true }));
    const table = await screen.findByRole('table', { name: 'Fee options' });
    expect(requests.find((r) => r.name === 'getfeeoptions')?.query.get('center_id')).toBe('85');
    expect(within(table).getByRole('button', { name: 'Remove $8,000' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /New option/ }), { target: { value: '$15,000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /every agency/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'savefeeoption')).toBe(true));
    expect(requests.find((r) => r.name === 'savefeeoption')?.body).toEqual({
      newOption: '$15,000',
      newOptionComment: '',
      global: true,
      center_id: 85,
    });
  });
});
