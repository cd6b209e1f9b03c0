import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityReport } from '../lib/a11y-report.js';
import { login } from '../lib/auth.js';
import { assertAccessible, launchBrowser, newPage, route } from '../lib/browser.js';
import { contrastSweep, describeFinding } from '../lib/contrast.js';
import { keyboardFlows } from '../lib/keyboard-flows.js';
import {
  decidePage,
  idsOf,
  me,
  pagePath,
  paramsOf,
  roleName,
  subjectOf,
  tablePairs,
  WALK_ACCOUNTS,
  WALK_SKIPS,
  type WalkIds,
  type WalkResult,
} from '../lib/page-walk.js';
import { DESKTOP, NARROW, reflowProblem, ZOOM_200 } from '../lib/reflow.js';
import { type RunningServer, startServer } from '../lib/server.js';

/**
 * Accessibility, proven. The walk logs in as each role, opens every page the shared
 * page table lets it open, and runs axe-core (no serious or critical violation), the state
 * contrast check and the CSP check on each, then measures the contrast of every visible text,
 * at rest and with the pointer over each button and link (contrast.ts); the main pages of each
 * role are also opened at 320 px wide and at 200% zoom. Then the main flows are done with the
 * keyboard alone. The walk and the flows log in as many demo accounts (first logins, terms, a
 * match request), so this file runs on its own server and database: the other scenarios see the
 * demo data as seeded.
 * With A11Y_REPORT=<file> set, the results are written there as docs/accessibility.md is.
 */
let browser: Browser;
let server: RunningServer;
const sharedUrl = process.env.E2E_BASE_URL;
before(async () => {
  server = await startServer({ SEED_DONORS: '40' }, { anyPort: true });
  process.env.E2E_BASE_URL = server.baseUrl;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  process.env.E2E_BASE_URL = sharedUrl;
});

/**
 * The main pages of each role, opened at 320 px and 200% too, with the action that must stay
 * reachable. Both sizes are narrower than the search's two columns, where its filters fold away
 * behind the Filters button.
 */
const MAIN_PAGES: Record<string, Partial<Record<string, string>>> = {
  Anonymous: { login: 'role=button[name="Login"s]', userregister: 'role=button[name="Register"s]' },
  'Master Admin': { viewclient: 'main h1', agencylist: 'main h1', statistics: 'main h1' },
  'Agency Admin': { viewclient: 'main h1', viewdonor: 'main h1', generalconfiguration: 'main h1' },
  'Case Manager': {
    home: 'role=button[name="Filters"s]',
    donordetails: 'main h1',
    shortlist: 'role=button[name="Share with client"s]',
    messageroom: 'main h1',
  },
  'Intended Parent': {
    home: 'role=button[name="Filters"s]',
    donordetails: 'main h1',
    previewshortlist: 'main h1',
    messageroom: 'main h1',
  },
  Donor: { donorhome: 'main h1', donorform: 'main h1', messageroom: 'main h1' },
};

/**
 * Reflow findings of the walk not fixed yet, by "page as account": printed by every run
 * and listed in docs/accessibility.md, never silent. A finding not named here fails the walk;
 * a named one no longer seen is printed so the line can be removed once its page reflows.
 */
const KNOWN_REFLOW: Record<string, string> = {
  // seen once of three runs: the header row of the messages page (title and its buttons)
  'messageroom as parent@demo.test': 'the messages header was 404 px wide at 320 px in one run',
};

/** Requests in flight per page, to wait until a page has settled after a hash navigation. */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Opens an address by hash navigation (the app stays loaded, as when a user follows a link) and
 * waits until no request has been in flight for 300 ms and no loader shows.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.baseUrl}/#${path}`);
  const pending = inFlight.get(page)!;
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) {
      const loading = await page.evaluate(
        () => document.querySelector('[aria-label="Loading"], .mantine-Loader-root') !== null,
      );
      if (!loading) return;
      quietSince = Date.now();
    }
  }
}

async function walkOne(
  page: Page,
  result: Omit<WalkResult, 'landed' | 'axe' | 'contrast' | 'contrastMs' | 'ms'>,
  mainAction: string | undefined,
  contrast: ReturnType<typeof contrastSweep>,
): Promise<WalkResult> {
  const started = Date.now();
  await open(page, result.path);
  const landed = route(page);
  const axe: string[] = [];
  await assertAccessible(page, `${result.path} as ${result.account}`).catch((e: Error) =>
    axe.push(e.message),
  );
  // Measured before the reflow sizes: the pointer moves and scrolling of the sweep end at the top.
  const sweepStarted = Date.now();
  const measured = await contrast.check(page);
  const sweepMs = Date.now() - sweepStarted;
  const where = `${result.path} as ${result.account}`;
  const out: WalkResult = {
    ...result,
    landed,
    axe,
    contrast: measured.low.map((f) => `${where}: ${describeFinding(f)}`),
    contrastMs: sweepMs,
    ms: 0,
  };
  if (mainAction !== undefined) {
    await page.setViewportSize(NARROW);
    out.narrow = await reflowProblem(page, mainAction);
    await page.setViewportSize(ZOOM_200);
    out.zoom = await reflowProblem(page, mainAction);
    await page.setViewportSize(DESKTOP);
  }
  out.ms = Date.now() - started;
  const fine =
    axe.length === 0 &&
    out.contrast.length === 0 &&
    [out.narrow, out.zoom].every((r) => r === undefined || r === 'ok');
  console.log(
    `walk: ${where} -> ${landed}: ${fine ? 'ok' : 'FAIL'} (${out.ms} ms; contrast of ${measured.texts} texts, ${measured.hovered} controls hovered in ${sweepMs} ms)`,
  );
  return out;
}

