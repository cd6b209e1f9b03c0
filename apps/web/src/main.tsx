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
import { SessionProvider } from './lib/session';
import { cssVariablesResolver, theme } from './lib/theme';
import { AppRoutes, preloadPage } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// The page the app opens on starts loading now, alongside the session (issue 17).
void preloadPage(window.location.hash.replace(/^#/, '').split(/[?#]/)[0] || '/');

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
