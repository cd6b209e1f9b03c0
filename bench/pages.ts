// `npx tsx bench/pages.ts`: how long the first pages take in a real browser while other people
// use the app (issue 17). For each page and role it opens the page in headless chromium (a new
// browser context signed in through the API, so nothing is cached: the first visit after login),
// waits for a text that only shows once the page's data is there, and reports the time from
// navigation start (p50 and worst of PAGES_RUNS runs), then the same page reloaded (warm HTTP
// cache). Meanwhile PAGES_CLIENTS background clients (other accounts, so nobody's session is
// replaced) search donors, open users and donor grids and save searches, each with a short pause.
// The waterfall of the median run (every request's start, server wait and end, in ms from
// navigation start) shows where the time goes.
//
// Against a running server: PAGES_BASE_URL=http://127.0.0.1:3100 (default). Or PAGES_DATA_DIR=dir
// starts the built app (`npm run build` first) as production does on that DATA_DIR (a copy of a
// seeded one: the background clients write to it). PAGES_ONLY=search,viewclient narrows the pages.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/lib/chromium.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Demo!2345';
const RUNS = Number(process.env.PAGES_RUNS ?? 6);
const CLIENTS = Number(process.env.PAGES_CLIENTS ?? 8);
const THINK_MS = Number(process.env.PAGES_THINK_MS ?? 250);
const ONLY = process.env.PAGES_ONLY?.split(',');
/** Background accounts: other centers' people, so the measured accounts keep their sessions. */
const BACKGROUND = ['85', '133', '46', '36'].flatMap((c) => [`parent${c}`, `manager${c}`, `admin${c}`]);

interface Scenario {
  name: string;
  user: string;
  route: (donorId: number) => string;
  /** A text that only appears once the page's data is shown. */
  ready: RegExp;
}

const SCENARIOS: Scenario[] = [
  { name: 'viewclient', user: 'admin', route: () => '/viewclient', ready: /^\d+ found$/ },
  { name: 'viewdonor', user: 'manager', route: () => '/viewdonor', ready: /^\d+ found$/ },
  { name: 'viewdonor', user: 'admin', route: () => '/viewdonor', ready: /^\d+ found$/ },
  { name: 'donordetails', user: 'manager', route: (id) => `/donordetails/${id}`, ready: /^Donor ID / },
  { name: 'donordetails', user: 'parent', route: (id) => `/donordetails/${id}`, ready: /^Donor ID / },
  { name: 'search', user: 'parent', route: () => '/search', ready: /^\d+ donors found$/ },
  { name: 'search', user: 'manager', route: () => '/search', ready: /^\d+ donors found$/ },
];

interface Entry {
  url: string;
  start: number;
  /** Time to the first byte of the answer (server time plus the wait in the server's queue). */
  wait: number;
  end: number;
  bytes: number;
}

interface Sample {
  ms: number;
  entries: Entry[];
  /** The main thread's long tasks (script, layout, render over 50 ms): [start, duration]. */
  longTasks: [number, number][];
}

/**
 * Runs in the page from its start: collects the main thread's long tasks, and notes the moment
 * (performance.now()) a text node matching the ready pattern is first added to the document, so
 * the time does not include the test driver's own polling.
 */
function watchPage(ready: RegExp): string {
  return `window.__longTasks = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__longTasks.push([e.startTime, e.duration])))
  .observe({ type: 'longtask', buffered: true });
window.__ready = null;
const readyText = new RegExp(${JSON.stringify(ready.source)});
// An element's whole text, not a single text node: React renders {total} found as two nodes.
const says = (el) => !!el && readyText.test((el.textContent || '').trim());
const matches = (node) => {
  if (node.nodeType === Node.TEXT_NODE) return says(node.parentElement);
  if (node.nodeType !== Node.ELEMENT_NODE) return false;
  if (says(node) || says(node.parentElement)) return true;
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (says(n)) return true;
  return false;
};
const observer = new MutationObserver((records) => {
  for (const r of records) {
    const nodes = r.type === 'characterData' ? [r.target] : [...r.addedNodes];
    if (nodes.some(matches)) {
      window.__ready = performance.now();
      observer.disconnect();
      return;
    }
  }
});
observer.observe(document, { subtree: true, childList: true, characterData: true });`;
}

// ------------------------------------------------------------------------------------------------
// Server

async function startServer(dataDir: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = 3190 + Math.floor(Math.random() * 9);
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      SHUTDOWN_DRAIN_MS: '0',
      MAIL_TRANSPORT: 'file',
      HEALTHCHECK_PASSWORD: 'Health!2345',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('server did not become healthy in time');
}

