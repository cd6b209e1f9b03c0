import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { SearchAnswer, SearchRequestInput } from '@dm/shared';
import { POOL_SIZE } from '../../../apps/api/src/platform/config.js';
import { type Api, onServer, signIn } from './api.js';
import { type CannonSettings, fire, type Target } from './cannon.js';
import { DatabaseCpu } from './db-cpu.js';
import { type Child, SERVER_MAIN, startBare, startFloor, startServer } from './processes.js';
import { apiCpuPerRequest, FLOOR, goalRows, goalTable, megabytes, type Row, table } from './report.js';
import { Writer } from './writer.js';

// The load section of the bench: the built production server as its own process (or
// two on one PostgreSQL database), autocannon against health, me, search and donor details, a
// concurrent writer with its consistency check during the search runs, and a bare Fastify
// server measured the same way in the same run. Configuration by environment: docs/benchmarks.md
// "Benchmarks".

const env = process.env;
const num = (name: string, fallback: number) => {
  const v = Number(env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};

/** The issue's measurement: a parent's search on eye and hair colour. */
export const ISSUE_SEARCH: SearchRequestInput = {
  eyecolor: ['Blue', 'Green'],
  haircolor: ['Blonde', 'Brown'],
};
/** The searches both processes must answer identically. */
const SAME_ANSWER_SEARCHES: SearchRequestInput[] = [
  ISSUE_SEARCH,
  {},
  { sortby: 'Views', recordcount: 100 },
  { donoravailability: ['Unavailable'], sortby: 'Height', orderby: 'desc' },
  { globalSearch: 'new', currentPage: 2 },
];
const ACCOUNTS = { staff: 'admin@demo.test', parent: 'parent@demo.test', viewer: 'parent111@demo.test' };
const TARGETS = ['health', 'me', 'search', 'details', 'search-alone'] as const;
/** What runs unless BENCH_LOAD_TARGETS names others ('search-alone': the search without the writer). */
const DEFAULT_TARGETS = ['health', 'me', 'search', 'details'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * BENCH_LOAD_REST (s): how long a server stays idle before its resting RSS is read. Right after
 * the index loaded the heap still holds the load's garbage; V8 gives it back once the process
 * has been idle about half a minute (its memory reducer), so the idle goal is judged at rest.
 */
const REST_MS = num('BENCH_LOAD_REST', 40) * 1000;

/** The RSS 5 s after the first search (the index loaded) and after REST_MS idle. */
async function idleRss(child: Child): Promise<{ loaded: number; rest: number }> {
  await sleep(2000);
  await child.read();
  await sleep(3000);
  const loaded = (await child.read()).rss.last;
  await sleep(Math.max(0, REST_MS - 5000));
  return { loaded, rest: (await child.read()).rss.last };
}

/** The server's DATA_DIR (and the donors it seeds into an empty embedded database). */
function serverDataDir(databaseUrl: string | null, work: string): { dataDir: string; seedDonors?: number } {
  const given = env.BENCH_LOAD_DATA_DIR ? path.resolve(env.BENCH_LOAD_DATA_DIR) : null;
  if (!databaseUrl) {
    if (given) return { dataDir: given };
    // Nothing given: the server seeds a small embedded database into a fresh folder.
    return { dataDir: path.join(work, 'data'), seedDonors: num('BENCH_LOAD_DONORS', 2000) };
  }
  // PostgreSQL: the server writes mail under DATA_DIR. A folder of the bench's own, with the
  // seed's pictures linked and its secret copied, leaves the seeded folder as it was.
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir, { recursive: true });
  if (given && existsSync(path.join(given, 'uploads')))
    symlinkSync(path.join(given, 'uploads'), path.join(dataDir, 'uploads'));
  if (given && existsSync(path.join(given, 'app-secret')))
    copyFileSync(path.join(given, 'app-secret'), path.join(dataDir, 'app-secret'));
  return { dataDir };
}

/** Error lines (pino level 50 and up) a server wrote to its log. */
function loggedErrors(logFile: string): number {
  if (!existsSync(logFile)) return 0;
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => /"level":(5|6)\d/.test(l)).length;
}

/** Both processes answer the same searches the same way (no writes meanwhile). */
async function sameAnswers(parent: Api, servers: Child[]): Promise<string[]> {
  const differences: string[] = [];
  for (const search of SAME_ANSWER_SEARCHES) {
    const answers = await Promise.all(
      servers.map((s) => onServer(parent, s.url).call<SearchAnswer>('POST', '/api/getdonorlist', search)),
    );
    if (!answers.every((a) => isDeepStrictEqual(a, answers[0])))
      differences.push(`${JSON.stringify(search)}: totals ${answers.map((a) => a.total).join(' vs ')}`);
  }
  return differences;
}

