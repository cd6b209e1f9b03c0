import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsApplied, migrationsInCode, userRelations } from './backup-db.repo.js';
import {
  type BackupManifest,
  filesDir,
  filesNotMatching,
  isEmptyStore,
  readManifest,
  restoreFiles,
  secretCheck,
} from './backup-files.js';
import { embeddedBusyMessage, isEmptyFolder } from './backup-make.js';
import { type Config, loadConfig } from './config.js';
import { embeddedDataDir, embeddedInUse, openDatabase } from './db.js';
import { runPgTool } from './pg-tools.js';
import { LocalDiskStorage } from './storage.js';
import { openFileStorage } from './storage-config.js';
import type { MoveOutput } from './storage-move.js';

const USAGE = 'Usage: npm run restore -- <backup folder>';

/** Why the configured database cannot take the backup, or null when it is empty. */
async function databaseNotEmpty(config: Config): Promise<string | null> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      const found = await userRelations(database.db);
      if (found.length === 0) return null;
      return `The database DATABASE_URL names is not empty (${found.length} tables, views or sequences, e.g. ${found[0]}): restore into a new, empty database.`;
    } finally {
      await database.close();
    }
  }
  if (embeddedInUse(config.dataDir)) return embeddedBusyMessage(config.dataDir);
  if (isEmptyFolder(embeddedDataDir(config.dataDir))) return null;
  return `${embeddedDataDir(config.dataDir)} already holds a database: restore into a DATA_DIR without one (move the folder away first).`;
}

async function loadDatabase(config: Config, dir: string, manifest: BackupManifest): Promise<number> {
  const file = path.join(dir, manifest.database.file);
  if (config.databaseUrl) {
    await runPgTool('pg_restore', config.databaseUrl, [
      '--no-owner',
      '--no-privileges',
      '--no-comments',
      '--exit-on-error',
      // A failure leaves the database empty, so the same command runs again once its cause is fixed.
      '--single-transaction',
      file,
    ]);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      return await migrationsApplied(database.db);
    } finally {
      await database.close();
    }
  }
  const tarball = new Blob([await readFile(file)], { type: 'application/x-gzip' });
  const database = await openDatabase({ dataDir: config.dataDir, loadDataDir: tarball });
  try {
    return await migrationsApplied(database.db);
  } finally {
    await database.close();
  }
}

/**
 * `npm run restore -- <dir>`: a backup (backup-make.ts) into the configured database and file
 * store, both of which must be empty. Everything is checked before anything is written: the
 * folder's files against the manifest, the database kind, the migrations (a backup of a newer
 * version is refused) and the APP_SECRET. After the restore the app starts as usual and runs any
 * migrations newer than the backup. Returns the exit code.
 */
export async function restoreBackup(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: MoveOutput,
): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    out.line(USAGE);
    return 1;
  }
  const dir = path.resolve(args[0]!);
  let manifest: BackupManifest | null;
  let config: Config;
  try {
    manifest = await readManifest(dir);
    config = loadConfig(env);
  } catch (error) {
    out.line((error as Error).message);
    return 1;
  }
  if (!manifest) {
    out.line(`${dir} is not a backup: it has no manifest.json. ${USAGE}`);
    return 1;
  }
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    out.line(
      manifest.database.kind === 'pglite'
        ? 'This is a backup of the embedded database: restore it without DATABASE_URL, then move it with npm run move-to-postgres.'
        : 'This is a backup of a PostgreSQL database: set DATABASE_URL to a new, empty PostgreSQL database.',
    );
    return 1;
  }
  const inCode = migrationsInCode();
  if (manifest.database.migrations > inCode) {
    out.line(
      `The backup has ${manifest.database.migrations} migrations, this version of the app ${inCode}: restore it with the version that made it (${manifest.appVersion}) or a newer one.`,
    );
    return 1;
  }
  if (manifest.secretCheck !== secretCheck(config.appSecret)) {
    out.line(
      "APP_SECRET is not the one the backup was made with: the donors' SSNs and the SMTP passwords would not open. Set APP_SECRET (or put DATA_DIR/app-secret back) as it was.",
    );
    return 1;
  }
  out.line(`Checking the backup made ${manifest.createdAt} (version ${manifest.appVersion}).`);
  const damaged = await filesNotMatching(new LocalDiskStorage(filesDir(dir)), manifest.files, (done, total) =>
    out.progress(`${done}/${total} files of the backup checked`),
  );
  out.line('');
  if (damaged.length > 0) {
    out.line(
      `${damaged.length} files of the backup are missing or differ from the manifest, e.g. ${damaged[0]}.`,
    );
    return 1;
  }
  const store = await openFileStorage(config);
  try {
    const busy = await databaseNotEmpty(config);
    if (busy) {
      out.line(busy);
      return 1;
    }
  } catch (error) {
    out.line((error as Error).message);
    return 1;
  }
  if (!(await isEmptyStore(store))) {
    out.line(
      config.fileStorage === 's3'
        ? `The bucket ${config.s3!.bucket} already holds files: restore into an empty bucket.`
        : `${path.join(config.dataDir, 'uploads')} already holds files: restore into a DATA_DIR without them.`,
    );
    return 1;
  }
  out.line(`Restoring the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database.`);
  let migrations: number;
  try {
    migrations = await loadDatabase(config, dir, manifest);
  } catch (error) {
    out.line((error as Error).message);
    return 1;
  }
  const bad = await restoreFiles(dir, manifest.files, store, (line) => out.progress(line));
  out.line('');
  if (bad.length > 0) {
    out.line(`${bad.length} files in the store differ from the backup after the copy, e.g. ${bad[0]}.`);
    return 1;
  }
  out.line(`Done: the database (${migrations} migrations) and ${manifest.files.length} files, each checked.`);
  if (migrations < inCode)
    out.line(`This version has ${inCode - migrations} newer migrations: the app runs them when it starts.`);
  return 0;
}
