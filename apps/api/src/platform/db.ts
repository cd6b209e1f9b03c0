import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from '../db/schema/index.js';
import { POOL_SIZE } from './config.js';
import { describeDatabaseUnavailable } from './db-errors.js';
import { type ChangeFeed, PgChangeFeed, pgliteChangeFeed } from './db-listen.js';

export type Schema = typeof schema;
/** A database handle or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests clone it). */
  pglite?: PGlite;
  /** The notifications of migration 0041's triggers: what makes a cached session stale. */
  changes: ChangeFeed;
  /** The connections queries hold and the queries waiting for one (the metrics' db_pool_*). */
  connections(): { inUse: number; waiting: number };
}

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'drizzle',
);

/**
 * The planner's price of a random page read against a sequential one. PostgreSQL's default (4)
 * assumes spinning disks; this app's working set (donors, users, their indexes) lives in memory or
 * on SSD, where an index lookup costs about what a sequential read does. At 4 the planner scans a
 * whole center's donors rather than look up the few thousand a staff search found.
 */
const RANDOM_PAGE_COST = 1.1;
/**
 * JIT compilation off: it starts above a plan cost a broad text search reaches (a prefix word
 * over a center's donors) and then spends about 100 ms compiling a query that runs in 30. This
 * app's queries are short; none gains from it.
 */
const PLANNER_OPTIONS = `-c random_page_cost=${RANDOM_PAGE_COST} -c jit=off`;

/**
 * How long a query waits for a connection (a free one of the pool's, or a new one) before it
 * fails as unavailable (503) rather than hang while the database cannot be reached.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in dataDir (or memory). */
export async function openDatabase(opts: {
  databaseUrl?: string | null;
  dataDir?: string | null;
  loadDataDir?: Blob | File;
  /** Told when a pooled PostgreSQL connection is lost (a restart, pg_terminate_backend). */
  onConnectionLost?: (description: string) => void;
  /** PostgreSQL connections kept (config's DATABASE_POOL_SIZE; POOL_SIZE when not given). */
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const connection = {
      connectionString: opts.databaseUrl,
      options: PLANNER_OPTIONS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    };
    const changes = new PgChangeFeed(pg.Client, connection);
    const pool = new pg.Pool({
      ...connection,
      max: opts.poolSize ?? POOL_SIZE,
      keepAlive: true,
      // A connection that cannot listen is not used: it fails its first query as unavailable.
      onConnect: (client) => changes.watchPooled(client),
    });
    watchConnections(pool, opts.onConnectionLost ?? (() => {}));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const close = async () => {
      await changes.close();
      await pool.end();
    };
    const connections = () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', changes, close, connections };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({
    dataDir: opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
  });
  return usePglite(client, { closeClient: true });
}

/**
 * The app's database on an open PGlite instance; `closeClient: false` leaves the instance open
 * when the database is closed (a test worker hands it on to its next test file).
 */
export async function usePglite(client: PGlite, opts: { closeClient: boolean }): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzle(client, { schema }) as unknown as Db;
  const changes = pgliteChangeFeed(client);
  const close = async () => {
    await changes.close();
    if (opts.closeClient) await client.close();
  };
  // One connection, always open; PGlite queues its queries inside, out of sight.
  const connections = () => ({ inUse: 1, waiting: 0 });
  return { db, kind: 'pglite', pglite: client, changes, close, connections };
}

/**
 * A lost connection is an 'error' event: on the pool for an idle connection, on the client for
 * one a transaction holds. Unheard, either ends the process. The pool drops the connection and
 * opens a new one for the next query; the query that was running fails and its request is
 * answered 503 (see db-errors.ts). Each loss is reported once, without any statement.
 */
