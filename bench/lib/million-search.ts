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
 * The in-process search index over a database (a million donors from bench/lib/million.ts, or
 * any seeded one), in this process: its memory, its load and typical searches.
 *
 *   MILLION_URL=postgres://postgres@127.0.0.1:5432/perf_million npx tsx bench/lib/million-search.ts
 *
 * Prints the heap and RSS before and after the load (after a full GC), the load time and the
 * event-loop delay during it, then p50/p95 of each search over RUNS runs with the event-loop
 * delay p99/max during them (a search is one synchronous scan, so the max is its longest), and
 * the cost of a look when nothing changed.
 */

const url = process.env.MILLION_URL ?? 'postgres://postgres@127.0.0.1:5432/perf_million';
const RUNS = Number(process.env.RUNS ?? 40);
const gc = collectGarbage();
const mb = (n: number) => Math.round(n / 1048576);

function memory(label: string): { heap: number; buffers: number; rss: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  console.log(
    `${label}: heapUsed ${mb(m.heapUsed)} MB, arrayBuffers ${mb(m.arrayBuffers)} MB, rss ${mb(m.rss)} MB`,
  );
  return { heap: m.heapUsed, buffers: m.arrayBuffers, rss: m.rss };
}

const database = await openDatabase({ databaseUrl: url });
const before = memory('before the load');
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const index = new DonorSearchIndex(database.db);
const loadStart = performance.now();
const loadCpu = process.cpuUsage();
await index.sync();
const loadMs = performance.now() - loadStart;
const loadCpuMs = (process.cpuUsage(loadCpu).user + process.cpuUsage(loadCpu).system) / 1000;
loop.disable();
console.log(
  `load: ${index.size} donors in ${Math.round(loadMs)} ms (cpu ${Math.round(loadCpuMs)} ms); event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);
const after = memory('after the load');
console.log(
  `index: ${mb(after.heap + after.buffers - before.heap - before.buffers)} MB (heap + array buffers), rss +${mb(after.rss - before.rss)} MB`,
);

const centers = [...new Set(index.center.subarray(0, index.size).filter((c) => c >= 0))].sort(
  (a, b) => a - b,
);
const own = centers[0]!;
const client: VisibilityRule = { kind: 'client', centers, ownCenter: own, hidden: [] };
const staff: VisibilityRule = { kind: 'centers', centers: [own] };
const all: VisibilityRule = { kind: 'all' };
const query = (v: VisibilityRule, filters: Partial<SearchFilters>, words?: string[]): IndexQuery => ({
  visibility: v,
  filters: searchFilters.parse(filters),
  now: new Date(),
  point: { latitude: 40.75, longitude: -73.99 },
  allowedIds: null,
  words: words ? { terms: words, weightsFor: () => WEIGHT.A | WEIGHT.D } : null,
});
const page: IndexSort = { sort: 'Newest', descending: true, limit: 25, offset: 0 };
const cases: [string, IndexQuery, IndexSort | null][] = [
  ['client, no filter, Newest', query(client, {}), page],
  ['client, eye Blue, Newest', query(client, { eyecolor: ['Blue'] }), page],
  [
    'client, race White, age 21-29, Height',
    query(client, { race: ['White'], minage: 21, maxage: 29 }),
    { ...page, sort: 'Height' },
  ],
  [
    'client, 250 miles, Distance',
    query(client, { distance: 250, zipcode: '10001' }),
    { ...page, sort: 'Distance' },
  ],
  ['client, words "ma"', query(client, {}, ['ma']), page],
  ['client, Location sort', query(client, {}), { ...page, sort: 'Location' }],
  ['client, count only', query(client, { haircolor: ['Blonde'] }), null],
  ['staff one center, all profiles', query(staff, { profiles: 'all' }), page],
  ['master, all profiles, page 41', query(all, { profiles: 'all' }), { ...page, offset: 1000 }],
];
const pct = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
for (const [name, q, s] of cases) {
  for (let i = 0; i < 3; i++) await index.search(q, s);
  const times: number[] = [];
  const cpu: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    total = (await index.search(q, s)).total;
    const used = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  delay.disable();
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(40)} total ${String(total).padStart(7)}  wall p50 ${pct(times, 0.5).toFixed(1)} p95 ${pct(times, 0.95).toFixed(1)} ms  cpu p50 ${pct(cpu, 0.5).toFixed(1)} p95 ${pct(cpu, 0.95).toFixed(1)} ms  loop max ${(delay.max / 1e6).toFixed(1)} ms`,
  );
}
const looks: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  await index.sync();
  looks.push(performance.now() - start);
}
looks.sort((a, b) => a - b);
console.log(
  `a look with nothing changed: p50 ${pct(looks, 0.5).toFixed(2)} ms, p95 ${pct(looks, 0.95).toFixed(2)} ms`,
);
memory('after the searches');
await database.close();
