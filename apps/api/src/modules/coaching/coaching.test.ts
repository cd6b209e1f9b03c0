import {
  type AvailableSessionCount,
  COACHING_MSG,
  type CoachingAddress,
  type CoachingHours,
  type CoachingSession,
  EMAIL_TYPE,
  MSG,
  ROLE,
} from '@dm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coachingCredits, coachingSessions } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { coachingFixtures } from '../../test/coaching-fixtures.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const f = coachingFixtures(() => t, 'book');
const { get, post } = f;
const HOUR = 3_600_000;

describe('coaching hours (getcoachingavailability, savecoachingavailability)', () => {
  it('401 anonymous, 403 for clients and for managers of a center without payments', async () => {
    expect((await get('getcoachingavailability', null)).statusCode).toBe(401);
    expect((await post('savecoachingavailability', f.allDay(), null)).statusCode).toBe(401);
    expect((await get('getcoachingavailability', 'coachparent111@demo.test')).statusCode).toBe(403);
    const elsewhere = await f.makeUser(ROLE.MANAGER, { centerId: 85 });
    const refused = await post('savecoachingavailability', f.allDay(), elsewhere.username);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe(MSG.UNAUTHORIZED);
  });

  it('400 with the message for each kind of bad hours', async () => {
    const manager = await f.makeUser(ROLE.MANAGER);
    const cases: [Record<string, unknown>, string][] = [
      [{ timeZone: 'Mars/Olympus' }, COACHING_MSG.TIME_ZONE_INVALID],
      [{ slotMinutes: 45 }, COACHING_MSG.SLOT_LENGTH_INVALID],
      [{ meetingAddress: '  ' }, COACHING_MSG.ADDRESS_REQUIRED],
      [{ weekly: [{ weekday: 1, start: '10:00', end: '09:00' }] }, COACHING_MSG.PERIOD_INVALID],
      [{ weekly: [{ weekday: 1, start: '10:10', end: '11:00' }] }, COACHING_MSG.PERIOD_INVALID],
      [{ weekly: [{ weekday: 1, start: '10:00', end: '10:30' }] }, COACHING_MSG.PERIOD_TOO_SHORT],
      [
        {
          weekly: [
            { weekday: 2, start: '09:00', end: '12:00' },
            { weekday: 2, start: '11:00', end: '13:00' },
          ],
        },
        COACHING_MSG.PERIOD_OVERLAP,
      ],
      [{ blockedDates: ['2026-02-30'] }, COACHING_MSG.BLOCKED_INVALID],
    ];
    for (const [over, message] of cases) {
      const res = await post('savecoachingavailability', { ...f.allDay(), ...over }, manager.username);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(body(res).message).toBe(message);
    }
  });

  it('publishes the hours, answers them back in order, and audits the change', async () => {
    const manager = await f.makeUser(ROLE.MANAGER);
    expect(body<CoachingHours>(await get('getcoachingavailability', manager.username)).data.published).toBe(
      false,
    );
    const saved = await post(
      'savecoachingavailability',
      f.allDay({
        timeZone: 'America/Chicago',
        weekly: [
          { weekday: 3, start: '13:00', end: '17:00' },
          { weekday: 1, start: '09:00', end: '12:00' },
        ],
        blockedDates: ['2026-12-25', '2026-12-24', '2026-12-25'],
      }),
      manager.username,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).message).toBe(COACHING_MSG.HOURS_SAVED);
    const hours = body<CoachingHours>(await get('getcoachingavailability', manager.username)).data;
    expect(hours).toMatchObject({
      published: true,
      timeZone: 'America/Chicago',
      slotMinutes: 60,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 3, start: '13:00', end: '17:00' },
      ],
      blockedDates: ['2026-12-24', '2026-12-25'],
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, manager.id), eq(auditLog.action, 'coaching_hours_saved')));
    expect(entry).toBeDefined();
  });
});

