// `npm run bench`: boots the real app in process on a fresh embedded database (the test
// template: migrations, demo seed, reference data for a few countries) and measures the
// calls every page depends on. Numbers, not pass/fail: report them in the issue notes.
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '@dm/shared';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/platform/config.js';
import { openDatabase } from '../apps/api/src/platform/db.js';
import { buildTemplate } from '../apps/api/src/test/template.js';

interface Result {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

async function measure(name: string, runs: number, fn: () => Promise<void>): Promise<Result> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, runs, p50: at(0.5), p95: at(0.95), max: times[times.length - 1]! };
}

const database = await openDatabase({});
const setupStart = performance.now();
await buildTemplate(database);
console.log(`setup: migrate + seed in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
const config = {
  ...loadConfig({ APP_SECRET: 'bench-secret-bench-secret-bench-secret-01', DATA_DIR: '/tmp/dm-bench' }),
  webDist: null,
};
const app = await buildApp({ database, config });
await app.ready();

function ok(res: { statusCode: number; body: string }, what: string): void {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
}

const login = await app.inject({
  method: 'POST',
  url: '/api/authenticate',
  payload: { username: 'admin@demo.test', password: DEMO_PASSWORD },
});
ok(login, 'authenticate');
const token: string = login.json().data.token;

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
        url: '/api/getemaildefinition?centerId=1',
        headers: { 'x-access-token': token },
        payload: { emailTypeId: 1 },
      }),
      'getemaildefinition',
    );
  }),
);

console.log('\n| call | runs | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.name} | ${r.runs} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(2)} |`);
}
await app.close();
await database.close();
