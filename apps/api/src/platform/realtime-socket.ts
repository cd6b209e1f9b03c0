import type { Server as HttpServer } from 'node:http';
import {
  MSG,
  PRESENCE_QUERY,
  REALTIME_PATH,
  type RealtimeEventMap,
  SESSION_COOKIE,
  TOKEN_HEADER,
} from '@dm/shared';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { type Auth, resolveSession, sessionsInForce } from './auth-context.js';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import { errorSummary } from './log-safe.js';
import { sameOriginHeaders } from './origin-check.js';
import type { Realtime } from './realtime.js';

/**
 * Who may see this user's presence (online / offline): set at wiring time (app.ts asks
 * modules/index.ts), since platform code never imports a module. Default: nobody.
 */
export type PresenceAudience = (userId: number) => Promise<number[]>;

export interface SocketRealtimeOptions {
  /** The app's HTTP server (Fastify's `app.server`); the socket server shares its port. */
  server: HttpServer;
  db: Db;
  clock: Clock;
  /** PUBLIC_URL: the origin a browser's socket must come from (as platform/origin-check.ts). */
  publicUrl: string;
  /** REDIS_URL: share rooms and presence with the other API processes. */
  redisUrl: string | null;
  presenceAudience?: PresenceAudience;
  log: FastifyBaseLogger;
  /** How often the open connections' sessions are checked again (default 60 s). */
  recheckMs?: number;
  /** Prefix of the Redis channels (the adapter's `key`). */
  redisKey?: string;
}

/** What a connection keeps of its handshake. */
interface SocketData {
  userId: number;
  sessionId: number;
  centerId: number;
}

export interface SocketRealtime extends Realtime {
  readonly io: Server;
  /** Checks every connection of this process against its session; ended ones are disconnected. */
  checkSessions(): Promise<void>;
  /** Disconnects every connection of this session, in every process (logout, switch). */
  endSession(sessionId: number): void;
}

const userRoom = (userId: number) => `user:${userId}`;
const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** The room of a center's signed-in users (their session's center: a switched session's user's). */
const centerRoom = (centerId: number) => `center:${centerId}`;
/** A presence query asks about at most this many users. */
const MAX_PRESENCE_QUERY = 200;

