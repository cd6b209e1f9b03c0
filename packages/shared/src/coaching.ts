import { z } from 'zod';
import { optionalDay } from './audit.js';
import { isIsoDate } from './mapping.js';
import { idSchema } from './validation.js';

/**
 * Coaching sessions (decision 024): a client of the consumer center books a session with
 * her case manager from the manager's published weekly hours, paying one coaching credit. The
 * spec embeds an external scheduler (Calendly); the scheduler is built in.
 */

/** The staff and client session lists page by 10 (donor-forms spec section 9). */
export const COACHING_LIST_PAGE_SIZE = 10;
/**
 * The booking confirmation poll (fetchcalendlycallback): every 5 s, up to 5 tries, from 30 s
 * after the page loads (spec section 9), and again at once after a booking.
 */
export const COACHING_POLL = { startAfterMs: 30_000, everyMs: 5_000, tries: 5 } as const;
/** How long one session lasts: the manager chooses. */
export const COACHING_SLOT_MINUTES = [30, 60] as const;
export type CoachingSlotMinutes = (typeof COACHING_SLOT_MINUTES)[number];
/** A client books at least this long ahead, and at most COACHING_BOOKING_DAYS ahead. */
export const COACHING_MIN_NOTICE_MINUTES = 120;
export const COACHING_BOOKING_DAYS = 28;
export const COACHING_DETAILS_MAX = 2000;
export const COACHING_COMMENT_MAX = 2000;
export const COACHING_ADDRESS_MAX = 500;
/** Periods of one weekday's hours at most, blocked days at most. */
export const COACHING_PERIODS_MAX = 42;
export const COACHING_BLOCKED_MAX = 120;

/** Requested and Done are the spec's; Cancelled is ours (a cancelled session gives its credit back). */
export const COACHING_SESSION_STATUSES = ['Requested', 'Done', 'Cancelled'] as const;
export type CoachingSessionStatus = (typeof COACHING_SESSION_STATUSES)[number];
export const COACHING_STATUS_FILTERS = ['All', ...COACHING_SESSION_STATUSES] as const;
export const COACHING_SORTS = ['scheduledTime', 'client', 'manager', 'status', 'booked'] as const;
export type CoachingSort = (typeof COACHING_SORTS)[number];

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const COACHING_MSG = {
  /** The spec's warning for a Pre-Active client (error catalogue). */
  SUBSCRIBE: 'Subscribe the services to schedule coaching session',
  NO_CREDITS: 'You have no coaching sessions left. Buy coaching credit to schedule a session.',
  NO_MANAGER: 'A case manager has not been assigned to you yet. Please contact your agency.',
  NOT_YOUR_MANAGER: 'You can book a session with your own case manager only.',
  NO_HOURS: 'Your case manager has not published coaching hours yet.',
  SLOT_INVALID: 'Please choose one of the times offered.',
  SLOT_TAKEN: 'This time is no longer available. Please choose another time.',
  DETAILS_REQUIRED: 'Please tell your coach what you would like to talk about.',
  DETAILS_TOO_LONG: `Details can be at most ${COACHING_DETAILS_MAX} characters.`,
  IP_NAME_TOO_LONG: 'Name is too long.',
  TIME_INVALID: 'Scheduled time is invalid.',
  TIME_ZONE_INVALID: 'Please choose a valid time zone.',
  BOOKED: 'Your coaching session is booked.',
  DONE: 'Session marked as done.',
  NOT_REQUESTED: 'Only a requested session can be marked as done.',
  CANCELLED: 'The session is cancelled and its credit is back.',
  CANNOT_CANCEL: 'Only a requested session that has not started can be cancelled.',
  /** The spec's wording for an empty message (error catalogue). */
  COMMENT_REQUIRED: 'Message can not be blank.',
  COMMENT_TOO_LONG: `A comment can be at most ${COACHING_COMMENT_MAX} characters.`,
  COMMENT_CLOSED: 'A cancelled session takes no comments.',
  COMMENT_SAVED: 'Comment saved.',
  HOURS_SAVED: 'Coaching hours saved.',
  SLOT_LENGTH_INVALID: 'Please choose a session length.',
  ADDRESS_REQUIRED: 'Please enter where sessions take place (a meeting link or an address).',
  ADDRESS_TOO_LONG: `The meeting place can be at most ${COACHING_ADDRESS_MAX} characters.`,
  PERIOD_INVALID:
    'Each period needs a start and an end time (HH:MM, on the quarter hour), the end after the start.',
  PERIOD_TOO_SHORT: 'Each period must be at least one session long.',
  PERIOD_OVERLAP: 'Periods of the same day may not overlap.',
  PERIODS_TOO_MANY: `At most ${COACHING_PERIODS_MAX} periods.`,
  BLOCKED_INVALID: 'A blocked day is not a valid date.',
  BLOCKED_TOO_MANY: `At most ${COACHING_BLOCKED_MAX} blocked days.`,
  STATUS_INVALID: 'Status is invalid.',
  SORT_INVALID: 'Sort is invalid.',
  FROM_INVALID: 'From date is invalid.',
  TO_INVALID: 'To date is invalid.',
  DATE_RANGE: 'The from date must be on or before the to date.',
  SESSION_INVALID: 'Session is invalid.',
  USER_INVALID: 'User is invalid.',
  COUNT_INVALID: 'Count is invalid.',
  SEARCH_TOO_LONG: 'Search is too long.',
} as const;