// ------------------------------------------------------------------------------------------------
// API clients (background load and setup)

class Client {
  private token = '';
  constructor(
    private readonly base: string,
    readonly username: string,
  ) {}

  async login(): Promise<void> {
    const res = await fetch(`${this.base}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: this.username, password: PASSWORD, issueToken: true }),
    });
    const body = (await res.json()) as { data?: { token?: string; user?: { mustAcceptTerms?: boolean } } };
    if (!res.ok || !body.data?.token) throw new Error(`login ${this.username}: ${res.status}`);
    this.token = body.data.token;
    // Parents accept the terms at their first login; the API refuses most calls before that.
    await this.call('POST', 'accepteula', {}).catch(() => {});
  }

  async call(method: string, name: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.base}/api/${name}`, {
      method,
      headers: {
        'x-access-token': this.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const envelope = (await res.json().catch(() => null)) as { data?: unknown } | null;
    if (!res.ok) throw new Error(`${res.status}`);
    return envelope?.data;
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const SORTS = ['Newest', 'Age', 'Height', 'Views', 'Availability'] as const;
const WORDS = ['an', 'ma', 'sa', 'blue', 'brown', 'texas', 'la', 'jo'];

/** One background person: searches, a grid and now and then a saved search, until stopped. */
async function background(client: Client, stopped: () => boolean, counts: Map<string, number>) {
  // Admins do not search donors (the search page is for parents and case managers).
  const admin = client.username.startsWith('admin');
  const parent = client.username.startsWith('parent');
  let n = 0;
  while (!stopped()) {
    n++;
    const action = admin
      ? n % 2 === 0
        ? 'getallusers'
        : 'getdonorbycenter'
      : n % 5 === 0
        ? 'savesearch'
        : !parent && n % 3 === 0
          ? 'getdonorbycenter'
          : 'getdonorlist';
    try {
      if (action === 'getdonorlist') {
        await client.call('POST', 'getdonorlist', {
          sortby: pick(SORTS),
          currentPage: 1 + Math.floor(Math.random() * 5),
          ...(Math.random() < 0.4 ? { globalSearch: pick(WORDS) } : {}),
          ...(Math.random() < 0.3 ? { eyecolor: ['Blue'] } : {}),
        });
      } else if (action === 'getallusers') {
        await client.call('POST', 'getallusers', { from: 0, to: 25, search: '', sort: 'name', ord: 'asc' });
      } else if (action === 'getdonorbycenter') {
        await client.call('POST', 'getdonorbycenter', {
          from: 0,
          to: 25,
          search: '',
          sort: 'created',
          ord: 'asc',
        });
      } else {
        await client.call('POST', 'savesearch', {
          name: `bench ${client.username} ${Date.now()}`,
          filters: { minage: 21 + (n % 5) },
        });
      }
      counts.set(action, (counts.get(action) ?? 0) + 1);
    } catch (error) {
      const failed = `${action} ${client.username.replace(/\d+@.*/, '')} failed ${(error as Error).message}`;
      counts.set(failed, (counts.get(failed) ?? 0) + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
  }
}

// ------------------------------------------------------------------------------------------------
// Browser

/** A browser context signed in as `user` (the session cookie from /authenticate, as the login page gets it). */
async function signedInContext(
  browser: Browser,
  base: string,
  user: string,
  ready: RegExp,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watchPage(ready));
  const res = await context.request.post(`${base}/api/authenticate`, {
    headers: { origin: base },
    data: { username: `${user}@demo.test`, password: PASSWORD },
  });
  if (!res.ok()) throw new Error(`login ${user}: ${res.status()}`);
  await context.request.post(`${base}/api/accepteula`, { headers: { origin: base }, data: {} });
  return context;
}

function record(page: Page): Entry[] {
  const entries: Entry[] = [];
  const done = async (request: Request) => {
    const t = request.timing();
    const url = new URL(request.url());
    const size = await request.sizes().catch(() => ({ responseBodySize: 0 }));
    entries.push({
      url: `${request.method()} ${url.pathname}`,
      start: t.startTime,
      wait: t.responseStart >= 0 && t.requestStart >= 0 ? t.responseStart - t.requestStart : -1,
      end: t.responseEnd,
      bytes: size.responseBodySize,
    });
  };
  page.on('requestfinished', (r) => void done(r));
  page.on('requestfailed', (r) => void done(r));
  return entries;
}

/** Opens the page and times navigation start -> the ready text visible. */
async function visit(
  page: Page,
  base: string,
  route: string,
  ready: RegExp,
  reload: boolean,
): Promise<Sample> {
  const entries = record(page);
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(`${base}/#${route}`, { waitUntil: 'commit' });
  await page.getByText(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  const { ms, origin, longTasks } = await page.evaluate(() => ({
    ms: (window as unknown as { __ready: number | null }).__ready,
    origin: performance.timeOrigin,
    longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
  }));
  // The in-page watcher must have seen the text: the driver's polling would add its own delay.
  if (ms === null) throw new Error(`${route}: the page watcher did not see ${ready} appear`);
  // Let the requests that finished around the ready moment report their timings.
  await page.waitForTimeout(150);
  page.removeAllListeners('requestfinished');
  page.removeAllListeners('requestfailed');
  return {
    ms,
    longTasks: longTasks.filter(([start]) => start <= ms),
    entries: entries
      .map((e) => ({ ...e, start: e.start - origin, end: e.start - origin + e.end }))
      .sort((a, b) => a.start - b.start),
  };
}

function stats(samples: Sample[]): { p50: Sample; worst: Sample } {
  const sorted = [...samples].sort((a, b) => a.ms - b.ms);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)]!, worst: sorted[sorted.length - 1]! };
}

function waterfall(sample: Sample): string {
  const busy = sample.longTasks.reduce((sum, [, d]) => sum + d, 0);
  const tasks = sample.longTasks.map(([start, d]) => `${start.toFixed(0)}+${d.toFixed(0)}`).join(' ');
  return `      long tasks ${busy.toFixed(0)} ms: ${tasks}\n${sample.entries
    .filter((e) => e.start <= sample.ms)
    .map(
      (e) =>
        `      ${e.start.toFixed(0).padStart(5)} → ${e.end.toFixed(0).padStart(5)} ms  wait ${e.wait
          .toFixed(0)
          .padStart(4)}  ${(e.bytes / 1024).toFixed(1).padStart(6)} kB  ${e.url}`,
    )
    .join('\n')}`;
}

async function someDonorId(base: string): Promise<number> {
  const parent = new Client(base, 'parent@demo.test');
  await parent.login();
  const answer = (await parent.call('POST', 'getdonorlist', { sortby: 'Newest', currentPage: 3 })) as {
    rows: { id: number }[];
  };
  return answer.rows[0]!.id;
}

// ------------------------------------------------------------------------------------------------

const server = process.env.PAGES_DATA_DIR ? await startServer(process.env.PAGES_DATA_DIR) : null;
const base = server?.base ?? process.env.PAGES_BASE_URL ?? 'http://127.0.0.1:3100';
const donorId = Number(process.env.PAGES_DONOR_ID ?? (await someDonorId(base)));
console.log(
  `${base}: ${RUNS} runs per page, ${CLIENTS} background clients (pause ${THINK_MS} ms), donor ${donorId}`,
);

let stop = false;
const counts = new Map<string, number>();
const clients = await Promise.all(
  Array.from({ length: CLIENTS }, async (_, i) => {
    const client = new Client(base, `${BACKGROUND[i % BACKGROUND.length]}@demo.test`);
    await client.login();
    return client;
  }),
);
const load = clients.map((c) => background(c, () => stop, counts));

const browser = await launchBrowser();
const lines: string[] = [];
try {
  for (const s of SCENARIOS.filter((s) => !ONLY || ONLY.includes(s.name))) {
    const first: Sample[] = [];
    const again: Sample[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await signedInContext(browser, base, s.user, s.ready);
      const page = await context.newPage();
      const a = await visit(page, base, s.route(donorId), s.ready, false);
      const b = await visit(page, base, s.route(donorId), s.ready, true);
      // The first run warms the server (its caches, the route's code): not counted.
      if (i > 0) {
        first.push(a);
        again.push(b);
      }
      await context.close();
    }
    const f = stats(first);
    const r = stats(again);
    const line = `${`/${s.name} (${s.user})`.padEnd(28)} first p50 ${f.p50.ms.toFixed(0).padStart(5)} ms, worst ${f.worst.ms
      .toFixed(0)
      .padStart(
        5,
      )} ms | reload p50 ${r.p50.ms.toFixed(0).padStart(5)} ms, worst ${r.worst.ms.toFixed(0).padStart(5)} ms`;
    lines.push(line);
    console.log(line);
    if (process.env.PAGES_WATERFALL !== '0') {
      console.log(`    waterfall of the median first visit (${f.p50.ms.toFixed(0)} ms):`);
      console.log(waterfall(f.p50));
    }
  }
} finally {
  stop = true;
  await browser.close();
  await Promise.all(load);
  await server?.stop();
}
console.log('\nSummary');
for (const line of lines) console.log(line);
console.log(`background calls: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')} (${CLIENTS} clients)`);
