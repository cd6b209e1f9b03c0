import { MSG, ROLE } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { ok, renderPage, sessionUser } from '../../test/render';
import EditProfilePage from './EditProfilePage';

/** A My account tab holding a field; typing makes it dirty, Discard reverts it. */
vi.mock('./MyAccountTab', () => ({
  MyAccountTab: function Editor() {
    const [value, setValue] = useState('saved');
    useUnsavedChangesGuard({
      dirty: value !== 'saved',
      save: async () => true,
      discard: () => setValue('saved'),
    });
    return <input aria-label="First name" value={value} onChange={(e) => setValue(e.target.value)} />;
  },
}));

describe('/editprofile tab switch with unsaved changes', () => {
  it('asks first: Stay keeps the tab and the edit, Discard switches', async () => {
    renderPage(
      <ModalsProvider>
        <EditProfilePage />
      </ModalsProvider>,
      {
        route: '/editprofile',
        path: '/editprofile/:tab?',
        api: { me: ok(sessionUser({ role: ROLE.DONOR, client: null })) },
      },
    );
    const field = (await screen.findByRole('textbox', { name: 'First name' })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'edited' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    expect(await screen.findByText(MSG.UNSAVED_CHANGES)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(MSG.UNSAVED_CHANGES)).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/editprofile');
    expect(field.value).toBe('edited');

    fireEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/editprofile/changepassword'),
    );
  });
});
