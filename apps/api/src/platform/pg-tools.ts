import { spawn } from 'node:child_process';

/**
 * Runs PostgreSQL's pg_dump or pg_restore (PG_DUMP / PG_RESTORE name another binary, e.g. a
 * version matching the server). The password goes through PGPASSWORD, not the command line, so
 * no process listing shows it; the tool's own messages name the server, never the password.
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const binary = (tool === 'pg_dump' ? env.PG_DUMP : env.PG_RESTORE) || tool;
  const child = spawn(binary, [...args, `--dbname=${url.toString()}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 20_000) stderr += text;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${binary} was not found: install PostgreSQL's client tools (the server's version) or set ${tool === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'}`
            : `${binary} did not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`);
}
