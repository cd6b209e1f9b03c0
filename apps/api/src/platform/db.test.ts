import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donors, users } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { TEST_DATA_DIR, TEST_SECRET } from '../test/template.js';
import { loadConfig, POOL_SIZE } from './config.js';
import { type Database, openDatabase, preparedPerDb, preparedStatement, queryRows, readAll } from './db.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Three reads that note when they start and end, the second the slowest. */
function reads(log: string[]) {
  const read = (name: string, ms: number) => async () => {
    log.push(`${name}>`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`<${name}`);
    return name;
  };
  return [read('a', 5), read('b', 20), read('c', 5)] as const;
}

describe('readAll', () => {
  it("runs a transaction's reads one after another, its connection running one statement at a time", async () => {
    const log: string[] = [];
    const answers = await t.db.transaction((tx) => readAll(tx, reads(log)));
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a>', '<a', 'b>', '<b', 'c>', '<c']);
  });

  it('runs reads on the pool at once, each on a connection of its own (PostgreSQL)', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const log: string[] = [];
    expect(await readAll(t.db, reads(log))).toEqual(['a', 'b', 'c']);
    expect(log.slice(0, 3)).toEqual(['a>', 'b>', 'c>']);
  });
});

/** The pg pool under a PostgreSQL handle. */
const poolOf = (database: Database) =>
  (database.db as unknown as { $client: { options: { max: number }; totalCount: number } }).$client;

describe('the connection pool', () => {
  const env = { APP_SECRET: TEST_SECRET, DATA_DIR: TEST_DATA_DIR };

  it('keeps DATABASE_POOL_SIZE connections, POOL_SIZE unless told, and refuses a size that is not a count', () => {
    expect(loadConfig(env).databasePoolSize).toBe(POOL_SIZE);
    expect(loadConfig({ ...env, DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const bad of ['0', '-1', '2.5', 'ten'])
      expect(() => loadConfig({ ...env, DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE must be/);
  });

  it('opens PostgreSQL with that many connections at most (PostgreSQL)', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const url = process.env.TEST_DATABASE_URL!;
    const two = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const pool = poolOf(two);
      expect(pool.options.max).toBe(2);
      // Five reads at once share the two connections.
      await readAll(
        two.db,
        [1, 2, 3, 4, 5].map((n) => () => two.db.execute(sql`select pg_sleep(0.02), ${n}::int as n`)),
      );
      expect(pool.totalCount).toBe(2);
    } finally {
      await two.close();
    }
    const usual = await openDatabase({ databaseUrl: url });
    try {
      expect(poolOf(usual).options.max).toBe(POOL_SIZE);
    } finally {
      await usual.close();
    }
  });
});

describe('preparedStatement', () => {
  const plusOne = preparedStatement<'plus' | 'minus', { n: number }>(
    (shape, v) =>
      sql`select ${v.n}::int ${sql.raw(shape === 'plus' ? '+' : '-')} 1 as m, 'prepared-test' as tag`,
  );

  it('runs each shape with its values, on the pool and in a transaction', async () => {
    expect(await plusOne<{ m: number }>(t.db, 'plus', { n: 41 })).toMatchObject([{ m: 42 }]);
    expect(await plusOne<{ m: number }>(t.db, 'plus', { n: 1 })).toMatchObject([{ m: 2 }]);
    expect(await plusOne<{ m: number }>(t.db, 'minus', { n: 1 })).toMatchObject([{ m: 0 }]);
    expect(await t.db.transaction((tx) => plusOne<{ m: number }>(tx, 'plus', { n: 6 }))).toMatchObject([
      { m: 7 },
    ]);
  });

  it('prepares each shape once per connection on PostgreSQL (PostgreSQL)', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const one = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    try {
      for (const n of [1, 2, 3]) await plusOne(one.db, 'plus', { n });
      await plusOne(one.db, 'minus', { n: 1 });
      const named = await queryRows<{ statement: string }>(
        one.db,
        sql`select statement from pg_prepared_statements where statement like '%prepared-test%'`,
      );
      expect(named.map((r) => r.statement.includes('+ 1')).sort()).toEqual([false, true]);
    } finally {
      await one.close();
    }
  });
});

describe('preparedPerDb', () => {
  let builds = 0;
  /** A user with her donor row, if any (a left join: null for staff). */
  const userById = preparedPerDb('test_user_by_id', (db, name) => {
    builds++;
    return db
      .select({ user: users, donor: donors })
      .from(users)
      .leftJoin(donors, eq(donors.userId, users.id))
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name);
  });

  it('builds its query once; the pool and each transaction run it and map the rows alike', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin@demo.test'));
    const onPool = await userById(t.db, { id: admin!.id });
    expect(onPool).toEqual([{ user: admin, donor: null }]);
    expect(await t.db.transaction((tx) => userById(tx, { id: admin!.id }))).toEqual(onPool);
    expect(await t.db.transaction((tx) => userById(tx, { id: admin!.id }))).toEqual(onPool);
    const [donor] = await t.db.select().from(donors).limit(1);
    const [row] = await t.db.transaction((tx) => userById(tx, { id: donor!.userId }));
    expect(row!.donor).toEqual(donor);
    expect(builds).toBe(1);
  });

  it("runs on the transaction's connection: it sees the transaction's own writes", async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin@demo.test'));
    const rolledBack = new Error('roll back');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Changed' }).where(eq(users.id, admin!.id));
        const [row] = await userById(tx, { id: admin!.id });
        expect(row!.user.firstName).toBe('Changed');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const [row] = await userById(t.db, { id: admin!.id });
    expect(row!.user.firstName).toBe(admin!.firstName);
  });
});
