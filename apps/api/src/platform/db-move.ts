import {
  appTables,
  foreignKeys,
  insertJsonRows,
  migrationsApplied,
  migrationsInCode,
  readTableInBatches,
  rowCount,
  sequenceStates,
  setSequence,
  setUserTriggers,
  tablesWithRows,
  writableColumns,
} from './backup-db.repo.js';
import { embeddedBusyMessage, isEmptyFolder } from './backup-make.js';
import { type Config, loadConfig } from './config.js';
import { type Database, embeddedDataDir, embeddedInUse, migrate, openDatabase } from './db.js';
import type { MoveOutput } from './storage-move.js';

const USAGE = 'Usage: DATA_DIR=... npm run move-to-postgres -- postgres://user:password@host:5432/database';

/** Rows per statement: a few MB of JSON at most for the widest table (donors' answers). */
const BATCH = 500;

/**
 * The tables in an order where each comes after every table it refers to, so each row's foreign
 * keys find their rows. A table that refers to itself (users' manager and parent) is copied in one
 * statement, at whose end its foreign keys are checked; a cycle between tables is reported.
 */
export function foreignKeyOrder(tables: string[], keys: { table: string; references: string }[]): string[] {
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { table, references } of keys) {
    if (table !== references && needs.has(table) && needs.has(references)) needs.get(table)!.add(references);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...needs.get(t)!].every((r) => placed.has(r)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t));
      throw new Error(`Foreign keys form a cycle between ${left.join(', ')}`);
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** Copies every row of every table, in one transaction on the target. */
async function copyRows(
  source: Database,
  target: Database,
  out: MoveOutput,
): Promise<{ tables: string[]; rows: number }> {
  const keys = await foreignKeys(source.db);
  const tables = foreignKeyOrder(await appTables(source.db), keys);
  const selfReferring = new Set(keys.filter((k) => k.table === k.references).map((k) => k.table));
  let rows = 0;
  await target.db.transaction(async (tx) => {
    for (const [i, table] of tables.entries()) {
      const columns = await writableColumns(source.db, table);
      const total = await rowCount(source.db, table);
      let copied = 0;
      const show = () => out.progress(`table ${i + 1}/${tables.length} ${table}: ${copied}/${total} rows`);
      show();
      // Its triggers derive rows of other tables (search facts) that are copied as they are.
      await setUserTriggers(tx, table, false);
      const batch = selfReferring.has(table) ? 'all' : BATCH;
      await readTableInBatches(source.db, table, columns, batch, async (json) => {
        await insertJsonRows(tx, table, columns, json);
        copied += JSON.parse(json).length;
        show();
      });
      await setUserTriggers(tx, table, true);
      rows += copied;
      out.line('');
    }
    // Where each sequence stood, so the next id is the one the embedded database would have given.
    for (const s of await sequenceStates(source.db)) await setSequence(tx, s.name, s.lastValue, s.isCalled);
  });
  return { tables, rows };
}

/**
 * `npm run move-to-postgres -- <DATABASE_URL>`: moves an installation that runs on the embedded
 * database (DATA_DIR, the app stopped) into an empty PostgreSQL database, row for row: both get
 * this version's migrations, then every table is copied in foreign-key order in one transaction,
 * the sequences are set where they stood, and each table's rows are counted on both sides (any
 * difference: exit 1). Files stay in their store. Returns the exit code.
 */
export async function moveToPostgres(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: MoveOutput,
): Promise<number> {
  const url = args[0];
  if (args.length !== 1 || !url || !/^postgres(ql)?:\/\//.test(url)) {
    out.line(USAGE);
    return 1;
  }
  let config: Config;
  try {
    config = loadConfig({ ...env, DATABASE_URL: '' });
  } catch (error) {
    out.line((error as Error).message);
    return 1;
  }
  if (embeddedInUse(config.dataDir)) {
    out.line(embeddedBusyMessage(config.dataDir));
    return 1;
  }
  if (isEmptyFolder(embeddedDataDir(config.dataDir))) {
    out.line(`There is no embedded database in ${config.dataDir} (DATA_DIR) to move.`);
    return 1;
  }
  let target: Database;
  try {
    target = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await migrate(target);
  } catch (error) {
    out.line(`The PostgreSQL database could not be prepared: ${(error as Error).message}`);
    return 1;
  }
  const source = await openDatabase({ dataDir: config.dataDir });
  try {
    const filled = await tablesWithRows(target.db);
    if (filled.length > 0) {
      out.line(
        `The PostgreSQL database is not empty (${filled.length} tables hold rows, e.g. ${filled[0]}): move into a new, empty database.`,
      );
      return 1;
    }
    const [applied, inCode] = [await migrationsApplied(source.db), migrationsInCode()];
    if (applied > inCode) {
      out.line(
        `The embedded database has ${applied} migrations, this version of the app ${inCode}: move it with the version that last ran on it.`,
      );
      return 1;
    }
    // The app would run them on its next start; the copy needs both sides on the same tables.
    await migrate(source);
    out.line(`Moving the embedded database of ${config.dataDir} to PostgreSQL.`);
    const { tables, rows } = await copyRows(source, target, out);
    const differ: string[] = [];
    for (const table of tables) {
      const [from, to] = [await rowCount(source.db, table), await rowCount(target.db, table)];
      if (from !== to) differ.push(`${table}: ${from} embedded, ${to} in PostgreSQL`);
    }
    if (differ.length > 0) {
      out.line(`The row counts differ:\n  ${differ.join('\n  ')}`);
      return 1;
    }
    out.line(
      `Done: ${tables.length} tables, ${rows} rows; every table's row count is the same on both sides.`,
    );
    out.line(
      config.fileStorage === 's3'
        ? 'The files stay in the bucket. Start the app with DATABASE_URL set.'
        : 'The files stay under DATA_DIR/uploads (or move them with npm run move-files-to-s3). Start the app with DATABASE_URL set.',
    );
    return 0;
  } catch (error) {
    out.line('');
    out.line(`The move stopped, nothing of it kept in PostgreSQL: ${(error as Error).message}`);
    return 1;
  } finally {
    await source.close();
    await target.close();
  }
}
