import { PRESENCE_QUERY } from '@dm/shared';
import { describe, expect, it, vi } from 'vitest';
import { applyPresence, backoffDelay, RealtimeClient, type RealtimeSocket } from './realtime';

/** A socket the test drives: `fire` plays what the server or the transport would do. */
function fakeSocket() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    connected: false,
    active: false,
    connects: 0,
    disconnects: 0,
    asked: [] as unknown[],
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
    },
    connect() {
      socket.connects++;
    },
    disconnect() {
      socket.disconnects++;
      socket.connected = false;
    },
    timeout: () => ({
      emitWithAck: async (event: string, ...args: unknown[]) => {
        socket.asked.push([event, ...args]);
        return [2];
      },
    }),
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
  return socket;
}

function setUp() {
  const socket = fakeSocket();
  const scheduled: { run: () => void; ms: number }[] = [];
  const client = new RealtimeClient(
    () => socket as unknown as RealtimeSocket,
    (run, ms) => {
      scheduled.push({ run, ms });
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
  );
  return { socket, scheduled, client };
}

describe('backoffDelay', () => {
  it('doubles from 1 s to at most 30 s, less a random half at most', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(20, () => 0.5)).toBe(22_500);
  });
});

describe('RealtimeClient', () => {
  it('hands each event to the subscribers of its name, until they unsubscribe', () => {
    const { socket, client } = setUp();
    const early = vi.fn();
    client.subscribe('notification', early);
    client.start();
    expect(socket.connects).toBe(1);
    const late = vi.fn();
    const off = client.subscribe('chat:message', late);
    socket.fire('notification', { unread: 2 });
    socket.fire('chat:message', { chatId: 1 });
    expect(early).toHaveBeenCalledWith({ unread: 2 });
    expect(late).toHaveBeenCalledWith({ chatId: 1 });
    off();
    socket.fire('chat:message', { chatId: 2 });
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('calls the reconnect handlers on a connect after the first, not on the first', () => {
    const { socket, client } = setUp();
    const reconnect = vi.fn();
    client.onReconnect(reconnect);
    client.start();
    socket.fire('connect');
    expect(reconnect).not.toHaveBeenCalled();
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(reconnect).toHaveBeenCalledTimes(1);
  });

  it('retries with growing waits when the server is unavailable, and not when it refuses the session', () => {
    const { socket, scheduled, client } = setUp();
    client.start();
    socket.fire('connect_error', Object.assign(new Error('Service unavailable.'), { data: { status: 503 } }));
    socket.fire('connect_error', Object.assign(new Error('Service unavailable.'), { data: { status: 503 } }));
    // One retry pending at a time.
    expect(scheduled).toHaveLength(1);
    scheduled[0]!.run();
    expect(socket.connects).toBe(2);
    socket.fire('connect_error', Object.assign(new Error('Service unavailable.'), { data: { status: 503 } }));
    expect(scheduled).toHaveLength(2);
    expect(scheduled[1]!.ms).toBeGreaterThan(scheduled[0]!.ms / 2);
    scheduled[1]!.run();
    socket.fire('connect_error', Object.assign(new Error('login'), { data: { status: 401 } }));
    expect(scheduled).toHaveLength(2);
  });

  it('leaves a dropped transport to socket.io, and tries again after the server ended the connection', () => {
    const { socket, scheduled, client } = setUp();
    client.start();
    socket.fire('connect');
    socket.active = true;
    socket.fire('disconnect', 'transport close');
    socket.fire('connect_error', new Error('websocket error'));
    expect(scheduled).toHaveLength(0);
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(scheduled).toHaveLength(1);
  });

  it('stops at sign-out: the socket closes and a pending retry does nothing', () => {
    const { socket, scheduled, client } = setUp();
    client.start();
    socket.fire('connect_error', Object.assign(new Error('x'), { data: { status: 503 } }));
    client.stop();
    expect(socket.disconnects).toBe(1);
    scheduled[0]!.run();
    expect(socket.connects).toBe(1);
  });

  it('asks the server about presence only when connected', async () => {
    const { socket, client } = setUp();
    client.start();
    expect(await client.presence([2, 3])).toEqual(new Set());
    socket.fire('connect');
    expect(await client.presence([2, 3])).toEqual(new Set([2]));
    expect(socket.asked).toEqual([[PRESENCE_QUERY, [2, 3]]]);
  });
});

describe('applyPresence', () => {
  it('adds or removes a watched user and keeps the same set when nothing changes', () => {
    const none = new Set<number>();
    const one = applyPresence(none, [1, 2], { userId: 1, online: true });
    expect(one).toEqual(new Set([1]));
    expect(applyPresence(one, [1, 2], { userId: 1, online: true })).toBe(one);
    expect(applyPresence(one, [1, 2], { userId: 3, online: true })).toBe(one);
    expect(applyPresence(one, [1, 2], { userId: 1, online: false })).toEqual(new Set());
  });
});
