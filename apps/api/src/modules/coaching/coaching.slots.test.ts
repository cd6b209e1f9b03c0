import { hhmm, minuteOfDay, type WeeklyPeriod } from '@dm/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Busy,
  type CoachingCalendar,
  freeSlots,
  isoDay,
  startOfDay,
  wallTimeAt,
  wallTimeToInstant,
  zoneOffset,
} from './coaching.slots.js';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;

/** Zones with every kind of offset and change: half and three-quarter hours, a 30-minute DST. */
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Australia/Sydney',
  'Pacific/Chatham',
  'Pacific/Auckland',
] as const;

const FROM_2020 = Date.UTC(2020, 0, 1);
const TO_2035 = Date.UTC(2035, 0, 1);
const zone = fc.constantFrom(...ZONES);

/** The instants (to the minute) at which a zone's offset changed between 2025 and 2028. */
function changesOf(timeZone: string): number[] {
  const found: number[] = [];
  const step = 6 * 60 * MINUTE;
  for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += step) {
    if (zoneOffset(timeZone, t) === zoneOffset(timeZone, t + step)) continue;
    let [lo, hi] = [t, t + step];
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (zoneOffset(timeZone, mid) === zoneOffset(timeZone, lo)) lo = mid;
      else hi = mid;
    }
    found.push(hi);
  }
  return found;
}
const CHANGES = ZONES.flatMap((z) => changesOf(z).map((at) => [z, at] as const));

/** A zone and a minute, half of the time within 3 hours of one of the zone's clock changes. */
const zonedMinute = fc.oneof(
  fc.tuple(
    zone,
    fc.integer({ min: FROM_2020 / MINUTE, max: TO_2035 / MINUTE }).map((m) => m * MINUTE),
  ),
  fc
    .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -180, max: 180 }))
    .map(([[z, at], minutes]) => [z, at + minutes * MINUTE] as const),
);

const utc = (iso: string) => Date.parse(iso);
const wallOf = (timeZone: string, instant: number) => {
  const w = wallTimeAt(timeZone, instant);
  return `${isoDay(w)} ${hhmm(w.minute)}`;
};

describe('time zones (Intl)', () => {
  it('a wall time read at an instant leads back to that instant, or to its first occurrence', () => {
    fc.assert(
      fc.property(zonedMinute, ([timeZone, instant]) => {
        const wall = wallTimeAt(timeZone, instant);
        const back = wallTimeToInstant(timeZone, wall);
        expect(back).not.toBeNull();
        expect(wallTimeAt(timeZone, back!)).toEqual(wall);
        expect(back!).toBeLessThanOrEqual(instant);
        // Earlier only when the clock went back over this wall time: by at most the change.
        if (back! < instant) {
          expect(instant - back!).toBeLessThanOrEqual(60 * MINUTE);
          expect(zoneOffset(timeZone, back!)).toBeGreaterThan(zoneOffset(timeZone, instant));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the clock changes the property tests lean on', () => {
    expect(
      CHANGES.filter(([z]) => z === 'America/New_York').map(([, at]) => new Date(at).toISOString()),
    ).toContain('2026-03-08T07:00:00.000Z');
    expect(CHANGES.filter(([z]) => z === 'Australia/Lord_Howe').length).toBeGreaterThanOrEqual(6);
    expect(CHANGES.filter(([z]) => z === 'UTC')).toEqual([]);
  });

  it('knows the skipped and repeated hours of the 2026 changes', () => {
    const ny = 'America/New_York';
    // 8 March 2026: 02:00 to 03:00 does not exist in New York.
    expect(wallTimeToInstant(ny, { year: 2026, month: 3, day: 8, minute: 2 * 60 + 30 })).toBeNull();
    expect(wallTimeToInstant(ny, { year: 2026, month: 3, day: 8, minute: 3 * 60 })).toBe(
      utc('2026-03-08T07:00:00Z'),
    );
    // 1 November 2026: 01:30 happens twice; the first (EDT) is the one.
    expect(wallTimeToInstant(ny, { year: 2026, month: 11, day: 1, minute: 90 })).toBe(
      utc('2026-11-01T05:30:00Z'),
    );
    // Lord Howe moves by half an hour: 02:00 to 02:30 on 4 October 2026 does not exist.
    const lh = 'Australia/Lord_Howe';
    expect(wallTimeToInstant(lh, { year: 2026, month: 10, day: 4, minute: 2 * 60 + 15 })).toBeNull();
    expect(wallTimeToInstant(lh, { year: 2026, month: 10, day: 4, minute: 2 * 60 + 30 })).toBe(
      utc('2026-10-03T15:30:00Z'),
    );
    expect(zoneOffset('Asia/Kathmandu', utc('2026-01-01T00:00:00Z'))).toBe((5 * 60 + 45) * MINUTE);
    expect(startOfDay(ny, '2026-03-08')).toBe(utc('2026-03-08T05:00:00Z'));
  });
});

// --- slots ---------------------------------------------------------------------------------------

const period = fc
  .record({
    weekday: fc.integer({ min: 0, max: 6 }),
    start: fc.integer({ min: 0, max: 95 }),
    quarters: fc.integer({ min: 2, max: 40 }),
  })
  .map(({ weekday, start, quarters }) => ({
    weekday,
    start: start * 15,
    end: Math.min(24 * 60, start * 15 + quarters * 15),
  }));

/** Valid hours: periods of one day not overlapping, each at least one session long. */
const calendar = fc
  .record({
    timeZone: zone,
    slotMinutes: fc.constantFrom(30, 60),
    periods: fc.array(period, { maxLength: 8 }),
    blockedOffsets: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 3 }),
  })
  .map(({ timeZone, slotMinutes, periods, blockedOffsets }) => {
    const kept: { weekday: number; start: number; end: number }[] = [];
    for (const p of periods) {
      if (p.end - p.start < slotMinutes) continue;
      if (kept.some((k) => k.weekday === p.weekday && k.start < p.end && p.start < k.end)) continue;
      kept.push(p);
    }
    const weekly: WeeklyPeriod[] = kept.map((p) => ({
      weekday: p.weekday,
      start: hhmm(p.start),
      end: hhmm(p.end),
    }));
    return { timeZone, slotMinutes, weekly, blockedOffsets };
  });

/**
 * A window on quarter hours (every zone's slot starts are quarter hours in UTC too: offsets are
 * whole quarters), half of the time starting up to two days before a clock change of any zone.
 */
const window = fc.record({
  from: fc.oneof(
    fc.integer({ min: FROM_2020 / QUARTER, max: TO_2035 / QUARTER }).map((q) => q * QUARTER),
    fc
      .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: 0, max: 2 * 96 }))
      .map(([[, at], q]) => Math.floor(at / QUARTER) * QUARTER - q * QUARTER),
  ),
  span: fc.integer({ min: 1, max: 8 * 96 }).map((q) => q * QUARTER),
});

