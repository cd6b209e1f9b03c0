import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ChatMessageEvent,
  createChatBody,
  REALTIME_PATH,
  ROLE,
  type SaveChatMessageBody,
  saveChatMessageBody,
} from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { sessions, users } from '../../apps/api/src/db/schema/index.js';
import { hashToken, newToken } from '../../apps/api/src/platform/crypto.js';
import { type Db, openDatabase } from '../../apps/api/src/platform/db.js';
import { call } from './load/api.js';
import { type Child, startServer } from './load/processes.js';

// The socket section: the built production server as its own process, 500 signed-in
// socket clients (pairs of a case manager and their client in one center), 50 chat messages a
// second over HTTP for 30 s (POST /api/create, POST /api/savemessagetodb), measuring the time from
// sending a message to the recipient's `chat:message` event, and the messages never delivered.
// BENCH_ONLY=socket npm run bench (after `npm run build`).

const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BenchUser {
  id: number;
  token: string;
}
export interface BenchPair {
  manager: BenchUser;
  client: BenchUser;
}

/**
 * `pairs` case managers, each with one client of their own, in the center of `manager@demo.test`,
 * active, terms accepted, each with a session (its token) written straight into the database: the
 * bench needs no login (argon2, captcha thresholds) to sign 500 people in.
 */
export async function prepareSocketUsers(db: Db, pairs: number, now = new Date()): Promise<BenchPair[]> {
  const [demo] = await db
    .select({ centerId: users.centerId })
    .from(users)
    .where(eq(users.username, 'manager@demo.test'));
  if (!demo) throw new Error('socket: the demo accounts are missing (SEED_DEMO must not be false)');
  const tag = Date.now().toString(36);
  const person = (role: number, i: number, managerId: number | null) => ({
    centerId: demo.centerId,
    role,
    status: 'Active',
    username: `socket-${tag}-${role === ROLE.MANAGER ? 'manager' : 'client'}-${i}@bench.test`,
    firstName: role === ROLE.MANAGER ? 'Bench manager' : 'Bench client',
    lastName: String(i),
    managerId,
    eulaAcceptedAt: now,
    lastLoginAt: now,
    ipFormSubmittedAt: now,
  });
  const managers = await db
    .insert(users)
    .values(Array.from({ length: pairs }, (_, i) => person(ROLE.MANAGER, i, null)))
    .returning({ id: users.id });
  const clients = await db
    .insert(users)
    .values(managers.map((m, i) => person(ROLE.CLIENT, i, m.id)))
    .returning({ id: users.id });
  const signIn = async (ids: { id: number }[]): Promise<BenchUser[]> => {
    const signedIn = ids.map(({ id }) => ({ id, token: newToken() }));
    await db.insert(sessions).values(
      signedIn.map((u) => ({
        tokenHash: hashToken(u.token),
        userId: u.id,
        createdAt: now,
        lastSeenAt: now,
      })),
    );
    return signedIn;
  };
  const [m, c] = [await signIn(managers), await signIn(clients)];
  return m.map((manager, i) => ({ manager, client: c[i]! }));
}

/** Connects every user's socket (the token as a script sends it); answers them by user id. */
export async function connectSockets(
  base: string,
  people: readonly BenchUser[],
  batch = 50,
): Promise<{ sockets: Map<number, Socket>; ms: number }> {
  const started = performance.now();
  const sockets = new Map<number, Socket>();
  for (let i = 0; i < people.length; i += batch) {
    await Promise.all(
      people.slice(i, i + batch).map(
        (person) =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(base, {
              path: REALTIME_PATH,
              transports: ['websocket'],
              auth: { token: person.token },
              forceNew: true,
              reconnection: false,
            });
            socket.once('connect', () => {
              sockets.set(person.id, socket);
              resolve();
            });
            socket.once('connect_error', (error) =>
              reject(new Error(`socket of user ${person.id} refused: ${error.message}`)),
            );
          }),
      ),
    );
  }
  return { sockets, ms: performance.now() - started };
}

/** Send and arrival times by message key; the delivery latencies and what never arrived. */
export class DeliveryBook {
  private readonly sentAt = new Map<string, number>();
  private readonly latencies: number[] = [];
  private duplicates = 0;

  sent(key: string, at = performance.now()): void {
    this.sentAt.set(key, at);
  }

  /** The send failed: nothing to deliver. */
  cancel(key: string): void {
    this.sentAt.delete(key);
  }

  received(key: string, at = performance.now()): void {
    const sent = this.sentAt.get(key);
    if (sent === undefined) {
      this.duplicates++;
      return;
    }
    this.sentAt.delete(key);
    this.latencies.push(at - sent);
  }

