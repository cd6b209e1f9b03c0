import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { createTheme, Loader, MantineProvider, Modal, NavLink } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { SessionProvider } from './lib/session';
import { AppRoutes, preloadPage } from './routes';

const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Every dialog's close button has a name (Mantine's is an unlabelled icon).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Loaders are named (aria-label); a name needs a role, or axe flags a prohibited attribute.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // The active menu entry's text stays readable on its tinted background, also under the pointer
    // (the default shade 6 falls under 4.5:1 there).
    NavLink: NavLink.extend({ defaultProps: { color: 'violet.9' } }),
  },
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// The page the app opens on starts loading now, alongside the session (issue 17).
void preloadPage(window.location.hash.replace(/^#/, '').split(/[?#]/)[0] || '/');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
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
