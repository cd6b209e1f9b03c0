// `npm run bench`: boots the real app in process on a fresh embedded database (the test
// template: migrations, demo seed, reference data for a few countries) and measures the
// calls every page depends on. Numbers, not pass/fail: report them in the issue notes.
// BENCH_DATABASE_URL=postgres://... runs the same on a scratch database of that server
// (created and dropped here); BENCH_DONORS=n adds synthetic donors. BENCH_REUSE_DATABASE_URL
// measures an already migrated and seeded database as it is (`npm run seed -- --donors N` with
// DATABASE_URL set fills one), so repeated runs at 100,000 donors need not seed each time;
// BENCH_REUSE_DATA_DIR does the same for an embedded database seeded into that DATA_DIR.
// The load section (bench/lib/load) runs last: the built server as its own process
// under autocannon; BENCH_ONLY=load runs it alone (so does `npx tsx bench/load.ts`).
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/platform/config.js';
import { SecretBox } from '../apps/api/src/platform/crypto.js';
import { vacuumAnalyze } from '../apps/api/src/platform/db-maintenance.js';
import { seedSyntheticDonors } from '../apps/api/src/seed/donors.js';
import { buildTemplate, TEST_DATA_DIR } from '../apps/api/src/test/template.js';
import { type Bench, ok, tokenLogin } from './lib/context.js';
import { openBenchDatabase } from './lib/database.js';
import { details, match, search } from './lib/donors.js';
import { video, xlsx } from './lib/files.js';
import { donorForm, donorGrid, userGrids } from './lib/grids.js';
import { runHeapGrowth } from './lib/heap-growth.js';
import { SERVER_MAIN } from './lib/load/processes.js';
import { runLoad } from './lib/load/section.js';
import { measure, type Result } from './lib/measure.js';
import { scheduler } from './lib/scheduler.js';
import { searchAlerts } from './lib/search-alerts.js';
import { runSocket } from './lib/socket.js';
import { storage } from './lib/storage.js';

// BENCH_ONLY=search,grid runs only the named sections (details, search, match, xlsx, video,
// storage, grid, users, form, alerts, scheduler, heap, load); the basic calls always run, except when only
// load, socket or heap are named (each of those runs processes of its own).
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wants = (section: string) => !only || only.includes(section);
// The socket section runs only when named (BENCH_ONLY=socket): it needs the build and
// the chat routes, and a PostgreSQL server for its scratch database (bench/lib/socket.ts).
if (only?.every((s) => s === 'load' || s === 'socket' || s === 'heap')) {
  if (wants('heap')) runHeapGrowth();
  if (wants('load')) await runLoad();
  if (wants('socket')) await runSocket();
} else {
  await inProcess();
  if (wants('heap')) runHeapGrowth();
  // A plain `npm run bench` without a build skips the load section; BENCH_ONLY=load asks for it.
  if (wants('load') && (only || existsSync(SERVER_MAIN))) await runLoad();
  else if (wants('load')) console.log(`\nload: skipped (${SERVER_MAIN} is missing: \`npm run build\` first)`);
}

/** Every section but load: the app in this process on a fresh (or reused) database. */
async function inProcess(): Promise<void> {
  const { database, drop } = await openBenchDatabase();
  console.log(`database: ${database.kind}`);
  const setupStart = performance.now();
  const reusing = Boolean(process.env.BENCH_REUSE_DATABASE_URL || process.env.BENCH_REUSE_DATA_DIR);
  if (!reusing) await buildTemplate(database);
  console.log(`setup: migrate + seed in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
  // BENCH_DONORS=n adds synthetic donors beyond the template's, for search at a realistic size.
  const extraDonors = Number(process.env.BENCH_DONORS ?? 0);
  if (extraDonors > 0) {
    const seedStart = performance.now();
    await seedSyntheticDonors(database.db, new SecretBox('bench-secret-bench-secret-bench-secret-01'), {
      count: extraDonors,
      seed: 7,
    });
    await vacuumAnalyze(database.db);
    console.log(
      `setup: ${extraDonors} more donors in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
  }
  const [{ n: donorCount }] = (
    (await database.db.execute(sql`select count(*)::int as n from donors`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows as [{ n: number }];
  console.log(`donors: ${donorCount}`);
  const config = {
    // The template's pictures are stored under TEST_DATA_DIR; the PDF reads them from there. A reused
    // database has them where its seed put them: BENCH_DATA_DIR (the DATA_DIR of that seed).
    ...loadConfig({
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      DATA_DIR: process.env.BENCH_DATA_DIR ?? process.env.BENCH_REUSE_DATA_DIR ?? TEST_DATA_DIR,
    }),
    webDist: null,
  };
  const app = await buildApp({ database, config });
  await app.ready();

  const loginToken = tokenLogin(app);
  const token = await loginToken('admin@demo.test');

  const results: Result[] = [];
  results.push(
    await measure('GET /api/health', 300, async () => {
      ok(await app.inject({ method: 'GET', url: '/api/health' }), 'health');
    }),
  );
  results.push(
    await measure('GET /api/me (signed in)', 300, async () => {
      ok(await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-access-token': token } }), 'me');
    }),
  );
  results.push(
    await measure('POST /api/authenticate (argon2id verify + new session)', 30, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'manager@demo.test', password: DEMO_PASSWORD },
      });
      ok(res, 'authenticate');
    }),
  );
  results.push(
    await measure('POST /api/getemaildefinition', 200, async () => {
      ok(
        await app.inject({
          method: 'POST',
          url: '/api/getemaildefinition?center_id=1',
          headers: { 'x-access-token': token },
          payload: { email_type: 1 },
        }),
        'getemaildefinition',
      );
    }),
  );

  /** The sections BENCH_ONLY names, in the order they run. */
  const SECTIONS: Record<string, (bench: Bench) => Promise<void>> = {
    details,
    search,
    match,
    xlsx,
    video,
    storage,
    grid: donorGrid,
    users: userGrids,
    form: donorForm,
    // These two change donors for their passes (and restore them after).
    alerts: searchAlerts,
    scheduler,
  };
  const bench: Bench = { app, database, config, token, donorCount, results, loginToken };
  for (const [name, run] of Object.entries(SECTIONS)) if (wants(name)) await run(bench);

  console.log('\n| call | runs | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.runs} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(2)} |`,
    );
  }
  await app.close();
  await database.close();
  await drop();
}
