import { DEMO_PASSWORD, EMAIL_TYPE, MSG, RESET_TOKEN_TTL_MS, SESSION_COOKIE } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centers, donors, sessions, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let address = 0;
const login = (username: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username, password },
    remoteAddress: `10.1.0.${++address}`,
  });
const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });

/** The session a sign-in answer set: the httpOnly cookie, since the body never carries it. */
const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;

async function resetLink(to: string): Promise<string> {
  const mails = await t.outbox(to);
  const mail = mails.filter((m) => m.emailTypeId === EMAIL_TYPE.RESET_PASSWORD).at(-1)!;
  const match = mail.html.match(/#\/reset\/([^?"]+)\?token=([A-Za-z0-9_-]+)/);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![2]!);
}

describe('POST /api/resetpassword and /api/updatepassword', () => {
  it('answers the same for unknown accounts and queues nothing', async () => {
    const res = await post('/api/resetpassword', { username: 'nobody@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 'success', message: MSG.RESET_SENT, data: null });
    expect(await t.outbox('nobody@demo.test')).toHaveLength(0);
  });

  it('rejects a malformed address', async () => {
    const res = await post('/api/resetpassword', { username: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.INVALID_EMAIL);
  });

  it('resets end to end through the e-mail link, once', async () => {
    const user = 'parent85@demo.test';
    const sessionToken = await t.tokenFor(user);
    expect((await post('/api/resetpassword', { username: 'Parent85@demo.test' })).statusCode).toBe(200);
    const mails = await t.outbox(user);
    expect(mails.at(-1)!.html).toContain(`${t.config.publicUrl}/#/reset/parent85%40demo.test?token=`);
    expect(mails.at(-1)!.html).toContain('Dear Jordan');
    const token = await resetLink(user);

    const weak = await post('/api/updatepassword', {
      email: user,
      passtoken: token,
      password: 'weak',
      cpassword: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(body(weak).message).toBe(MSG.PASSWORD_RULE);
    const mismatch = await post('/api/updatepassword', {
      email: user,
      passtoken: token,
      password: 'New!Pass123',
      cpassword: 'New!Pass124',
    });
    expect(body(mismatch).message).toBe(MSG.PASSWORD_MISMATCH);
    const otherUser = await post('/api/updatepassword', {
      email: 'admin85@demo.test',
      passtoken: token,
      password: 'New!Pass123',
      cpassword: 'New!Pass123',
    });
    expect(body(otherUser).message).toBe(MSG.INVALID_LINK);

    const update = { email: user, passtoken: token, password: 'New!Pass123', cpassword: 'New!Pass123' };
    const res = await post('/api/updatepassword', update);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.PASSWORD_UPDATED);
    // Every session of the account ends with the old password.
    expect((await t.request({ method: 'GET', url: '/api/me', as: sessionToken })).statusCode).toBe(401);
    expect((await login(user, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await login(user, 'New!Pass123')).statusCode).toBe(200);

    const reuse = await post('/api/updatepassword', update);
    expect(reuse.statusCode).toBe(400);
    expect(body(reuse).message).toBe(MSG.INVALID_LINK);
  });

  it('refuses an expired link', async () => {
    const user = 'manager133@demo.test';
    await post('/api/resetpassword', { username: user });
    const token = await resetLink(user);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const res = await post('/api/updatepassword', {
      email: user,
      passtoken: token,
      password: 'New!Pass123',
      cpassword: 'New!Pass123',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.INVALID_LINK);
  });

  it('sends at most 5 reset mails per account per window', async () => {
    const user = 'admin133@demo.test';
    for (let i = 0; i < 7; i++) await post('/api/resetpassword', { username: user });
    const resets = (await t.outbox(user)).filter((m) => m.emailTypeId === EMAIL_TYPE.RESET_PASSWORD);
    expect(resets).toHaveLength(5);
  });
});

const registration = (over: Record<string, unknown> = {}) => ({
  userType: 9,
  username: 'new.client@demo.test',
  firstname: 'Nora',
  lastname: 'Client',
  country: 'United States',
  contactno: '5551234567',
  password: 'Strong!Pass1',
  password_c: 'Strong!Pass1',
  ...over,
});

describe('POST /api/userregistration and /api/updateduserregistration', () => {
  it('registers a client as Pre-Active and signs her in', async () => {
    const res = await post('/api/userregistration', registration());
    expect(res.statusCode).toBe(200);
    const b = body<{
      outcome: string;
      destination: string;
      user: { status: string; role: number };
    }>(res);
    expect(b.message).toBe(MSG.USER_REGISTERED);
    expect(b.data.outcome).toBe('success');
    expect(b.data.user).toMatchObject({ status: 'Pre-Active', role: 9 });
    // Center 1 has the IP form on but no pre-active access: the page table holds a
    // Pre-Active client at /notpaid, so she lands there, not on a form she may not open.
    expect(b.data.destination).toBe('/notpaid');
    expect(sessionCookie(res)).toBeTruthy();
    expect(b.data).not.toHaveProperty('token');
    const mails = await t.outbox('new.client@demo.test');
    expect(mails.map((m) => m.emailTypeId)).toEqual([EMAIL_TYPE.REGISTRATION_WELCOME]);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'new.client@demo.test'));
    expect(row!.passwordHash!.startsWith('$argon2id$')).toBe(true);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain('Strong!Pass1');
  });

  it('registers a donor with a referrer: Active, pre-form not filled yet', async () => {
    const res = await post(
      '/api/updateduserregistration',
      registration({ userType: 2, username: 'New.Donor@Demo.test', referrer: 'friend' }),
    );
    expect(res.statusCode).toBe(200);
    const data = body<{ destination: string; user: { status: string; donor: unknown } }>(res).data;
    expect(data.destination).toBe('/preform');
    expect(data.user.status).toBe('Active');
    expect(data.user.donor).toEqual({ preFormStatus: null, availability: 'Invited', lastTab: null });
    const [row] = await t.db.select().from(users).where(eq(users.username, 'new.donor@demo.test'));
    expect(row!.referrer).toBe('friend');
    const donorRows = await t.db.select().from(donors).where(eq(donors.userId, row!.id));
    expect(donorRows).toHaveLength(1);
  });

  it('refuses a weak password with the password rule', async () => {
    const res = await post(
      '/api/userregistration',
      registration({ username: 'weak@demo.test', password: 'password', password_c: 'password' }),
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.PASSWORD_RULE);
  });

  it('refuses an existing username whatever its case', async () => {
    const res = await post('/api/userregistration', registration({ username: 'ADMIN@demo.test' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.USERNAME_EXISTS);
  });

  it('refuses an empty e-mail, a staff role and a hidden or unknown center', async () => {
    expect(body(await post('/api/userregistration', registration({ username: '' }))).message).toBe(
      MSG.INVALID_EMAIL,
    );
    expect((await post('/api/userregistration', registration({ userType: 7 }))).statusCode).toBe(400);
    const unknown = await post(
      '/api/userregistration',
      registration({ username: 'x1@demo.test', centerId: 999 }),
    );
    expect(body(unknown).message).toBe(MSG.INVALID_CENTER);
    await t.db.update(centers).set({ visible: false }).where(eq(centers.id, 36));
    const hidden = await post(
      '/api/userregistration',
      registration({ username: 'x2@demo.test', centerId: 36 }),
    );
    expect(body(hidden).message).toBe(MSG.INVALID_CENTER);
    const other = await post(
      '/api/userregistration',
      registration({ username: 'x3@demo.test', centerId: 85 }),
    );
    expect(body<{ user: { center: { id: number } } }>(other).data.user.center.id).toBe(85);
  });
});

describe('POST /api/authadmin and /api/switchback', () => {
  const idOf = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  it('answers 401 anonymously and 403 to clients and donors', async () => {
    const id = await idOf('parent@demo.test');
    const anon = await post('/api/authadmin', { id });
    expect(anon.statusCode).toBe(401);
    expect(body(anon).message).toBe(MSG.NO_TOKEN);
    expect((await post('/api/authadmin', { id }, 'donor@demo.test')).statusCode).toBe(403);
    expect((await post('/api/authadmin', { id }, 'parent85@demo.test')).statusCode).toBe(403);
  });

  it('answers 400 without an id, 404 for another center or no such user', async () => {
    expect((await post('/api/authadmin', {}, 'admin@demo.test')).statusCode).toBe(400);
    expect(
      (await post('/api/authadmin', { id: await idOf('parent85@demo.test') }, 'admin@demo.test')).statusCode,
    ).toBe(404);
    expect((await post('/api/authadmin', { id: 999999 }, 'admin@demo.test')).statusCode).toBe(404);
    expect(
      (await post('/api/authadmin', { id: await idOf('parent85@demo.test') }, 'manager@demo.test'))
        .statusCode,
    ).toBe(404);
  });

  it('refuses targets above the caller', async () => {
    expect(
      (await post('/api/authadmin', { id: await idOf('admin@demo.test') }, 'manager@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/authadmin', { id: await idOf('manager@demo.test') }, 'manager@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/authadmin', { id: await idOf('master@demo.test') }, 'admin@demo.test')).statusCode,
    ).toBe(403);
  });

  it('switches an admin into a client and back', async () => {
    const adminToken = await t.tokenFor('admin@demo.test');
    const clientId = await idOf('parent@demo.test');
    const res = await post('/api/authadmin', { id: clientId }, adminToken);
    expect(res.statusCode).toBe(200);
    const data = body<{
      user: { userId: number; switchedFrom: { userId: number; role: number } };
    }>(res).data;
    expect(data.user.userId).toBe(clientId);
    expect(data.user.switchedFrom).toMatchObject({ userId: await idOf('admin@demo.test'), role: 7 });
    expect(data).not.toHaveProperty('token');
    const switched = sessionCookie(res);
    // The admin's own session ended; the client's own sessions are untouched.
    expect((await t.request({ method: 'GET', url: '/api/me', as: adminToken })).statusCode).toBe(401);
    const inside = await t.request({ method: 'GET', url: '/api/me', as: switched });
    expect(body<{ userId: number }>(inside).data.userId).toBe(clientId);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'switch'));
    expect(audits.at(-1)!.entityId).toBe(String(clientId));

    const notSwitched = await post('/api/switchback', {}, 'manager@demo.test');
    expect(notSwitched.statusCode).toBe(400);
    expect(body(notSwitched).message).toBe(MSG.NOT_SWITCHED);

    const back = await post('/api/switchback', {}, switched);
    expect(back.statusCode).toBe(200);
    const backData = body<{ user: { username: string; switchedFrom: unknown } }>(back).data;
    expect(backData.user).toMatchObject({ username: 'admin@demo.test', switchedFrom: null });
    expect(backData).not.toHaveProperty('token');
    expect((await t.request({ method: 'GET', url: '/api/me', as: switched })).statusCode).toBe(401);
    const own = sessionCookie(back);
    expect((await t.request({ method: 'GET', url: '/api/me', as: own })).statusCode).toBe(200);
  });

  it('lets a manager switch into a client of the center, and logging out ends the switch', async () => {
    const token = await t.tokenFor('manager@demo.test');
    const res = await post('/api/authadmin', { id: await idOf('donor@demo.test') }, token);
    expect(res.statusCode).toBe(200);
    const inside = sessionCookie(res);
    expect((await post('/api/authadmin', { id: await idOf('parent@demo.test') }, inside)).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'POST', url: '/api/logoutuser', as: inside })).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.switchedFromUserId, await idOf('manager@demo.test')));
    expect(row!.endReason).toBe('logout');
  });

  it('lets the master switch into an admin of any center', async () => {
    const res = await post('/api/authadmin', { id: await idOf('admin85@demo.test') }, 'master@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body<{ destination: string }>(res).data.destination).toBe('/viewclient');
  });
});
