import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { type SearchFilters, searchFilters } from '@dm/shared';
import type { VisibilityRule } from '../../apps/api/src/modules/donor-access/donor-access.js';
import {
  type IndexQuery,
  type IndexSort,
  WEIGHT,
} from '../../apps/api/src/modules/search/search.index.columns.js';
import { DonorSearchIndex } from '../../apps/api/src/modules/search/search.index.js';
import { openDatabase } from '../../apps/api/src/platform/db.js';
import { collectGarbage } from './measure.js';

/**
 * The search index in process over a seeded database (perf100k, or a million donors from
 * bench/lib/million.ts): its memory and load, then the scan of typical searches.
 *
 *   SCAN_URL=postgres://postgres@127.0.0.1:5432/perf_scan RUNS=300 npx tsx bench/lib/scan.ts
 *
 * Prints the heap + array buffers and RSS the index adds (after full GCs), the load's time, CPU and
 * event-loop delay; then for each case the total, the CPU per call (process CPU over all RUNS
 * calls / RUNS), wall p50/p95 and the longest event-loop delay during its calls; then the cost of
 * a look at the database when nothing changed. The scan is timed alone (SYNC=1 adds the look per
 * call). ANSWERS=/path.json writes every case's total and page ids, so two versions' answers can
 * be compared (`cmp` the files). ONLY=<text> runs the cases whose name holds it; for a CPU
 * profile of one case run it under `node --cpu-prof --import tsx`.
 */

const url = process.env.SCAN_URL ?? 'postgres://postgres@127.0.0.1:5432/perf_scan';
const RUNS = Number(process.env.RUNS ?? 300);
const gc = collectGarbage();
const mb = (n: number) => (n / 1048576).toFixed(1);
const memory = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { index: m.heapUsed + m.arrayBuffers, rss: m.rss };
};
const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

const database = await openDatabase({ databaseUrl: url });
const before = memory();
const index = new DonorSearchIndex(database.db);
const loadLoop = monitorEventLoopDelay({ resolution: 1 });
loadLoop.enable();
const loadStart = performance.now();
const loadCpu = process.cpuUsage();
await index.sync();
const loadMs = performance.now() - loadStart;
const loadCpuMs = cpuMs(process.cpuUsage(loadCpu));
loadLoop.disable();
const after = memory();
console.log(
  `index: ${index.size} donors, ${mb(after.index - before.index)} MB (heap + array buffers), rss +${mb(after.rss - before.rss)} MB`,
);
console.log(
  `load: ${Math.round(loadMs)} ms (cpu ${Math.round(loadCpuMs)} ms), event-loop delay p99 ${(loadLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loadLoop.max / 1e6).toFixed(1)} ms`,
);

const centers = [...new Set(index.center.filter((c) => c >= 0))].sort((a, b) => a - b);
const own = centers[0]!;
const client: VisibilityRule = { kind: 'client', centers, ownCenter: own, hidden: [] };
const staff: VisibilityRule = { kind: 'centers', centers: [own] };
// A fixed "now" so that two runs (before/after a change) answer the same questions.
const now = new Date(process.env.SCAN_NOW ?? '2026-11-25T00:00:00Z');
const query = (v: VisibilityRule, filters: Partial<SearchFilters>, words?: string[]): IndexQuery => ({
  visibility: v,
  filters: searchFilters.parse(filters),
  now,
  point: { latitude: 40.75, longitude: -73.99 },
  allowedIds: null,
  words: words ? { terms: words, weightsFor: () => WEIGHT.A | WEIGHT.D } : null,
  // The scan alone: no look at the database's changes per call (SYNC=1 to include it).
  synced: process.env.SYNC ? undefined : Promise.resolve(),
});
const page: IndexSort = { sort: 'Newest', descending: true, limit: 25, offset: 0 };
const cases: [string, IndexQuery, IndexSort | null][] = [
  [
    'issue: eye Blue|Green, hair Blonde|Brown',
    query(client, { eyecolor: ['Blue', 'Green'], haircolor: ['Blonde', 'Brown'] }),
    page,
  ],
  ['no filter, Newest', query(client, {}), page],
  [
    'race White, age 21-29, Height',
    query(client, { race: ['White'], minage: 21, maxage: 29 }),
    { ...page, sort: 'Height' },
  ],
  ['250 miles, Distance', query(client, { distance: 250, zipcode: '10001' }), { ...page, sort: 'Distance' }],
  ['words "ma"', query(client, {}, ['ma']), page],
  ['blood O+, religion, count only', query(client, { blood_group: ['O+'], religions: ['Catholic'] }), null],
  ['state NY, Location sort', query(client, { locations: ['NY'] }), { ...page, sort: 'Location' }],
  ['staff one center, all profiles', query(staff, { profiles: 'all' }), page],
  ['staff one center, eye Brown', query(staff, { eyecolor: ['Brown'] }), page],
  ['master, all profiles, page 41', query({ kind: 'all' }, { profiles: 'all' }), { ...page, offset: 1000 }],
];
const answers: Record<string, unknown> = {};
for (const [name, q, s] of cases) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) continue;
  const runs = name.startsWith('master') ? Math.max(10, RUNS / 10) : RUNS;
  for (let i = 0; i < 5; i++) await index.search(q, s);
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpuStart = process.cpuUsage();
  let answer = await index.search(q, s);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    answer = await index.search(q, s);
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpuStart);
  loop.disable();
  times.sort((a, b) => a - b);
  answers[name] = answer;
  console.log(
    `${name.padEnd(42)} total ${String(answer.total).padStart(7)}  cpu/call ${(cpuMs(used) / (runs + 1)).toFixed(3)} ms  wall p50 ${pct(times, 0.5).toFixed(3)} p95 ${pct(times, 0.95).toFixed(3)} ms  loop max ${(loop.max / 1e6).toFixed(1)} ms`,
  );
}
if (process.env.ANSWERS) writeFileSync(process.env.ANSWERS, JSON.stringify(answers, null, 1));

const looks: number[] = [];
for (let i = 0; i < 40; i++) {
  const start = performance.now();
  await index.sync();
  looks.push(performance.now() - start);
}
looks.sort((a, b) => a - b);
console.log(
  `a look with nothing changed: p50 ${pct(looks, 0.5).toFixed(2)} ms, p95 ${pct(looks, 0.95).toFixed(2)} ms`,
);
await database.close();
