// A case manager's coaching hours and the free slots her clients see (decision 024).
import {
  COACHING_BOOKING_DAYS,
  COACHING_MIN_NOTICE_MINUTES,
  COACHING_MSG,
  type CoachingAddress,
  type CoachingHours,
  type CoachingSlotMinutes,
  type CoachingSlots,
  ROLE,
  type saveCoachingHoursBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import * as repo from './coaching.repo.js';
import { assertSubscribed } from './coaching.sessions.js';
import { bookingWindow, freeSlots } from './coaching.slots.js';

type Deps = Pick<ModuleDeps, 'db' | 'clock'>;

const DEFAULT_HOURS: CoachingHours = {
  published: false,
  timeZone: 'America/New_York',
  slotMinutes: 60,
  meetingAddress: '',
  weekly: [],
  blockedDates: [],
  updatedAt: null,
};

function hoursView(row: repo.CalendarRow | undefined): CoachingHours {
  if (!row) return DEFAULT_HOURS;
  return {
    published: true,
    timeZone: row.timeZone,
    slotMinutes: row.slotMinutes as CoachingSlotMinutes,
    meetingAddress: row.meetingAddress,
    weekly: row.weekly,
    blockedDates: row.blockedDates,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET getcoachingavailability: the caller's own hours (a manager). */
export async function myHours(deps: Deps, auth: Auth): Promise<CoachingHours> {
  return hoursView(await repo.findCalendar(deps.db, auth.userId));
}

/** POST savecoachingavailability: publishes the caller's hours; booked sessions stay as they are. */
export async function saveHours(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof saveCoachingHoursBody>,
): Promise<CoachingHours> {
  const weekly = [...body.weekly].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  const blockedDates = [...new Set(body.blockedDates)].sort();
  return deps.db.transaction(async (tx) => {
    const saved = await repo.saveCalendar(tx, {
      managerId: auth.userId,
      timeZone: body.timeZone,
      slotMinutes: body.slotMinutes,
      meetingAddress: body.meetingAddress,
      weekly,
      blockedDates,
      updatedAt: deps.clock.now(),
    });
    await audit(tx, auth, {
      action: 'coaching_hours_saved',
      entityType: 'user',
      entityId: auth.userId,
      details: { timeZone: body.timeZone, slotMinutes: body.slotMinutes, periods: weekly.length },
    });
    return hoursView(saved);
  });
}

/**
 * The case manager a client books with: her own, else her primary parent's, else the center's
 * default case manager (consumer members sign up without one); an active manager of her center.
 */
export async function clientManager(db: Db, auth: Auth): Promise<repo.Person> {
  let managerId = auth.managerId;
  if (managerId === null && auth.parentId !== null)
    managerId = (await repo.findPerson(db, auth.parentId))?.managerId ?? null;
  managerId ??= await repo.defaultManagerOf(db, auth.centerId);
  const manager = managerId === null ? undefined : await repo.findPerson(db, managerId);
  if (
    !manager ||
    manager.role !== ROLE.MANAGER ||
    manager.centerId !== auth.centerId ||
    manager.status !== 'Active'
  )
    throw badRequest(COACHING_MSG.NO_MANAGER);
  return manager;
}

/** The calendar as the slot computation reads it. */
export const calendarOf = (row: repo.CalendarRow) => ({
  timeZone: row.timeZone,
  slotMinutes: row.slotMinutes,
  weekly: row.weekly,
  blockedDates: row.blockedDates,
});

/** GET getcoachingslots: the free times of the client's case manager in the booking window. */
export async function slots(deps: Deps, auth: Auth): Promise<CoachingSlots> {
  assertSubscribed(auth);
  const manager = await clientManager(deps.db, auth);
  const calendar = await repo.findCalendar(deps.db, manager.id);
  if (!calendar) throw badRequest(COACHING_MSG.NO_HOURS);
  const { from, to } = bookingWindow(
    deps.clock.now().getTime(),
    COACHING_MIN_NOTICE_MINUTES,
    COACHING_BOOKING_DAYS,
  );
  const busy = await repo.busyTimes(
    deps.db,
    manager.id,
    new Date(from - 86_400_000),
    new Date(to + 86_400_000),
  );
  const free = freeSlots(
    calendarOf(calendar),
    from,
    to,
    busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })),
  );
  return {
    manager: { id: manager.id, name: manager.name, timeZone: calendar.timeZone },
    slotMinutes: calendar.slotMinutes,
    slots: free.map((s) => new Date(s).toISOString()),
  };
}

/**
 * GET fetchcoahingsessionaddress: where sessions take place. A client: her case manager's meeting
 * link or address; a manager: her own.
 */
export async function sessionAddress(deps: Deps, auth: Auth): Promise<CoachingAddress> {
  const manager =
    auth.role === ROLE.MANAGER
      ? await repo.findPerson(deps.db, auth.userId)
      : await clientManager(deps.db, auth);
  const calendar = manager ? await repo.findCalendar(deps.db, manager.id) : undefined;
  if (!manager || !calendar) throw badRequest(COACHING_MSG.NO_HOURS);
  return {
    managerId: manager.id,
    managerName: manager.name,
    meetingAddress: calendar.meetingAddress,
    timeZone: calendar.timeZone,
  };
}
