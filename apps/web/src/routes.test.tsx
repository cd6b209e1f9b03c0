import { ROLE } from '@dm/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderPage, sessionUser, stubApi } from './test/render';

// A page's code is asked for while the session is, not after it; once there, the page
// shows with the frame, without a loading spinner in between.
const loaded = vi.hoisted(() => vi.fn());
vi.mock('./features/users/UsersPage', () => {
  loaded();
  const Grid = () => <p>the users grid</p>;
  return { default: Grid, ViewIpPage: Grid, ViewCmPage: Grid, ViewAdminPage: Grid };
});

const { AppRoutes, prefetchPageData, preloadPage } = await import('./routes');
const { FIRST_SEARCH } = await import('./features/search/queries');
const admin = sessionUser({ userId: 7, username: 'admin@demo.test', role: 7, client: null });

describe('the pages', () => {
  it('preloadPage loads the code of the page an address opens (and nothing for others)', async () => {
    await preloadPage('/login');
    await preloadPage('/no-such-page');
    expect(loaded).not.toHaveBeenCalled();
    await preloadPage('/viewclient');
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('shows a loaded page in the same render as the frame around it', async () => {
    await preloadPage('/viewclient');
    renderPage(<AppRoutes />, { route: '/viewclient', api: { me: ok(admin) } });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByText('the users grid')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it("asks for /search's opening list once the session is known, only for a user who may open it", async () => {
    const requests = stubApi({ getdonorlist: ok({ rows: [], total: 0, page: 1, recordcount: 25 }) });
    const queryClient = new QueryClient();
    prefetchPageData(queryClient, '/search', null);
    prefetchPageData(queryClient, '/search', sessionUser({ role: ROLE.DONOR }));
    prefetchPageData(queryClient, '/viewclient', admin);
    expect(requests.filter((r) => r.name === 'getdonorlist')).toEqual([]);
    prefetchPageData(queryClient, '/search', sessionUser());
    await vi.waitFor(() => expect(requests.filter((r) => r.name === 'getdonorlist').length).toBe(1));
    expect(requests.find((r) => r.name === 'getdonorlist')?.body).toEqual(FIRST_SEARCH);
  });
});
