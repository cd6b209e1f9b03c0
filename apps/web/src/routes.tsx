import { decidePage, PAGES, type PageKey, PUBLIC_PAGES, type SessionUser } from '@dm/shared';
import { Center, Loader } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { prefetchFirstSearch } from './features/search/queries';
import { IMPLEMENTED_PAGES, PAGE_FILES } from './lib/pages';
import { mustAcceptTerms, rememberAttemptedUrl, subjectOf, useSession } from './lib/session';

type Module = { default: ComponentType };

/** A page's code: loaded when first shown, or earlier by preloadPage. */
interface Page {
  preload(): Promise<Module>;
  lazy: LazyExoticComponent<ComponentType>;
  loaded: ComponentType | null;
}

function page(load: () => Promise<Module>): Page {
  const p: Page = {
    loaded: null,
    preload: () =>
      load().then((module) => {
        p.loaded = module.default;
        return module;
      }),
    lazy: lazy(() => p.preload()),
  };
  return p;
}

/**
 * Renders a page. Once its code is loaded the page shows at once: going through React.lazy again
 * would suspend it for a moment, and React keeps a Suspense fallback on screen for up to 300 ms
 * before showing what was waited for.
 */
function PageElement({ page }: { page: Page }) {
  const Loaded = page.loaded;
  return Loaded ? <Loaded /> : <page.lazy />;
}

// Each page file is its own chunk, loaded when first shown (the glob's imports are lazy).
const PAGE_MODULES = import.meta.glob<Record<string, ComponentType>>('./features/*/*Page.tsx');

function pageOf(file: string): Page {
  const [path, name = 'default'] = file.split('#');
  const load = PAGE_MODULES[`./features/${path}.tsx`];
  if (!load) throw new Error(`No page file features/${path}.tsx`);
  return page(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

/** The pages that exist (lib/pages.ts); every other route shows that it is not built yet. */
const ELEMENTS: Partial<Record<PageKey, Page>> = Object.fromEntries(
  Object.entries(PAGE_FILES).map(([key, file]) => [key, pageOf(file)]),
);

/** The route table the app renders below, as react-router ranks it (for preloadPage). */
const ROUTES = (Object.keys(PAGES) as PageKey[]).map((key) => ({ id: key, path: PAGES[key].path }));

/**
 * Starts loading the code of the page at `pathname`: called at start-up with the
 * address the app opens on, so the page's file comes while the session is asked for, instead of
 * after it. Whether the caller may see the page is still decided by PageGate.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const key = matchRoutes(ROUTES, pathname)?.[0]?.route.id as PageKey | undefined;
  const element = key ? ELEMENTS[key] : undefined;
  // A failed load shows when the page is opened (React.lazy asks again); nothing to do here.
  await element?.preload().catch(() => {});
}

/**
 * The data a page opens with, asked for as soon as the session is known, beside the page's code
 *: the page finds it in the query cache on its first render instead of asking after
 * that render.
 */
const OPENING_DATA: Partial<Record<PageKey, (queryClient: QueryClient) => Promise<void>>> = {
  search: prefetchFirstSearch,
};

/** Asks for the opening data of the page at `pathname`, when the signed-in user may open it. */
export function prefetchPageData(queryClient: QueryClient, pathname: string, user: SessionUser | null): void {
  const key = matchRoutes(ROUTES, pathname)?.[0]?.route.id as PageKey | undefined;
  const load = key ? OPENING_DATA[key] : undefined;
  if (!load || !key || !user || mustAcceptTerms(user) || !decidePage(subjectOf(user), key).allowed) return;
  // A failed answer is asked for again, and shown, by the page itself.
  load(queryClient).catch(() => {});
}

export { IMPLEMENTED_PAGES };

const NotBuiltPage = page(() => import('./features/access/NotBuiltPage'));

function Loading() {
  return (
    <Center h="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** Decides whether the caller may see a page: anonymous to login, terms first, then the role table. */
function PageGate({ page }: { page: PageKey }) {
  const { user, loading } = useSession();
  const location = useLocation();
  const Element = ELEMENTS[page] ?? NotBuiltPage;
  if (PUBLIC_PAGES.includes(page)) {
    return (
      <Suspense fallback={<Loading />}>
        <PageElement page={Element} />
      </Suspense>
    );
  }
  if (loading) return <Loading />;
  if (!user) {
    rememberAttemptedUrl(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  if (mustAcceptTerms(user)) return <Navigate to="/login" replace />;
  const decision = decidePage(subjectOf(user), page);
  if (!decision.allowed) {
    return decision.redirect === location.pathname ? null : <Navigate to={decision.redirect} replace />;
  }
  return (
    <AppLayout page={page}>
      <Suspense fallback={<Loading />}>
        <PageElement page={Element} />
      </Suspense>
    </AppLayout>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {(Object.keys(PAGES) as PageKey[]).map((page) => (
        <Route key={page} path={PAGES[page].path} element={<PageGate page={page} />} />
      ))}
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
