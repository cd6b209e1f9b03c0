import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db.js';
import { uploadsDir } from '../platform/storage.js';
import { buildTemplate, TEST_DATA_DIR } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
    /** The files the template's seed stored (a LocalDiskStorage root), for a bucket to start with. */
    templateUploads: string;
  }
}

/** What each test file is given: the PGlite dump to load, or the PostgreSQL template to clone. */
interface Template {
  pgliteTemplate: string;
  pgTemplateDb: string;
  templateUploads: string;
  teardown(): Promise<void>;
}

/** Shared by the projects of one run (vitest runs a global setup per project: isolated, shared). */
const SHARED = Symbol.for('dm.test-template');
type Holder = { template: Promise<Template>; users: number };

/**
 * Builds one migrated, seeded database per test run, once for all projects. On PGlite it is dumped
 * to a file that each test file loads; with TEST_DATABASE_URL each test file clones it as a template.
 */
export default async function setup(project: TestProject) {
  const scope = globalThis as { [SHARED]?: Holder };
  scope[SHARED] ??= { template: buildOnce(), users: 0 };
  const holder = scope[SHARED];
  holder.users++;
  const template = await holder.template;
  project.provide('pgliteTemplate', template.pgliteTemplate);
  project.provide('pgTemplateDb', template.pgTemplateDb);
  project.provide('templateUploads', template.templateUploads);
  return async () => {
    if (--holder.users > 0) return;
    delete scope[SHARED];
    await template.teardown();
  };
}

async function buildOnce(): Promise<Template> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return buildOnServer(serverUrl);
  return buildEmbedded();
}

async function buildOnServer(serverUrl: string): Promise<Template> {
  const name = `dm_tpl_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${name}`;
  const template = await openDatabase({ databaseUrl: templateUrl.toString() });
  // The seed's files in a folder of their own (kept for the run), then where every test app's disk
  // store reads them.
  const storedFiles = mkdtempSync(path.join(tmpdir(), 'dm-template-files-'));
  await buildTemplate(template, storedFiles);
  await template.close();
  cpSync(uploadsDir(storedFiles), uploadsDir(TEST_DATA_DIR), { recursive: true, force: false });
  return {
    pgliteTemplate: '',
    pgTemplateDb: name,
    templateUploads: uploadsDir(storedFiles),
    teardown: async () => {
      rmSync(storedFiles, { recursive: true, force: true });
      const rows = await admin.db.execute(
        sql`select datname from pg_database where datname like ${`${name}%`}`,
      );
      for (const row of (rows as unknown as { rows: { datname: string }[] }).rows) {
        await admin.db.execute(sql.raw(`drop database if exists ${row.datname} with (force)`));
      }
      await admin.close();
    },
  };
}

const API_ROOT = path.resolve(import.meta.dirname, '..', '..');
const REPO_ROOT = path.resolve(API_ROOT, '..', '..');
/** Where a built embedded template is kept between runs (node_modules is never committed). */
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'dm-test-template');

/**
 * The embedded template, kept between runs under CACHE_DIR with the files its seed stored: a run
 * whose sources are the same as the last build's loads it instead of migrating and seeding again
 * (a minute or more on two cores). Its name is a hash of every input of the build: the migrations,
 * the API's and the shared package's sources but the test helpers (the seed reaches into many
 * modules) and the lockfile (PGlite's dump format). TEST_TEMPLATE_CACHE=0 always builds.
 */
async function buildEmbedded(): Promise<Template> {
  const useCache = process.env.TEST_TEMPLATE_CACHE !== '0';
  const key = useCache ? templateKey() : '';
  const cached = path.join(CACHE_DIR, key);
  const file = path.join(cached, 'template.tar');
  if (useCache && existsSync(file)) {
    // The seed's pictures and documents, where every test app's storage reads them.
    cpSync(path.join(cached, 'uploads'), uploadsDir(TEST_DATA_DIR), { recursive: true, force: false });
    return {
      pgliteTemplate: file,
      pgTemplateDb: '',
      templateUploads: path.join(cached, 'uploads'),
      teardown: async () => {},
    };
  }
  const work = mkdtempSync(path.join(tmpdir(), 'dm-template-'));
  const storedFiles = path.join(work, 'data');
  const database = await openDatabase({});
  await buildTemplate(database, storedFiles);
  // A checkpoint first: a dump whose last checkpoint is the end of the seed loads with no WAL to
  // replay (about a quarter less CPU for each of the hundred-odd test files that load it).
  await database.db.execute(sql`checkpoint`);
  const dump = await database.pglite!.dumpDataDir('none');
  writeFileSync(path.join(work, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
  await database.close();
  cpSync(uploadsDir(storedFiles), uploadsDir(TEST_DATA_DIR), { recursive: true, force: false });
  if (!useCache) {
    return {
      pgliteTemplate: path.join(work, 'template.tar'),
      pgTemplateDb: '',
      templateUploads: uploadsDir(storedFiles),
      teardown: async () => rmSync(work, { recursive: true, force: true }),
    };
  }
  // Only the newest build is kept; a rename makes it appear whole to a run started beside this one.
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const old of readdirSync(CACHE_DIR)) {
    if (!old.startsWith('.')) rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
  }
  const staged = path.join(CACHE_DIR, `.${key}-${process.pid}`);
  mkdirSync(staged);
  renameSync(path.join(work, 'template.tar'), path.join(staged, 'template.tar'));
  cpSync(uploadsDir(storedFiles), path.join(staged, 'uploads'), { recursive: true });
  rmSync(work, { recursive: true, force: true });
  try {
    renameSync(staged, cached);
  } catch {
    // A run beside this one kept the same build first: use it.
    rmSync(staged, { recursive: true, force: true });
  }
  return {
    pgliteTemplate: file,
    pgTemplateDb: '',
    templateUploads: path.join(cached, 'uploads'),
    teardown: async () => {},
  };
}

/** A hash of every file the template's build reads (see buildEmbedded). */
function templateKey(): string {
  const hash = createHash('sha256');
  const add = (dir: string, keep: (file: string) => boolean) => {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(keep).sort();
    for (const file of files) {
      hash.update(`${path.relative(REPO_ROOT, path.join(dir, file))}\0`);
      hash.update(readFileSync(path.join(dir, file)));
    }
  };
  const source = (file: string) => /\.(ts|sql|json)$/.test(file) && !/\.test\.tsx?$/.test(file);
  // The test helpers play no part in the build, but for the template's own module.
  const built = (file: string) =>
    source(file) && (!file.startsWith(`test${path.sep}`) || file === `test${path.sep}template.ts`);
  add(path.join(API_ROOT, 'drizzle'), source);
  add(path.join(API_ROOT, 'src'), built);
  add(path.join(REPO_ROOT, 'packages', 'shared', 'src'), source);
  hash.update(readFileSync(path.join(REPO_ROOT, 'package-lock.json')));
  return hash.digest('hex').slice(0, 24);
}