export async function runLoad(): Promise<void> {
  if (!existsSync(SERVER_MAIN))
    throw new Error(`load: ${SERVER_MAIN} is missing; run \`npm run build\` first`);
  const settings: CannonSettings = {
    connections: num('BENCH_LOAD_CONNECTIONS', 50),
    seconds: num('BENCH_LOAD_SECONDS', 20),
  };
  const warmup: CannonSettings = { ...settings, seconds: num('BENCH_LOAD_WARMUP', 3) };
  const processes = num('BENCH_LOAD_PROCESSES', 1);
  const writesPerSecond = num('BENCH_LOAD_WRITES', 20);
  const wanted = (env.BENCH_LOAD_TARGETS ?? DEFAULT_TARGETS.join(',')).split(',').map((t) => t.trim());
  const databaseUrl = env.BENCH_LOAD_DATABASE_URL || null;
  if (processes > 1 && !databaseUrl)
    throw new Error('load: BENCH_LOAD_PROCESSES=2 needs BENCH_LOAD_DATABASE_URL');
  const ports = [num('BENCH_LOAD_PORT', 3201), num('BENCH_LOAD_PORT2', 3221)];
  // Processes on one database share its connections (docs/configuration.md, DATABASE_POOL_SIZE): with two, each
  // keeps half the default pool unless BENCH_LOAD_POOL_SIZE says otherwise.
  const poolSize = env.BENCH_LOAD_POOL_SIZE
    ? num('BENCH_LOAD_POOL_SIZE', POOL_SIZE)
    : processes > 1
      ? Math.max(1, Math.floor(POOL_SIZE / processes))
      : undefined;
  const work = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  const { dataDir, seedDonors } = serverDataDir(databaseUrl, work);
  console.log(
    `\nload: ${databaseUrl ? 'PostgreSQL' : 'embedded database'}, DATA_DIR ${dataDir}, ${settings.connections} connections, ${settings.seconds} s a target, ${processes} process(es)${poolSize !== undefined ? ` of ${poolSize} database connections each` : ''}, writer ${writesPerSecond}/s; logs in ${work}`,
  );

  const children: Child[] = [];
  const databaseCpu = databaseUrl ? await DatabaseCpu.open(databaseUrl) : null;
  let keep = Boolean(env.BENCH_LOAD_KEEP);
  let bareChild: Child | null = null;
  try {
    const bare = await startBare(num('BENCH_LOAD_BARE_PORT', 3211), path.join(work, 'bare.log'));
    bareChild = bare;
    children.push(bare);
    const started = performance.now();
    const logFiles = [path.join(work, 'api-1.log'), path.join(work, 'api-2.log')];
    /** The options of API process `i` (0 or 1): its port and log, the shared database and pool. */
    const serverOptions = (i: number) => ({
      port: ports[i]!,
      databaseUrl,
      dataDir,
      logFile: logFiles[i]!,
      ...(poolSize !== undefined ? { poolSize } : {}),
    });
    const a = await startServer('api-1', {
      ...serverOptions(0),
      ...(seedDonors !== undefined ? { seedDonors } : {}),
    });
    children.push(a);
    const parent = await signIn(a.url, ACCOUNTS.parent);
    // The first search waits for the search index; the idle reading comes after it settled.
    const first = await parent.call<SearchAnswer>('POST', '/api/getdonorlist', ISSUE_SEARCH);
    console.log(
      `load: server up and index loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; the issue's search finds ${first.total} donors`,
    );
    const donorId = first.rows[0]?.id;
    if (!donorId) throw new Error("load: the issue's search found no donor for the details target");
    const idleA = await idleRss(a);
    const idle = [idleA.rest];
    console.log(
      `load: idle RSS ${megabytes(idleA.loaded)} after the index loaded, ${megabytes(idleA.rest)} at rest (${REST_MS / 1000} s idle)`,
    );

    const auth = { 'x-access-token': parent.token };
    const targets: Record<(typeof TARGETS)[number], Target> = {
      health: { name: 'GET /api/health', method: 'GET', path: '/api/health' },
      me: { name: 'GET /api/me (parent)', method: 'GET', path: '/api/me', headers: auth },
      search: {
        name: 'POST /api/getdonorlist (parent, the issue search) + writer',
        method: 'POST',
        path: '/api/getdonorlist',
        headers: auth,
        body: ISSUE_SEARCH,
      },
      'search-alone': {
        name: 'POST /api/getdonorlist (parent, the issue search), no writer',
        method: 'POST',
        path: '/api/getdonorlist',
        headers: auth,
        body: ISSUE_SEARCH,
      },
      details: {
        name: `GET /api/getdonordetails/${donorId} (parent)`,
        method: 'GET',
        path: `/api/getdonordetails/${donorId}`,
        headers: auth,
      },
    };
    const writer = await Writer.prepare([a.url], ACCOUNTS, parent);

    /** One measured run: warm-up, probes reset, autocannon, probes read. */
    const measure = async (
      name: string,
      servers: Child[],
      target: Target,
      bareRps: number | null,
      write: boolean,
    ) => {
      await fire(
        servers.map((s) => s.url),
        target,
        warmup,
      );
      await Promise.all(servers.map((s) => s.read()));
      const dbCpu = await databaseCpu?.start();
      if (write) writer.start(writesPerSecond);
      const result = await fire(
        servers.map((s) => s.url),
        target,
        settings,
      );
      if (write) await writer.stop();
      const probes = await Promise.all(servers.map((s) => s.read()));
      const dbCpuMicros = dbCpu && servers.every((s) => s !== bareChild) ? await dbCpu() : null;
      const row: Row = { name, result, bareRps, probes, dbCpuMicros };
      console.log(
        `load: ${name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, API CPU ${apiCpuPerRequest(row).toFixed(0)} µs/req${
          dbCpuMicros !== null
            ? `, PostgreSQL CPU ${(dbCpuMicros / Math.max(1, result.requests)).toFixed(0)} µs/req`
            : ''
        }`,
      );
      return row;
    };

    const rows: Row[] = [];
    const bareRow = await measure(
      'bare Fastify (hello world)',
      [bare],
      { name: 'bare', method: 'GET', path: '/' },
      null,
      false,
    );
    rows.push(bareRow);
    const bareRps = bareRow.result.rps;
    // On PostgreSQL, the floor: the same 25 cards read from the database per request, nothing else.
    if (databaseUrl && wanted.some((t) => t.startsWith('search'))) {
      const floor = await startFloor(num('BENCH_LOAD_FLOOR_PORT', 3212), path.join(work, 'floor.log'), {
        databaseUrl,
        poolSize: poolSize ?? POOL_SIZE,
        ids: first.rows.map((r) => r.id),
      });
      try {
        rows.push(
          await measure(
            `${FLOOR} the issue search's ${first.rows.length} cards from PostgreSQL, nothing else`,
            [floor],
            { name: 'floor', method: 'POST', path: '/' },
            bareRps,
            false,
          ),
        );
      } finally {
        await floor.stop();
      }
    }
    for (const key of TARGETS) {
      if (!wanted.includes(key)) continue;
      rows.push(await measure(targets[key].name, [a], targets[key], bareRps, key === 'search'));
    }
    if (processes > 1 && wanted.includes('search')) {
      const b = await startServer('api-2', serverOptions(1));
      children.push(b);
      await onServer(parent, b.url).call('POST', '/api/getdonorlist', ISSUE_SEARCH);
      idle.push((await idleRss(b)).rest);
      const before = await sameAnswers(parent, [a, b]);
      // Writes go to one process and their checks to the other, in turn.
      writer.useServers([a.url, b.url]);
      const row = await measure(
        'POST /api/getdonorlist (parent), 2 processes + writer',
        [a, b],
        targets.search,
        bareRps,
        true,
      );
      rows.push(row);
      const after = await sameAnswers(parent, [a, b]);
      const one = rows.find((r) => r.name === targets.search.name);
      console.log(
        `\nload: two processes: ${row.result.rps.toFixed(0)} req/s vs ${one?.result.rps.toFixed(0)} with one (x${one ? (row.result.rps / one.result.rps).toFixed(2) : '-'}); same answers on both: ${
          before.length + after.length === 0
            ? `yes (${SAME_ANSWER_SEARCHES.length} searches, before and after the run)`
            : `NO: ${[...before, ...after].join('; ')}`
        }`,
      );
    }
    await writer.restore();

    const s = writer.stats;
    const sorted = [...s.writeMs].sort((x, y) => x - y);
    const at = (q: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0) : '-';
    console.log(
      `\nload: writer: ${s.writes.availability} availability changes, ${s.writes.profile} profile saves, ${s.writes.view} page views in ${s.seconds.toFixed(0)} s (${((s.writes.availability + s.writes.profile + s.writes.view) / Math.max(1, s.seconds)).toFixed(1)}/s of ${writesPerSecond}/s asked; write p50 ${at(0.5)} ms, p99 ${at(0.99)} ms), ${s.skipped} ticks skipped, ${s.failures} failed; consistency: ${s.checks} checks, ${s.violations} violations`,
    );
    for (const e of s.examples) console.log(`  ${e}`);
    console.log(`load: idle RSS at rest ${idle.map(megabytes).join(' + ')}`);
    console.log(`\n${table(rows)}\n`);
    console.log(`${goalTable(goalRows(rows, idle))}\n`);
    for (const [i, file] of logFiles.entries()) {
      const errors = loggedErrors(file);
      if (errors > 0) keep = true;
      if (errors > 0) console.log(`load: api-${i + 1} logged ${errors} errors (see ${file})`);
    }
  } finally {
    for (const child of children.reverse()) await child.stop();
    await databaseCpu?.close();
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}
