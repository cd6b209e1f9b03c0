import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's chromium, with the flags this closed network needs (no background connections). The
 * e2e suite and the page benchmark (bench/pages.ts) launch it the same way.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
