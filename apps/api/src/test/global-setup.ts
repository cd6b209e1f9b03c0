import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db.js';
import { buildTemplate } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

/**
 * Builds one migrated, seeded database per test run. On PGlite it is dumped to a file that
 * each test file loads; with TEST_DATABASE_URL each test file clones it as a template.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `dm_tpl_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: serverUrl });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const templateUrl = new URL(serverUrl);
    templateUrl.pathname = `/${name}`;
    const template = await openDatabase({ databaseUrl: templateUrl.toString() });
    await buildTemplate(template);
    await template.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const rows = await admin.db.execute(
        sql`select datname from pg_database where datname like ${`${name}%`}`,
      );
      for (const row of (rows as unknown as { rows: { datname: string }[] }).rows) {
        await admin.db.execute(sql.raw(`drop database if exists ${row.datname} with (force)`));
      }
      await admin.close();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'dm-template-'));
  const database = await openDatabase({});
  await buildTemplate(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
