import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from './chromium.js';
import { assertStateContrast } from './contrast.js';

export { launchBrowser };

const require = createRequire(import.meta.url);

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npm run test:e2e`');
  return url;
}

/**
 * Headers for a state change a test makes through `page.request` (playwright's API client sends
 * the page's session cookie but no Origin): the server refuses a cookie-authenticated POST that
 * does not say it comes from the app itself.
 */
export function sameOrigin(): Record<string, string> {
  return { origin: new URL(baseUrl()).origin };
}

/** The browser of a test file, launched before its tests and closed after them. */
export interface BrowserRef {
  readonly current: Browser;
}

/** Registers the file's before/after hooks that launch and close one browser. */
export function useBrowser(): BrowserRef {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    get current(): Browser {
      if (!browser) throw new Error('the browser is launched in a before hook: use it inside a test');
      return browser;
    },
  };
}

export async function newPage(
  browser: Browser | BrowserRef,
  options: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const target = 'current' in browser ? browser.current : browser;
  const context = await target.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
    // A browser in another time zone than the server's (the coaching scheduler shows the viewer's).
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  watchContentSecurityPolicy(page);
  watchApiAnswers(page);
  return { context, page };
}

/** The page's last API answers (status, method, path), for a failure to tell what happened. */
const apiAnswers = new WeakMap<Page, string[]>();

function watchApiAnswers(page: Page): void {
  const last: string[] = [];
  apiAnswers.set(page, last);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    last.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    if (last.length > 12) last.shift();
  });
}

/**
 * Waits for a locator like `locator.waitFor()`; when it does not come, the error says what the
 * page showed instead (its route, headings and alerts) and its last API answers: a step that
 * failed once in CI and never here leaves its evidence in the log.
 */
export async function waitShown(page: Page, locator: Locator): Promise<void> {
  try {
    await locator.waitFor();
  } catch (error) {
    const shown = await page
      .evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, [role="alert"], [role="status"]')]
          .map(
            (e) =>
              `${e.tagName.toLowerCase()}${e.getAttribute('role') ? `[${e.getAttribute('role')}]` : ''}: ${(e.textContent ?? '').trim().slice(0, 160)}`,
          )
          .join('\n'),
      )
      .catch((e: Error) => `(the page could not be read: ${e.message})`);
    const answers = (apiAnswers.get(page) ?? []).join('\n');
    throw new Error(
      `${(error as Error).message}\nThe page at ${route(page)} showed:\n${shown}\nIts last API answers:\n${answers}`,
    );
  }
}

/** What chromium refused under the server's Content-Security-Policy, per page. */
const cspViolations = new WeakMap<Page, string[]>();

/** Collects the page's CSP refusals (chromium reports each one on the console), across navigations. */
export function watchContentSecurityPolicy(page: Page): void {
  const seen: string[] = [];
  cspViolations.set(page, seen);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      seen.push(message.text());
  });
}

/** Fails the test when the page broke the Content-Security-Policy since it was opened. */
export function assertNoCspViolations(page: Page, where = route(page)): void {
  const seen = cspViolations.get(page) ?? [];
  assert.deepEqual(seen, [], `${where}: Content-Security-Policy violations`);
}

/** Opens a hash route of the app the page's context is for (its baseURL), e.g. go(page, '/login'). */
export async function go(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
}

/** The current hash route without the leading '#'. */
export function route(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '') || '/';
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an inline <script> tag would break the app's CSP.
  // Once per document: a page walked by hash navigation keeps it (issue 24's walk).
  // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
  if (!(await page.evaluate(() => Boolean((window as any).axe))))
    await page.evaluate(require('axe-core').source);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    .join('\n');
}

/**
 * Waits until nothing on the page is fading. A dialog or toast still fading in has translucent
 * text: axe would measure a contrast nobody sees. Endless animations (spinners) are left out. On a
 * busy machine a dialog or a toast can be measured after it mounts at opacity 0 and before its
 * transition starts, so every one must be opaque too (a CI run failed on a toast's title measured so).
 */
async function untilSettled(page: Page): Promise<void> {
  // No named helper inside: tsx would wrap it in __name(), which the page does not have.
  await page.waitForFunction(() => {
    for (const dialog of document.querySelectorAll('[role="dialog"], .mantine-Notifications-notification')) {
      if (dialog.getClientRects().length === 0) continue;
      for (let e: Element | null = dialog; e; e = e.parentElement)
        if (getComputedStyle(e).opacity !== '1') return false;
    }
    return document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
  });
}

/** Fails the test when axe-core finds a serious or critical violation on the page. */
export async function assertAccessible(page: Page, where = route(page)): Promise<void> {
  await untilSettled(page);
  let violations = await seriousAxeViolations(page);
  // A toast that started to leave while axe ran (they close by themselves) was measured
  // translucent: once nothing moves, measure again. A real failure is found the second time too.
  const inToast = (v: AxeViolation) =>
    v.nodes.every((n) => n.target.join(' ').includes('mantine-Notification'));
  if (violations.length > 0 && violations.every(inToast)) {
    await untilSettled(page);
    violations = await seriousAxeViolations(page);
  }
  assert.equal(violations.length, 0, `${where}: ${describeViolations(violations)}`);
  // axe does not judge every colour pair: the controls showing a state are measured here.
  await assertStateContrast(page, where);
  // Every screen checked for accessibility is checked against the CSP as well.
  assertNoCspViolations(page, where);
}
