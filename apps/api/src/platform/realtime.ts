import type { RealtimeEventMap, RealtimeEventName } from '@dm/shared';

/**
 * Pushes events to signed-in browsers (issue 20). Call it only after the transaction that
 * stored what the event announces has committed. Emitting never throws and never waits: a
 * browser that misses an event refetches on reconnect.
 */
export interface Realtime {
  /** Every open connection of these users, in every API process, receives the event. */
  emitToUsers<E extends RealtimeEventName>(
    userIds: readonly number[],
    event: E,
    data: RealtimeEventMap[E],
  ): void;
  /** Which of these users have an open connection in any API process. */
  onlineUsers(userIds: readonly number[]): Promise<Set<number>>;
  close(): Promise<void>;
}

export interface EmittedEvent {
  userIds: number[];
  event: RealtimeEventName;
  data: unknown;
}

/**
 * A Realtime with no sockets: it keeps what was emitted (tests read `emitted`) and knows nobody
 * online. The app uses it until a socket server is attached.
 */
export function recordingRealtime(): Realtime & { emitted: EmittedEvent[] } {
  const emitted: EmittedEvent[] = [];
  return {
    emitted,
    emitToUsers(userIds, event, data) {
      emitted.push({ userIds: [...userIds], event, data });
      if (emitted.length > 1000) emitted.shift();
    },
    async onlineUsers() {
      return new Set<number>();
    },
    async close() {},
  };
}