/** The refusal a client reads in `connect_error` (`message`, and `data.status`). */
function refusal(message: string, status: number): Error & { data: { status: number } } {
  return Object.assign(new Error(message), { data: { status } });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The session token of a handshake: the x-access-token header or `auth.token` (scripts), else the
 * browser's session cookie. Refused (null) when the page is cross-site: the same rule as a
 * state-changing HTTP request (platform/origin-check.ts), so another site's page cannot open a
 * socket that rides on the user's cookie.
 */
export function handshakeToken(
  handshake: { headers: Record<string, string | string[] | undefined>; auth: Record<string, unknown> },
  publicOrigin: string,
): { token: string | null; crossSite: boolean } {
  const { headers } = handshake;
  const scriptToken =
    headerValue(headers[TOKEN_HEADER]) ??
    (typeof handshake.auth?.token === 'string' && handshake.auth.token.length > 0
      ? handshake.auth.token
      : undefined);
  const cookieHeader = headerValue(headers.cookie);
  const cookieToken = cookieHeader ? fastifyCookie.parse(cookieHeader)[SESSION_COOKIE] : undefined;
  const sameOrigin = sameOriginHeaders(
    {
      origin: headers.origin,
      secFetchSite: headers['sec-fetch-site'],
      host: headerValue(headers.host),
      headerToken: scriptToken,
      sessionCookie: cookieToken,
    },
    publicOrigin,
  );
  if (!sameOrigin) return { token: null, crossSite: true };
  return { token: scriptToken ?? (cookieToken || null), crossSite: false };
}

/**
 * The socket.io server of issue 20 on the app's HTTP server, at /api/socket.io. A connection is
 * a signed-in session (checked as an HTTP request is, and again every `recheckMs`), joined to the
 * rooms of its user, session and center; events go to user rooms (and a center's settings change
 * to its center's room). With REDIS_URL the rooms span every
 * API process (the Redis adapter), so do `onlineUsers` and presence.
 */
export async function createSocketRealtime(options: SocketRealtimeOptions): Promise<SocketRealtime> {
  const { db, clock, log } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  const presenceAudience = options.presenceAudience ?? (async () => []);
  const io = new Server<
    Record<string, (...args: never[]) => void>,
    Record<string, (...args: never[]) => void>,
    Record<string, never>,
    SocketData
  >(options.server, {
    path: REALTIME_PATH,
    // WebSocket only: no long-polling, so several processes need no sticky sessions, and every
    // HTTP request of the app still goes through Fastify's hooks.
    transports: ['websocket'],
    serveClient: false,
    // A browser's socket is checked by the handshake's Origin below; no CORS answers at all.
    cors: undefined,
  });

  const redis: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    // Loaded only when several processes share Redis: a single process never needs them.
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    let lastLogged = 0;
    for (const client of [pub, sub]) {
      client.on('error', (error: unknown) => {
        // node-redis reconnects by itself; one line a minute is enough while Redis is away.
        if (Date.now() - lastLogged < 60_000) return;
        lastLogged = Date.now();
        log.error({ error: errorSummary(error) }, 'realtime: Redis connection failed; reconnecting');
      });
      redis.push(client);
    }
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: options.redisKey ?? 'dm-realtime' }));
  }

  io.use(async (socket, next) => {
    const { token, crossSite } = handshakeToken(socket.handshake, publicOrigin);
    if (crossSite) return next(refusal(MSG.CROSS_SITE_REFUSED, 403));
    if (!token) return next(refusal(MSG.NO_TOKEN, 401));
    let auth: Auth;
    try {
      auth = await resolveSession(db, clock, token, socket.handshake.address);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 401) return next(refusal((error as Error).message, 401));
      log.error({ error: errorSummary(error) }, 'realtime: session check failed');
      return next(refusal('Service unavailable.', 503));
    }
    socket.data = { userId: auth.userId, sessionId: auth.sessionId, centerId: auth.centerId };
    next();
  });

  const onlineUsers = async (userIds: readonly number[]): Promise<Set<number>> => {
    const wanted = new Set(userIds);
    if (wanted.size === 0) return new Set();
    const sockets = await io.in([...wanted].map(userRoom)).fetchSockets();
    return new Set(sockets.map((s) => s.data.userId).filter((id) => wanted.has(id)));
  };

  const emitToUsers: Realtime['emitToUsers'] = (userIds, event, data) => {
    if (userIds.length === 0) return;
    try {
      (io.to([...new Set(userIds)].map(userRoom)) as { emit(e: string, d: unknown): boolean }).emit(
        event,
        data,
      );
    } catch (error) {
      log.error({ error: errorSummary(error), event }, 'realtime: emit failed');
    }
  };

  const emitToCenter: Realtime['emitToCenter'] = (centerId, event, data) => {
    try {
      (io.to(centerRoom(centerId)) as { emit(e: string, d: unknown): boolean }).emit(event, data);
    } catch (error) {
      log.error({ error: errorSummary(error), event }, 'realtime: emit failed');
    }
  };

  /** Tells the user's audience that the user came online (first connection) or went (last). */
  const announce = async (userId: number, online: boolean) => {
    try {
      const count = (await io.in(userRoom(userId)).fetchSockets()).length;
      if (online ? count !== 1 : count !== 0) return;
      const audience = (await presenceAudience(userId)).filter((id) => id !== userId);
      emitToUsers(audience, 'presence', { userId, online } satisfies RealtimeEventMap['presence']);
    } catch (error) {
      log.error({ error: errorSummary(error) }, 'realtime: presence announcement failed');
    }
  };

  /** The users among `ids` whose presence `viewer` may see, and who are online. */
  const visiblePresence = async (viewer: number, ids: unknown): Promise<number[]> => {
    if (!Array.isArray(ids)) return [];
    const asked = [...new Set(ids)]
      .filter((id): id is number => Number.isInteger(id) && (id as number) > 0)
      .slice(0, MAX_PRESENCE_QUERY);
    const allowed: number[] = [];
    for (const id of asked) {
      if ((await presenceAudience(id)).includes(viewer)) allowed.push(id);
    }
    return [...(await onlineUsers(allowed))];
  };

  io.on('connection', (socket: Socket) => {
    const { userId, sessionId, centerId } = socket.data as SocketData;
    socket.join([userRoom(userId), sessionRoom(sessionId), centerRoom(centerId)]);
    void announce(userId, true);
    socket.on(PRESENCE_QUERY, async (ids: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      try {
        ack(await visiblePresence(userId, ids));
      } catch (error) {
        log.error({ error: errorSummary(error) }, 'realtime: presence query failed');
        ack([]);
      }
    });
    socket.on('disconnect', () => void announce(userId, false));
  });

  let checking: Promise<void> | null = null;
  const checkSessions = () => {
    checking ??= (async () => {
      const local = [...io.of('/').sockets.values()];
      if (local.length === 0) return;
      const ids = [...new Set(local.map((s) => s.data.sessionId))];
      const inForce = await sessionsInForce(db, clock, ids);
      for (const socket of local) {
        if (!inForce.has(socket.data.sessionId)) socket.disconnect(true);
      }
    })()
      .catch((error) => log.error({ error: errorSummary(error) }, 'realtime: session re-check failed'))
      .finally(() => {
        checking = null;
      });
    return checking;
  };
  const recheck = setInterval(() => void checkSessions(), options.recheckMs ?? 60_000);
  recheck.unref();

  let closed = false;
  return {
    io: io as unknown as Server,
    emitToUsers: emitToUsers as Realtime['emitToUsers'],
    emitToCenter,
    async onlineUsers(userIds) {
      try {
        return await onlineUsers(userIds);
      } catch (error) {
        log.error({ error: errorSummary(error) }, 'realtime: online users lookup failed');
        return new Set();
      }
    },
    checkSessions,
    connections: () => io.engine.clientsCount,
    endSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      try {
        io.in([...new Set(sessionIds)].map(sessionRoom)).disconnectSockets(true);
      } catch (error) {
        // The periodic re-check still drops them.
        log.error({ error: errorSummary(error) }, 'realtime: ending sessions failed');
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(recheck);
      // Not io.close(): that closes the HTTP server too, which Fastify closes itself. Closing the
      // transports (not disconnecting the sockets) lets the browsers reconnect, with backoff, to
      // the process that takes over.
      io.engine.close();
      await io.of('/').adapter.close();
      // The subscriber first: a request another process sent just before is answered on the
      // publisher once its local work (microtasks only) is done, so the publisher quits after a
      // turn of the loop. Quitting both at once rejected that answer's publish, unhandled.
      const [pub, sub] = redis;
      await sub?.quit().catch(() => {});
      await new Promise((resolve) => setImmediate(resolve));
      await pub?.quit().catch(() => {});
    },
  };
}