/** An IANA time zone name this runtime knows (Intl), e.g. America/New_York. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z
  .string(COACHING_MSG.TIME_ZONE_INVALID)
  .trim()
  .refine(isTimeZone, COACHING_MSG.TIME_ZONE_INVALID);

/** 'HH:MM' on the quarter hour, 00:00 to 24:00, as minutes of the day; null when it is not one. */
export function minuteOfDay(value: string): number | null {
  const m = /^([01]\d|2[0-4]):(00|15|30|45)$/.exec(value);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** Minutes of the day as 'HH:MM'. */
export const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const weeklyPeriod = z.object({
  weekday: z.number(COACHING_MSG.PERIOD_INVALID).int(COACHING_MSG.PERIOD_INVALID).min(0).max(6),
  start: z.string(COACHING_MSG.PERIOD_INVALID),
  end: z.string(COACHING_MSG.PERIOD_INVALID),
});
export type WeeklyPeriod = z.output<typeof weeklyPeriod>;

/** The first problem of a manager's weekly periods for a session length, or null. */
export function weeklyPeriodsProblem(periods: readonly WeeklyPeriod[], slotMinutes: number): string | null {
  const byDay = new Map<number, [number, number][]>();
  for (const p of periods) {
    const start = minuteOfDay(p.start);
    const end = minuteOfDay(p.end);
    if (start === null || end === null || end <= start) return COACHING_MSG.PERIOD_INVALID;
    if (end - start < slotMinutes) return COACHING_MSG.PERIOD_TOO_SHORT;
    byDay.set(p.weekday, [...(byDay.get(p.weekday) ?? []), [start, end]]);
  }
  for (const list of byDay.values()) {
    list.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < list.length; i++)
      if (list[i]![0] < list[i - 1]![1]) return COACHING_MSG.PERIOD_OVERLAP;
  }
  return null;
}

/** POST savecoachingavailability: the manager's weekly hours, in her own time zone. */
export const saveCoachingHoursBody = z
  .object({
    timeZone,
    slotMinutes: z.literal(COACHING_SLOT_MINUTES, COACHING_MSG.SLOT_LENGTH_INVALID),
    meetingAddress: z
      .string(COACHING_MSG.ADDRESS_REQUIRED)
      .trim()
      .min(1, COACHING_MSG.ADDRESS_REQUIRED)
      .max(COACHING_ADDRESS_MAX, COACHING_MSG.ADDRESS_TOO_LONG),
    weekly: z
      .array(weeklyPeriod, COACHING_MSG.PERIOD_INVALID)
      .max(COACHING_PERIODS_MAX, COACHING_MSG.PERIODS_TOO_MANY),
    blockedDates: z
      .array(z.string().refine(isIsoDate, COACHING_MSG.BLOCKED_INVALID), COACHING_MSG.BLOCKED_INVALID)
      .max(COACHING_BLOCKED_MAX, COACHING_MSG.BLOCKED_TOO_MANY)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const problem = weeklyPeriodsProblem(v.weekly, v.slotMinutes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['weekly'] });
  });
export type SaveCoachingHoursInput = z.input<typeof saveCoachingHoursBody>;

