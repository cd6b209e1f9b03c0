import { createServer, type Server as HttpServer } from 'node:http';
import { MSG, PRESENCE_QUERY, REALTIME_PATH, type RealtimeEventMap } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.js';
import { startSiblingApp, startTestApp, type TestApp } from '../test/harness.js';
import { hashToken } from './crypto.js';
import { createSocketRealtime, type SocketRealtime } from './realtime-socket.js';
import { gracefulShutdown } from './shutdown.js';

/** The brief's ports for this work: 4120-4139 (4120-4129 here, 4130-4139 in the Redis test). */
const PORT = 4121;
const PRESENCE_PORT = 4122;
const BASE = `http://127.0.0.1:${PORT}`;
const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';

let t: TestApp;
const opened: Socket[] = [];
const firstOutcome = new WeakMap<Socket, Promise<'connected' | string>>();

function client(options: Parameters<typeof connect>[1] = {}, base = BASE): Socket {
  const socket = connect(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  opened.push(socket);
  // Listen from the start: a test that awaits something else (a token, another client) before
  // asking for the outcome would otherwise miss a connection made in the meantime.
  firstOutcome.set(
    socket,
    new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    }),
  );
  return socket;
}

/** Connects, or answers the refusal's message (of the socket's first connection attempt). */
function outcome(socket: Socket): Promise<'connected' | string> {
  return firstOutcome.get(socket)!;
}

function next<T>(
  socket: { once(event: string, listener: (data: T) => void): unknown },
  event: string,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

/** Every event of this name the socket receives from now on. */
function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (data: T) => seen.push(data));
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function userId(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp({ publicUrl: BASE }, { sockets: true });
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
});

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.close();
  await pause(100);
});

afterAll(async () => {
  await t?.close();
});

