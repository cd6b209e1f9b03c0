// Coaching slots (decision 024): pure functions from a manager's weekly hours in her own
// IANA time zone to the instants a client may book. Time zones go through Intl (the runtime's
// tz database); a wall time that a daylight-saving change skips has no slot, and a wall time it
// repeats has one, at its first occurrence.
import { minuteOfDay, type WeeklyPeriod } from '@dm/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A calendar day and a minute of it, as a wall clock in some zone shows them. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at an instant (seconds dropped). */
export function wallTimeAt(timeZone: string, instant: number): WallTime {
  const part: Record<string, number> = {};
  for (const p of formatIn(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') part[p.type] = Number(p.value);
  return {
    year: part.year!,
    month: part.month!,
    day: part.day!,
    minute: (part.hour! % 24) * 60 + part.minute!,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (whole minutes). */
export function zoneOffset(timeZone: string, instant: number): number {
  const w = wallTimeAt(timeZone, instant);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, 0, w.minute);
  return wallAsUtc - Math.floor(instant / MINUTE) * MINUTE;
}

const sameWall = (a: WallTime, b: WallTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.minute === b.minute;

/**
 * The instant a wall time of the zone stands for: null when the zone skips it (spring forward),
 * the earlier of the two when the zone repeats it (fall back). Offsets run from -12 to +14
 * hours, so the instant lies within 14 hours before and 12 after the wall time read as UTC: the
 * offsets in force just outside that span are the candidates (zones change at most once in it).
 */
export function wallTimeToInstant(timeZone: string, wall: WallTime): number | null {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, 0, wall.minute);
  const offsets = new Set([zoneOffset(timeZone, asUtc - 15 * HOUR), zoneOffset(timeZone, asUtc + 13 * HOUR)]);
  const candidates = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => sameWall(wallTimeAt(timeZone, instant), wall))
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/** 'YYYY-MM-DD' of a calendar day. */
export const isoDay = (d: { year: number; month: number; day: number }): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The calendar day after (or `n` after) a day, without any zone. */
function addDays(d: { year: number; month: number; day: number }, n: number) {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The instant a day of the zone begins (its first existing minute). */
export function startOfDay(timeZone: string, day: string): number {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  for (let minute = 0; minute < 24 * 60; minute += 15) {
    const instant = wallTimeToInstant(timeZone, { year, month, day: d, minute });
    if (instant !== null) return instant;
  }
  throw new Error(`No start of ${day} in ${timeZone}`);
}

/** A manager's hours as the slot computation reads them. */
export interface CoachingCalendar {
  timeZone: string;
  slotMinutes: number;
  weekly: readonly WeeklyPeriod[];
  blockedDates: readonly string[];
}

/** A booked session's time: slots that overlap it are not offered. */
export interface Busy {
  start: number;
  end: number;
}

/**
 * The slot starts of a calendar in [from, to) that overlap none of `busy`, oldest first: on each
 * day of the manager's zone that is not blocked, every period of its weekday cut into sessions of
 * `slotMinutes` from the period's start, each ending by the period's end (wall clock). A slot
 * lasts `slotMinutes` of real time, so one across a clock change still ends that long after.
 */
export function freeSlots(
  calendar: CoachingCalendar,
  from: number,
  to: number,
  busy: readonly Busy[] = [],
): number[] {
  if (to <= from) return [];
  const { timeZone, slotMinutes } = calendar;
  const blocked = new Set(calendar.blockedDates);
  const byDay = new Map<number, [number, number][]>();
  for (const p of calendar.weekly) {
    const start = minuteOfDay(p.start);
    const end = minuteOfDay(p.end);
    if (start === null || end === null) continue;
    byDay.set(p.weekday, [...(byDay.get(p.weekday) ?? []), [start, end]]);
  }
  const sortedBusy = [...busy].sort((a, b) => a.start - b.start);
  const overlapsBusy = (start: number, end: number) => sortedBusy.some((b) => b.start < end && start < b.end);
  const slots = new Set<number>();
  const first = wallTimeAt(timeZone, from);
  const last = wallTimeAt(timeZone, to);
  const lastDay = isoDay(last);
  for (let d = addDays(first, -1); isoDay(d) <= lastDay; d = addDays(d, 1)) {
    if (blocked.has(isoDay(d))) continue;
    const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
    for (const [periodStart, periodEnd] of byDay.get(weekday) ?? []) {
      for (let minute = periodStart; minute + slotMinutes <= periodEnd; minute += slotMinutes) {
        const start = wallTimeToInstant(timeZone, { ...d, minute });
        if (start === null || start < from || start >= to) continue;
        const end = start + slotMinutes * MINUTE;
        if (!overlapsBusy(start, end)) slots.add(start);
      }
    }
  }
  return [...slots].sort((a, b) => a - b);
}

/** The window a client books in: from the minimum notice to the booking horizon. */
export function bookingWindow(
  now: number,
  noticeMinutes: number,
  days: number,
): { from: number; to: number } {
  return { from: now + noticeMinutes * MINUTE, to: now + days * DAY };
}
