import { MSG, USERS_MSG, type UserRow } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, sessionUser } from '../../test/render';
import { userRow } from '../../test/rows';
import ViewClientPage, { ViewIpPage } from './UsersPage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });

const row = (over: Partial<UserRow>): UserRow => userRow(over);

const page = (ui = <ViewClientPage />) => <ModalsProvider>{ui}</ModalsProvider>;

async function openMenuItem(name: string, item: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions: ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => notify.mockClear());

describe('second intended parent', () => {
  it("shows the server's refusal as a toast titled Error, not inside the dialog", async () => {
    renderPage(page(), {
      route: '/viewclient',
      api: {
        me: ok(admin),
        getallusers: ok({ rows: [row({})], count: 1 }),
        invitesecondaryip: fail(400, MSG.USERNAME_EXISTS),
      },
    });
    await openMenuItem('Ivy Parent', 'Invite second parent');
    const dialog = await screen.findByRole('dialog', { name: 'Invite second intended parent' });
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill(/^Email/, 'second@x.test');
    fill(/^Re-enter email/, 'second@x.test');
    fill(/^First name/, 'Sam');
    fill(/^Last name/, 'Second');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', MSG.USERNAME_EXISTS), {
      timeout: 5000,
    });
    expect(within(dialog).queryByText(MSG.USERNAME_EXISTS)).toBeNull();
  });
});

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

describe('primary/secondary intended parent filter', () => {
  it("is the circle center admin's (parentTypeFilter) and sends parent_type", async () => {
    const circleAdmin = sessionUser({
      userId: 4,
      role: 7,
      client: null,
      center: { ...admin.center, id: 46, parentTypeFilter: true },
    });
    const { requests } = renderPage(page(<ViewIpPage />), {
      route: '/viewip',
      api: {
        me: ok(circleAdmin),
        getallintendedparents: ok({ rows: [], count: 0 }),
        getlastcacheupdatedtime: ok({ updatedAt: null }),
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Intended parent type' });
    fireEvent.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Secondary', hidden: true }));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'getallintendedparents').at(-1)?.body).toMatchObject({
        parent_type: 'secondary',
      }),
    );
  });

  it('is not shown to other centers', async () => {
    renderPage(page(<ViewIpPage />), {
      route: '/viewip',
      api: {
        me: ok(admin),
        getallintendedparents: ok({ rows: [], count: 0 }),
        getlastcacheupdatedtime: ok({ updatedAt: null }),
      },
    });
    await screen.findByText('Never refreshed');
    expect(screen.queryByRole('combobox', { name: 'Intended parent type' })).toBeNull();
  });
});
