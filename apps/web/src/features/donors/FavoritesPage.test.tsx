import type { FavoriteDonor, SessionUser } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import FavoritesPage from './FavoritesPage';

const favorite = (donorId: number): FavoriteDonor => ({
  donorId,
  displayId: `D-${donorId}`,
  agencyDisplayId: null,
  firstName: `Donor${donorId}`,
  age: 25,
  availability: 'Available',
  donorType: 'Fresh',
  centerId: 1,
  heightCm: 165,
  eyeColor: 'Blue',
  hairColor: 'Brown',
  educationLevel: null,
  bloodGroup: null,
  picture: null,
  favoritedAt: '2026-11-01T10:00:00.000Z',
});

const page = (compareDonors: boolean, role: SessionUser['role'] = 9, donors = [1, 2, 3, 4].map(favorite)) =>
  renderPage(
    <ModalsProvider>
      <FavoritesPage />
    </ModalsProvider>,
    {
      route: '/favorites',
      path: '/favorites/:id?/:name?',
      api: {
        me: ok(sessionUser({ role, center: { ...sessionUser().center, compareDonors } })),
        getfavoritelist: ok(donors),
      },
    },
  );

describe('FavoritesPage', () => {
  it('lets a client of a comparing agency pick two or three favourites to compare', async () => {
    page(true);
    const compare = await screen.findByRole('link', { name: /Compare selected/ });
    expect(compare.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Donor1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Donor3' }));
    expect(compare.getAttribute('aria-disabled')).toBe('false');
    expect(compare.getAttribute('href')).toBe('/comparedonors?ids=1,3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Donor2' }));
    // A fourth cannot join: three side by side at most.
    expect((screen.getByRole('checkbox', { name: 'Compare Donor4' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('lets a case manager compare favourites whatever the agency switch for clients says', async () => {
    page(false, 6);
    const compare = await screen.findByRole('link', { name: /Compare selected/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Donor2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Donor4' }));
    expect(compare.getAttribute('aria-disabled')).toBe('false');
    expect(compare.getAttribute('href')).toBe('/comparedonors?ids=2,4');
  });

  it("shows a favourite by the agency's donor id when it has one, as search does", async () => {
    page(false, 9, [{ ...favorite(5), firstName: null, agencyDisplayId: 'MA-5' }, favorite(6)]);
    expect(await screen.findByRole('link', { name: 'Donor MA-5 (MA-5)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Donor6 (D-6)' })).toBeTruthy();
    expect(screen.queryByText(/D-5/)).toBeNull();
  });

  it('offers no comparison where the agency does not allow it', async () => {
    page(false);
    expect(await screen.findAllByRole('button', { name: /from favorites/ })).toHaveLength(4);
    expect(screen.queryByRole('link', { name: /Compare selected/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
