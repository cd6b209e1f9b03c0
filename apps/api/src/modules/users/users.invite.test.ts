import { DEMO_PASSWORD, EMAIL_TYPE, INVITE_TOKEN_TTL_MS, MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centerSettings, centers, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;

/** The sign-up token of the newest invitation mailed to an address. */
async function inviteToken(to: string): Promise<string> {
  const mail = (await t.outbox(to)).at(-1)!;
  const match = mail.html.match(/#\/signup\/([A-Za-z0-9_-]+)/);
  expect(match).not.toBeNull();
  return match![1]!;
}

const invite = (over: Record<string, unknown> = {}) => ({
  username: 'invitee@demo.test',
  userType: 9,
  firstname: 'Ivy',
  lastname: 'Invitee',
  ...over,
});

const signup = (token: string) => ({
  token,
  firstname: 'Ivy',
  lastname: 'Signedup',
  contactno: '5550001111',
  password: 'Chosen!Pass1',
  password_c: 'Chosen!Pass1',
});

describe('POST /api/inviteuser', () => {
  it('answers 401 anonymously', async () => {
    const res = await post('/api/inviteuser', invite());
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it('answers 403 to clients and donors', async () => {
    expect((await post('/api/inviteuser', invite(), 'parent@demo.test')).statusCode).toBe(403);
    expect((await post('/api/inviteuser', invite(), 'donor@demo.test')).statusCode).toBe(403);
  });

  it('answers 403 when the role may not invite that role', async () => {
    const cases: [string, number][] = [
      ['manager@demo.test', 7],
      ['manager@demo.test', 6],
      ['admin@demo.test', 1],
      ['master@demo.test', 6],
      ['master@demo.test', 9],
    ];
    for (const [as, userType] of cases) {
      const res = await post('/api/inviteuser', invite({ userType, centerId: 1 }), as);
      expect(res.statusCode, `${as} inviting ${userType}`).toBe(403);
      expect(body(res).message).toBe(MSG.UNAUTHORIZED);
    }
  });

  it('answers 400 with the field message for bad input', async () => {
    const noName = await post('/api/inviteuser', invite({ firstname: '' }), 'admin@demo.test');
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toBe('Please enter First Name');
    const badMail = await post('/api/inviteuser', invite({ username: 'nope' }), 'admin@demo.test');
    expect(body(badMail).message).toBe(MSG.INVALID_EMAIL);
    const badType = await post('/api/inviteuser', invite({ userType: 3 }), 'admin@demo.test');
    expect(badType.statusCode).toBe(400);
    const noCenter = await post('/api/inviteuser', invite({ userType: 7 }), 'master@demo.test');
    expect(body(noCenter).message).toBe(MSG.CENTER_REQUIRED);
    const dup = await post('/api/inviteuser', invite({ username: 'Parent@demo.test' }), 'admin@demo.test');
    expect(body(dup).message).toBe(MSG.USERNAME_EXISTS);
  });

  it('answers 404 for a manager of another center or someone who is not a manager', async () => {
    const other = await post(
      '/api/inviteuser',
      invite({ managerId: await idOf('manager85@demo.test') }),
      'admin@demo.test',
    );
    expect(other.statusCode).toBe(404);
    const notManager = await post(
      '/api/inviteuser',
      invite({ managerId: await idOf('admin@demo.test') }),
      'admin@demo.test',
    );
    expect(notManager.statusCode).toBe(404);
    const unknownCenter = await post(
      '/api/inviteuser',
      invite({ userType: 7, centerId: 999 }),
      'master@demo.test',
    );
    expect(unknownCenter.statusCode).toBe(404);
  });

  it('invites a client end to end: mail, sign-up details, sign-up, login', async () => {
    const managerId = await idOf('manager@demo.test');
    const res = await post('/api/inviteuser', invite({ managerId }), 'admin@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.INVITE_SENT);
    const created = await userRow('invitee@demo.test');
    expect(body<{ userId: number }>(res).data.userId).toBe(created.id);
    expect(created).toMatchObject({ status: 'Invited', passwordHash: null, managerId, centerId: 1, role: 9 });

    const mail = (await t.outbox('invitee@demo.test')).at(-1)!;
    expect(mail.emailTypeId).toBe(EMAIL_TYPE.INVITE_CLIENT);
    expect(mail.html).toContain('Alex Admin');
    expect(mail.html).toContain(`${t.config.publicUrl}/#/signup/`);
    const token = await inviteToken('invitee@demo.test');

    // Invited users cannot sign in before choosing a password.
    const early = await post('/api/authenticate', { username: 'invitee@demo.test', password: DEMO_PASSWORD });
    expect(body(early).data).toEqual({ outcome: 'failed', captchaRequired: false });

    const details = await post('/api/getusersignupdetails', { token });
    expect(details.statusCode).toBe(200);
    expect(body(details).data).toEqual({
      username: 'invitee@demo.test',
      firstname: 'Ivy',
      middlename: '',
      lastname: 'Invitee',
      contactno: '',
      userType: 9,
      agencyName: 'Main Agency',
    });

    const weak = await post('/api/signuptokenauth', {
      ...signup(token),
      password: 'short',
      password_c: 'short',
    });
    expect(body(weak).message).toBe(MSG.PASSWORD_RULE);

    const done = await post('/api/signuptokenauth', signup(token));
    expect(done.statusCode).toBe(200);
    expect(body(done)).toEqual({
      status: 'success',
      message: MSG.PASSWORD_UPDATED,
      data: { redirectUrl: '/login/invitee%40demo.test' },
    });
    const after = await userRow('invitee@demo.test');
    expect(after).toMatchObject({ status: 'Active', lastName: 'Signedup', contactNo: '5550001111' });
    expect(after.passwordHash!.startsWith('$argon2id$')).toBe(true);

    const login = await post('/api/authenticate', {
      username: 'invitee@demo.test',
      password: 'Chosen!Pass1',
    });
    expect(login.statusCode).toBe(200);

    const again = await post('/api/signuptokenauth', signup(token));
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(MSG.INVALID_LINK);
    expect(body(await post('/api/getusersignupdetails', { token })).message).toBe(MSG.INVALID_LINK);
  });

  it('lets a manager invite a donor, who starts with the pre-form', async () => {
    const res = await post(
      '/api/inviteuser',
      invite({ username: 'donor.invite@demo.test', userType: 2 }),
      'manager@demo.test',
    );
    expect(res.statusCode).toBe(200);
    const row = await userRow('donor.invite@demo.test');
    expect(row.managerId).toBeNull();
    expect(await t.db.select().from(donors).where(eq(donors.userId, row.id))).toHaveLength(1);
    expect((await t.outbox('donor.invite@demo.test')).at(-1)!.emailTypeId).toBe(EMAIL_TYPE.INVITE_DONOR);
    await post('/api/signuptokenauth', signup(await inviteToken('donor.invite@demo.test')));
    const login = await post('/api/authenticate', {
      username: 'donor.invite@demo.test',
      password: 'Chosen!Pass1',
    });
    expect(body<{ destination: string }>(login).data.destination).toBe('/preform');
  });

  it("assigns a manager's own clients to the manager", async () => {
    await post('/api/inviteuser', invite({ username: 'mine@demo.test' }), 'manager@demo.test');
    expect((await userRow('mine@demo.test')).managerId).toBe(await idOf('manager@demo.test'));
  });

  it('gives a consumer-site client the default case manager, or leaves her Pre-Active without one', async () => {
    await post('/api/inviteuser', invite({ username: 'consumer@demo.test' }), 'admin111@demo.test');
    await post('/api/signuptokenauth', signup(await inviteToken('consumer@demo.test')));
    const assigned = await userRow('consumer@demo.test');
    expect(assigned.managerId).toBe(await idOf('manager111@demo.test'));
    expect(assigned.status).toBe('Active');

    const [center] = await t.db.select().from(centers).where(eq(centers.id, 111));
    await t.db
      .update(centers)
      .set({ settings: { ...centerSettings(center!.settings), defaultCaseManagerId: null } })
      .where(eq(centers.id, 111));
    try {
      await post('/api/inviteuser', invite({ username: 'consumer2@demo.test' }), 'admin111@demo.test');
      await post('/api/signuptokenauth', signup(await inviteToken('consumer2@demo.test')));
      expect((await userRow('consumer2@demo.test')).status).toBe('Pre-Active');
    } finally {
      await t.db.update(centers).set({ settings: center!.settings }).where(eq(centers.id, 111));
    }
  });

  it('lets the master invite an admin into a named center', async () => {
    const res = await post(
      '/api/inviteuser',
      invite({ username: 'admin.new@demo.test', userType: 7, centerId: 85 }),
      'master@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect((await userRow('admin.new@demo.test')).centerId).toBe(85);
    expect((await t.outbox('admin.new@demo.test')).at(-1)!.emailTypeId).toBe(EMAIL_TYPE.INVITE_ADMIN);
  });
});

describe('POST /api/reinviteuser', () => {
  it('answers 401 anonymously and 403 to clients', async () => {
    expect((await post('/api/reinviteuser', { userId: 1 })).statusCode).toBe(401);
    expect((await post('/api/reinviteuser', { userId: 1 }, 'parent@demo.test')).statusCode).toBe(403);
  });

  it('answers 400 for bad input and for users who already signed up', async () => {
    expect((await post('/api/reinviteuser', {}, 'admin@demo.test')).statusCode).toBe(400);
    const active = await post(
      '/api/reinviteuser',
      { userId: await idOf('parent@demo.test') },
      'admin@demo.test',
    );
    expect(active.statusCode).toBe(400);
    expect(body(active).message).toBe(MSG.NOT_INVITED);
  });

  it("answers 404 for another center's user", async () => {
    await post('/api/inviteuser', invite({ username: 'elsewhere@demo.test' }), 'admin85@demo.test');
    const res = await post(
      '/api/reinviteuser',
      { userId: await idOf('elsewhere@demo.test') },
      'admin@demo.test',
    );
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 when the caller may not invite that role', async () => {
    await post(
      '/api/inviteuser',
      invite({ username: 'cm.invite@demo.test', userType: 6 }),
      'admin@demo.test',
    );
    const res = await post(
      '/api/reinviteuser',
      { userId: await idOf('cm.invite@demo.test') },
      'manager@demo.test',
    );
    expect(res.statusCode).toBe(403);
  });

  it('sends a new link and the old one stops working', async () => {
    await post('/api/inviteuser', invite({ username: 'again@demo.test' }), 'admin@demo.test');
    const oldToken = await inviteToken('again@demo.test');
    const res = await post('/api/reinviteuser', { userId: await idOf('again@demo.test') }, 'admin@demo.test');
    expect(res.statusCode).toBe(200);
    const newToken = await inviteToken('again@demo.test');
    expect(newToken).not.toBe(oldToken);
    expect(body(await post('/api/getusersignupdetails', { token: oldToken })).message).toBe(MSG.INVALID_LINK);
    expect((await post('/api/getusersignupdetails', { token: newToken })).statusCode).toBe(200);
  });
});

// Last: moving the clock two weeks on expires every session the other tests use.
describe('invitation expiry', () => {
  it('refuses an expired invitation', async () => {
    await post('/api/inviteuser', invite({ username: 'late@demo.test' }), 'admin@demo.test');
    const token = await inviteToken('late@demo.test');
    t.clock.advance(INVITE_TOKEN_TTL_MS + 1000);
    expect(body(await post('/api/getusersignupdetails', { token })).message).toBe(MSG.INVALID_LINK);
    expect(body(await post('/api/signuptokenauth', signup(token))).message).toBe(MSG.INVALID_LINK);
  });
});
