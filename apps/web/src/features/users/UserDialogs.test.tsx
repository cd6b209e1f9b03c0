import { USERS_MSG, type UserRow } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { userRow } from '../../test/rows';
import { openMenuItem, usersPage } from '../../test/users';
import ViewClientPage, { ViewIpPage } from './UsersPage';

// The dialogs open from the users grid, so they are tested through it.
const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const row = (over: Partial<UserRow>): UserRow => userRow(over);
const page = (ui = <ViewClientPage />) => usersPage(ui);

describe('invite as another user type', () => {
  it('is offered for invited users, not donors, and sends the new type', async () => {
    const { requests } = renderPage(page(), {
      route: '/viewclient',
      api: {
        me: ok(admin),
        getallusers: ok({
          rows: [
            row({ userId: 60, status: 'Invited', role: 6, firstName: 'Cam', lastName: 'Wrong' }),
            row({ userId: 61, status: 'Invited', role: 2, firstName: 'Dee', lastName: 'Donor' }),
          ],
          count: 2,
        }),
        inviteuserforanotherrole: ok({ userId: 60, role: 9 }, USERS_MSG.ROLE_CHANGED),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions: Dee Donor' }));
    await screen.findByRole('menuitem', { name: 'Re-invite' });
    expect(screen.queryByRole('menuitem', { name: 'Invite as another user type' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await openMenuItem('Cam Wrong', 'Invite as another user type');
    const dialog = await screen.findByRole('dialog', { name: 'Invite as another user type' });
    expect(within(dialog).getByText('Cam Wrong is invited as Case Manager.')).toBeTruthy();
    const select = within(dialog).getByRole('combobox', { name: /New user type/ });
    fireEvent.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
    await within(listbox).findByRole('option', { name: 'Intended Parent', hidden: true });
    expect(within(listbox).queryByRole('option', { name: 'Case Manager', hidden: true })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Intended Parent', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'inviteuserforanotherrole')?.body).toEqual({
        user_id: 60,
        user_type: 9,
      }),
    );
  });
});

describe('intended-parent list refresh (/viewip)', () => {
  it('shows the last refresh and refreshes on request', async () => {
    let refreshed: string | null = null;
    const { requests } = renderPage(page(<ViewIpPage />), {
      route: '/viewip',
      api: {
        me: ok(admin),
        getallintendedparents: ok({ rows: [], count: 0 }),
        getlastcacheupdatedtime: () => ok({ updatedAt: refreshed }),
        saveintendedparentscache: () => {
          refreshed = '2026-03-04T05:06:07.000Z';
          return ok({ updatedAt: refreshed });
        },
      },
    });
    expect(await screen.findByText('Never refreshed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh list' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'saveintendedparentscache')).toBe(true));
    expect(await screen.findByText(/^Last refreshed /)).toBeTruthy();
  });
});

describe('assign case manager', () => {
  it("starts from the parent's manager and sends the one chosen", async () => {
    const { requests } = renderPage(page(<ViewIpPage />), {
      route: '/viewip',
      api: {
        me: ok(admin),
        getallintendedparents: ok({
          rows: [
            row({
              userId: 70,
              status: 'Active',
              role: 9,
              firstName: 'Ivy',
              lastName: 'Parent',
              managerId: 5,
            }),
          ],
          count: 1,
        }),
        getlastcacheupdatedtime: ok({ updatedAt: null }),
        getcasemanagerlist: ok([
          { userId: 5, name: 'Mia Manager' },
          { userId: 6, name: 'Ned Manager' },
        ]),
        assignparticularclient: ok(null),
      },
    });
    await openMenuItem('Ivy Parent', 'Assign case manager');
    const dialog = await screen.findByRole('dialog', { name: 'Assign case manager' });
    const select = within(dialog).getByRole('combobox', { name: /Case manager/ });
    await waitFor(() => expect((select as HTMLInputElement).value).toBe('Mia Manager'));
    fireEvent.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Ned Manager', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'assignparticularclient')?.body).toEqual({
        manager_id: 6,
        client_id: 70,
      }),
    );
  });
});