/** Whether the zone's wall clock showed this instant's wall time earlier too (a repeated hour). */
const repeated = (timeZone: string, t: number) => {
  const wall = wallOf(timeZone, t);
  return [30, 60, 120].some((m) => wallOf(timeZone, t - m * MINUTE) === wall);
};

/** The calendar with blocked days counted from the window's first day in the manager's zone. */
function withBlocked(
  c: { timeZone: string; slotMinutes: number; weekly: WeeklyPeriod[]; blockedOffsets: number[] },
  from: number,
): CoachingCalendar {
  const first = wallTimeAt(c.timeZone, from);
  const blockedDates = c.blockedOffsets.map((n) => {
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + n));
    return isoDay({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
  });
  return { timeZone: c.timeZone, slotMinutes: c.slotMinutes, weekly: c.weekly, blockedDates };
}

/** A zone with a clock change within 10 days after an instant. */
const zoneChangingNear = (from: number) => CHANGES.find(([, at]) => at >= from && at - from < 10 * DAY)?.[0];

/** Whether a wall time starts a session of a period of its weekday, on the period's grid. */
function onGrid(
  cal: CoachingCalendar,
  wall: { year: number; month: number; day: number; minute: number },
): boolean {
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return cal.weekly.some((p) => {
    const start = minuteOfDay(p.start)!;
    const end = minuteOfDay(p.end)!;
    return (
      p.weekday === weekday &&
      wall.minute >= start &&
      wall.minute + cal.slotMinutes <= end &&
      (wall.minute - start) % cal.slotMinutes === 0
    );
  });
}

