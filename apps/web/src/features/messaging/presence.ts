import { useState } from 'react';
import { useRealtimeEvent } from '../../lib/realtime';

/**
 * Whether a person is online, as the socket reports it: null until it has said (shown as
 * nothing). HOOK POINT for presence (issue 20): the realtime helper pushes 'presence' events for
 * chat partners (the API's chatPartnerIds); if it adds a first answer (who is online now), read it
 * here as the initial state.
 */
export function usePresence(userId: number): boolean | null {
  const [online, setOnline] = useState<{ userId: number; online: boolean } | null>(null);
  useRealtimeEvent('presence', (event) => {
    if (event.userId === userId) setOnline({ userId, online: event.online });
  });
  return online?.userId === userId ? online.online : null;
}