/** A manager's coaching hours as saved (null fields: nothing published yet). */
export const coachingHours = z.object({
  published: z.boolean(),
  timeZone: z.string(),
  slotMinutes: z.literal(COACHING_SLOT_MINUTES),
  meetingAddress: z.string(),
  weekly: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
  blockedDates: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type CoachingHours = z.output<typeof coachingHours>;

/** POST schedulecounsellingsession (spec: scheduledTime, details, managerId, ipName). */
export const scheduleSessionBody = z.object({
  /** The slot's start, an ISO instant as getcoachingslots gave it. */
  scheduledTime: z.iso.datetime({ offset: true, error: COACHING_MSG.TIME_INVALID }),
  details: z
    .string(COACHING_MSG.DETAILS_REQUIRED)
    .trim()
    .min(1, COACHING_MSG.DETAILS_REQUIRED)
    .max(COACHING_DETAILS_MAX, COACHING_MSG.DETAILS_TOO_LONG),
  managerId: idSchema({ message: COACHING_MSG.NOT_YOUR_MANAGER }),
  /** The spec sends the client's name; the server names her from her account (kept for the spec's shape). */
  ipName: z.string().trim().max(200, COACHING_MSG.IP_NAME_TOO_LONG).optional(),
  /** The browser's time zone: the client's e-mail shows the time in it. */
  timeZone: timeZone.optional(),
});
export type ScheduleSessionInput = z.input<typeof scheduleSessionBody>;

const sessionId = idSchema({ message: COACHING_MSG.SESSION_INVALID });

/** POST updatesessionstatus: the session's manager (or an admin) confirms it took place. */
export const updateSessionStatusBody = z.object({
  session_id: sessionId,
  /** The session's client (spec); another user answers 404 like an unknown session. */
  user_id: idSchema({ message: COACHING_MSG.USER_INVALID }),
});
export const sessionIdBody = z.object({ session_id: sessionId });
export const sessionIdParams = z.object({ sessionId });

export const saveSessionCommentBody = z.object({
  session_id: sessionId,
  comment: z
    .string(COACHING_MSG.COMMENT_REQUIRED)
    .trim()
    .min(1, COACHING_MSG.COMMENT_REQUIRED)
    .max(COACHING_COMMENT_MAX, COACHING_MSG.COMMENT_TOO_LONG),
});

/**
 * POST getcounsellingsessionlist (spec: search, session_status, sortKey, ord, from, to): `from`
 * and `to` page the list as on the other grids; `startdate` and `lastdate` bound the session days
 * in the viewer's `timeZone`.
 */
export const sessionListBody = z
  .object({
    search: z.string().trim().max(100, COACHING_MSG.SEARCH_TOO_LONG).default(''),
    session_status: z.enum(COACHING_STATUS_FILTERS, COACHING_MSG.STATUS_INVALID).default('All'),
    sortKey: z.enum(COACHING_SORTS, COACHING_MSG.SORT_INVALID).default('scheduledTime'),
    ord: z.enum(['asc', 'desc'], COACHING_MSG.SORT_INVALID).default('desc'),
    from: z.coerce.number().int().min(0).default(0),
    to: z.coerce.number().int().min(1).max(100).default(COACHING_LIST_PAGE_SIZE),
    startdate: optionalDay(COACHING_MSG.FROM_INVALID),
    lastdate: optionalDay(COACHING_MSG.TO_INVALID),
    timeZone: timeZone.default('UTC'),
  })
  .refine((q) => !q.startdate || !q.lastdate || q.startdate <= q.lastdate, {
    message: COACHING_MSG.DATE_RANGE,
    path: ['lastdate'],
  });
export type SessionListInput = z.input<typeof sessionListBody>;

/** POST fetchcalendlycallback {count}: the poll's try number (1 to 5). */
export const calendlyCallbackBody = z.object({
  count: z.coerce
    .number({ error: COACHING_MSG.COUNT_INVALID })
    .int(COACHING_MSG.COUNT_INVALID)
    .min(0, COACHING_MSG.COUNT_INVALID)
    .max(100, COACHING_MSG.COUNT_INVALID),
});

/** One session as the lists show it. */
export const coachingSession = z.object({
  sessionId: z.number(),
  status: z.enum(COACHING_SESSION_STATUSES),
  scheduledTime: z.string(),
  endTime: z.string(),
  details: z.string(),
  clientId: z.number(),
  clientName: z.string(),
  managerId: z.number(),
  managerName: z.string(),
  /** Where it takes place: the manager's meeting link or address when booked. */
  location: z.string(),
  bookedAt: z.string(),
  doneAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  comments: z.number(),
});
export type CoachingSession = z.output<typeof coachingSession>;

export const coachingSessionPage = z.object({ rows: z.array(coachingSession), total: z.number() });
export type CoachingSessionPage = z.output<typeof coachingSessionPage>;

export const coachingComment = z.object({
  commentId: z.number(),
  sessionId: z.number(),
  authorId: z.number(),
  authorName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});
export type CoachingComment = z.output<typeof coachingComment>;

/** getcoachingslots: the free times of the caller's case manager. */
export const coachingSlots = z.object({
  manager: z.object({ id: z.number(), name: z.string(), timeZone: z.string() }),
  slotMinutes: z.number(),
  /** Slot starts as ISO instants (UTC), oldest first. */
  slots: z.array(z.string()),
});
export type CoachingSlots = z.output<typeof coachingSlots>;

/** getavailablesessioncount: the credits left (the spec's prod_available). */
export const availableSessionCount = z.object({ prod_available: z.number() });
export type AvailableSessionCount = z.output<typeof availableSessionCount>;

/** fetchcoahingsessionaddress: where sessions with the manager take place. */
export const coachingAddress = z.object({
  managerId: z.number(),
  managerName: z.string(),
  meetingAddress: z.string(),
  timeZone: z.string(),
});
export type CoachingAddress = z.output<typeof coachingAddress>;

/** fetchcalendlycallback: the newest booking of the caller (the couple's) and the credits left. */
export const calendlyCallback = z.object({
  count: z.number(),
  confirmed: z.boolean(),
  session: coachingSession.nullable(),
  prod_available: z.number(),
});
export type CalendlyCallback = z.output<typeof calendlyCallback>;
