import type { RealtimeEventMap, RealtimeEventName } from '@dm/shared';

/**
 * Calls `handler` for each event of this name the server pushes to the signed-in user (issue 20).
 * STUB until the socket client lands: never calls it.
 */
export function useRealtimeEvent<E extends RealtimeEventName>(
  _event: E,
  _handler: (data: RealtimeEventMap[E]) => void,
): void {}

/**
 * Calls `handler` each time the socket connects again after a drop, so a screen refetches what it
 * may have missed. STUB until the socket client lands.
 */
export function useRealtimeReconnect(_handler: () => void): void {}
