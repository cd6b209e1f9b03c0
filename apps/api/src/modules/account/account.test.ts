import {
  ACCOUNT_MSG,
  DEMO_PASSWORD,
  LOGIN_RATE_MAX_PER_ACCOUNT,
  MSG,
  ROLE,
  type StaffMember,
} from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, sessions, users } from '../../db/schema/index.js';
import { hashPassword, hashToken } from '../../platform/crypto.js';
import type { recordingRealtime } from '../../platform/realtime.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userMaker } from '../../test/user-fixtures.js';

let t: TestApp;
let demoHash: string;
beforeAll(async () => {
  t = await startTestApp();
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Changed!Pass9';
const change = (payload: Record<string, unknown>, as?: string, ip = '203.0.113.7') =>
  t.request({ method: 'POST', url: '/api/changepassword', payload, as, remoteAddress: ip });
const valid = (over: Record<string, unknown> = {}) => ({
  current_password: DEMO_PASSWORD,
  password: NEW_PASSWORD,
  cpassword: NEW_PASSWORD,
  ...over,
});

/** A user of its own per test, with the demo password, so password changes do not leak between tests. */
let made = 0;
async function freshUser(
  role: number = ROLE.CLIENT,
  centerId = 1,
): Promise<{ id: number; username: string }> {
  made += 1;
  const username = `acct${made}@users.test`;
  const [row] = await t.db
    .insert(users)
    .values({
      username,
      role,
      status: 'Active',
      centerId,
      firstName: `Acct${made}`,
      lastName: 'Holder',
      passwordHash: demoHash,
    })
    .returning({ id: users.id });
  return { id: row!.id, username };
}

const login = (username: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username, password },
    remoteAddress: '198.51.100.20',
  });

const sessionOf = async (token: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!;

describe('POST /api/changepassword', () => {
  it('answers 401 anonymously', async () => {
    const res = await change(valid());
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it("answers 400 with the spec's messages: mismatch, password rule, current password required", async () => {
    const user = await freshUser();
    const mismatch = await change(valid({ cpassword: 'Other!Pass9' }), user.username);
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch).message).toBe(MSG.PASSWORD_MISMATCH);
    for (const weak of ['short1A', 'alllowercase1', 'NoDigitsHere!', 'Bad#Char123']) {
      const res = await change(valid({ password: weak, cpassword: weak }), user.username);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(MSG.PASSWORD_RULE);
    }
    const noCurrent = await change(valid({ current_password: '' }), user.username);
    expect(noCurrent.statusCode).toBe(400);
    expect(body(noCurrent).message).toBe(ACCOUNT_MSG.CURRENT_PASSWORD_REQUIRED);
    // Nothing changed: the demo password still signs in.
    expect((await login(user.username, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, counts it as a failed login, and throttles like the login', async () => {
    const user = await freshUser();
    const wrong = await change(valid({ current_password: 'Wrong!Pass1' }), user.username);
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe(ACCOUNT_MSG.CURRENT_PASSWORD_WRONG);
    expect(body(wrong).data).toEqual({ field: 'current_password' });
    // Never the password in the answer.
    expect(wrong.body).not.toContain('Wrong!Pass1');
    const attempts = await t.db.select().from(loginAttempts).where(eq(loginAttempts.username, user.username));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.succeeded).toBe(0);
    for (let i = 1; i < LOGIN_RATE_MAX_PER_ACCOUNT; i++) {
      expect((await change(valid({ current_password: `Wrong!Pass${i}` }), user.username)).statusCode).toBe(
        400,
      );
    }
    // The throttle now refuses even the right password.
    const throttled = await change(valid(), user.username);
    expect(throttled.statusCode).toBe(429);
    expect(body(throttled).message).toBe(MSG.TOO_MANY_ATTEMPTS);
  });

  it("changes the password; every other session ends, the caller's stays; audited without the password", async () => {
    const user = await freshUser(ROLE.MANAGER);
    const mine = await t.tokenFor(user.username);
    const other = await t.tokenFor(user.username);
    const third = await t.tokenFor(user.username);
    const someoneElse = await t.tokenFor('parent@demo.test');
    const ended = (t.realtime as ReturnType<typeof recordingRealtime>).endedSessions;
    const before = ended.length;

    const res = await change(valid(), mine);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: ACCOUNT_MSG.PASSWORD_CHANGED, data: { endedSessions: 2 } });

    expect((await sessionOf(mine)).endedAt).toBeNull();
    for (const token of [other, third]) {
      const s = await sessionOf(token);
      expect(s.endReason).toBe('password_changed');
      const gone = await t.request({ method: 'GET', url: '/api/me', as: token });
      expect(gone.statusCode).toBe(401);
    }
    expect((await sessionOf(someoneElse)).endedAt).toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/me', as: mine })).statusCode).toBe(200);
    // The ended sessions' sockets are dropped at once (the recording realtime keeps the ids).
    expect(ended.slice(before).sort()).toEqual(
      [(await sessionOf(other)).id, (await sessionOf(third)).id].sort(),
    );

    expect((await login(user.username, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_change'), eq(auditLog.entityId, String(user.id))));
    expect(entry?.details).toEqual({ endedSessions: 2 });
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(entry)).not.toContain(DEMO_PASSWORD);
  });

  it('works for every role (the page is open to all signed-in users)', async () => {
    for (const role of [ROLE.DONOR, ROLE.ADMIN, ROLE.CLIENT]) {
      const user = await freshUser(role);
      expect((await change(valid(), user.username)).statusCode).toBe(200);
    }
  });
});

describe('GET /api/getstaffdetails', () => {
  const get = (as?: string) => t.request({ method: 'GET', url: '/api/getstaffdetails', as });

  it('answers 401 anonymously and 403 to intended parents, donors and the master', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const who of ['parent@demo.test', 'donor@demo.test', 'master@demo.test']) {
      const res = await get(who);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(MSG.UNAUTHORIZED);
    }
  });

  it("lists the center's admins and case managers (not archived, not clients, not another center's)", async () => {
    const archived = await freshUser(ROLE.MANAGER);
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.id, archived.id));
    const elsewhere = await freshUser(ROLE.MANAGER, 85);
    for (const who of ['admin@demo.test', 'manager@demo.test']) {
      const res = await get(who);
      expect(res.statusCode).toBe(200);
      const staff = body<StaffMember[]>(res).data;
      const emails = staff.map((s) => s.email);
      expect(emails).toEqual(expect.arrayContaining(['admin@demo.test', 'manager@demo.test']));
      expect(emails).not.toContain('parent@demo.test');
      expect(emails).not.toContain(archived.username);
      expect(emails).not.toContain(elsewhere.username);
      expect(emails).not.toContain('admin85@demo.test');
      expect(staff.every((s) => s.role === ROLE.ADMIN || s.role === ROLE.MANAGER)).toBe(true);
      const admin = staff.find((s) => s.email === 'admin@demo.test')!;
      expect(admin).toMatchObject({ role: ROLE.ADMIN, status: 'Active' });
      expect(typeof admin.name).toBe('string');
      // Admins first.
      expect(staff[0]!.role).toBe(ROLE.ADMIN);
    }
  });
});

