// `npm run dev`: the API with tsx watch on :3000 and the Vite dev server with hot reload on
// :5173, which proxies /api to the API. One Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [];

function run(name, command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited with ${code}`);
    stop(code ?? 0);
  });
  children.push(child);
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('shared', 'npx', ['tsc', '-p', 'packages/shared', '--watch', '--preserveWatchOutput'], {});
run('api', 'npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], {
  PORT: apiPort,
  WEB_DIST: '',
});
run('web', 'npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], { API_PORT: apiPort });
console.log(`[dev] API on http://localhost:${apiPort}, web with hot reload on http://localhost:5173`);
