import pg from 'pg';

/**
 * A scratch database with a million donors in `donor_search` (what the in-process search index
 * reads), built in bulk from a seeded database in a few minutes, where the row-by-row seed would
 * take hours.
 *
 *   MILLION_SOURCE=perf100k MILLION_TARGET=perf_million MILLION_DONORS=1000000 \
 *     npx tsx bench/lib/million.ts
 *
 * - The target is a copy of the source (CREATE DATABASE ... TEMPLATE; nobody may be connected
 *   to the source meanwhile). The source is only read.
 * - Its donor_search rows are copied over and over with new donor ids (past the highest user id)
 *   until there are MILLION_DONORS, one INSERT ... SELECT a copy. Each copy
 *   gets display ids of its own (D-<id>, <agency><copy, 3 digits>) and the words they make, in place of
 *   the original's: in the seeded data each donor's ids give her two words no other donor has,
 *   which is what makes the index's word dictionary grow with the donors.
 * - The copies have no donors or users rows: the load runs with session_replication_role =
 *   replica, which skips the foreign keys and triggers (changed_xid keeps the original's). The
 *   search index reads donor_search only; the app's pages over these donors would not work.
 * - The table's indexes are dropped for the load and built again after it; then VACUUM, ANALYZE.
 *
 * Deterministic: the same source gives the same rows (no random()).
 * Measure with bench/lib/scan.ts; drop the target when done.
 */

const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const source = process.env.MILLION_SOURCE ?? 'perf100k';
const target = process.env.MILLION_TARGET ?? 'perf_million';
const wanted = Number(process.env.MILLION_DONORS ?? 1_000_000);
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const COLUMNS = [
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
  'previous_donor',
  'proven_fertility',
  'college_degree',
  'latitude',
  'longitude',
  'created_at',
  'views_count',
  'act_best',
  'sat_best',
  'gpa_best',
  'changed_xid',
];

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${ident(target)} with (force)`);
  await admin.query(`create database ${ident(target)} template ${ident(source)}`);
  await admin.end();

  const url = new URL(server);
  url.pathname = `/${target}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const started = performance.now();
  const { rows } = await db.query<{ n: number; top: number }>(
    'select count(*)::int as n, (select max(id) from users)::int as top from donor_search',
  );
  const { n, top } = rows[0]!;
  const missing = wanted - n;
  console.log(`${source}: ${n} donors; adding ${missing} copies`);
  await db.query('set session_replication_role = replica');
  await db.query("set maintenance_work_mem = '256MB'");
  // The indexes are built once at the end rather than kept row by row.
  const indexes = (
    await db.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes
        where tablename = 'donor_search' and indexname <> 'donor_search_pkey'`,
    )
  ).rows;
  for (const i of indexes) await db.query(`drop index ${ident(i.name)}`);
  // The original's id words (those of its display ids) give way to the copy's own.
  const idWords = `tsvector_to_array(to_tsvector('simple', coalesce(s.display_id, '') || ' ' || coalesce(s.agency_display_id, '')))`;
  const newDisplay = `'D-' || (s.user_id + $1::int * ${top})`;
  const newAgency = `case when s.agency_display_id is null then null else s.agency_display_id || lpad($1::text, 3, '0') end`;
  let left = missing;
  for (let k = 1; left > 0; k++) {
    const take = Math.min(n, left);
    await db.query(
      `insert into donor_search (user_id, ${COLUMNS.join(', ')}, display_id, agency_display_id, search_vector)
      select s.user_id + $1::int * ${top}, ${COLUMNS.map((col) => `s.${col}`).join(', ')},
        ${newDisplay}, ${newAgency},
        ts_delete(s.search_vector, ${idWords})
          || to_tsvector('simple', ${newDisplay} || ' ' || coalesce(${newAgency}, ''))
      from (select * from donor_search where user_id <= ${top} order by user_id limit ${take}) s`,
      [k],
    );
    left -= take;
  }
  console.log(`inserted in ${Math.round((performance.now() - started) / 1000)} s; indexes, vacuum, analyze`);
  for (const i of indexes) await db.query(i.def);
  await db.query('vacuum donor_search');
  await db.query('analyze donor_search');
  const [done] = (await db.query<{ n: number }>('select count(*)::int as n from donor_search')).rows;
  console.log(`${target}: ${done!.n} donors in ${Math.round((performance.now() - started) / 1000)} s`);
  await db.end();
}

await main();
