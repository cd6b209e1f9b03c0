import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD, SESSION_COOKIE } from '@dm/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { mailOutbox, sessions, users } from '../db/schema/index.js';
import { TestClock } from '../platform/clock.js';
import { type Config, loadConfig } from '../platform/config.js';
import { hashToken, newToken } from '../platform/crypto.js';
import { type Database, type Db, openDatabase } from '../platform/db.js';
import type { MailTransportFactory, OutgoingMail } from '../platform/mail-transport.js';
import { TEST_DATA_DIR, TEST_SECRET } from './template.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  clock: TestClock;
  config: Config;
  /** Mail handed to SMTP by the mail job in this test app. */
  sentMail: OutgoingMail[];
  /** Queued e-mails (mail_outbox rows), newest last, optionally only those to one address. */
  outbox(to?: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  /** A session for a demo user without going through the login route. */
  tokenFor(username: string): Promise<string>;
  /** inject() with the session token of `as` (a username or a token) in x-access-token. */
  request(options: InjectOptions & { as?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

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
    return openDatabase({ databaseUrl: url.toString() });
  }
  const file = inject('pgliteTemplate');
  return openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
}

/** Boots the real app on a fresh copy of the migrated, seeded test database. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = new TestClock();
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
    webDist: null,
    version: 'test-version',
    ...overrides,
  };
  const app = await buildApp({
    database,
    config,
    clock,
    mailTransport,
    ...(options.logStream ? { logger: { stream: options.logStream } } : {}),
  });
  await app.ready();
  const db = database.db;

  const tokenFor = async (username: string) => {
    const [user] = await db.select().from(users).where(eq(users.username, username));
    if (!user) throw new Error(`No user ${username}`);
    const token = newToken();
    await db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: user.id, lastSeenAt: clock.now() });
    return token;
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
    sentMail,
    outbox: (to) =>
      db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.toAddress, to) : sql`true`)
        .orderBy(asc(mailOutbox.id)),
    tokenFor,
    request,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export { DEMO_PASSWORD, SESSION_COOKIE };

/** The parsed envelope of a response. */
export function body<T = unknown>(res: LightMyRequestResponse): { status: string; message: string; data: T } {
  return res.json();
}
