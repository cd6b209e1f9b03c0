// In-process A/B of the request path of GET /health and GET /me (hooks, route, serializer, log
// line; no sockets) for two builds: `node bench/lib/load/inject-ab.mjs <dist A> <dist B>`
// (each an apps/api/dist folder, e.g. a copy made before a change) with BENCH_LOAD_DATABASE_URL
// (a copy of a seeded database) and BENCH_LOAD_DATA_DIR (its seed's DATA_DIR). Both apps run in
// this one process and are alternated, INJECT_ROUNDS (8) rounds of INJECT_REQUESTS (3,000), 50 in
// flight; it prints the process CPU (user + system) per request of each. Log lines go to
// /tmp/inject-ab-<n>.log, asynchronously, as main.ts writes them.
import path from 'node:path';
import pino from 'pino';

const [distA, distB] = process.argv.slice(2).map((d) => path.resolve(d));
if (!distA || !distB) throw new Error('usage: inject-ab.mjs <dist A> <dist B>');
const N = Number(process.env.INJECT_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.INJECT_ROUNDS ?? 8);
process.env.NODE_ENV = 'production';
process.env.DATA_DIR = process.env.BENCH_LOAD_DATA_DIR;
process.env.DATABASE_URL = process.env.BENCH_LOAD_DATABASE_URL;
process.env.PUBLIC_URL ??= 'http://127.0.0.1:4190';
const apps = [];
for (const [i, dist] of [distA, distB].entries()) {
  const { buildApp } = await import(`${dist}/app.js`);
  const { loadConfig } = await import(`${dist}/platform/config.js`);
  const { openDatabase } = await import(`${dist}/platform/db.js`);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
  const stream = pino.destination({ dest: `/tmp/inject-ab-${i + 1}.log`, sync: false });
  const app = await buildApp({ database, config, logger: { stream } });
  await app.ready();
  apps.push({ dist, app, database });
}
const { DEMO_PASSWORD } = await import('@dm/shared');
const login = await apps[0].app.inject({
  method: 'POST',
  url: '/api/authenticate',
  payload: { username: 'parent@demo.test', password: DEMO_PASSWORD, issueToken: true },
});
const token = login.json().data.token;
if ((await apps[0].app.inject({ url: '/api/me', headers: { 'x-access-token': token } })).statusCode !== 200)
  throw new Error('GET /api/me did not answer 200 (terms not accepted?)');
const targets = {
  health: { url: '/api/health' },
  me: { url: '/api/me', headers: { 'x-access-token': token } },
};
for (const [name, request] of Object.entries(targets)) {
  const cpu = [0, 0];
  for (const a of apps) for (let i = 0; i < 500; i++) await a.app.inject(request);
  for (let r = 0; r < ROUNDS; r++) {
    for (const i of r % 2 ? [1, 0] : [0, 1]) {
      const from = process.cpuUsage();
      for (let k = 0; k < N; k += 50)
        await Promise.all(Array.from({ length: 50 }, () => apps[i].app.inject(request)));
      const used = process.cpuUsage(from);
      cpu[i] += used.user + used.system;
    }
  }
  console.log(
    `${name}: ${apps.map((a, i) => `${a.dist}: ${(cpu[i] / (N * ROUNDS)).toFixed(1)} µs/req`).join(' | ')}`,
  );
}
for (const a of apps) {
  await a.app.close();
  await a.database.close();
}
