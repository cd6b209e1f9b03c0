import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkpoint, migrationsApplied } from './backup-db.repo.js';
import { type BackupManifest, backupFiles, filesDir, secretCheck, writeManifest } from './backup-files.js';
import { type Config, loadConfig } from './config.js';
import { embeddedDataDir, embeddedInUse, openDatabase } from './db.js';
import { runPgTool } from './pg-tools.js';
import { openFileStorage } from './storage-config.js';
import type { MoveOutput } from './storage-move.js';

const USAGE = 'Usage: npm run backup -- <empty or new folder>';

/** The message for an embedded database another process holds open. */
export function embeddedBusyMessage(dataDir: string): string {
  return (
    `The embedded database in ${dataDir} is in use (${path.join(embeddedDataDir(dataDir), 'postmaster.pid')} exists): ` +
    'stop the app first. If it is stopped and did not shut down cleanly, start it once and stop it with Ctrl+C or SIGTERM.'
  );
}

/** A folder that is missing or empty (what a backup is written into, what a restore fills). */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Dumps the configured database into `dir` and returns what the manifest says of it. PostgreSQL:
 * pg_dump's custom format, one consistent snapshot, while the app runs or not. Embedded: PGlite's
 * own dump of its folder, which needs the app stopped (one process opens that folder at a time).
 */
async function dumpDatabase(config: Config, dir: string): Promise<BackupManifest['database']> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    let migrations: number;
    try {
      migrations = await migrationsApplied(database.db);
    } finally {
      await database.close();
    }
    const file = 'database.dump';
    await runPgTool('pg_dump', config.databaseUrl, ['--format=custom', `--file=${path.join(dir, file)}`]);
    return { kind: 'postgres', file, migrations };
  }
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const migrations = await migrationsApplied(database.db);
    await checkpoint(database.db);
    const dump = await database.pglite!.dumpDataDir('gzip');
    const file = 'database.tar.gz';
    await writeFile(path.join(dir, file), Buffer.from(await dump.arrayBuffer()), { flag: 'wx' });
    return { kind: 'pglite', file, migrations };
  } finally {
    await database.close();
  }
}

/**
 * `npm run backup -- <dir>`: the database's dump, a copy of every file of the configured store
 * under <dir>/files and <dir>/manifest.json (each file's key, size and SHA-256; the database's
 * kind, migrations, the app's version and the time). Refuses a folder that holds anything.
 * Returns the exit code.
 */
export async function makeBackup(args: string[], env: NodeJS.ProcessEnv, out: MoveOutput): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    out.line(USAGE);
    return 1;
  }
  const dir = path.resolve(args[0]!);
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    out.line((error as Error).message);
    return 1;
  }
  if (!isEmptyFolder(dir)) {
    out.line(`${dir} is not empty: a backup goes into a new or empty folder.`);
    return 1;
  }
  if (!config.databaseUrl) {
    const refused = embeddedInUse(config.dataDir)
      ? embeddedBusyMessage(config.dataDir)
      : isEmptyFolder(embeddedDataDir(config.dataDir))
        ? `There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`
        : null;
    if (refused) {
      out.line(refused);
      return 1;
    }
  }
  await mkdir(filesDir(dir), { recursive: true });
  const createdAt = new Date().toISOString();
  let database: BackupManifest['database'];
  try {
    out.line(`Backing up the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database into ${dir}.`);
    database = await dumpDatabase(config, dir);
  } catch (error) {
    out.line((error as Error).message);
    // The folder was empty: what this run wrote is all it holds.
    await emptyFolder(dir);
    return 1;
  }
  const dumpSize = (await stat(path.join(dir, database.file))).size;
  out.line(`Database: ${database.file}, ${megabytes(dumpSize)}, ${database.migrations} migrations applied.`);
  const store = await openFileStorage(config);
  const where = config.fileStorage === 's3' ? `the bucket ${config.s3!.bucket}` : 'DATA_DIR/uploads';
  const files = await backupFiles(store, dir, (done, total) =>
    out.progress(`${done}/${total} files copied from ${where}`),
  );
  out.line('');
  await writeManifest(dir, {
    format: 1,
    createdAt,
    appVersion: config.version,
    database,
    secretCheck: secretCheck(config.appSecret),
    files,
  });
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  out.line(`Done: the database and ${files.length} files (${megabytes(bytes)}) in ${dir}.`);
  out.line('Keep APP_SECRET (or DATA_DIR/app-secret) apart from the backup: a restore needs the same one.');
  return 0;
}

async function emptyFolder(dir: string): Promise<void> {
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}