describe('freeSlots (property tests over zones, clock changes and blocked days)', () => {
  it('offers exactly the grid times of the published periods, each once, on days not blocked, clear of booked sessions', () => {
    fc.assert(
      fc.property(
        fc.tuple(calendar, fc.boolean()),
        window,
        fc.array(fc.integer({ min: 0, max: 8 * 96 }), { maxLength: 4 }),
        ([generated, nearChange], w, busyAt) => {
          // Near a change, the calendar's zone is the changing one half of the time.
          const c = nearChange
            ? { ...generated, timeZone: zoneChangingNear(w.from) ?? generated.timeZone }
            : generated;
          const cal = withBlocked(c, w.from);
          const to = w.from + w.span;
          const busy: Busy[] = busyAt.map((q) => ({
            start: w.from + q * QUARTER,
            end: w.from + q * QUARTER + 45 * MINUTE,
          }));
          const slots = freeSlots(cal, w.from, to, busy);
          // Oracle: every quarter hour of the window, read on the manager's wall clock.
          const expected: number[] = [];
          for (let t = w.from; t < to; t += QUARTER) {
            const wall = wallTimeAt(cal.timeZone, t);
            if (cal.blockedDates.includes(isoDay(wall))) continue;
            if (!onGrid(cal, wall)) continue;
            // A repeated wall time is offered at its first occurrence only.
            if (repeated(cal.timeZone, t)) continue;
            const end = t + cal.slotMinutes * MINUTE;
            if (busy.some((b) => b.start < end && t < b.end)) continue;
            expected.push(t);
          }
          expect(slots).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a 9 to 5 day at eight hour-long sessions from 09:00 local through both 2026 changes', () => {
    const cal: CoachingCalendar = {
      timeZone: 'America/New_York',
      slotMinutes: 60,
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      blockedDates: [],
    };
    for (const [before, after] of [
      ['2026-03-07', '2026-03-09'],
      ['2026-10-31', '2026-11-02'],
    ] as const) {
      const slots = freeSlots(cal, startOfDay(cal.timeZone, before), startOfDay(cal.timeZone, after) + DAY);
      const perDay = new Map<string, string[]>();
      for (const s of slots) {
        const [day, time] = wallOf(cal.timeZone, s).split(' ') as [string, string];
        perDay.set(day, [...(perDay.get(day) ?? []), time]);
      }
      expect(
        [...perDay.values()].every(
          (times) => times.join() === '09:00,10:00,11:00,12:00,13:00,14:00,15:00,16:00',
        ),
      ).toBe(true);
      expect(perDay.size).toBe(3);
    }
  });

  it('skips the missing night hour and offers the repeated one once', () => {
    const night = (weekday: number): CoachingCalendar => ({
      timeZone: 'America/New_York',
      slotMinutes: 30,
      weekly: [{ weekday, start: '00:00', end: '04:00' }],
      blockedDates: [],
    });
    // Sunday 8 March 2026: 02:00 and 02:30 do not exist.
    const spring = freeSlots(night(0), utc('2026-03-08T00:00:00Z'), utc('2026-03-09T00:00:00Z'));
    expect(spring.map((s) => wallOf('America/New_York', s).slice(11))).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ]);
    // Sunday 1 November 2026: 01:00 and 01:30 once, in daylight time, then 02:00 standard time.
    const fall = freeSlots(night(0), utc('2026-11-01T00:00:00Z'), utc('2026-11-02T00:00:00Z'));
    expect(fall.map((s) => new Date(s).toISOString().slice(11, 16))).toEqual([
      '04:00',
      '04:30',
      '05:00',
      '05:30',
      '07:00',
      '07:30',
      '08:00',
      '08:30',
    ]);
  });

  it('shows a manager’s 09:00 in New York at the client’s own hour, which moves when only one side changes clocks', () => {
    const cal: CoachingCalendar = {
      timeZone: 'America/New_York',
      slotMinutes: 60,
      weekly: [{ weekday: 1, start: '09:00', end: '10:00' }],
      blockedDates: [],
    };
    const monday = (day: string) =>
      freeSlots(cal, startOfDay(cal.timeZone, day), startOfDay(cal.timeZone, day) + DAY)[0]!;
    // 2 March: both on standard time; 9 March: New York on daylight time, London not yet.
    expect(wallOf('America/Los_Angeles', monday('2026-03-02'))).toBe('2026-03-02 06:00');
    expect(wallOf('America/Los_Angeles', monday('2026-03-09'))).toBe('2026-03-09 06:00');
    expect(wallOf('Europe/London', monday('2026-03-02'))).toBe('2026-03-02 14:00');
    expect(wallOf('Europe/London', monday('2026-03-09'))).toBe('2026-03-09 13:00');
    expect(wallOf('Asia/Kathmandu', monday('2026-03-09'))).toBe('2026-03-09 18:45');
  });

  it('offers nothing on a blocked day, and nothing that overlaps a longer booked session', () => {
    const cal: CoachingCalendar = {
      timeZone: 'Europe/Berlin',
      slotMinutes: 30,
      weekly: [{ weekday: 2, start: '10:00', end: '12:00' }],
      blockedDates: ['2026-06-09'],
    };
    const from = utc('2026-06-08T00:00:00Z');
    const to = utc('2026-06-17T00:00:00Z');
    const busy = [{ start: utc('2026-06-16T08:00:00Z'), end: utc('2026-06-16T09:00:00Z') }];
    expect(freeSlots(cal, from, to, busy).map((s) => wallOf(cal.timeZone, s))).toEqual([
      '2026-06-16 11:00',
      '2026-06-16 11:30',
    ]);
  });
});
