import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../platform/db.js';
import { copyTemplateRows, putTemplateRowsBack, type TemplateRows } from './pglite-reuse.js';

// The embedded database a test worker hands from file to file (the PostgreSQL run clones a
// template database per file instead).
const embedded = !inject('pgTemplateDb');

let database: Database;
let client: PGlite;
let rows: TemplateRows;

/** Every table's row count and a digest of its rows, and every sequence's value. */
async function contents(): Promise<string> {
  const tables = await client.query<{ name: string }>(`select format('%I.%I', schemaname, relname) as name
    from pg_stat_user_tables where schemaname not like 'dm_test%' order by 1`);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const [row] = (
      await client.query<{ n: number; digest: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`,
      )
    ).rows;
    parts.push(`${name} ${row!.n} ${row!.digest}`);
  }
  const sequences = await client.query<{ name: string; v: string }>(
    `select sequencename as name, coalesce(last_value, 0)::text as v from pg_sequences order by 1`,
  );
  return [...parts, ...sequences.rows.map((s) => `${s.name} ${s.v}`)].join('\n');
}

describe.runIf(embedded)('the embedded database handed from one test file to the next', () => {
  beforeAll(async () => {
    database = await openDatabase({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    client = database.pglite!;
    rows = await copyTemplateRows(client);
  });
  afterAll(() => database.close());

  it('gets back the rows and sequences of the template whatever a file changed', async () => {
    const before = await contents();
    await client.exec(`update users set first_name = 'Changed' where id in (select id from users limit 5)`);
    await client.exec(`delete from sessions`);
    await client.exec(`insert into saved_searches (user_id, name, filters)
      select id, 'Reuse test', '{}' from users limit 3`);
    await client.exec('truncate mail_outbox');
    // A transaction left open and a setting changed by the file are gone too.
    await client.exec(`begin; update centers set name = 'Open' where id = 1`);
    expect(await contents()).not.toBe(before);
    expect(await putTemplateRowsBack(client, rows)).toBe(true);
    expect(await contents()).toBe(before);
    // Twice in a row: the second reset finds nothing changed and changes nothing.
    expect(await putTemplateRowsBack(client, rows)).toBe(true);
    expect(await contents()).toBe(before);
  });

  it('gives up when the schema changed (the next file loads the dump)', async () => {
    await client.exec('alter table customized_questions add constraint reuse_test check (true)');
    expect(await putTemplateRowsBack(client, rows)).toBe(false);
  });
});
