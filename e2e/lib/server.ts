import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  baseUrl: string;
  /** DATA_DIR/mail: the server's mail drop (MAIL_TRANSPORT=file), read by lib/mail.ts. */
  mailDir: string;
  stop(): Promise<void>;
}

/** Any free port on the loopback address. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built app (`npm run build` first) as production runs it (NODE_ENV=production, mail
 * written to the file drop in DATA_DIR/mail), on a fresh embedded database in a temporary
 * DATA_DIR with the demo seed, on a free port (or E2E_PORT).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { anyPort?: boolean } = {},
): Promise<RunningServer> {
  // E2E_PORT pins the suite server's port (a worktree given a port range); a second server a
  // scenario starts beside it (anyPort) takes any free one.
  const port = process.env.E2E_PORT && !options.anyPort ? Number(process.env.E2E_PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dm-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'file',
      // Production has no default health-check password; the health check scenario signs in with this.
      HEALTHCHECK_PASSWORD: 'Health!2345',
      LOG_LEVEL: 'warn',
      // No load balancer in front: a stop need not wait for one to notice.
      SHUTDOWN_DRAIN_MS: '0',
      // Enough donors for every search scenario; the default 20,000 would slow each run's start.
      SEED_DONORS: '400',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // First start migrates and seeds the reference and demo data: allow it time (over 160 s on a
  // busy 2-core machine).
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, mailDir: path.join(dataDir, 'mail'), stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('server did not become healthy in time');
}
