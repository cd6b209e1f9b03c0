import {
  type CoachingSession,
  type CoachingSlots,
  ROLE,
  type RoleId,
  type SaveCoachingHoursInput,
} from '@dm/shared';
import { centers, users } from '../db/schema/index.js';
import { grantCoachingCredits } from '../modules/coaching/coaching.credits.js';
import { body, type TestApp } from './harness.js';

/**
 * People of the coaching tests: the consumer center (111, payments on) and a second center with
 * payments made by the test, so "another center's session" can be tried by staff who may open
 * the coaching pages.
 */
export function coachingFixtures(app: () => TestApp, prefix: string) {
  let seq = 0;
  const t = () => app();

  async function makeCenter(): Promise<number> {
    seq += 1;
    const [row] = await t()
      .db.insert(centers)
      .values({
        name: `${prefix} center ${seq}`,
        agencyName: `${prefix} agency ${seq}`,
        appTitle: 'Coaching',
        payments: true,
        consumerSite: true,
        preActiveAccess: true,
      })
      .returning({ id: centers.id });
    return row!.id;
  }

  async function makeUser(
    role: RoleId,
    over: { centerId?: number; status?: string; managerId?: number | null; parentId?: number | null } = {},
  ): Promise<{ id: number; username: string }> {
    seq += 1;
    const username = `${prefix}${seq}@coaching.test`;
    const [row] = await t()
      .db.insert(users)
      .values({
        username,
        role,
        status: over.status ?? 'Active',
        centerId: over.centerId ?? 111,
        firstName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)}${seq}`,
        lastName: role === ROLE.MANAGER ? 'Coach' : role === ROLE.ADMIN ? 'Admin' : 'Parent',
        managerId: over.managerId ?? null,
        parentId: over.parentId ?? null,
      })
      .returning({ id: users.id });
    return { id: row!.id, username };
  }

  /** Hours every day around the clock in UTC, an hour each: slots at every hour from 2 hours on. */
  const allDay = (over: Partial<SaveCoachingHoursInput> = {}): SaveCoachingHoursInput => ({
    timeZone: 'UTC',
    slotMinutes: 60,
    meetingAddress: 'https://meet.example.test/coach',
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    blockedDates: [],
    ...over,
  });

  async function publish(manager: string, over: Partial<SaveCoachingHoursInput> = {}) {
    const res = await t().request({
      method: 'POST',
      url: '/api/savecoachingavailability',
      payload: allDay(over),
      as: manager,
    });
    if (res.statusCode !== 200) throw new Error(`publish: ${res.body}`);
  }

  /** A manager with published hours and an Active client of hers holding `credits` credits. */
  async function coachAndClient(credits = 2, centerId = 111) {
    const manager = await makeUser(ROLE.MANAGER, { centerId });
    await publish(manager.username);
    const client = await makeUser(ROLE.CLIENT, { centerId, managerId: manager.id });
    if (credits > 0) await grant(client.id, credits);
    return { manager, client };
  }

  async function grant(holderId: number, count: number) {
    seq += 1;
    await grantCoachingCredits(t().db, {
      holderId,
      count,
      sourceRef: `${prefix}:grant:${seq}`,
      reason: 'grant',
    });
  }

  async function slotsOf(client: string): Promise<CoachingSlots> {
    const res = await t().request({ method: 'GET', url: '/api/getcoachingslots', as: client });
    if (res.statusCode !== 200) throw new Error(`slots: ${res.body}`);
    return body<CoachingSlots>(res).data;
  }

  const book = (client: string, payload: Record<string, unknown>) =>
    t().request({ method: 'POST', url: '/api/schedulecounsellingsession', payload, as: client });

  /** Books the client's `index`th free slot; answers the session. */
  async function booked(client: string, managerId: number, index = 0): Promise<CoachingSession> {
    const { slots } = await slotsOf(client);
    const res = await book(client, {
      scheduledTime: slots[index],
      details: 'Talk about donor choices',
      managerId,
      timeZone: 'America/Los_Angeles',
    });
    if (res.statusCode !== 200) throw new Error(`book: ${res.body}`);
    return body<CoachingSession>(res).data;
  }

  /** GET or POST /api/<url> as a user (a username, a token, or null: anonymous). */
  const get = (url: string, as?: string | null) => t().request({ method: 'GET', url: `/api/${url}`, as });
  const post = (url: string, payload: unknown, as?: string | null) =>
    t().request({ method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown>, as });

  return { makeCenter, makeUser, allDay, publish, coachAndClient, grant, slotsOf, book, booked, get, post };
}
