import { COACHING_POLL } from '@dm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { coachingKeys, pollBooking } from './queries';

/**
 * The booking confirmation poll (fetchcalendlycallback, spec section 9): from 30 s after the page
 * loads, every 5 s, up to 5 tries; and again at once after a booking, until that booking is
 * confirmed. The answer is the couple's newest booking: when it is not the one the page last
 * saw (the co-parent booked elsewhere), the page's lists and credits are fetched again.
 */
export function useBookingPoll(enabled: boolean) {
  const queryClient = useQueryClient();
  const [confirmedId, setConfirmedId] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSeen = useRef<number | null | undefined>(undefined);

  const run = useCallback(
    (expected: number | null, delayMs: number) => {
      if (timer.current) clearTimeout(timer.current);
      const attempt = (count: number) => {
        timer.current = setTimeout(
          async () => {
            timer.current = null;
            const answer = await pollBooking(count).catch(() => null);
            const newest = answer?.session?.sessionId ?? null;
            if (answer && lastSeen.current !== undefined && newest !== lastSeen.current)
              await queryClient.invalidateQueries({ queryKey: coachingKeys.all });
            if (answer) lastSeen.current = newest;
            if (expected !== null && answer?.confirmed && newest === expected) {
              setConfirmedId(expected);
              return;
            }
            if (count < COACHING_POLL.tries) attempt(count + 1);
          },
          count === 1 ? delayMs : COACHING_POLL.everyMs,
        );
      };
      attempt(1);
    },
    [queryClient],
  );

  useEffect(() => {
    if (!enabled) return;
    run(null, COACHING_POLL.startAfterMs);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [enabled, run]);

  /** After a booking: poll at once until it is confirmed. */
  const restart = useCallback(
    (sessionId: number) => {
      lastSeen.current = sessionId;
      run(sessionId, 0);
    },
    [run],
  );
  return { confirmedId, restart };
}
