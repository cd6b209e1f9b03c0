import { MSG, ROLE_LABEL } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useUnsavedChangesGuard } from '../lib/unsaved-changes';
import { ok, renderPage, sessionUser } from '../test/render';
import { AppLayout } from './AppLayout';

const admin = sessionUser({ userId: 7, username: 'admin@demo.test', role: 7, client: null });
const switched = sessionUser({
  userId: 42,
  role: 2,
  client: null,
  fullName: 'Nia Newdonor',
  switchedFrom: { userId: 7, role: 7, fullName: 'Ada Admin' },
});

/** A screen holding a text field; typing makes it dirty, Discard reverts it to "saved". */
function Editor() {
  const [value, setValue] = useState('saved');
  useUnsavedChangesGuard({
    dirty: value !== 'saved',
    save: async () => true,
    discard: () => setValue('saved'),
  });
  return <input aria-label="Field" value={value} onChange={(e) => setValue(e.target.value)} />;
}

const page = (user = admin, extra = {}) =>
  renderPage(
    <ModalsProvider>
      <AppLayout page="viewdonor">
        <Editor />
      </AppLayout>
    </ModalsProvider>,
    { route: '/viewdonor', path: '/viewdonor', api: { me: ok(user), ...extra } },
  );

async function openAccountMenu() {
  fireEvent.click(await screen.findByRole('button', { name: /Account menu for/ }));
}

describe('AppLayout leaving with unsaved changes', () => {
  it('logging out asks first; Stay keeps the session, Discard reverts and logs out', async () => {
    const { requests } = page(admin, { logoutuser: ok(null) });
    const field = (await screen.findByRole('textbox', { name: 'Field' })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'edited' } });
    await openAccountMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText(MSG.UNSAVED_CHANGES)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(MSG.UNSAVED_CHANGES)).toBeNull());
    expect(requests.some((r) => r.name === 'logoutuser')).toBe(false);

    await openAccountMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(field.value).toBe('saved');
    await waitFor(() => expect(requests.some((r) => r.name === 'logoutuser')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it('logging out without changes does not ask', async () => {
    const { requests } = page(admin, { logoutuser: ok(null) });
    await screen.findByRole('textbox', { name: 'Field' });
    await openAccountMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'logoutuser')).toBe(true));
    // Logging out changes state, so it is a POST (a GET could be made by any cross-site link).
    expect(requests.filter((r) => r.name === 'logoutuser').map((r) => r.method)).toEqual(['POST']);
    expect(screen.queryByText(MSG.UNSAVED_CHANGES)).toBeNull();
  });

  it('switching back to the admin asks first', async () => {
    const { requests } = page(switched, {
      switchback: ok({ outcome: 'success', user: admin, destination: '/viewdonor' }),
    });
    const field = (await screen.findByRole('textbox', { name: 'Field' })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Ada Admin' }));
    expect(await screen.findByText(MSG.UNSAVED_CHANGES)).toBeTruthy();
    expect(requests.some((r) => r.name === 'switchback')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(field.value).toBe('saved');
    await waitFor(() => expect(requests.some((r) => r.name === 'switchback')).toBe(true));
  });
});

describe('AppLayout account menu', () => {
  it('has a Profile entry to /editprofile', async () => {
    page(admin);
    await openAccountMenu();
    const profile = await screen.findByRole('menuitem', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/editprofile');
  });
});

describe('AppLayout header on a narrow screen', () => {
  it('keeps the title and the account name each on one line, cut short rather than wrapped', async () => {
    page(admin);
    const account = await screen.findByRole('button', { name: /Account menu for/ });
    // Wrapped, they grew taller than the 60 px bar and stuck out of its top.
    expect(within(account).getByText(admin.fullName).getAttribute('data-truncate')).toBe('end');
    expect(screen.getByText(admin.center.appTitle).getAttribute('data-truncate')).toBe('end');
  });

  it('shows the role and center in the account menu too (a phone’s bar leaves them out)', async () => {
    page(admin);
    await openAccountMenu();
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(`${ROLE_LABEL[admin.role]} · ${admin.center.name}`)).toBeTruthy();
  });
});
