import type { PGlite } from '@electric-sql/pglite';

/**
 * One embedded database per test worker, handed from test file to test file with the template's
 * rows put back, instead of a new PGlite loaded from the template's dump for every file: a load
 * is about 2 s of CPU (a new WebAssembly instance, the dump unpacked, PostgreSQL started), a
 * reset a small part of that, since a file changes a few of the 107 tables.
 *
 * At the worker's first file the template's rows are copied into a schema of their own. Before
 * each later file: the session is discarded (locks, listeners, settings, prepared statements),
 * every table with a row inserted, updated or deleted since the last reset (the statistics views
 * count them; a truncated table has a new file node) gets its rows back with triggers off (the
 * copies hold what the triggers wrote), and every sequence its value. A file that changed the
 * schema itself (a table, a constraint, a function) gives back nothing: its database is closed
 * and the next file loads the dump.
 */
const COPIES = 'dm_test_template_rows';

interface TableCopy {
  name: string;
  copy: string;
  columns: string;
  relfilenode: number;
}

interface Sequence {
  name: string;
  value: string;
  called: boolean;
}

export interface TemplateRows {
  tables: Map<number, TableCopy>;
  sequences: Sequence[];
  /** What the catalogs hold: a change means DDL ran, and the rows alone cannot be put back. */
  catalog: string;
}

const CATALOG = `select concat_ws(':',
  (select count(*) from pg_class), (select max(oid) from pg_class),
  (select count(*) from pg_attribute), (select count(*) from pg_constraint),
  (select max(oid) from pg_constraint), (select count(*) from pg_trigger),
  (select max(oid) from pg_trigger), (select max(oid) from pg_proc),
  (select max(oid) from pg_type), (select count(*) from pg_index)) as v`;

async function catalogOf(client: PGlite): Promise<string> {
  return (await client.query<{ v: string }>(CATALOG)).rows[0]!.v;
}

/** Copies every table's rows and every sequence's value: what a reset puts back. */
export async function copyTemplateRows(client: PGlite): Promise<TemplateRows> {
  const tables = await client.query<{ oid: number; relfilenode: number; name: string; columns: string }>(`
    select c.oid::int as oid, c.relfilenode::int as relfilenode,
      format('%I.%I', n.nspname, c.relname) as name,
      (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', '${COPIES}')
      and n.nspname not like 'pg\\_%'
    order by c.oid`);
  const copies = new Map<number, TableCopy>();
  const statements = [`create schema ${COPIES}`];
  for (const [i, t] of tables.rows.entries()) {
    const copy = `${COPIES}.t${i}`;
    copies.set(t.oid, { name: t.name, copy, columns: t.columns, relfilenode: t.relfilenode });
    statements.push(`create table ${copy} as select ${t.columns} from ${t.name}`);
  }
  await client.exec(statements.join(';\n'));
  const sequences = await client.query<Sequence>(`
    select format('%I.%I', schemaname, sequencename) as name,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences`);
  await forgetCounts(client);
  return { tables: copies, sequences: sequences.rows, catalog: await catalogOf(client) };
}

/**
 * Puts the template's rows back (see the top of this file). False when the schema changed: the
 * caller closes this database and loads the dump instead.
 */
export async function putTemplateRowsBack(client: PGlite, rows: TemplateRows): Promise<boolean> {
  // Out of any transaction a file left open, then a session as new.
  await client.exec('rollback').catch(() => {});
  await client.exec('discard all');
  if ((await catalogOf(client)) !== rows.catalog) return false;
  // This session's counts reach the statistics views when it next goes idle: a statement of its own.
  await client.exec('select pg_stat_force_next_flush()');
  const counted = await client.query<{ oid: number }>(`select relid::int as oid from pg_stat_user_tables
    where n_tup_ins + n_tup_upd + n_tup_del > 0`);
  const nodes = await client.query<{ oid: number; relfilenode: number }>(
    `select oid::int as oid, relfilenode::int as relfilenode from pg_class where relkind in ('r', 'p')`,
  );
  const changed = new Set(counted.rows.map((r) => r.oid));
  for (const { oid, relfilenode } of nodes.rows) {
    const table = rows.tables.get(oid);
    if (table && table.relfilenode !== relfilenode) changed.add(oid);
  }
  const restore = [...changed].flatMap((oid) => {
    const t = rows.tables.get(oid);
    return t
      ? [`delete from ${t.name}`, `insert into ${t.name} (${t.columns}) select ${t.columns} from ${t.copy}`]
      : [];
  });
  const sequences = rows.sequences.map((s) => `select setval('${s.name}', ${s.value}, ${s.called})`);
  await client.exec(
    [
      'set session_replication_role = replica',
      ...restore,
      'set session_replication_role = origin',
      ...sequences,
    ].join(';\n'),
  );
  // The deleted rows' space, as a fresh load has none; then the counts start again from nothing.
  const names = [...changed].flatMap((oid) => rows.tables.get(oid)?.name ?? []);
  if (names.length) await client.exec(`vacuum ${names.join(', ')}`);
  await forgetCounts(client);
  // The node of a table the file truncated is new: keep it, so the next reset compares with it.
  const after = await client.query<{ oid: number; relfilenode: number }>(
    `select oid::int as oid, relfilenode::int as relfilenode from pg_class where relkind in ('r', 'p')`,
  );
  for (const { oid, relfilenode } of after.rows) {
    const table = rows.tables.get(oid);
    if (table) table.relfilenode = relfilenode;
  }
  return true;
}

/** Flushes this session's counts, then zeroes them all: what the next file changes is what counts. */
async function forgetCounts(client: PGlite): Promise<void> {
  await client.exec('select pg_stat_force_next_flush()');
  await client.exec('select 1');
  await client.exec('select pg_stat_reset()');
}