function watchConnections(pool: Pool, onLost: (description: string) => void): void {
  const reported = new WeakSet<object>();
  const report = (error: Error) => {
    if (reported.has(error)) return;
    reported.add(error);
    onLost(describeDatabaseUnavailable(error));
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await run(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await run(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
}

/** A text as a LIKE pattern's literal part (its %, _ and \\ escaped). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Runs raw parameterised SQL (the `sql` tag) and returns its rows on either driver. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Statement texts run prepared on PostgreSQL, by the name each was given. */
const preparedNames = new Map<string, string>();
/** More shapes than this means some texts are not constant: the further ones run unnamed. */
const MAX_PREPARED = 128;
const dialect = new PgDialect();

interface PgPool {
  totalCount: number;
  query(q: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Independent reads: at once on the pool (each on a connection of its own), one after another
 * on a transaction's single connection, which runs one statement at a time (`pg` queues the
 * others with a deprecation warning, and pg@9 refuses them) and on PGlite.
 */
export async function readAll<T extends readonly unknown[]>(
  db: Db,
  reads: readonly [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  if (poolOf(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/** The node-postgres pool behind `db`, or null (PGlite, a transaction). */
function poolOf(db: Db): PgPool | null {
  const client = (db as { $client?: Partial<PgPool> }).$client;
  return client && typeof client.totalCount === 'number' && typeof client.query === 'function'
    ? (client as PgPool)
    : null;
}

/** Runs `text` as a statement named by its text (unnamed beyond MAX_PREPARED texts). */
async function runNamed<T>(client: PgPool, text: string, values: unknown[]): Promise<T[]> {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `hot_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  const result = await client.query({ ...(name ? { name } : {}), text, values });
  return result.rows as T[];
}

/**
 * A hot statement assembled from constant parts (the search page, the donor page), rendered to
 * text once per shape (issue 19): drizzle turning a large composed SQL into text costs more than
 * running it (about 1 ms for the donor page's). `build(shape, p)` makes the SQL of one shape;
 * `p` holds a placeholder for each value, so the text is rendered once and each run fills in its
 * values. On PostgreSQL (a pool, not a transaction) it runs as a named prepared statement, so
 * each connection parses and plans each shape once; elsewhere (PGlite, inside a transaction)
 * `build` is given the values themselves and the SQL runs as any other. Rows come back as
 * PostgreSQL names their columns.
 */
export function preparedStatement<S extends string, V extends object>(
  build: (shape: S, p: { [K in keyof V]: unknown }) => SQL,
) {
  const rendered = new Map<S, { sql: string; params: unknown[] }>();
  let placeholders: { [K in keyof V]: unknown } | undefined;
  return async <T>(db: Db, shape: S, values: V): Promise<T[]> => {
    const client = poolOf(db);
    if (!client) return queryRows<T>(db, build(shape, values));
    let query = rendered.get(shape);
    if (!query) {
      placeholders ??= new Proxy({} as { [K in keyof V]: unknown }, {
        get: (_, key) => sql.placeholder(String(key)),
      });
      query = dialect.sqlToQuery(build(shape, placeholders));
      rendered.set(shape, query);
    }
    return runNamed<T>(client, query.sql, fillPlaceholders(query.params, values as Record<string, unknown>));
  };
}

/** What drizzle's `.prepare(name)` gives: run with the placeholders' values. */
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * What drizzle's prepared query keeps of its statement (node-postgres's and PGlite's alike): its
 * text and parameters, how its rows map to objects, and the session that builds another.
 */
interface PreparedParts {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  _isResponseInArrayMode?: boolean;
  customResultMapper?: unknown;
  queryMetadata?: unknown;
  cacheConfig?: unknown;
  joinsNotNullableMap?: unknown;
}
interface PreparingSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    arrayMode: boolean | undefined,
    mapper: unknown,
    metadata: unknown,
    cache: unknown,
  ): Prepared<unknown> & { joinsNotNullableMap?: unknown };
}

/**
 * `built`'s statement on `db`'s session without building the query again: what drizzle's
 * `.prepare(name)` hands its session, taken from a query it already built. Null where the parts
 * are not there (a driver that keeps them otherwise builds as before).
 */
function preparedOn<R>(db: Db, built: Prepared<R>, name: string): Prepared<R> | null {
  const session = (db as unknown as { session?: Partial<PreparingSession> }).session;
  const q = built as unknown as Partial<PreparedParts>;
  if (
    typeof session?.prepareQuery !== 'function' ||
    typeof q.queryString !== 'string' ||
    !Array.isArray(q.params)
  )
    return null;
  const query = session.prepareQuery(
    { sql: q.queryString, params: q.params },
    q.fields,
    name,
    q._isResponseInArrayMode,
    q.customResultMapper,
    q.queryMetadata,
    q.cacheConfig,
  );
  query.joinsNotNullableMap = q.joinsNotNullableMap;
  return query as Prepared<R>;
}

/**
 * A query built once and run as a named prepared statement (issue 19): a drizzle select of a
 * whole table costs more to build than to run, and PostgreSQL parses and plans a named statement
 * once per connection. `build` makes the query on the handle it is given with
 * `sql.placeholder(...)` for its values, once: a transaction (a handle of its own, for one
 * transaction) gets the statement already built, on its own session. `name` must be unique in the
 * app: PostgreSQL keys the statements by it.
 */
export function preparedPerDb<R>(name: string, build: (db: Db, name: string) => Prepared<R>) {
  const built = new WeakMap<Db, Prepared<R>>();
  let first: Prepared<R> | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<R> => {
    let query = built.get(db);
    if (!query) {
      query = (first && preparedOn(db, first, name)) || build(db, name);
      first ??= query;
      built.set(db, query);
    }
    return query.execute(values);
  };
}
