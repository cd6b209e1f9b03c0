import { z } from 'zod';
import { QUEUE_TYPES, type QueueType } from './donor.js';
import { idSchema } from './validation.js';

/**
 * Queue position and notify-me (beyond the spec; decision 027). A parent sees her own
 * place in a donor's queue ("2nd of 3"), never who else waits; on a donor who takes no request
 * now (unavailable, or her queue full) she may ask to be told when the donor takes requests again.
 */

/** The availabilities the match workflow moves a donor between: only these take requests. */
export const REQUESTABLE_AVAILABILITY: readonly string[] = ['Available', 'Under Review', 'In Cycle'];

/** What decides whether a donor takes a new request (the checks of startmatchrequest). */
export interface DonorQueueState {
  availability: string;
  donationCount: number;
  /** Open matches of the donor, Active ones included, by queue type and whether Active. */
  open: readonly { queueType: string; active: boolean }[];
}

export interface QueueLimits {
  queueSize: number;
  combinedRequestLimit: number | null;
  maxDonations: number;
}

/**
 * Why a request for `queueType` would be refused now (the donor's availability, her donations,
 * the queue), or null when it would pass: the one rule startmatchrequest applies (the match
 * service answers the refusal's message) and notify-me reads ("available again" means "a request
 * would pass").
 */
export function requestRefusal(
  d: DonorQueueState,
  limits: QueueLimits,
  queueType: QueueType = 'Fresh',
): 'DONOR_NOT_AVAILABLE' | 'MAX_DONATIONS' | 'QUEUE_FULL' | null {
  if (!REQUESTABLE_AVAILABILITY.includes(d.availability)) return 'DONOR_NOT_AVAILABLE';
  if (d.donationCount >= limits.maxDonations) return 'MAX_DONATIONS';
  const taken =
    limits.combinedRequestLimit !== null
      ? d.open.length
      : d.open.filter((m) => !m.active && m.queueType === queueType).length;
  return taken >= (limits.combinedRequestLimit ?? limits.queueSize) ? 'QUEUE_FULL' : null;
}

/** Whether a request for `queueType` would be accepted now. */
export const takesRequests = (
  d: DonorQueueState,
  limits: QueueLimits,
  queueType: QueueType = 'Fresh',
): boolean => requestRefusal(d, limits, queueType) === null;

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The place as shown: "2nd of 3". */
export const queuePlaceText = (place: number, of: number): string => `${ordinal(place)} of ${of}`;

/** The caller's own place in one donor's queue (null place: her match is Active, not waiting). */
export interface QueuePlace {
  matchId: number;
  donorId: number;
  donorDisplayId: string;
  status: string;
  queueType: string;
  place: number | null;
  /** Waiting matches of that queue type, the caller's included. */
  of: number;
}

/** A donor the caller asked to be told about. */
export interface DonorWatchRow {
  donorId: number;
  donorDisplayId: string;
  donorAvailability: string;
  queueType: string;
  createdAt: string;
  /** The last time she was told (null: not yet). */
  notifiedAt: string | null;
}

/** GET myqueue: the caller's places and watched donors. */
export interface MyQueue {
  places: QueuePlace[];
  watches: DonorWatchRow[];
}

export const QUEUE_MSG = {
  ON: 'We will tell you when this donor takes match requests again.',
  OFF: 'You will no longer be told about this donor.',
  TAKES_REQUESTS: 'This donor takes match requests now; you can request a match.',
  HAS_MATCH: 'You already have a match request with this donor.',
  FLAG: 'Notify must be true or false.',
} as const;

/** The label of the notify-me switch. */
export const NOTIFY_ME_LABEL = 'Notify me when this donor is available';

/** PUT /donorwatch */
export const donorWatchBody = z.object({
  donor_id: idSchema({ message: 'Donor id is invalid.' }),
  notify: z.boolean({ error: QUEUE_MSG.FLAG }),
  queue_type: z.enum(QUEUE_TYPES).default('Fresh'),
});
export type DonorWatchBody = z.input<typeof donorWatchBody>;
export type DonorWatchBodyOut = z.output<typeof donorWatchBody>;

export interface DonorWatchData {
  donorId: number;
  notify: boolean;
}
