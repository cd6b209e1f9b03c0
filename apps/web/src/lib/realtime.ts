import { PRESENCE_QUERY, REALTIME_PATH, type RealtimeEventMap, type RealtimeEventName } from '@dm/shared';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

/**
 * The signed-in browser's socket. One connection per tab, opened by the session
 * (lib/session.tsx) while someone is signed in and closed at sign-out. The server only announces
 * what is already stored, so after a drop a screen refetches (`useRealtimeReconnect`).
 */

/** What the client needs of a socket.io socket (tests pass a fake). */
export interface RealtimeSocket {
  readonly connected: boolean;
  /** socket.io-client is retrying by itself (a dropped transport). */
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
}

type Handler = (data: never) => void;

/**
 * Wait before the next try after `attempt` failed ones: 1 s doubling to 30 s, with a random
 * half of it taken off so that a restarted server is not met by every browser at the same instant.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(full * (1 - random() * 0.5));
}

/** Socket.io's connection, as the server opens it: WebSocket only, same origin, the session cookie. */
function openSocket(): Socket {
  return io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    autoConnect: false,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  });
}

export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly connectHandlers = new Set<() => void>();
  private everConnected = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly factory: () => RealtimeSocket = openSocket,
    private readonly schedule: (run: () => void, ms: number) => ReturnType<typeof setTimeout> = setTimeout,
  ) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Opens the connection (idempotent). */
  start(): void {
    if (this.socket) return;
    const socket = this.factory();
    this.socket = socket;
    this.everConnected = false;
    this.attempt = 0;
    socket.on('connect', () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      const again = this.everConnected;
      this.everConnected = true;
      for (const handler of this.connectHandlers) handler();
      if (again) for (const handler of this.reconnectHandlers) handler();
    });
    socket.on('connect_error', (error: Error & { data?: { status?: number } }) => {
      if (this.socket !== socket || socket.active) return;
      // Refused: no session (signed out, expired, revoked) or a cross-site page. The session's
      // next request finds out and signs the tab out; trying again would be refused again.
      const status = error.data?.status;
      if (status === 401 || status === 403) return;
      this.retryLater(socket);
    });
    socket.on('disconnect', (reason: string) => {
      // The server ended this connection (its session was re-checked): try again later; the
      // handshake decides whether the session still stands. A dropped transport is retried by
      // socket.io-client itself.
      if (this.socket === socket && reason === 'io server disconnect') this.retryLater(socket);
    });
    for (const event of this.handlers.keys()) this.listen(socket, event);
    socket.connect();
  }

  /** Closes the connection (sign-out). */
  stop(): void {
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    const socket = this.socket;
    this.socket = null;
    socket?.disconnect();
  }

  /** Calls `handler` for each event of this name; answers the unsubscribe. */
  subscribe<E extends RealtimeEventName>(event: E, handler: (data: RealtimeEventMap[E]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
      if (this.socket) this.listen(this.socket, event);
    }
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /** Calls `handler` each time the socket connects again after a drop. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  /** Calls `handler` on every connect, the first included. */
  onConnect(handler: () => void): () => void {
    this.connectHandlers.add(handler);
    return () => this.connectHandlers.delete(handler);
  }

  /** Which of these users are online, among those whose presence the server lets this user see. */
  async presence(userIds: readonly number[]): Promise<Set<number>> {
    const socket = this.socket;
    if (!socket?.connected || userIds.length === 0) return new Set();
    try {
      const online = await socket.timeout(10_000).emitWithAck(PRESENCE_QUERY, [...userIds]);
      return new Set(Array.isArray(online) ? (online as number[]) : []);
    } catch {
      return new Set();
    }
  }

  private listen(socket: RealtimeSocket, event: string): void {
    socket.on(event, (data: never) => {
      for (const handler of this.handlers.get(event) ?? []) handler(data);
    });
  }

  private retryLater(socket: RealtimeSocket): void {
    if (this.retry !== null) return;
    const delay = backoffDelay(this.attempt++);
    this.retry = this.schedule(() => {
      this.retry = null;
      if (this.socket === socket && !socket.connected) socket.connect();
    }, delay);
  }
}

/** The tab's one connection. */
export const realtime = new RealtimeClient();

/**
 * Calls `handler` for each event of this name the server pushes to the signed-in user.
 * The handler may change between renders; the latest one is called.
 */
export function useRealtimeEvent<E extends RealtimeEventName>(
  event: E,
  handler: (data: RealtimeEventMap[E]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.subscribe(event, (data) => latest.current(data)), [event]);
}

/**
 * Calls `handler` each time the socket connects again after a drop, so a screen refetches what it
 * may have missed.
 */
export function useRealtimeReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.onReconnect(() => latest.current()), []);
}

/** The set `online` after a presence event about one of `userIds`. */
export function applyPresence(
  online: ReadonlySet<number>,
  userIds: readonly number[],
  event: RealtimeEventMap['presence'],
): ReadonlySet<number> {
  if (!userIds.includes(event.userId) || online.has(event.userId) === event.online) return online;
  const next = new Set(online);
  if (event.online) next.add(event.userId);
  else next.delete(event.userId);
  return next;
}

/**
 * Which of these users are online now (those whose presence the signed-in user may see: the
 * people of a chat): asked on every (re)connect, then kept by the server's presence events.
 */
export function usePresence(userIds: readonly number[]): ReadonlySet<number> {
  const key = [...new Set(userIds)].sort((a, b) => a - b).join(',');
  const [online, setOnline] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    let current = true;
    const ask = () => {
      void realtime.presence(ids).then((found) => {
        if (current) setOnline(found);
      });
    };
    const offEvent = realtime.subscribe('presence', (event) =>
      setOnline((now) => applyPresence(now, ids, event)),
    );
    const offConnect = realtime.onConnect(ask);
    ask();
    return () => {
      current = false;
      offEvent();
      offConnect();
    };
  }, [key]);
  return online;
}
