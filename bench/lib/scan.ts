import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
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
 * The in-memory scan of the search index (search.index.ts `search`), in process over a loaded
 * index: CPU per call of typical searches, over many calls (issue 19).
 *
 *   SCAN_URL=postgres://postgres@127.0.0.1:5432/perf_scan RUNS=300 npx tsx bench/lib/scan.ts
 *
 * Prints, for each case, the total, the CPU per call (process CPU over all RUNS calls / RUNS)
 * and the wall p50/p95, plus the index's memory. ANSWERS=/path.json writes every case's total
 * and page ids, so two versions' answers can be compared (`cmp` the files). ONLY=<text> runs the
 * cases whose name holds it.
 */

const url = process.env.SCAN_URL ?? 'postgres://postgres@127.0.0.1:5432/perf_scan';
const RUNS = Number(process.env.RUNS ?? 300);
const gc = collectGarbage();
const mb = (n: number) => (n / 1048576).toFixed(1);
const usage = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const database = await openDatabase({ databaseUrl: url });
const before = usage();
const index = new DonorSearchIndex(database.db);
await index.sync();
const after = usage();
console.log(`index: ${index.size} donors, ${mb(after - before)} MB (heap + array buffers)`);

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
const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const answers: Record<string, unknown> = {};
for (const [name, q, s] of cases) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) continue;
  const runs = name.startsWith('master') ? Math.max(10, RUNS / 10) : RUNS;
  for (let i = 0; i < 5; i++) await index.search(q, s);
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  let answer = await index.search(q, s);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    answer = await index.search(q, s);
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpuStart);
  times.sort((a, b) => a - b);
  answers[name] = answer;
  console.log(
    `${name.padEnd(42)} total ${String(answer.total).padStart(7)}  cpu/call ${((used.user + used.system) / 1000 / (runs + 1)).toFixed(3)} ms  wall p50 ${pct(times, 0.5).toFixed(3)} p95 ${pct(times, 0.95).toFixed(3)} ms`,
  );
}
if (process.env.ANSWERS) writeFileSync(process.env.ANSWERS, JSON.stringify(answers, null, 1));
await database.close();
