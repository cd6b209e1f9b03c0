import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedIfEmpty } from '../seed/index.js';
import { DEMO_PASSWORD, startTestAppOn } from '../test/harness.js';
import { startS3Server, type TestS3 } from '../test/s3.js';
import { TEST_COUNTRIES, TEST_SECRET } from '../test/template.js';
import { appTables, migrationsApplied, migrationsInCode, rowCount } from './backup-db.repo.js';
import { filesDir, readManifest } from './backup-files.js';
import { makeBackup } from './backup-make.js';
import { restoreBackup } from './backup-restore.js';
import { SecretBox } from './crypto.js';
import { type Database, migrate, openDatabase } from './db.js';
import { foreignKeyOrder, moveToPostgres } from './db-move.js';
import { runPgTool } from './pg-tools.js';
import { LocalDiskStorage, uploadsDir } from './storage.js';
import { copyFiles } from './storage-copy.js';
import { S3Storage } from './storage-s3.js';

const SERVER = process.env.TEST_DATABASE_URL;

function output() {
  const lines: string[] = [];
  return { lines, text: () => lines.join('\n'), progress: () => {}, line: (t: string) => void lines.push(t) };
}

let work: string;
const folder = (name: string) => path.join(work, name);

/**
 * An embedded installation in `dataDir` as the app leaves it: the run's seeded template and its
 * files (with TEST_DATABASE_URL there is no embedded template: a smaller seed is made).
 */
async function embeddedInstallation(dataDir: string): Promise<void> {
  const template = inject('pgliteTemplate');
  const database = template
    ? await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template)]) })
    : await openDatabase({ dataDir });
  if (!template) {
    await migrate(database);
    await seedIfEmpty(database.db, {
      demo: true,
      onlyCountries: TEST_COUNTRIES,
      donors: 20,
      secrets: new SecretBox(TEST_SECRET),
      storage: new LocalDiskStorage(uploadsDir(dataDir)),
    });
  } else cpSync(inject('templateUploads'), uploadsDir(dataDir), { recursive: true });
  await database.close();
}

async function counts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await appTables(database.db)) out[table] = await rowCount(database.db, table);
  return out;
}

async function countsOfDataDir(dataDir: string): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir });
  try {
    return await counts(database);
  } finally {
    await database.close();
  }
}

/** Signs in through the route a browser uses; 200 with the session user when it works. */
async function logsIn(database: Database, username: string, overrides = {}): Promise<number> {
  const t = await startTestAppOn(database, overrides);
  try {
    const res = await t.request({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username, password: DEMO_PASSWORD, issueToken: true },
      headers: { 'user-agent': 'vitest' },
    });
    return res.statusCode;
  } finally {
    await t.close();
  }
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'dm-backup-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('foreignKeyOrder', () => {
  it('puts each table after those it refers to, and reports a cycle', () => {
    expect(
      foreignKeyOrder(
        ['c', 'b', 'a'],
        [
          { table: 'c', references: 'b' },
          { table: 'b', references: 'a' },
          { table: 'a', references: 'a' },
        ],
      ),
    ).toEqual(['a', 'b', 'c']);
    expect(() =>
      foreignKeyOrder(
        ['a', 'b'],
        [
          { table: 'a', references: 'b' },
          { table: 'b', references: 'a' },
        ],
      ),
    ).toThrow('cycle between a, b');
  });
});

describe('backup and restore of an embedded installation', () => {
  it('backs up, refuses what it must, restores into an empty DATA_DIR with every row and file', async () => {
    const source = folder('source');
    await embeddedInstallation(source);
    const env = { DATA_DIR: source, APP_SECRET: TEST_SECRET };
    const backup = folder('backup');

    // While the app holds the database: refused, saying so.
    const open = await openDatabase({ dataDir: source });
    const busy = output();
    expect(await makeBackup([backup], env, busy)).toBe(1);
    expect(busy.text()).toContain('is in use');
    expect(busy.text()).toContain('stop the app first');
    await open.close();

    const made = output();
    expect(await makeBackup([backup], env, made)).toBe(0);
    expect(made.text()).toMatch(/Done: the database and \d+ files/);
    const manifest = (await readManifest(backup))!;
    expect(manifest.database).toEqual({
      kind: 'pglite',
      file: 'database.tar.gz',
      migrations: migrationsInCode(),
    });
    const uploads: string[] = [];
    for await (const key of new LocalDiskStorage(uploadsDir(source)).keys()) uploads.push(key);
    expect(uploads.length).toBeGreaterThan(0);
    expect(manifest.files.map((f) => f.key)).toEqual(uploads.sort());
    expect(manifest.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);

    // The folder holds a backup now.
    const again = output();
    expect(await makeBackup([backup], env, again)).toBe(1);
    expect(again.text()).toContain('is not empty');

    // Another secret: the SSNs would not open.
    const target = folder('target');
    const wrong = output();
    expect(await restoreBackup([backup], { DATA_DIR: target, APP_SECRET: 'x'.repeat(40) }, wrong)).toBe(1);
    expect(wrong.text()).toContain('APP_SECRET is not the one');

    const restored = output();
    expect(await restoreBackup([backup], { DATA_DIR: target, APP_SECRET: TEST_SECRET }, restored)).toBe(0);
    expect(restored.text()).toContain(`${manifest.files.length} files, each checked`);
    expect(await countsOfDataDir(target)).toEqual(await countsOfDataDir(source));
    const bytes = new LocalDiskStorage(uploadsDir(target));
    expect(await bytes.read(uploads[0]!)).toEqual(
      await new LocalDiskStorage(uploadsDir(source)).read(uploads[0]!),
    );

    // The target holds a database now.
    const full = output();
    expect(await restoreBackup([backup], { DATA_DIR: target, APP_SECRET: TEST_SECRET }, full)).toBe(1);
    expect(full.text()).toContain('already holds a database');

    // A damaged file in the backup is found before anything is written.
    writeFileSync(path.join(filesDir(backup), uploads[0]!), 'not the picture');
    const damaged = output();
    expect(
      await restoreBackup([backup], { DATA_DIR: folder('third'), APP_SECRET: TEST_SECRET }, damaged),
    ).toBe(1);
    expect(damaged.text()).toContain('1 files of the backup are missing or differ');
  }, 120_000);

  it('says what is not a backup', async () => {
    const out = output();
    expect(await restoreBackup([work], { DATA_DIR: folder('none'), APP_SECRET: TEST_SECRET }, out)).toBe(1);
    expect(out.text()).toContain('has no manifest.json');
  });
});

