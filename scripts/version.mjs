// Stamps the build with a version both the server (response header) and the web app know,
// so an open browser tab can tell when a new build is deployed.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

let commit = 'local';
try {
  commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
} catch {
  // not a git checkout: the timestamp alone identifies the build
}
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const version = process.env.APP_VERSION ?? `${commit}-${stamp}`;
writeFileSync(new URL('../build-info.json', import.meta.url), `${JSON.stringify({ version }, null, 2)}\n`);
console.log(`build version ${version}`);