describe('second parent from the profile tab', () => {
  const makeUser = userMaker(() => t, { prefix: 'primary', status: 'Active', lastName: 'Primary' });

  it('lets a primary parent re-invite her own invited second parent, nobody else', async () => {
    const invited = await t.request({
      method: 'POST',
      url: '/api/invitesecondaryip',
      as: 'parent@demo.test',
      payload: {
        primaryIP_id: (await t.db.select().from(users).where(eq(users.username, 'parent@demo.test')))[0]!.id,
        secondaryIP_username: 'second.profile@demo.test',
        secondaryIP_reusername: 'second.profile@demo.test',
        secondaryIP_fname: 'Sam',
        secondaryIP_lname: 'Second',
      },
    });
    expect(invited.statusCode).toBe(200);
    const secondId = body<{ userId: number }>(invited).data.userId;
    const seen = await t.request({
      method: 'GET',
      url: '/api/getsecondaryintendedparent',
      as: 'parent@demo.test',
    });
    expect(body<{ userId: number; status: string }>(seen).data).toMatchObject({
      userId: secondId,
      status: 'Invited',
    });
    const mailsBefore = (await t.outbox('second.profile@demo.test')).length;
    const again = await t.request({
      method: 'POST',
      url: '/api/reinviteuser',
      as: 'parent@demo.test',
      payload: { userId: secondId },
    });
    expect(again.statusCode).toBe(200);
    expect((await t.outbox('second.profile@demo.test')).length).toBe(mailsBefore + 1);

    // Another primary parent of the center may not; another center's parent does not see her.
    const otherPrimary = await makeUser({ role: ROLE.CLIENT });
    const [other] = await t.db.select().from(users).where(eq(users.id, otherPrimary));
    const refused = await t.request({
      method: 'POST',
      url: '/api/reinviteuser',
      as: other!.username,
      payload: { userId: secondId },
    });
    expect(refused.statusCode).toBe(403);
    const far = await t.request({
      method: 'POST',
      url: '/api/reinviteuser',
      as: 'parent85@demo.test',
      payload: { userId: secondId },
    });
    expect(far.statusCode).toBe(404);
  });
});
