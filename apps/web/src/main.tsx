import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { fetchMe, SessionProvider, sessionKey } from './lib/session';
import { captureSsoToken } from './lib/sso';
import { cssVariablesResolver, theme } from './lib/theme';
import { AppRoutes, prefetchPageData, preloadPage } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// The session and the code of the page the app opens on load side by side, and the app renders
// once both are in. Rendered earlier, the page suspends on its code and React holds
// the fallback for at least 300 ms after the code arrives; its own requests would start late.
// A slow answer does not hold the first paint for more than a second.
// A partner's sign-in token leaves the address before anything reads it (decision 019).
captureSsoToken();
const opening = window.location.hash.replace(/^#/, '').split(/[?#]/)[0] || '/';
const session = queryClient
  .fetchQuery({ queryKey: sessionKey, queryFn: fetchMe, staleTime: Number.POSITIVE_INFINITY })
  .catch(() => null);
// Once the session is known, the page's opening data is asked for too (when the user may see it).
void session.then((user) => prefetchPageData(queryClient, opening, user));
const ready = Promise.all([preloadPage(opening), session]);
void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 1000))]).finally(render);

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <ModalsProvider>
              <Notifications position="top-right" />
              <SessionProvider>
                <AppRoutes />
              </SessionProvider>
            </ModalsProvider>
          </HashRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
