import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { userRow } from '../../test/rows';
import ViewClientPage from '../users/UsersPage';

// The users grid's "IP form" row action: staff of a center with the form on open a
// client's form in preview; the page table gives the ipform page to case managers.
const center = (ipFormVisible: boolean) => ({ ...sessionUser().center, ipFormVisible });
const manager = (ipFormVisible: boolean) =>
  sessionUser({ userId: 3, role: 6, client: null, center: center(ipFormVisible) });

function grid(user: ReturnType<typeof sessionUser>) {
  return renderPage(
    <ModalsProvider>
      <ViewClientPage />
    </ModalsProvider>,
    {
      route: '/viewclient',
      api: {
        me: ok(user),
        getallusers: ok({
          rows: [
            userRow({
              userId: 10,
              role: 9,
              centerId: 1,
              firstName: 'Jordan',
              lastName: 'Parent',
              status: 'Active',
            }),
          ],
          count: 1,
        }),
      },
    },
  );
}

const openActions = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Actions: Jordan Parent' }));

describe('users grid: IP form action', () => {
  it("opens a client's form in preview for the case manager of a center with the form on", async () => {
    grid(manager(true));
    await openActions();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'IP form' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ipform/10/preview'));
  });

  it('is not offered when the center has the form off', async () => {
    grid(manager(false));
    await openActions();
    await screen.findByRole('menuitem', { name: 'Edit details' });
    expect(screen.queryByRole('menuitem', { name: 'IP form' })).toBeNull();
  });
});
