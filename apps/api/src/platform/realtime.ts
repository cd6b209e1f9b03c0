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
  /** Every open connection of the users of this center (their session's center), in every process. */
  emitToCenter<E extends RealtimeEventName>(centerId: number, event: E, data: RealtimeEventMap[E]): void;
  /** Which of these users have an open connection in any API process. */
  onlineUsers(userIds: readonly number[]): Promise<Set<number>>;
  /**
   * Disconnects every connection of these sessions, in every API process, at once (call it after
   * the transaction that ended them has committed: a password change ends the user's other
   * sessions). Never throws.
   */
  endSessions(sessionIds: readonly number[]): void;
  /** The socket connections open to this process (the metrics' socket_connections); absent: none. */
  connections?(): number;
  close(): Promise<void>;
}

export interface EmittedEvent {
  userIds: number[];
  /** Set for an event sent to a center's room (emitToCenter); userIds is then empty. */
  centerId?: number;
  event: RealtimeEventName;
  data: unknown;
}

/**
 * A Realtime with no sockets: it keeps what was emitted and the sessions ended (tests read
 * `emitted`, `endedSessions`) and knows nobody
 * online. The app uses it until a socket server is attached.
 */
export function recordingRealtime(): Realtime & { emitted: EmittedEvent[]; endedSessions: number[] } {
  const emitted: EmittedEvent[] = [];
  const endedSessions: number[] = [];
  return {
    emitted,
    endedSessions,
    endSessions(sessionIds) {
      endedSessions.push(...sessionIds);
      if (endedSessions.length > 1000) endedSessions.splice(0, endedSessions.length - 1000);
    },
    emitToUsers(userIds, event, data) {
      emitted.push({ userIds: [...userIds], event, data });
      if (emitted.length > 1000) emitted.shift();
    },
    emitToCenter(centerId, event, data) {
      emitted.push({ userIds: [], centerId, event, data });
      if (emitted.length > 1000) emitted.shift();
    },
    async onlineUsers() {
      return new Set<number>();
    },
    async close() {},
  };
}