  summary(): { delivered: number; lost: number; duplicates: number; p50: number; p95: number; max: number } {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    return {
      delivered: sorted.length,
      lost: this.sentAt.size,
      duplicates: this.duplicates,
      p50: at(0.5),
      p95: at(0.95),
      max: sorted.at(-1) ?? Number.NaN,
    };
  }
}

/** Runs `send(i)` `perSecond` times a second, evenly spaced, for `seconds`; waits for them all. */
export async function paced(perSecond: number, seconds: number, send: (i: number) => Promise<void>) {
  const total = perSecond * seconds;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(send(i));
  }
  await Promise.allSettled(pending);
}

export function printDelivery(what: string, summary: ReturnType<DeliveryBook['summary']>, failed = 0) {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `socket: ${what}: delivered ${summary.delivered}, lost ${summary.lost} (goal 0), failed sends ${failed}, ` +
      `latency p50 ${ms(summary.p50)}, p95 ${ms(summary.p95)} (goal <= 100 ms), max ${ms(summary.max)}` +
      (summary.duplicates ? `, ${summary.duplicates} unexpected events` : ''),
  );
}

/** A scratch database on the PostgreSQL server of `serverUrl`, dropped by `drop`. */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dm_bench_socket_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

/**
 * The socket section. Needs the chat module's POST /api/create and /api/savemessagetodb (issue 20,
 * merged with the messaging work). BENCH_SOCKET_CLIENTS (500), BENCH_SOCKET_RATE (50 a second),
 * BENCH_SOCKET_SECONDS (30), BENCH_SOCKET_PORT (4125), BENCH_SOCKET_DATABASE_URL (the PostgreSQL
 * server to create the scratch database on; default the local one).
 */
export async function runSocket(): Promise<void> {
  const clients = num('BENCH_SOCKET_CLIENTS', 500);
  const rate = num('BENCH_SOCKET_RATE', 50);
  const seconds = num('BENCH_SOCKET_SECONDS', 30);
  const port = num('BENCH_SOCKET_PORT', 4125);
  const serverUrl = env.BENCH_SOCKET_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const work = mkdtempSync(path.join(tmpdir(), 'bench-socket-'));
  const scratch = await scratchDatabase(serverUrl);
  let server: Child | null = null;
  let sockets = new Map<number, Socket>();
  console.log(`\nsocket: ${clients} clients, ${rate} messages/s for ${seconds} s; log in ${work}`);
  try {
    server = await startServer('api', {
      port,
      databaseUrl: scratch.url,
      dataDir: path.join(work, 'data'),
      logFile: path.join(work, 'api.log'),
      seedDonors: 0,
    });
    const database = await openDatabase({ databaseUrl: scratch.url });
    const pairs = await prepareSocketUsers(database.db, Math.floor(clients / 2));
    await database.close();
    const people = pairs.flatMap((p) => [p.manager, p.client]);
    const connected = await connectSockets(server.url, people);
    sockets = connected.sockets;
    console.log(`socket: ${sockets.size} sockets connected in ${(connected.ms / 1000).toFixed(1)} s`);

    // One chat per pair, opened by the manager.
    const chats = await Promise.all(
      pairs.map(async (pair) => {
        const body = createChatBody.parse({ another_user: pair.client.id });
        const { chatId } = await call<{ chatId: number }>(
          server!.url,
          pair.manager.token,
          'POST',
          '/api/create',
          body,
        );
        return { pair, chatId };
      }),
    );

    const book = new DeliveryBook();
    for (const [userId, socket] of sockets) {
      socket.on('chat:message', (event: ChatMessageEvent) => {
        // Both people of the chat get the event; the recipient's copy is the delivery measured.
        if (event.message.receiverId === userId && event.message.clientMessageId)
          book.received(event.message.clientMessageId);
      });
    }
    let failed = 0;
    await paced(rate, seconds, async (i) => {
      const { pair, chatId } = chats[i % chats.length]!;
      const sender = i % 2 === 0 ? pair.manager : pair.client;
      const clientMessageId = `bench-${i.toString().padStart(6, '0')}`;
      const body: SaveChatMessageBody = saveChatMessageBody.parse({
        chatId,
        message: `Bench message ${i}`,
        clientMessageId,
        notification: true,
      });
      book.sent(clientMessageId);
      try {
        await call(server!.url, sender.token, 'POST', '/api/savemessagetodb', body);
      } catch (error) {
        failed++;
        book.cancel(clientMessageId);
        if (failed <= 3) console.log(`socket: a send failed: ${(error as Error).message}`);
      }
    });
    await sleep(3000);
    printDelivery(`${rate * seconds} chat messages over HTTP`, book.summary(), failed);
  } finally {
    for (const socket of sockets.values()) socket.close();
    await server?.stop();
    await scratch.drop();
  }
}
