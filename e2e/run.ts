// The end-to-end runner: the scenario files under tests/ in headless chromium, split over two
// built servers, each on a fresh embedded database, side by side (the suite waits on pages, jobs
// and mail far more than it computes, so two halves take little more than the longer one). The
// first server keeps its files in a bucket of an S3-compatible server on loopback (s3rver), the
// second on its disk, so the scenarios of uploads, chat files and profile pictures (all on the
// first) prove the production store and the others the default one.
// `npm run build` must run first. Arguments filter the files by name.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type E2eS3, startS3 } from './lib/s3.js';
import { ROOT, type RunningServer, startServer } from './lib/server.js';

if (
  !existsSync(path.join(ROOT, 'apps/api/dist/main.js')) ||
  !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))
) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const testsDir = path.join(import.meta.dirname, 'tests');
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.test.ts'))
  // In name order whatever the file system's: the auth scenario's first logins (parent@demo.test
  // lands on the IP form only at her first) come before the scenarios that sign her in again.
  .sort()
  .filter((f) => process.argv.slice(2).every((arg) => f.includes(arg)));

/**
 * Which server a file runs on. Scenarios see what earlier ones on their server did, so every file
 * that signs in as parent@demo.test stays on the first server, after auth.test.ts checks her first
 * login. Files that start their own server, and those that never sign her in, go to the second;
 * ON_FIRST keeps a few of the latter on the first: the uploads, whose files should reach the
 * bucket of the first server, and some others so the halves take about as long.
 */
const ON_FIRST = new Set(['coaching.test.ts', 'search-alerts.test.ts', 'uploads.test.ts']);
function serverOf(file: string): 0 | 1 {
  const text = readFileSync(path.join(testsDir, file), 'utf8');
  if (/\bstartServer\(/.test(text)) return 1;
  if (text.includes('parent@demo.test') || file === 'auth.test.ts' || ON_FIRST.has(file)) return 0;
  return 1;
}
const halves: string[][] = [[], []];
for (const f of files) halves[serverOf(f)]!.push(f);
const runs = halves.filter((h) => h.length > 0);

/** Runs one half on its own server; its lines are prefixed so the two halves read apart. */
async function runHalf(half: string[], tag: string): Promise<number> {
  let server: RunningServer | undefined;
  let bucket: E2eS3 | undefined;
  try {
    if (tag === '1') bucket = await startS3();
    server = await startServer(bucket?.env ?? {}, { anyPort: tag !== '1' });
    const store = bucket ? `files in s3rver at ${bucket.env.S3_ENDPOINT}` : 'files on disk';
    console.log(`${tag}| e2e server on ${server.baseUrl} (${store}): ${half.join(' ')}`);
    return await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          '--test-concurrency=1',
          '--test-reporter=spec',
          ...half.map((f) => path.join(testsDir, f)),
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, E2E_BASE_URL: server!.baseUrl, E2E_MAIL_DIR: server!.mailDir },
        },
      );
      for (const stream of [child.stdout, child.stderr])
        createInterface({ input: stream }).on('line', (line) => console.log(`${tag}| ${line}`));
      child.on('exit', (c) => resolve(c ?? 1));
    });
  } catch (err) {
    console.error(`${tag}| ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await server?.stop();
    await bucket?.close();
  }
}

const codes = await Promise.all(runs.map((half, i) => runHalf(half, String(i + 1))));
console.log(
  `e2e halves: ${codes.map((c, i) => `${i + 1} ${c === 0 ? 'passed' : `failed (${c})`}`).join(', ')}`,
);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
