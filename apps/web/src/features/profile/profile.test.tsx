import { ACCOUNT_MSG, MSG, ROLE, type StaffMember, USERS_MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, type StubRoutes, sessionUser } from '../../test/render';
import { userRow } from '../../test/rows';
import EditProfilePage from './EditProfilePage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));
beforeEach(() => notify.mockClear());

const primary = sessionUser({ userId: 10, role: ROLE.CLIENT, parentId: null });
const secondary = sessionUser({ userId: 11, role: ROLE.CLIENT, parentId: 10 });
const donor = sessionUser({ userId: 12, role: ROLE.DONOR, client: null });
const admin = sessionUser({ userId: 2, role: ROLE.ADMIN, client: null });
const manager = sessionUser({ userId: 3, role: ROLE.MANAGER, client: null });
const master = sessionUser({ userId: 1, role: ROLE.MASTER, client: null });

function open(route: string, api: StubRoutes) {
  return renderPage(<EditProfilePage />, { route, path: '/editprofile/:tab?', api });
}

const tabNames = async () => {
  await screen.findByRole('tablist');
  return screen.getAllByRole('tab').map((t) => t.textContent);
};
const location = () => screen.getByTestId('location').textContent;

describe('/editprofile tabs by role', () => {
  it.each([
    ['a primary intended parent', primary, ['My account', 'Change password', 'Second intended parent']],
    ['a secondary intended parent (no invite tab)', secondary, ['My account', 'Change password']],
    ['a donor', donor, ['My account', 'Change password']],
    ['an agency admin (staff list)', admin, ['My account', 'Change password', 'Staff']],
    ['a case manager (staff list)', manager, ['My account', 'Change password', 'Staff']],
    ['the master admin', master, ['My account', 'Change password']],
  ])('%s', async (_who, user, expected) => {
    open('/editprofile', { me: ok(user), getstaffdetails: ok([]), getsecondaryintendedparent: ok(null) });
    expect(await tabNames()).toEqual(expected);
  });
});

