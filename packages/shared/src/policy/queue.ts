import { QUEUE_MSG } from '../queue.js';
import { isClient, type PolicySubject } from './subject.js';

/**
 * Queue places and notify-me (decision 027). A client sees her own place in a donor's
 * queue and may watch a donor she can see (the donor-visibility rule is applied by the server on
 * every read and again before anything is sent); staff follow queues on the staff pages instead.
 */
export const watchesDonors = (s: PolicySubject): boolean => isClient(s);

/**
 * Why switching notify-me on is refused, or null when it may be: only for a donor who takes no
 * request now, and not while the caller already waits for (or is in cycle with) the donor.
 */
export function watchRefusal(state: { takesRequests: boolean; hasOpenMatch: boolean }): string | null {
  if (state.hasOpenMatch) return QUEUE_MSG.HAS_MATCH;
  if (state.takesRequests) return QUEUE_MSG.TAKES_REQUESTS;
  return null;
}
