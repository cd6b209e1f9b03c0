import type { PGlite } from '@electric-sql/pglite';
import type { Client, ClientBase, ClientConfig, Notification } from 'pg';

/**
 * What this process hears of one NOTIFY channel (the session cache drops what a
 * change made stale). Every notification sent on the channel reaches `payload`; this process's
 * own writes reach it before the statement or commit that sent them resolves, so a request that
 * wrote and the next request see the same state. While the listening connection is down some
 * notifications may be lost: `live(false)` says so, `live(true)` that they are heard again.
 */
export interface ChangeFeed {
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

export interface ChangeListener {
  payload(payload: string): void;
  live(up: boolean): void;
}

/** The channel of migration 0041's triggers. */
export const SESSION_CACHE_CHANNEL = 'session_cache';

/** Fans the channel out to the listeners and remembers whether it is heard. */
class Listeners {
  readonly #listeners = new Set<ChangeListener>();
  #up = false;

  add(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    listener.live(this.#up);
    return () => this.#listeners.delete(listener);
  }

  payload(payload: string): void {
    for (const listener of this.#listeners) listener.payload(payload);
  }

  live(up: boolean): void {
    if (up === this.#up) return;
    this.#up = up;
    for (const listener of this.#listeners) listener.live(up);
  }
}

/** The embedded database: one connection in this process, which hears every notification. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  const listeners = new Listeners();
  let stop: Promise<() => Promise<void>> | null = null;
  return {
    subscribe(listener) {
      const remove = listeners.add(listener);
      stop ??= client.listen(SESSION_CACHE_CHANNEL, (payload) => listeners.payload(payload));
      stop.then(
        () => listeners.live(true),
        () => listeners.live(false),
      );
      return remove;
    },
    async close() {
      listeners.live(false);
      if (stop) await (await stop)().catch(() => {});
    },
  };
}

/** How long the listening connection waits before it connects again, doubling up to the cap. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * PostgreSQL. Every pooled connection listens too, and hands on the notifications its own
 * backend sent (the backend delivers them before the ReadyForQuery of the statement or commit
 * that sent them); one dedicated connection, opened at the first subscription, hands on all of
 * them, and reconnects when it is lost.
 */
export class PgChangeFeed implements ChangeFeed {
  readonly #listeners = new Listeners();
  readonly #connect: () => Client;
  #client: Client | null = null;
  #closed = false;
  #retryMs = RETRY_FIRST_MS;
  #timer: NodeJS.Timeout | null = null;

  constructor(Pg: new (config: ClientConfig) => Client, config: ClientConfig) {
    this.#connect = () => new Pg({ ...config, keepAlive: true });
  }

  /** Makes a pooled connection listen: the pool's `onConnect`, awaited before its first query. */
  watchPooled(client: ClientBase): Promise<void> {
    // The backend's process id, set at connect (node-postgres leaves it out of its types).
    const backend = client as ClientBase & { processID: number };
    client.on('notification', (message: Notification) => {
      // Another backend's: the dedicated connection hears it (once, not once per pooled one).
      if (message.channel !== SESSION_CACHE_CHANNEL || message.processId !== backend.processID) return;
      if (message.payload !== undefined) this.#listeners.payload(message.payload);
    });
    return client.query(`LISTEN ${SESSION_CACHE_CHANNEL}`).then(() => {});
  }

  subscribe(listener: ChangeListener): () => void {
    const remove = this.#listeners.add(listener);
    if (!this.#client && !this.#timer && !this.#closed) void this.#open();
    return remove;
  }

  async #open(): Promise<void> {
    this.#timer = null;
    if (this.#closed) return;
    const client = this.#connect();
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#listeners.live(false);
      client.end().catch(() => {});
      if (this.#closed) return;
      this.#timer = setTimeout(() => void this.#open(), this.#retryMs);
      this.#timer.unref();
      this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message: Notification) => {
      if (message.channel === SESSION_CACHE_CHANNEL && message.payload !== undefined) {
        this.#listeners.payload(message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CACHE_CHANNEL}`);
    } catch {
      lost();
      return;
    }
    if (this.#client !== client) return;
    this.#retryMs = RETRY_FIRST_MS;
    this.#listeners.live(true);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#listeners.live(false);
    const client = this.#client;
    this.#client = null;
    if (client) await client.end().catch(() => {});
  }
}