describe('/editprofile shell', () => {
  it('shows My account by default and for the spec default "profile"; the URL follows the tab', async () => {
    open('/editprofile/profile', { me: ok(primary), getsecondaryintendedparent: ok(null) });
    await screen.findByRole('tablist');
    expect(screen.getByRole('tab', { name: 'My account' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    await waitFor(() => expect(location()).toBe('/editprofile/changepassword'));
    expect(screen.getByRole('tab', { name: 'Change password' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText(/Current password/)).toBeTruthy();
  });

  it('sends a secondary parent who asks for the invite tab to the default tab', async () => {
    open('/editprofile/invitesecondintentedparent', { me: ok(secondary) });
    await waitFor(() => expect(location()).toBe('/editprofile'));
    expect(screen.queryByRole('tab', { name: 'Second intended parent' })).toBeNull();
  });

  it('links to the profile picture page', async () => {
    open('/editprofile', { me: ok(donor) });
    const link = await screen.findByRole('link', { name: 'Change profile picture' });
    expect(link.getAttribute('href')).toBe('/profileimg');
  });
});

describe('change password tab', () => {
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the rule, the confirmation and the current password before sending', async () => {
    const { requests } = open('/editprofile/changepassword', { me: ok(donor) });
    await screen.findByLabelText(/Current password/);
    fill(/^New password/, 'Good!Pass1');
    fill(/^Confirm password/, 'Other!Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.PASSWORD_MISMATCH)).toBeTruthy();
    expect(await screen.findByText(ACCOUNT_MSG.CURRENT_PASSWORD_REQUIRED)).toBeTruthy();
    fill(/^New password/, 'weak');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.PASSWORD_RULE)).toBeTruthy();
    expect(requests.some((r) => r.name === 'changepassword')).toBe(false);
  });

  it('shows a wrong current password under its input', async () => {
    open('/editprofile/changepassword', {
      me: ok(donor),
      changepassword: fail(400, ACCOUNT_MSG.CURRENT_PASSWORD_WRONG, { field: 'current_password' }),
    });
    await screen.findByLabelText(/Current password/);
    fill(/Current password/, 'Wrong!Pass1');
    fill(/^New password/, 'Good!Pass1');
    fill(/^Confirm password/, 'Good!Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MSG.CURRENT_PASSWORD_WRONG)).toBeTruthy();
    expect(screen.getByLabelText(/Current password/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the three passwords and clears the form after success', async () => {
    const { requests } = open('/editprofile/changepassword', {
      me: ok(donor),
      changepassword: ok({ endedSessions: 1 }, ACCOUNT_MSG.PASSWORD_CHANGED),
    });
    await screen.findByLabelText(/Current password/);
    fill(/Current password/, 'Demo!2345');
    fill(/^New password/, 'Good!Pass1');
    fill(/^Confirm password/, 'Good!Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'changepassword')?.body).toEqual({
        current_password: 'Demo!2345',
        password: 'Good!Pass1',
        cpassword: 'Good!Pass1',
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText(/Current password/) as HTMLInputElement).value).toBe(''),
    );
  });
});

describe('second intended parent tab', () => {
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('needs the e-mail twice, and shows a refusal as a toast titled Error', async () => {
    const { requests } = open('/editprofile/invitesecondintentedparent', {
      me: ok(primary),
      getsecondaryintendedparent: ok(null),
      invitesecondaryip: fail(400, MSG.USERNAME_EXISTS),
    });
    await screen.findByLabelText(/^Re-enter email/);
    fill(/^Email/, 'second@x.test');
    fill(/^Re-enter email/, 'other@x.test');
    fill(/^First name/, 'Sam');
    fill(/^Last name/, 'Second');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(USERS_MSG.USERNAME_REENTER)).toBeTruthy();
    expect(requests.some((r) => r.name === 'invitesecondaryip')).toBe(false);
    fill(/^Re-enter email/, 'second@x.test');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', MSG.USERNAME_EXISTS));
    expect(requests.find((r) => r.name === 'invitesecondaryip')?.body).toEqual({
      primaryIP_id: 10,
      secondaryIP_username: 'second@x.test',
      secondaryIP_reusername: 'second@x.test',
      secondaryIP_fname: 'Sam',
      secondaryIP_lname: 'Second',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the invited parent with her status and re-invites her', async () => {
    const { requests } = open('/editprofile/invitesecondintentedparent', {
      me: ok(primary),
      getsecondaryintendedparent: ok(
        userRow({
          userId: 77,
          status: 'Invited',
          username: 'sam@x.test',
          firstName: 'Sam',
          lastName: 'Second',
        }),
      ),
      reinviteuser: ok(null, MSG.INVITE_SENT),
    });
    const table = await screen.findByRole('table', { name: 'Your second intended parent' });
    expect(within(table).getByText('Sam Second')).toBeTruthy();
    expect(within(table).getByText('Invited')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Re-invite' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'reinviteuser')?.body).toEqual({ userId: 77 }),
    );
  });

  it('offers no re-invite once she signed up (Pre-Active)', async () => {
    open('/editprofile/invitesecondintentedparent', {
      me: ok(primary),
      getsecondaryintendedparent: ok(userRow({ userId: 77, status: 'Pre-Active', parentId: 10 })),
    });
    expect(await screen.findByText('Pre-Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Re-invite' })).toBeNull();
  });
});

describe('staff tab', () => {
  it("lists the center's staff with role, e-mail and contact number", async () => {
    const staff: StaffMember[] = [
      {
        userId: 2,
        name: 'Ada Admin',
        role: 7,
        email: 'admin@x.test',
        contactNo: '5551234567',
        status: 'Active',
      },
      { userId: 3, name: 'Casey Manager', role: 6, email: 'cm@x.test', contactNo: null, status: 'Active' },
    ];
    open('/editprofile/staff', { me: ok(manager), getstaffdetails: ok(staff) });
    const table = await screen.findByRole('table', { name: /Staff of your agency/ });
    expect(within(table).getByText('Ada Admin')).toBeTruthy();
    expect(within(table).getByText('Agency Admin')).toBeTruthy();
    expect(within(table).getByText('(555) 123-4567')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'cm@x.test' }).getAttribute('href')).toBe(
      'mailto:cm@x.test',
    );
  });
});
