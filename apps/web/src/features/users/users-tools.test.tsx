import { MSG, type UserRow } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, sessionUser } from '../../test/render';
import { userRow } from '../../test/rows';
import { openMenuItem, usersPage } from '../../test/users';
import ViewClientPage, { ViewIpPage } from './UsersPage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });

const row = (over: Partial<UserRow>): UserRow => userRow(over);

const page = (ui = <ViewClientPage />) => usersPage(ui);

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