describe('free slots and where sessions take place (getcoachingslots, fetchcoahingsessionaddress)', () => {
  it('401, 403 for staff on the slots, the Pre-Active warning, no manager, no hours', async () => {
    expect((await get('getcoachingslots', null)).statusCode).toBe(401);
    expect((await get('getcoachingslots', 'manager111@demo.test')).statusCode).toBe(403);
    const preActive = await get('getcoachingslots', 'parent111@demo.test');
    expect(preActive.statusCode).toBe(403);
    expect(body(preActive).message).toBe(COACHING_MSG.SUBSCRIBE);
    // A client of a center without a default case manager and none of her own.
    const center = await f.makeCenter();
    const alone = await f.makeUser(ROLE.CLIENT, { centerId: center });
    const noManager = await get('getcoachingslots', alone.username);
    expect(noManager.statusCode).toBe(400);
    expect(body(noManager).message).toBe(COACHING_MSG.NO_MANAGER);
    const silent = await f.makeUser(ROLE.MANAGER);
    const waiting = await f.makeUser(ROLE.CLIENT, { managerId: silent.id });
    const noHours = await get('getcoachingslots', waiting.username);
    expect(noHours.statusCode).toBe(400);
    expect(body(noHours).message).toBe(COACHING_MSG.NO_HOURS);
  });

  it("offers the manager's hours from two hours ahead, hour by hour, up to 28 days", async () => {
    const { manager, client } = await f.coachAndClient();
    const { slots, manager: who, slotMinutes } = await f.slotsOf(client.username);
    expect(who).toMatchObject({ id: manager.id, timeZone: 'UTC' });
    expect(slotMinutes).toBe(60);
    const now = t.clock.now().getTime();
    const first = Date.parse(slots[0]!);
    expect(first).toBeGreaterThanOrEqual(now + 2 * HOUR);
    expect(first).toBeLessThan(now + 3 * HOUR);
    expect(slots.every((s) => s.endsWith(':00:00.000Z'))).toBe(true);
    expect(Date.parse(slots.at(-1)!)).toBeLessThan(now + 28 * 24 * HOUR);
    expect(slots.length).toBeGreaterThan(27 * 24 - 2);
  });

  it('tells the client and the manager where sessions take place; 403 for admins', async () => {
    const { manager, client } = await f.coachAndClient(0);
    expect((await get('fetchcoahingsessionaddress', null)).statusCode).toBe(401);
    expect((await get('fetchcoahingsessionaddress', 'admin111@demo.test')).statusCode).toBe(403);
    for (const who of [client.username, manager.username]) {
      const res = await get('fetchcoahingsessionaddress', who);
      expect(res.statusCode, res.body).toBe(200);
      expect(body<CoachingAddress>(res).data).toMatchObject({
        managerId: manager.id,
        meetingAddress: 'https://meet.example.test/coach',
        timeZone: 'UTC',
      });
    }
    const bare = await f.makeUser(ROLE.MANAGER);
    const none = await get('fetchcoahingsessionaddress', bare.username);
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe(COACHING_MSG.NO_HOURS);
  });
});

describe('credits (getavailablesessioncount)', () => {
  it("401, 403 for staff, and the couple's one balance", async () => {
    expect((await get('getavailablesessioncount', null)).statusCode).toBe(401);
    expect((await get('getavailablesessioncount', 'manager111@demo.test')).statusCode).toBe(403);
    const res = await get('getavailablesessioncount', 'coachparent111@demo.test');
    expect(body<AvailableSessionCount>(res).data).toEqual({ prod_available: 2 });
    const { client } = await f.coachAndClient(3);
    const partner = await f.makeUser(ROLE.CLIENT, { parentId: client.id });
    expect(body<AvailableSessionCount>(await get('getavailablesessioncount', partner.username)).data).toEqual(
      {
        prod_available: 3,
      },
    );
  });
});

