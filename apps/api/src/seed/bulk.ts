import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../platform/db.js';
import type { Insert } from './generated.js';

/*
 * Bulk writing for the seed, the same on both drivers (PGlite and node-postgres): rows go in as
 * `insert ... select from unnest($1::text[], ...)`, one text array per column, so a statement of
 * thousands of rows binds a handful of parameters and drizzle builds no VALUES list. Each value is
 * the text the column's own driver mapping gives (dates, arrays, json), cast back by the column's
 * SQL type from the schema, never from data.
 */

/** Rows per statement: large enough that per-statement costs vanish, small enough to stay lean. */
const ROWS_PER_STATEMENT = 5_000;

/** The text PostgreSQL reads back as the column's value (null stays null). */
function toText(col: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const mapped = col.mapToDriverValue(value);
  if (mapped === null || mapped === undefined) return null;
  if (mapped instanceof Date) return mapped.toISOString();
  if (typeof mapped === 'object') return JSON.stringify(mapped);
  return String(mapped);
}

/**
 * Inserts the rows; with `returning` (column names) gives back those columns of every inserted
 * row, in insert order. A column no row sets is left to its default; a NOT NULL column that some
 * rows leave unset gets its default (value or SQL expression) on those rows.
 */
export async function insertRows<T extends PgTable, R = never>(
  db: Db,
  table: T,
  rows: Insert<T>[],
  returning?: readonly string[],
): Promise<R[]> {
  return runInOrder<R>(db, insertStatements(table, rows, returning));
}

/** The statements of insertRows, built (the values turned to text) but not run. */
export function insertStatements<T extends PgTable>(
  table: T,
  rows: Insert<T>[],
  returning?: readonly string[],
): SQL[] {
  if (rows.length === 0) return [];
  const records = rows as Record<string, unknown>[];
  const used = (Object.entries(getTableColumns(table)) as [string, PgColumn][]).filter(([key]) =>
    records.some((r) => r[key] !== undefined),
  );
  const names = sql.join(
    used.map(([, col]) => sql.identifier(col.name)),
    sql`, `,
  );
  const aliases = used.map((_, i) => `c${i}`);
  const selected = sql.join(
    used.map(([key, col], i) => {
      const value = sql`${sql.raw(aliases[i]!)}::${sql.raw(col.getSQLType())}`;
      const fillDefault =
        col.notNull && col.default !== undefined && records.some((r) => r[key] === undefined);
      return fillDefault && is(col.default, SQL) ? sql`coalesce(${value}, ${col.default})` : value;
    }),
    sql`, `,
  );
  const returned = returning
    ? sql` returning ${sql.join(
        returning.map((c) => sql.identifier(c)),
        sql`, `,
      )}`
    : sql``;
  const statements: SQL[] = [];
  for (let i = 0; i < records.length; i += ROWS_PER_STATEMENT) {
    const slice = records.slice(i, i + ROWS_PER_STATEMENT);
    const arrays = used.map(([key, col]) => {
      const plainDefault = col.notNull && col.default !== undefined && !is(col.default, SQL);
      const values = slice.map((r) =>
        toText(col, r[key] === undefined && plainDefault ? col.default : r[key]),
      );
      return sql`${sql.param(values)}::text[]`;
    });
    statements.push(
      sql`insert into ${table} (${names}) select ${selected} from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.raw(aliases.join(', '))})${returned}`,
    );
  }
  return statements;
}

/** Runs the statements one after another; the rows they return, in order. */
async function runInOrder<R>(db: Db, statements: SQL[]): Promise<R[]> {
  const out: R[] = [];
  for (const statement of statements) out.push(...(await queryRows<R>(db, statement)));
  return out;
}

/**
 * Statements run in the order queued, one at a time on the connection, while the caller goes on
 * preparing the next ones: the first starts at once, each later one when those before it finish.
 */
export class StatementQueue {
  private last: Promise<unknown> | null = null;

  constructor(private readonly db: Db) {}

  /** Queues the statements (built already); the rows they return once they have run. */
  run<R = never>(statements: SQL[]): Promise<R[]> {
    const previous = this.last;
    const done = previous
      ? previous.then(() => runInOrder<R>(this.db, statements))
      : runInOrder<R>(this.db, statements);
    // The next statements wait for these whatever their outcome; the caller sees the failure.
    this.last = done.catch(() => {});
    return done;
  }
}

/** The table's name, for messages. */
export const tableName = (table: PgTable) => getTableName(table);

/**
 * The donor_search columns copied from donors, in the order of the copy trigger's insert
 * (donor_search_copy, migrations 0010 and 0021).
 */
const COPIED = [
  'user_id',
  'center_id',
  'archived',
  'availability',
  'allowed_for_matching_tool',
  'eye_color',
  'hair_color',
  'blood_group',
  'religion',
  'state',
  'city',
  'education_level',
  'donor_type',
  'egg_donation_arrangement',
  'heritage',
  'race_names',
  'ethnicity_names',
  'main_race',
  'main_ethnicity',
  'height_cm',
  'date_of_birth',
  'amh_value',
  'agency_display_id',
  'display_id',
  'previous_donor',
  'proven_fertility',
  'college_degree',
  'latitude',
  'longitude',
  'created_at',
  'views_count',
] as const;

/**
 * Runs `load` with the donors insert trigger that copies each new donor into donor_search
 * (donors_search_insert) switched off, then writes the search rows of the donors `load` returns
 * in one statement giving what the trigger would have: the copied columns, the best ACT, SAT and
 * GPA, the words. Call inside a transaction: the switch is then undone with it on failure, and
 * no other session writes donors meanwhile (ALTER TABLE holds a lock that blocks writes to donors
 * until the transaction ends; reads go on). The child-table triggers stay on: they are statement
 * triggers, set-based already, and update nothing while a donor has no search row yet.
 */
export async function withSearchRowsAfter(db: Db, load: () => Promise<number[]>): Promise<void> {
  await db.execute(sql`alter table donors disable trigger donors_search_insert`);
  const donorIds = await load();
  await db.execute(sql`alter table donors enable trigger donors_search_insert`);
  if (donorIds.length === 0) return;
  const cols = COPIED.map((c) => `"${c}"`).join(', ');
  const fromDonors = COPIED.map((c) => `d."${c}"`).join(', ');
  // Set-based (one pass over each table, joined by hash), where per-donor subqueries would probe
  // tables whose statistics this transaction has outgrown.
  const ids = sql`${sql.param(donorIds)}::int[]`;
  await db.execute(sql`insert into donor_search (${sql.raw(cols)}, "act_best", "sat_best", "gpa_best", "search_vector")
    select ${sql.raw(fromDonors)}, e.act_best, e.sat_best, g.gpa_best, d."search_vector"
    from donors d
    left join (
      select donor_id, max(score) filter (where exam = 'ACT') as act_best, max(score) filter (where exam = 'SAT') as sat_best
      from donor_exam_scores where donor_id = any(${ids}) group by donor_id
    ) e on e.donor_id = d.user_id
    left join (
      select donor_id, max(gpa) as gpa_best from donor_education_records where donor_id = any(${ids}) group by donor_id
    ) g on g.donor_id = d.user_id
    where d.user_id = any(${ids})
    order by d.user_id`);
}
