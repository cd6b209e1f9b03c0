import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { REPORTERS, testProjects } from '../../vitest.shared';

const apiPort = process.env.API_PORT ?? '3000';

function buildVersion(): string {
  try {
    return JSON.parse(readFileSync(new URL('../../build-info.json', import.meta.url), 'utf8')).version;
  } catch {
    return 'dev';
  }
}

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(buildVersion()),
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // ws: the socket at /api/socket.io goes through the proxy too.
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Left to itself the bundler cut the libraries and the shared app code into some
        // 90 small files, so opening a page asked the (busy) server for 20 to 45 of them in a row
        // of round trips. Now a page needs its own file plus at most the two shared ones below.
        codeSplitting: {
          groups: [
            {
              // The captcha widget (altcha, 110 kB) only for the pages that show it, when they do.
              name: 'captcha',
              test: /node_modules[\\/]altcha[\\/]/,
              priority: 30,
            },
            {
              // React, the router, Mantine (without the charts), TanStack Query, zod, the shared
              // package: what nearly every page uses, in one file loaded with the app.
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@mantine[\\/](core|hooks|modals|notifications|form)|@floating-ui|@tanstack|zod|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|react-number-format|react-textarea-autosize|cookie|set-cookie-parser|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]|packages[\\/]shared[\\/]/,
              priority: 20,
            },
            {
              // The app's own modules that two or more pages share (queries, dialogs, tables); not
              // the captcha field, which would bring the captcha widget to every page.
              name: 'app-shared',
              test: (id: string) => /apps[\\/]web[\\/]src[\\/]/.test(id) && !id.includes('CaptchaField'),
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    reporters: REPORTERS,
    setupFiles: ['src/test/setup.ts'],
    // Page renders on a busy 2-core CI machine can take seconds; a timeout is not the assertion.
    testTimeout: 30_000,
    projects: testProjects(`${import.meta.dirname}/src`, 'src/**/*.test.{ts,tsx}'),
  },
});