describe('booking (schedulecounsellingsession)', () => {
  it('401, 403 for staff, the Pre-Active warning', async () => {
    const payload = { scheduledTime: new Date().toISOString(), details: 'x', managerId: 1 };
    expect((await post('schedulecounsellingsession', payload, null)).statusCode).toBe(401);
    expect((await post('schedulecounsellingsession', payload, 'manager111@demo.test')).statusCode).toBe(403);
    const preActive = await post('schedulecounsellingsession', payload, 'parent111@demo.test');
    expect(preActive.statusCode).toBe(403);
    expect(body(preActive).message).toBe(COACHING_MSG.SUBSCRIBE);
  });

  it('400 with the message: details, manager, a time not offered, no credits', async () => {
    const { manager, client } = await f.coachAndClient(1);
    const { slots } = await f.slotsOf(client.username);
    const good = { scheduledTime: slots[0], details: 'Choosing a donor', managerId: manager.id };
    const other = await f.makeUser(ROLE.MANAGER);
    const cases: [Record<string, unknown>, string][] = [
      [{ details: '   ' }, COACHING_MSG.DETAILS_REQUIRED],
      [{ details: 'x'.repeat(2001) }, COACHING_MSG.DETAILS_TOO_LONG],
      [{ scheduledTime: 'tomorrow' }, COACHING_MSG.TIME_INVALID],
      [{ timeZone: 'Nowhere/Land' }, COACHING_MSG.TIME_ZONE_INVALID],
      [{ managerId: other.id }, COACHING_MSG.NOT_YOUR_MANAGER],
      // Off the grid, too soon, past the horizon.
      [
        { scheduledTime: new Date(Date.parse(slots[0]!) + 30 * 60_000).toISOString() },
        COACHING_MSG.SLOT_INVALID,
      ],
      [{ scheduledTime: new Date(Date.parse(slots[0]!) - HOUR).toISOString() }, COACHING_MSG.SLOT_INVALID],
      [
        { scheduledTime: new Date(t.clock.now().getTime() + 40 * 24 * HOUR).toISOString() },
        COACHING_MSG.SLOT_INVALID,
      ],
    ];
    for (const [over, message] of cases) {
      const res = await f.book(client.username, { ...good, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(body(res).message).toBe(message);
    }
    expect((await f.book(client.username, good)).statusCode).toBe(200);
    const broke = await f.book(client.username, { ...good, scheduledTime: slots[3] });
    expect(broke.statusCode).toBe(400);
    expect(body(broke).message).toBe(COACHING_MSG.NO_CREDITS);
  });

  it('books: the session, one credit taken with its id, both e-mails with the invitation; the slot is gone', async () => {
    const { manager, client } = await f.coachAndClient(2);
    const { slots } = await f.slotsOf(client.username);
    const res = await f.book(client.username, {
      scheduledTime: slots[1],
      details: 'Questions about known donors',
      managerId: manager.id,
      ipName: 'Ignored Name',
      timeZone: 'America/Los_Angeles',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(COACHING_MSG.BOOKED);
    const session = body<CoachingSession>(res).data;
    expect(session).toMatchObject({
      status: 'Requested',
      scheduledTime: slots[1],
      details: 'Questions about known donors',
      clientId: client.id,
      managerId: manager.id,
      location: 'https://meet.example.test/coach',
      comments: 0,
    });
    expect(Date.parse(session.endTime) - Date.parse(session.scheduledTime)).toBe(HOUR);
    expect(session.clientName).not.toContain('Ignored');
    expect(
      body<AvailableSessionCount>(await get('getavailablesessioncount', client.username)).data.prod_available,
    ).toBe(1);
    const ledger = await t.db
      .select()
      .from(coachingCredits)
      .where(eq(coachingCredits.sessionId, session.sessionId));
    expect(ledger).toMatchObject([{ userId: client.id, delta: -1, reason: 'booking' }]);

    for (const [to, zone] of [
      [client.username, 'America/Los_Angeles'],
      [manager.username, 'UTC'],
    ] as const) {
      const [mail] = (await t.outbox(to)).filter((m) => m.emailTypeId === EMAIL_TYPE.COACHING_SESSION_BOOKED);
      expect(mail, to).toBeDefined();
      expect(mail!.text).toContain(`(${zone})`);
      expect(mail!.text).not.toContain('Questions about known donors');
      const [invite] = mail!.attachments!;
      expect(invite!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      expect(invite!.content).toContain(`UID:coaching-session-${session.sessionId}@`);
      expect(invite!.content).toContain(`DTSTART:${slots[1]!.replace(/[-:]/g, '').slice(0, 15)}Z`);
      expect(invite!.content).not.toContain('Questions about known donors');
    }
    expect((await f.slotsOf(client.username)).slots).not.toContain(slots[1]);

    // Another client of the manager asks for the same time: 409, and her credit stays.
    const rival = await f.makeUser(ROLE.CLIENT, { managerId: manager.id });
    await f.grant(rival.id, 1);
    const late = await f.book(rival.username, {
      scheduledTime: slots[1],
      details: 'Me too',
      managerId: manager.id,
    });
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe(COACHING_MSG.SLOT_TAKEN);
    expect(
      body<AvailableSessionCount>(await get('getavailablesessioncount', rival.username)).data.prod_available,
    ).toBe(1);
  });

  it("a secondary parent books with the couple's credits and her primary's case manager", async () => {
    const { manager, client } = await f.coachAndClient(1);
    const partner = await f.makeUser(ROLE.CLIENT, { parentId: client.id });
    const session = await f.booked(partner.username, manager.id);
    expect(session.clientId).toBe(partner.id);
    expect(
      body<AvailableSessionCount>(await get('getavailablesessioncount', client.username)).data.prod_available,
    ).toBe(0);
  });
});

describe('no slot is booked twice, no credit spent twice, under concurrent requests', () => {
  it('many clients racing for one slot: exactly one booking; the others 409 and keep their credit', async () => {
    const { manager } = await f.coachAndClient(0);
    const clients = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const c = await f.makeUser(ROLE.CLIENT, { managerId: manager.id });
        await f.grant(c.id, 1);
        return c;
      }),
    );
    const { slots } = await f.slotsOf(clients[0]!.username);
    // Sessions first (so the race is the booking alone), then every request at once.
    await Promise.all(clients.map((c) => t.tokenFor(c.username)));
    const answers = await Promise.all(
      clients.map((c) =>
        f.book(c.username, { scheduledTime: slots[5], details: 'Race', managerId: manager.id }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const live = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coachingSessions)
      .where(
        and(eq(coachingSessions.managerId, manager.id), eq(coachingSessions.startsAt, new Date(slots[5]!))),
      );
    expect(live[0]!.n).toBe(1);
    const spent = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coachingCredits)
      .where(
        and(
          eq(coachingCredits.reason, 'booking'),
          sql`${coachingCredits.userId} in ${clients.map((c) => c.id)}`,
        ),
      );
    expect(spent[0]!.n).toBe(1);
  });

  it('one client with one credit racing for many slots: exactly one booking, the rest "no credits"', async () => {
    const { manager, client } = await f.coachAndClient(1);
    const { slots } = await f.slotsOf(client.username);
    const answers = await Promise.all(
      slots
        .slice(0, 8)
        .map((s) => f.book(client.username, { scheduledTime: s, details: 'Greedy', managerId: manager.id })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => body(a).message)).toEqual(
      Array(7).fill(COACHING_MSG.NO_CREDITS),
    );
    expect(
      body<AvailableSessionCount>(await get('getavailablesessioncount', client.username)).data.prod_available,
    ).toBe(0);
  });

  it('the database itself refuses a second live session of a manager at one start, not a cancelled one', async () => {
    const { manager, client } = await f.coachAndClient(1);
    const session = await f.booked(client.username, manager.id);
    const copy = {
      centerId: 111,
      clientId: client.id,
      holderId: client.id,
      managerId: manager.id,
      startsAt: new Date(session.scheduledTime),
      endsAt: new Date(session.endTime),
      clientTimeZone: 'UTC',
      details: 'copy',
      location: 'x',
      createdAt: new Date(),
    };
    const error = await t.db
      .insert(coachingSessions)
      .values(copy)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    await t.db.insert(coachingSessions).values({ ...copy, status: 'Cancelled' });
  });
});
