import type { FavoriteDonor } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import FavoritesPage from './FavoritesPage';

const favorite = (donorId: number): FavoriteDonor => ({
  donorId,
  displayId: `D-${donorId}`,
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

const page = (compareDonors: boolean) =>
  renderPage(
    <ModalsProvider>
      <FavoritesPage />
    </ModalsProvider>,
    {
      route: '/favorites',
      path: '/favorites/:id?/:name?',
      api: {
        me: ok(sessionUser({ center: { ...sessionUser().center, compareDonors } })),
        getfavoritelist: ok([1, 2, 3, 4].map(favorite)),
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

  it('offers no comparison where the agency does not allow it', async () => {
    page(false);
    expect(await screen.findAllByRole('button', { name: /from favorites/ })).toHaveLength(4);
    expect(screen.queryByRole('link', { name: /Compare selected/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