describe.skipIf(!SERVER)('on PostgreSQL', () => {
  const prefix = `bk_test_${randomBytes(4).toString('hex')}`;
  const urlOf = (name: string) => {
    const url = new URL(SERVER!);
    url.pathname = `/${prefix}_${name}`;
    return url.toString();
  };
  let admin: Database;
  const create = async (name: string, template?: string) =>
    admin.db.execute(sql.raw(`create database ${prefix}_${name}${template ? ` template ${template}` : ''}`));
  let s3: TestS3[] = [];

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: SERVER! });
  });
  afterAll(async () => {
    for (const server of s3) await server.close();
    const rows = await admin.db.execute(
      sql`select datname from pg_database where datname like ${`${prefix}%`}`,
    );
    for (const row of (rows as unknown as { rows: { datname: string }[] }).rows)
      await admin.db.execute(sql.raw(`drop database if exists ${row.datname} with (force)`));
    await admin.close();
  });

  it('backs up a database and a bucket, restores them into empty ones, and the app signs in on them', async () => {
    await create('src', inject('pgTemplateDb'));
    await create('dst');
    const [from, to] = [await startS3Server('bk-from'), await startS3Server('bk-to')];
    s3 = [from, to];
    await copyFiles(new LocalDiskStorage(inject('templateUploads')), new S3Storage(from.settings));
    const envOf = (db: string, bucket: TestS3) => ({
      DATABASE_URL: urlOf(db),
      DATA_DIR: folder('pg-data'),
      APP_SECRET: TEST_SECRET,
      FILE_STORAGE: 's3',
      S3_ENDPOINT: bucket.settings.endpoint,
      S3_BUCKET: bucket.settings.bucket,
      S3_REGION: bucket.settings.region,
      S3_ACCESS_KEY_ID: bucket.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.settings.secretAccessKey,
    });
    const backup = folder('pg-backup');
    const made = output();
    expect(await makeBackup([backup], envOf('src', from), made)).toBe(0);
    const manifest = (await readManifest(backup))!;
    expect(manifest.database).toEqual({
      kind: 'postgres',
      file: 'database.dump',
      migrations: migrationsInCode(),
    });
    expect(manifest.files.length).toBeGreaterThan(0);

    const restored = output();
    expect(await restoreBackup([backup], envOf('dst', to), restored)).toBe(0);
    const [source, target] = [
      await openDatabase({ databaseUrl: urlOf('src') }),
      await openDatabase({ databaseUrl: urlOf('dst') }),
    ];
    expect(await counts(target)).toEqual(await counts(source));
    await source.close();
    // The app's start: migrations (none newer here), then a login that writes a session and audit rows.
    await migrate(target);
    expect(await migrationsApplied(target.db)).toBe(migrationsInCode());
    expect(await logsIn(target, 'admin@demo.test', { fileStorage: 's3', s3: to.settings })).toBe(200);
    const key = manifest.files[0]!.key;
    expect(await new S3Storage(to.settings).read(key)).toEqual(await new S3Storage(from.settings).read(key));

    // Neither a database nor a bucket that holds something is restored into.
    const full = output();
    expect(await restoreBackup([backup], envOf('dst', to), full)).toBe(1);
    expect(full.text()).toContain('is not empty');
    await create('third');
    const bucketFull = output();
    expect(await restoreBackup([backup], envOf('third', to), bucketFull)).toBe(1);
    expect(bucketFull.text()).toContain('already holds files');
  }, 180_000);

  it("pg_dump is given the password through its environment: neither its command line nor a failure's message holds it", async () => {
    const failed = runPgTool('pg_dump', 'postgres://someone:Secret%21pw@127.0.0.1:1/nowhere', [
      '--format=custom',
      `--file=${folder('never.dump')}`,
    ]);
    await expect(failed).rejects.toThrow('pg_dump failed');
    const message = await failed.catch((error: Error) => error.message);
    expect(message).not.toContain('Secret');
  });

  it('moves an embedded installation to an empty PostgreSQL database row for row; the demo logins work there', async () => {
    const dataDir = folder('moving');
    await embeddedInstallation(dataDir);
    await create('moved');
    const out = output();
    const code = await moveToPostgres([urlOf('moved')], { DATA_DIR: dataDir, APP_SECRET: TEST_SECRET }, out);
    expect(out.text()).toContain('row count is the same on both sides');
    expect(code).toBe(0);
    const moved = await openDatabase({ databaseUrl: urlOf('moved') });
    expect(await counts(moved)).toEqual(await countsOfDataDir(dataDir));
    // New rows (a session, audit rows) take ids after the copied ones.
    expect(await logsIn(moved, 'admin@demo.test')).toBe(200);

    const again = output();
    expect(
      await moveToPostgres([urlOf('moved')], { DATA_DIR: dataDir, APP_SECRET: TEST_SECRET }, again),
    ).toBe(1);
    expect(again.text()).toContain('is not empty');
  }, 180_000);
});
