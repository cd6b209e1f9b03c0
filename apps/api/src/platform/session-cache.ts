import type { ChangeFeed } from './db-listen.js';

/**
 * What the cache reads of a kept session: when it was last seen (freshness) and whose it is
 * (what a notification names). The session check keeps its lookup's whole row
 * (`platform/auth-context.ts`) and the session user when it read that too (GET /me).
 */
export interface KeptSession {
  row: {
    session: { lastSeenAt: Date; switchedFromUserId: number | null };
    user: { id: number; parentId: number | null; centerId: number };
  };
  sessionUser?: unknown;
}

/** At most this many sessions are kept; past it the longest kept goes first. */
const MAX_ENTRIES = 10_000;

/**
 * The sessions this process checked, by token hash (decision 013): a signed-in
 * request costs no database round trip while nothing it was read from has changed.
 *
 * - An entry is dropped when migration 0041's triggers say its user ('u:<id>': the session, the
 *   user, the admin of a switched session, the donor row, the client's portfolios) or its center
 *   ('c:<id>') changed, or anything on '*' (the terms). The triggers fire whichever process or
 *   script wrote; this process's own writes are heard before they resolve (platform/db-listen.ts).
 * - A read that a notification overtook is not kept (`generation`): it may hold the old state.
 * - While the feed is not live nothing is kept or served: a lost notification cannot leave a
 *   stale entry behind. Each request then reads its session, as without the cache.
 * - An entry is served only while its session was seen within `freshMs` (the touch interval): the
 *   request after that reads the row again and moves last_seen_at, so idleness is measured on the
 *   database, across processes, as before.
 */
export class SessionCache<T extends KeptSession> {
  readonly #entries = new Map<string, T>();
  readonly #byUser = new Map<number, Set<string>>();
  readonly #byCenter = new Map<number, Set<string>>();
  readonly #freshMs: number;
  readonly #unsubscribe: () => void;
  #generation = 0;
  #live = false;

  constructor(feed: ChangeFeed, freshMs: number) {
    this.#freshMs = freshMs;
    this.#unsubscribe = feed.subscribe({
      payload: (payload) => this.#changed(payload),
      live: (up) => this.#setLive(up),
    });
  }

  /** Stops listening and keeps nothing more. */
  close(): void {
    this.#unsubscribe();
    this.#setLive(false);
  }

  /** Read before a lookup and given to `keep`: a change heard in between discards what it read. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The session of this token hash when kept, fresh at `now`, and holding the session user if asked. */
  find(tokenHash: string, now: number, withUser: boolean): T | undefined {
    if (!this.#live) return undefined;
    const found = this.#entries.get(tokenHash);
    if (!found) return undefined;
    if (now - found.row.session.lastSeenAt.getTime() > this.#freshMs) {
      this.#drop(tokenHash);
      return undefined;
    }
    if (withUser && !found.sessionUser) return undefined;
    return found;
  }

  /** Keeps a session in force as read, unless a change was heard since `generation`. */
  keep(tokenHash: string, generation: number, found: T): void {
    if (!this.#live || generation !== this.#generation) return;
    this.#drop(tokenHash);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#drop(oldest.value);
    }
    this.#entries.set(tokenHash, found);
    const { user, session } = found.row;
    for (const id of new Set([user.id, user.parentId, session.switchedFromUserId])) {
      if (id !== null) indexAdd(this.#byUser, id, tokenHash);
    }
    indexAdd(this.#byCenter, user.centerId, tokenHash);
  }

  #changed(payload: string): void {
    this.#generation++;
    const id = Number(payload.slice(2));
    const index = payload.startsWith('u:') ? this.#byUser : payload.startsWith('c:') ? this.#byCenter : null;
    // '*', or a payload this build does not know: drop everything rather than guess.
    if (!index || !Number.isInteger(id)) {
      this.#clear();
      return;
    }
    for (const key of [...(index.get(id) ?? [])]) this.#drop(key);
  }

  #setLive(up: boolean): void {
    this.#generation++;
    this.#live = up;
    this.#clear();
  }

  #drop(tokenHash: string): void {
    const found = this.#entries.get(tokenHash);
    if (!found) return;
    this.#entries.delete(tokenHash);
    const { user, session } = found.row;
    for (const id of [user.id, user.parentId, session.switchedFromUserId]) {
      if (id !== null) indexDelete(this.#byUser, id, tokenHash);
    }
    indexDelete(this.#byCenter, user.centerId, tokenHash);
  }

  #clear(): void {
    this.#entries.clear();
    this.#byUser.clear();
    this.#byCenter.clear();
  }
}

function indexAdd(index: Map<number, Set<string>>, id: number, key: string): void {
  const keys = index.get(id);
  if (keys) keys.add(key);
  else index.set(id, new Set([key]));
}

function indexDelete(index: Map<number, Set<string>>, id: number, key: string): void {
  const keys = index.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(id);
}
