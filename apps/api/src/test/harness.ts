import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD, SESSION_COOKIE } from '@dm/shared';
import type { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { mailOutbox, sessions, users } from '../db/schema/index.js';
import { TestClock } from '../platform/clock.js';
import { type Config, loadConfig } from '../platform/config.js';
import { hashToken, newToken, SecretBox } from '../platform/crypto.js';
import { type Database, type Db, openDatabase, usePglite } from '../platform/db.js';
import { openMail, type RenderedMail } from '../platform/mail.js';
import type { MailTransportFactory, OutgoingMail } from '../platform/mail-transport.js';
import type { Readiness } from '../platform/readiness.js';
import { type EmittedEvent, type Realtime, recordingRealtime } from '../platform/realtime.js';
import type { FileStorage } from '../platform/storage.js';
import { openFileStorage } from '../platform/storage-config.js';
import { copyTemplateRows, putTemplateRowsBack, type TemplateRows } from './pglite-reuse.js';
import { testFileStorage } from './s3.js';
import { TEST_DATA_DIR, TEST_SECRET } from './template.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  clock: TestClock;
  config: Config;
  /** The app's SecretBox (what queueTemplatedMail seals mail with). */
  secrets: SecretBox;
  /** The app's file store: the disk, or a bucket with TEST_FILE_STORAGE=s3 (test/s3.ts). */
  storage: FileStorage;
  /** The app's realtime push; `emitted` keeps what it sent (no sockets in tests). */
  realtime: Realtime & { emitted: EmittedEvent[] };
  /** Mail handed to SMTP by the mail job in this test app. */
  sentMail: OutgoingMail[];
  /** Events the app pushed to browsers (its Realtime records them instead of sending). */
  emitted: EmittedEvent[];
  /**
   * Queued e-mails (mail_outbox rows), newest last, optionally only those to one address, with
   * the sealed subject and bodies opened as the recipient reads them (empty once delivered).
   */
  outbox(to?: string): Promise<OutboxEntry[]>;
  /** A session for a demo user without going through the login route. */
  tokenFor(username: string): Promise<string>;
  /**
   * A new session of `username` at each call, for the sweeps that call every route with a session
   * no earlier route could have ended or switched: inserted a hundred at a time, created at the
   * clock's time of the batch (so not for a test that moves the clock between calls).
   */
  freshToken(username: string): Promise<string>;
  /** inject() with the session token of `as` (a username or a token) in x-access-token. */
  request(options: InjectOptions & { as?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export type OutboxEntry = typeof mailOutbox.$inferSelect & RenderedMail;

async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplateDb');
  if (pgTemplate) {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    // Named after the run's template so that run's teardown drops exactly its own databases.
    const name = `${pgTemplate}_t_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: serverUrl });
    await admin.db.execute(sql.raw(`create database ${name} template ${pgTemplate}`));
    await admin.close();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // TEST_POOL_SIZE=1 finds code that waits for a second connection while its transaction holds
    // one (it deadlocks with a small pool): only tests that hold a transaction open on purpose
    // may fail then (decision 013).
    const poolSize = process.env.TEST_POOL_SIZE ? Number(process.env.TEST_POOL_SIZE) : undefined;
    return openDatabase({ databaseUrl: url.toString(), ...(poolSize ? { poolSize } : {}) });
  }
  return openEmbedded();
}

/**
 * The worker's embedded database, kept from one test file to the next with the template's rows put
 * back (pglite-reuse.ts). Test files of the `shared` project keep this module, and so this
 * database, per worker; a file of the `isolated` project, or a second database a file opens while
 * its first is in use, loads the dump.
 */
let kept: { client: PGlite; rows: TemplateRows; free: boolean } | null = null;

async function openEmbedded(): Promise<Database> {
  if (kept?.free) {
    kept.free = false;
    if (await putTemplateRowsBack(kept.client, kept.rows)) return lend(kept);
    await kept.client.close();
    kept = null;
  }
  const loaded = await openDatabase({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  if (kept) return loaded;
  const client = loaded.pglite!;
  kept = { client, rows: await copyTemplateRows(client), free: false };
  return lend(kept);
}

/**
 * The kept database for one test file: closing it hands it on to the next file. What the file
 * holds is a handle that refuses every call once closed, as a closed PGlite does, so a timer or
 * job the file left running cannot reach the next file's rows.
 */
async function lend(held: NonNullable<typeof kept>): Promise<Database> {
  let open = true;
  const handle = new Proxy(held.client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        open ? value.apply(target, args) : Promise.reject(new Error('PGlite is closed'));
    },
  });
  const database = await usePglite(handle, { closeClient: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      open = false;
      held.free = true;
    },
  };
}

/** Boots the real app on a fresh copy of the migrated, seeded test database. */
export type LogOptions = {
  logStream?: { write(line: string): void };
  /**
   * Serve the socket server (platform/realtime-socket.ts) as production does; otherwise the app
   * records its pushes in `emitted` and opens no sockets.
   */
  sockets?: boolean;
  /** The app's readiness (platform/readiness.ts) for a test that plays main.ts's start or stop. */
  readiness?: Readiness;
};

export async function startTestApp(
  overrides: Partial<Config> = {},
  options: LogOptions = {},
): Promise<TestApp> {
  return buildTestApp(await openTestDatabase(), new TestClock(), overrides, true, options);
}

/**
 * A second app process over the same database and clock as `t` (as when several API processes
 * run behind a load balancer); closing it leaves the database open for `t`.
 */
export function startSiblingApp(
  t: TestApp,
  overrides: Partial<Config> = {},
  options: LogOptions = {},
): Promise<TestApp> {
  return buildTestApp(t.database, t.clock, overrides, false, options);
}

async function buildTestApp(
  database: Database,
  clock: TestClock,
  overrides: Partial<Config>,
  ownsDatabase: boolean,
  options: LogOptions,
): Promise<TestApp> {
  const sentMail: OutgoingMail[] = [];
  const mailTransport: MailTransportFactory = () => ({
    send: async (mail) => {
      sentMail.push(mail);
    },
    verify: async () => {},
    close: () => {},
  });
  const config: Config = {
    ...loadConfig({ APP_SECRET: TEST_SECRET, DATA_DIR: TEST_DATA_DIR }),
    // Tests read queued mail from the table (outbox()); a test of another transport says so.
    mailTransport: 'outbox',
    webDist: null,
    version: 'test-version',
    ...(await testFileStorage()),
    ...overrides,
  };
  const storage = await openFileStorage(config);
  const realtime = recordingRealtime();
  const app = await buildApp({
    database,
    config,
    clock,
    mailTransport,
    storage,
    ...(options.sockets ? {} : { realtime }),
    ...(options.readiness ? { readiness: options.readiness } : {}),
    ...(options.logStream ? { logger: { stream: options.logStream } } : {}),
  });
  await app.ready();
  const db = database.db;
  const secrets = new SecretBox(config.appSecret);

  const newSessions = async (username: string, count: number) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!user) throw new Error(`No user ${username}`);
    const tokens = Array.from({ length: count }, () => newToken());
    await db.insert(sessions).values(
      tokens.map((token) => ({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: clock.now(),
        lastSeenAt: clock.now(),
      })),
    );
    return tokens;
  };
  const tokenFor = async (username: string) => (await newSessions(username, 1))[0]!;
  const unused = new Map<string, string[]>();
  const freshToken = async (username: string) => {
    let left = unused.get(username);
    if (!left?.length) {
      left = await newSessions(username, 100);
      unused.set(username, left);
    }
    return left.pop()!;
  };
  const tokens = new Map<string, string>();
  const request = async (options: InjectOptions & { as?: string | null }) => {
    const { as, ...rest } = options;
    const headers = { ...(rest.headers ?? {}) } as Record<string, string>;
    if (as) {
      const token = as.includes('@') ? (tokens.get(as) ?? (await tokenFor(as))) : as;
      if (as.includes('@')) tokens.set(as, token);
      headers['x-access-token'] = token;
    }
    return app.inject({ ...rest, headers });
  };
  return {
    app,
    db,
    database,
    clock,
    config,
    secrets,
    storage,
    realtime,
    sentMail,
    emitted: realtime.emitted,
    outbox: async (to) => {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.toAddress, to) : sql`true`)
        .orderBy(asc(mailOutbox.id));
      const empty: RenderedMail = { subject: '', html: '', text: '' };
      return rows.map((row) => ({ ...row, ...(openMail(secrets, row.sealedContent) ?? empty) }));
    },
    tokenFor,
    freshToken,
    request,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}

export { DEMO_PASSWORD, SESSION_COOKIE };

/** The parsed envelope of a response. */
export function body<T = unknown>(res: LightMyRequestResponse): { status: string; message: string; data: T } {
  return res.json();
}
