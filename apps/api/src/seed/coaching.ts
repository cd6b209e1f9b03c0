import { ROLE } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { coachingCalendars, users } from '../db/schema/index.js';
import { grantCoachingCredits } from '../modules/coaching/index.js';
import type { Db } from '../platform/db.js';

/** The consumer center's coaching demo: whose hours are published, who holds credits. */
export const COACHING_DEMO = {
  centerId: 111,
  /** The center's case manager: weekday hours published, for parent111 once she subscribes. */
  manager: 'manager111@demo.test',
  /** A second case manager who publishes her hours in the browser scenario. */
  coach: 'coachmanager111@demo.test',
  /** An Active member with that coach and two coaching credits granted. */
  parent: 'coachparent111@demo.test',
  credits: 2,
} as const;

/**
 * Seeds the coaching demo in the demo seed's transaction: manager111's hours (weekdays 9 to 5 in
 * New York, an hour each), and a coach and an Active member of the consumer center with two
 * credits granted (reason 'grant'), whom no other scenario uses.
 */
export async function seedCoachingDemo(tx: Db, passwordHash: string): Promise<void> {
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, COACHING_DEMO.manager));
  if (!manager) return;
  await tx.insert(coachingCalendars).values({
    managerId: manager.id,
    timeZone: 'America/New_York',
    slotMinutes: 60,
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    blockedDates: [],
    meetingAddress: 'https://meet.demo.test/casey-manager111',
  });
  const person = {
    centerId: COACHING_DEMO.centerId,
    country: 'United States',
    passwordHash,
    status: 'Active',
  };
  const [coach] = await tx
    .insert(users)
    .values({
      ...person,
      username: COACHING_DEMO.coach,
      role: ROLE.MANAGER,
      firstName: 'Robin',
      lastName: 'Coach111',
    })
    .returning({ id: users.id });
  const [parent] = await tx
    .insert(users)
    .values({
      ...person,
      username: COACHING_DEMO.parent,
      role: ROLE.CLIENT,
      firstName: 'Sam',
      lastName: 'Coachparent111',
      managerId: coach!.id,
    })
    .returning({ id: users.id });
  await grantCoachingCredits(tx, {
    holderId: parent!.id,
    count: COACHING_DEMO.credits,
    sourceRef: `demo:coaching:${parent!.id}`,
    reason: 'grant',
  });
}
