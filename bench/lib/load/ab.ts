import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { signIn } from './api.js';
import { benchAppSecret, PRODUCTION_NODE_ARGS } from './processes.js';

// A/B cost per request on a busy machine (issue 19): two builds run side by side on one database
// and are measured in turn, a few seconds each, many rounds, so both see the same background load;
// the cost is each server process's CPU time (/proc/<pid>/stat, user + system) per request answered.
// `npx tsx bench/lib/load/ab.ts <main.js A> <main.js B>` with BENCH_LOAD_DATABASE_URL and
// BENCH_LOAD_DATA_DIR as for the load bench (DATA_DIR used as is: the servers write mail into it);
// AB_TARGETS (health,me,search; details: the first found donor's page; browse: the search with no
// filter, a parent's landing list), AB_ROUNDS (8), AB_SECONDS (3), AB_PORT (4186: A, +1: B).
// Both run with the production node options (PRODUCTION_NODE_ARGS) unless AB_NODE_ARGS_A or
// AB_NODE_ARGS_B gives a build its own ('' for none): the way to compare node options on one build.

const env = process.env;
const mains = process.argv.slice(2, 4);
if (mains.length !== 2) throw new Error('usage: ab.ts <main.js A> <main.js B>');
const port = Number(env.AB_PORT ?? 4186);
const rounds = Number(env.AB_ROUNDS ?? 8);
const seconds = Number(env.AB_SECONDS ?? 3);
const targets = (env.AB_TARGETS ?? 'health,me,search').split(',');
const ticks = (pid: number) => {
  const rest = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(rest[11]) + Number(rest[12]);
};

const nodeArgs = (i: number) =>
  env[`AB_NODE_ARGS_${'AB'[i]}`]?.split(' ').filter((a) => a !== '') ?? PRODUCTION_NODE_ARGS;

const servers = mains.map((main, i) => {
  const p = port + i;
  const child = spawn(process.execPath, [...nodeArgs(i), main], {
    env: {
      PATH: env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(p),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${p}`,
      DATA_DIR: env.BENCH_LOAD_DATA_DIR,
      MAIL_TRANSPORT: 'file',
      DATABASE_URL: env.BENCH_LOAD_DATABASE_URL,
      APP_SECRET: benchAppSecret(env.BENCH_LOAD_DATA_DIR!),
      SHUTDOWN_DRAIN_MS: '0',
    },
    // The log goes to a file, as a production server's goes to its journal.
    stdio: ['ignore', openSync(`/tmp/ab-${p}.log`, 'w'), 'inherit'],
  });
  return { main, url: `http://127.0.0.1:${p}`, child };
});
try {
  for (const s of servers) {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error(`${s.url} did not start`);
      try {
        if ((await fetch(`${s.url}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const parent = await signIn(servers[0]!.url, 'parent@demo.test');
  const search = { eyecolor: ['Blue', 'Green'], haircolor: ['Blonde', 'Brown'] };
  let donorId = 0;
  for (const s of servers) {
    const res = await fetch(`${s.url}/api/getdonorlist`, {
      method: 'POST',
      headers: { 'x-access-token': parent.token, 'content-type': 'application/json' },
      body: JSON.stringify(search),
    });
    donorId = ((await res.json()) as { data: { rows: { id: number }[] } }).data.rows[0]!.id;
  }
  const paths: Record<string, string> = {
    health: '/api/health',
    me: '/api/me',
    search: '/api/getdonorlist',
    browse: '/api/getdonorlist',
    details: `/api/getdonordetails/${donorId}`,
  };
  const opts = (url: string, target: string): autocannon.Options => ({
    url: `${url}${paths[target]}`,
    connections: 50,
    duration: seconds,
    method: target === 'search' || target === 'browse' ? 'POST' : 'GET',
    headers: { 'x-access-token': parent.token, 'content-type': 'application/json' },
    ...(target === 'search' ? { body: JSON.stringify(search) } : {}),
    ...(target === 'browse' ? { body: '{}' } : {}),
  });
  for (const target of targets) {
    const sum = servers.map(() => ({ ticks: 0, requests: 0, non2xx: 0 }));
    for (const s of servers) await autocannon(opts(s.url, target)); // warm-up
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const s = servers[i]!;
        const before = ticks(s.child.pid!);
        const result = await autocannon(opts(s.url, target));
        sum[i]!.ticks += ticks(s.child.pid!) - before;
        sum[i]!.requests += result.requests.total;
        sum[i]!.non2xx += result.non2xx;
      }
    }
    console.log(
      `${target}: ${servers
        .map(
          (s, i) =>
            `${s.main}: ${((sum[i]!.ticks * 10_000) / sum[i]!.requests).toFixed(0)} µs/req (${sum[i]!.requests} requests, ${sum[i]!.non2xx} non-2xx)`,
        )
        .join(' | ')}`,
    );
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
