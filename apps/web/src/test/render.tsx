import type { SessionUser } from '@dm/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SessionProvider } from '../lib/session';
import { type StubRoutes, stubApi } from './api-stub';

export { fail, ok, type StubReply, type StubRequest, type StubRoutes, stubApi } from './api-stub';

/** Shows the router's current path, so a test can see where a page navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderPageOptions {
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern the element is mounted on (so useParams works). */
  path?: string;
  api?: StubRoutes;
}

/** Renders a page inside the app's providers (Mantine, Query, router, session) with `fetch` stubbed. */
export function renderPage(ui: ReactElement, { route = '/', path = '*', api = {} }: RenderPageOptions = {}) {
  const requests = stubApi(api);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <SessionProvider>
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, requests, queryClient };
}

/** A signed-in session user; override what a test needs. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: 10,
    username: 'parent@demo.test',
    email: 'parent@demo.test',
    firstName: 'Pat',
    lastName: 'Parent',
    fullName: 'Pat Parent',
    role: 9,
    status: 'Active',
    center: {
      id: 1,
      name: 'Test Agency',
      appTitle: 'Test Donors',
      onboarded: true,
      preActiveAccess: false,
      consumerSite: false,
      payments: false,
      compareDonors: false,
      ipFormVisible: false,
      preActiveDonorDetails: false,
      parentTypeFilter: false,
    },
    parentId: null,
    managerId: null,
    shortlistId: null,
    eulaAccepted: true,
    eulaAcceptedAt: '2026-02-01T00:00:00.000Z',
    termsUpdatedAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    switchedFrom: null,
    donor: null,
    client: { ipFormSubmitted: false, firstLogin: false },
    ...overrides,
  };
}
