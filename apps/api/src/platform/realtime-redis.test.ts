import { MSG, REALTIME_PATH, type RealtimeEventMap } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { startSiblingApp, startTestApp, type TestApp } from '../test/harness.js';

/**
 * Two API processes over one database and one Redis: each delivers to the other's
 * sockets and sees the other's presence. Runs when TEST_REDIS_URL is set (.ci/run sets
 * redis://127.0.0.1:6379/2 for the PostgreSQL run).
 */
const REDIS = process.env.TEST_REDIS_URL;
const PORT_A = 4131;
const PORT_B = 4132;
const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';

describe.skipIf(!REDIS)('realtime across two API processes (Redis adapter)', () => {
  let a: TestApp;
  let b: TestApp;
  const opened: Socket[] = [];

  const client = (port: number, token: string): Socket => {
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    opened.push(socket);
    // Listen from the start: awaiting another token before asking would miss an early connect.
    const outcome = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    outcome.catch(() => {});
    firstOutcome.set(socket, outcome);
    return socket;
  };
  const firstOutcome = new WeakMap<Socket, Promise<void>>();
  const connected = (socket: Socket) => firstOutcome.get(socket)!;
  const next = <T>(socket: Socket, event: string, ms = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      socket.once(event, (data: T) => {
        clearTimeout(timer);
        resolve(data);
      });
    });
  const userId = async (username: string) =>
    (await a.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    a = await startTestApp({ publicUrl: `http://127.0.0.1:${PORT_A}`, redisUrl: REDIS! }, { sockets: true });
    b = await startSiblingApp(
      a,
      { publicUrl: `http://127.0.0.1:${PORT_B}`, redisUrl: REDIS! },
      { sockets: true },
    );
    await a.app.listen({ port: PORT_A, host: '127.0.0.1' });
    await b.app.listen({ port: PORT_B, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const socket of opened) socket.close();
    await b?.close();
    await a?.close();
  });

  it("delivers an event emitted in one process to the other's clients, to the named user only", async () => {
    const parentOnA = client(PORT_A, await a.tokenFor(PARENT));
    const parentOnB = client(PORT_B, await a.tokenFor(PARENT));
    const managerOnA = client(PORT_A, await a.tokenFor(MANAGER));
    await Promise.all([connected(parentOnA), connected(parentOnB), connected(managerOnA)]);
    const managerGot: unknown[] = [];
    managerOnA.on('notification', (data) => managerGot.push(data));

    const both = Promise.all([
      next<RealtimeEventMap['notification']>(parentOnA, 'notification'),
      next<RealtimeEventMap['notification']>(parentOnB, 'notification'),
    ]);
    b.app.realtime.emitToUsers([await userId(PARENT)], 'notification', { unread: 5 });
    expect(await both).toEqual([{ unread: 5 }, { unread: 5 }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(managerGot).toEqual([]);
  });

  it("sees the other process's connections as online", async () => {
    const parent = await userId(PARENT);
    const manager = await userId(MANAGER);
    // Connected to A only (the previous test's sockets are still open).
    expect(await b.app.realtime.onlineUsers([parent, manager, 999_999])).toEqual(new Set([parent, manager]));
    for (const socket of opened.splice(0)) socket.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await b.app.realtime.onlineUsers([parent, manager])).toEqual(new Set());
  });

  it("signing out through one process disconnects the session's socket on the other", async () => {
    const token = await a.tokenFor(PARENT);
    const socket = client(PORT_A, token);
    await connected(socket);
    const gone = next<string>(socket, 'disconnect');
    const res = await b.request({ method: 'POST', url: '/api/logoutuser', as: token });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const again = client(PORT_B, token);
    await expect(connected(again)).rejects.toThrow(MSG.SESSION_EXPIRED_CODE);
  });
});
