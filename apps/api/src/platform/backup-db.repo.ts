import { readdirSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_DIR, queryRows } from './db.js';

/**
 * The catalogue queries of backup, restore and move-to-postgres (platform/backup.ts, restore.ts,
 * move-to-postgres.ts): the same on PostgreSQL and PGlite. Table names come from the catalogue,
 * never from a user, and are quoted where they are put into statements.
 */

/** The migrations this version of the app has (drizzle's folder). */
export function migrationsInCode(): number {
  return readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).length;
}

/** Migrations applied to the database (drizzle's own table); 0 before the first start. */
export async function migrationsApplied(db: Db): Promise<number> {
  const [found] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!found?.present) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

/** Every table, view or sequence outside PostgreSQL's own schemas (none in a new database). */
export async function userRelations(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S')
        and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/** The app's tables (schema public), by name. */
export async function appTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((r) => r.name);
}

const ident = (name: string): SQL => sql.raw(`"${name.replace(/"/g, '""')}"`);

export async function rowCount(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from ${ident(table)}`);
  return Number(row?.n ?? 0);
}

/** The app's tables that hold at least one row. */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const table of await appTables(db)) {
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select from ${ident(table)}) as any`,
    );
    if (row?.any) out.push(table);
  }
  return out;
}

/** Foreign keys between the app's tables: `table` refers to `references`. */
export async function foreignKeys(db: Db): Promise<{ table: string; references: string }[]> {
  return queryRows(
    db,
    sql`select c.conrelid::regclass::text as table, c.confrelid::regclass::text as references
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
}

/** A table's columns a copy writes: generated columns are computed again by the target. */
export async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select a.attname::text as name from pg_attribute a
      where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = ''
      order by a.attnum`,
  );
  return rows.map((r) => r.name);
}

/**
 * Reads a whole table a batch at a time through a cursor (one transaction on `db`), each row as
 * its JSON text, which the target turns back into the row with json_populate_recordset: every
 * type (jsonb, arrays, bytea, timestamps, tsvector) goes through its own text form.
 */
export async function readTableInBatches(
  db: Db,
  table: string,
  columns: string[],
  /** 'all': one batch (a table whose rows refer to each other, checked at the end of one insert). */
  batchSize: number | 'all',
  onBatch: (rowsJson: string) => Promise<void>,
): Promise<void> {
  const list = sql.join(columns.map(ident), sql`, `);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from (select ${list} from ${ident(table)}) t`,
    );
    for (;;) {
      const rows = await queryRows<{ row: string }>(
        tx,
        sql`fetch ${sql.raw(String(batchSize))} from backup_rows`,
      );
      if (rows.length === 0) break;
      await onBatch(`[${rows.map((r) => r.row).join(',')}]`);
      if (batchSize === 'all' || rows.length < batchSize) break;
    }
    await tx.execute(sql`close backup_rows`);
  });
}

/** Inserts a batch of rows (a JSON array of objects, readTableInBatches) as they were, ids included. */
export async function insertJsonRows(
  db: Db,
  table: string,
  columns: string[],
  rowsJson: string,
): Promise<void> {
  const list = sql.join(columns.map(ident), sql`, `);
  await db.execute(
    sql`insert into ${ident(table)} (${list}) overriding system value
      select ${list} from json_populate_recordset(null::${ident(table)}, ${rowsJson}::json)`,
  );
}

/** Turns the table's own triggers off or on (the copied rows already hold what they derive). */
export async function setUserTriggers(db: Db, table: string, on: boolean): Promise<void> {
  await db.execute(sql`alter table ${ident(table)} ${sql.raw(on ? 'enable' : 'disable')} trigger user`);
}

/** Every sequence of the app's schema with where it stands. */
export async function sequenceStates(
  db: Db,
): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const out: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of rows) {
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${ident(name)}`,
    );
    out.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return out;
}

export async function setSequence(db: Db, name: string, lastValue: string, isCalled: boolean): Promise<void> {
  await db.execute(sql`select setval(${`public.${name}`}::regclass, ${lastValue}::bigint, ${isCalled})`);
}

/** A checkpoint: the embedded database's files hold every change before they are dumped. */
export async function checkpoint(db: Db): Promise<void> {
  await db.execute(sql`checkpoint`);
}