const results: WalkResult[] = [];
const notWalked: { page: string; role: string; reason: string }[] = [];

describe('accessibility walk over the page table', () => {
  it('every page, for every role that may open it, has no serious or critical axe violation, readable text and reflows', async () => {
    const pairs = tablePairs();
    // Anonymous visitors: the public pages.
    {
      const { context, page } = await newPage(browser);
      trackRequests(page);
      const contrast = contrastSweep();
      try {
        for (const { page: key } of pairs.filter((p) => p.role === 'anonymous')) {
          const params = paramsOf(key, 9, { userId: 0 });
          if (!params) {
            notWalked.push({ page: key, role: 'Anonymous', reason: 'no address' });
            continue;
          }
          const path = pagePath(key, params);
          results.push(
            await walkOne(
              page,
              { page: key, role: 'anonymous', account: 'anonymous', path },
              MAIN_PAGES.Anonymous![key],
              contrast,
            ),
          );
        }
      } finally {
        await context.close();
      }
    }
    // Each role: its accounts in order; a page is walked by the first account that may open it.
    const known: Partial<WalkIds> = {};
    for (const role of [...new Set(WALK_ACCOUNTS.map((a) => a.role))]) {
      const pending = new Set(pairs.filter((p) => p.role === role).map((p) => p.page));
      const reasons = new Map<string, string>();
      for (const account of WALK_ACCOUNTS.filter((a) => a.role === role)) {
        const { context, page } = await newPage(browser);
        trackRequests(page);
        const contrast = contrastSweep();
        try {
          await login(page, account.username);
          const user = await me(page);
          const subject = subjectOf(user);
          const ids = await idsOf(page, user, user.center.id === 1 ? known : {});
          if (user.center.id === 1 && ids.donorId) known.donorId ??= ids.donorId;
          for (const key of [...pending]) {
            if (WALK_SKIPS[key]) continue;
            const decision = decidePage(subject, key);
            if (!decision.allowed) {
              reasons.set(key, `${account.username} is sent to ${decision.redirect}`);
              continue;
            }
            const params = paramsOf(key, role, ids);
            if (!params) {
              reasons.set(key, `${account.username} has no id for its address`);
              continue;
            }
            pending.delete(key);
            const path = pagePath(key, params);
            const main = MAIN_PAGES[roleName(role)]?.[key];
            results.push(
              await walkOne(page, { page: key, role, account: account.username, path }, main, contrast),
            );
          }
        } finally {
          await context.close();
        }
      }
      for (const key of pending)
        notWalked.push({
          page: key,
          role: roleName(role),
          reason: WALK_SKIPS[key] ?? reasons.get(key) ?? '?',
        });
    }

    // The skip list is printed, never silent; a page left out without being named in it fails.
    console.log(
      `accessibility walk: ${results.length} page visits in ${Math.round(results.reduce((s, r) => s + r.ms, 0) / 1000)} s (text contrast ${Math.round(results.reduce((s, r) => s + r.contrastMs, 0) / 1000)} s); not walked:\n${notWalked
        .map((n) => `  ${n.page} (${n.role}): ${n.reason}`)
        .join('\n')}`,
    );
    if (process.env.A11Y_REPORT)
      writeFileSync(process.env.A11Y_REPORT, accessibilityReport(results, notWalked));
    const unnamed = notWalked.filter((n) => !WALK_SKIPS[n.page as keyof typeof WALK_SKIPS]);
    assert.deepEqual(unnamed, [], 'pages the walk could not open that are not in WALK_SKIPS');
    const isKnown = (r: WalkResult) => KNOWN_REFLOW[`${r.page} as ${r.account}`] !== undefined;
    const reflow = (r: WalkResult) => [
      ...(r.narrow && r.narrow !== 'ok' ? [`${r.path} as ${r.account} at 320 px: ${r.narrow}`] : []),
      ...(r.zoom && r.zoom !== 'ok' ? [`${r.path} as ${r.account} at 200%: ${r.zoom}`] : []),
    ];
    console.log(
      `known reflow findings (KNOWN_REFLOW):\n${results.filter(isKnown).flatMap(reflow).join('\n')}`,
    );
    const failures = results.flatMap((r) => [...r.axe, ...r.contrast, ...(isKnown(r) ? [] : reflow(r))]);
    assert.deepEqual(failures, []);
    // A known finding that no longer shows must leave the list.
    const stale = Object.keys(KNOWN_REFLOW).filter(
      (k) => !results.some((r) => `${r.page} as ${r.account}` === k && reflow(r).length > 0),
    );
    // Printed, not failed: a layout measured on a busy machine can come out fine once.
    if (stale.length)
      console.log(`KNOWN_REFLOW entries not seen in this run (remove once fixed): ${stale.join(', ')}`);
    // Every role of the table was walked.
    assert.deepEqual([...new Set(results.map((r) => roleName(r.role)))].sort(), [
      'Agency Admin',
      'Anonymous',
      'Case Manager',
      'Donor',
      'Intended Parent',
      'Master Admin',
    ]);
  });
});

keyboardFlows(() => browser);
