// The end-to-end runner: one built server on a fresh embedded database for the whole suite,
// then every scenario file under tests/ in headless chromium. `npm run build` must run first.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from './lib/server.js';

if (
  !existsSync(path.join(ROOT, 'apps/api/dist/main.js')) ||
  !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))
) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const server = await startServer();
console.log(`e2e server on ${server.baseUrl}`);
const testsDir = path.join(import.meta.dirname, 'tests');
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.test.ts'))
  // In name order whatever the file system's: the auth scenario's first logins (parent@demo.test
  // lands on the IP form only at her first) come before the scenarios that sign her in again.
  .sort()
  .filter((f) => process.argv.slice(2).every((arg) => f.includes(arg)))
  .map((f) => path.join(testsDir, f));
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
    { stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_MAIL_DIR: server.mailDir } },
  );
  child.on('exit', (c) => resolve(c ?? 1));
});
await server.stop();
process.exit(code);