describe('socket handshake', () => {
  it('refuses a connection without a session, with an unknown token or an ended session', async () => {
    expect(await outcome(client())).toBe(MSG.NO_TOKEN);
    expect(await outcome(client({ auth: { token: 'not-a-session' } }))).toBe(MSG.BAD_TOKEN);
    const token = await t.tokenFor(PARENT);
    await t.db
      .update(sessions)
      .set({ endedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await outcome(client({ auth: { token } }))).toBe(MSG.SESSION_EXPIRED_CODE);
  });

  it("refuses another site's page riding on the session cookie, accepts the app's own page", async () => {
    const token = await t.tokenFor(PARENT);
    const cookie = `dm_session=${token}`;
    expect(await outcome(client({ extraHeaders: { cookie, origin: 'https://evil.example' } }))).toBe(
      MSG.CROSS_SITE_REFUSED,
    );
    expect(await outcome(client({ extraHeaders: { cookie, origin: 'null' } }))).toBe(MSG.CROSS_SITE_REFUSED);
    // A browser that sends no Origin but says the request is cross-site.
    expect(await outcome(client({ extraHeaders: { cookie, 'sec-fetch-site': 'cross-site' } }))).toBe(
      MSG.CROSS_SITE_REFUSED,
    );
    expect(await outcome(client({ extraHeaders: { cookie, origin: BASE } }))).toBe('connected');
    // A script with the token header (no browser, no Origin).
    expect(await outcome(client({ extraHeaders: { 'x-access-token': token } }))).toBe('connected');
  });
});

describe('events', () => {
  it('reach every connection of the named user and nobody else', async () => {
    const parentA = client({ auth: { token: await t.tokenFor(PARENT) } });
    const parentB = client({ auth: { token: await t.tokenFor(PARENT) } });
    const manager = client({ auth: { token: await t.tokenFor(MANAGER) } });
    expect(await Promise.all([outcome(parentA), outcome(parentB), outcome(manager)])).toEqual([
      'connected',
      'connected',
      'connected',
    ]);
    const managerGot = collect(manager, 'notification');
    const both = Promise.all([
      next<RealtimeEventMap['notification']>(parentA, 'notification'),
      next<RealtimeEventMap['notification']>(parentB, 'notification'),
    ]);
    t.app.realtime.emitToUsers([await userId(PARENT)], 'notification', { unread: 3 });
    expect(await both).toEqual([{ unread: 3 }, { unread: 3 }]);
    await pause(300);
    expect(managerGot).toEqual([]);
    expect(await t.app.realtime.onlineUsers([await userId(PARENT), await userId(MANAGER), 999_999])).toEqual(
      new Set([await userId(PARENT), await userId(MANAGER)]),
    );
    for (const socket of [parentA, parentB, manager]) socket.close();
    await pause(200);
    expect(await t.app.realtime.onlineUsers([await userId(PARENT)])).toEqual(new Set());
  });

  it("a center's settings change reaches its signed-in users and nobody of another center", async () => {
    const parent = client({ auth: { token: await t.tokenFor(PARENT) } });
    const manager = client({ auth: { token: await t.tokenFor(MANAGER) } });
    const other = client({ auth: { token: await t.tokenFor('parent85@demo.test') } });
    expect(await Promise.all([outcome(parent), outcome(manager), outcome(other)])).toEqual([
      'connected',
      'connected',
      'connected',
    ]);
    const otherGot = collect(other, 'center:settings');
    const both = Promise.all([
      next<RealtimeEventMap['center:settings']>(parent, 'center:settings'),
      next<RealtimeEventMap['center:settings']>(manager, 'center:settings'),
    ]);
    t.app.realtime.emitToCenter(1, 'center:settings', { centerId: 1 });
    expect(await both).toEqual([{ centerId: 1 }, { centerId: 1 }]);
    await pause(300);
    expect(otherGot).toEqual([]);
  });

  it('reach a client again after its connection dropped and it reconnected', async () => {
    const socket = client({
      auth: { token: await t.tokenFor(PARENT) },
      reconnection: true,
      reconnectionDelay: 50,
    });
    expect(await outcome(socket)).toBe('connected');
    const reconnected = next(socket.io as never, 'reconnect');
    const connectedAgain = next(socket, 'connect');
    socket.io.engine.close(); // the transport drops, as when the network goes away
    await reconnected;
    // The namespace's connect follows the transport's, once the handshake's session check passed.
    await connectedAgain;
    const got = next<RealtimeEventMap['notification']>(socket, 'notification');
    t.app.realtime.emitToUsers([await userId(PARENT)], 'notification', { unread: 7 });
    expect(await got).toEqual({ unread: 7 });
  });
});

describe('ended sessions', () => {
  it('a session revoked elsewhere (password change, archive) is disconnected at the re-check', async () => {
    const token = await t.tokenFor(MANAGER);
    const revoked = client({ auth: { token } });
    const other = client({ auth: { token: await t.tokenFor(MANAGER) } });
    expect(await Promise.all([outcome(revoked), outcome(other)])).toEqual(['connected', 'connected']);
    const gone = next<string>(revoked, 'disconnect');
    await t.db
      .update(sessions)
      .set({ endedAt: t.clock.now(), endReason: 'password_changed' })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await (t.app.realtime as SocketRealtime).checkSessions();
    expect(await gone).toBe('io server disconnect');
    expect(other.connected).toBe(true);
    // And it cannot come back.
    expect(await outcome(client({ auth: { token } }))).toBe(MSG.SESSION_EXPIRED_CODE);
  });

  it('a session left idle past the limit is disconnected at the re-check, and checking does not touch it', async () => {
    const token = await t.tokenFor(MANAGER);
    const socket = client({ auth: { token } });
    expect(await outcome(socket)).toBe('connected');
    const gone = next<string>(socket, 'disconnect');
    t.clock.advance(30 * 60_000);
    await (t.app.realtime as SocketRealtime).checkSessions();
    expect(socket.connected).toBe(true);
    t.clock.advance(31 * 60_000);
    await (t.app.realtime as SocketRealtime).checkSessions();
    expect(await gone).toBe('io server disconnect');
  });

  it('signing out disconnects that session at once, not the same user on another device', async () => {
    const token = await t.tokenFor(PARENT);
    const socket = client({ auth: { token } });
    const otherDevice = client({ auth: { token: await t.tokenFor(PARENT) } });
    expect(await Promise.all([outcome(socket), outcome(otherDevice)])).toEqual(['connected', 'connected']);
    const gone = next<string>(socket, 'disconnect');
    const res = await t.request({ method: 'POST', url: '/api/logoutuser', as: token });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await pause(200);
    expect(otherDevice.connected).toBe(true);
  });
});

describe('presence', () => {
  let server: HttpServer;
  let realtime: SocketRealtime;
  let parentId: number;
  let managerId: number;

  beforeAll(async () => {
    parentId = await userId(PARENT);
    managerId = await userId(MANAGER);
    server = createServer();
    realtime = await createSocketRealtime({
      server,
      db: t.db,
      clock: t.clock,
      publicUrl: `http://127.0.0.1:${PRESENCE_PORT}`,
      redisUrl: null,
      // The manager may see the parent's presence; nobody may see the manager's.
      presenceAudience: async (id) => (id === parentId ? [managerId] : []),
      log: t.app.log,
    });
    await new Promise<void>((resolve) => server.listen(PRESENCE_PORT, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await realtime?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('tells the audience when a user comes online and goes, and answers only what it may see', async () => {
    const base = `http://127.0.0.1:${PRESENCE_PORT}`;
    const manager = client({ auth: { token: await t.tokenFor(MANAGER) } }, base);
    expect(await outcome(manager)).toBe('connected');
    const events = collect<RealtimeEventMap['presence']>(manager, 'presence');

    const parent = client({ auth: { token: await t.tokenFor(PARENT) } }, base);
    const parentEvents = collect<RealtimeEventMap['presence']>(parent, 'presence');
    expect(await outcome(parent)).toBe('connected');
    // A second connection of the same user is no news.
    const parentAgain = client({ auth: { token: await t.tokenFor(PARENT) } }, base);
    expect(await outcome(parentAgain)).toBe('connected');
    await pause(200);
    expect(events).toEqual([{ userId: parentId, online: true }]);

    expect(await manager.emitWithAck(PRESENCE_QUERY, [parentId, 12345, 'x'])).toEqual([parentId]);
    // The parent is not in the manager's audience: the manager's presence stays hidden.
    expect(await parent.emitWithAck(PRESENCE_QUERY, [managerId])).toEqual([]);

    parent.close();
    await pause(200);
    expect(events).toHaveLength(1);
    parentAgain.close();
    await pause(300);
    expect(events).toEqual([
      { userId: parentId, online: true },
      { userId: parentId, online: false },
    ]);
    expect(parentEvents).toEqual([]);
  });
});

describe('graceful shutdown', () => {
  it('disconnects the open sockets and exits 0 instead of waiting on them', { timeout: 60_000 }, async () => {
    const port = 4123;
    const sibling = await startSiblingApp(t, { publicUrl: `http://127.0.0.1:${port}` }, { sockets: true });
    await sibling.app.listen({ port, host: '127.0.0.1' });
    const socket = client({ auth: { token: await t.tokenFor(PARENT) } }, `http://127.0.0.1:${port}`);
    expect(await outcome(socket)).toBe('connected');
    const gone = next<string>(socket, 'disconnect');
    let exitCode: number | null = null;
    await gracefulShutdown({
      app: sibling.app,
      jobs: [],
      database: { close: async () => {} },
      exit: (code) => {
        exitCode = code;
      },
    })('SIGTERM');
    expect(exitCode).toBe(0);
    // The transport closes, so a browser reconnects (to the process that takes over).
    expect(await gone).toBe('transport close');
  });
});
