import {
  DEMO_PASSWORD,
  EMAIL_TYPE,
  INVITE_TOKEN_TTL_MS,
  MSG,
  ROLE,
  USERS_MSG,
  type UserList,
} from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centerSettings, centers, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userById, userMaker } from '../../test/user-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;

/** Users made for one test: active ones (second parents' primaries) and invited ones (another type). */
const makeUser = userMaker(() => t, {
  prefix: 'made',
  status: 'Active',
  lastName: 'User',
  passwordHash: 'x',
});
const makeInvited = userMaker(() => t, {
  prefix: 'tool',
  status: 'Invited',
  lastName: 'Person',
  contactNo: '5551234567',
});
const userRowById = userById(() => t);

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
describe('POST /api/invitesecondaryip', () => {
  const payload = (primary: number, over: Record<string, unknown> = {}) => ({
    primaryIP_id: primary,
    secondaryIP_username: `second${primary}@users.test`,
    secondaryIP_reusername: `second${primary}@users.test`,
    secondaryIP_fname: 'Sam',
    secondaryIP_lname: 'Second',
    ...over,
  });

  it('answers 401, 403, 400 and 404', async () => {
    const primary = await makeUser({ role: ROLE.CLIENT });
    expect((await post('/api/invitesecondaryip', payload(primary))).statusCode).toBe(401);
    expect((await post('/api/invitesecondaryip', payload(primary), 'donor@demo.test')).statusCode).toBe(403);
    // A parent invites only for themselves.
    expect((await post('/api/invitesecondaryip', payload(primary), 'parent@demo.test')).statusCode).toBe(403);
    const mismatch = await post(
      '/api/invitesecondaryip',
      payload(primary, { secondaryIP_reusername: 'other@users.test' }),
      'admin@demo.test',
    );
    expect(body(mismatch).message).toBe(USERS_MSG.USERNAME_REENTER);
    expect((await post('/api/invitesecondaryip', payload(primary), 'admin85@demo.test')).statusCode).toBe(
      404,
    );
  });

  it('invites the second parent, who signs up Pre-Active on the primary manager; only one', async () => {
    const manager = await idOf('manager@demo.test');
    const primary = await makeUser({ role: ROLE.CLIENT, managerId: manager });
    const res = await post('/api/invitesecondaryip', payload(primary), 'admin@demo.test');
    expect(res.statusCode).toBe(200);
    const secondId = body<{ userId: number }>(res).data.userId;
    expect(await userRowById(secondId)).toMatchObject({
      parentId: primary,
      managerId: manager,
      status: 'Invited',
    });
    const listed = body<UserList>(
      await post(
        '/api/getallintendedparents',
        { search: (await userRowById(primary)).username },
        'admin@demo.test',
      ),
    ).data;
    expect(listed.rows.map((r) => [r.userId, r.hasSecondary])).toEqual([[primary, true]]);
    const mail = (await t.outbox(`second${primary}@users.test`)).at(-1)!;
    const token = mail.html.match(/#\/signup\/([A-Za-z0-9_-]+)/)![1]!;
    const signup = await post('/api/signuptokenauth', {
      token,
      firstname: 'Sam',
      lastname: 'Second',
      contactno: '5550001111',
      password: 'Chosen!Pass1',
      password_c: 'Chosen!Pass1',
    });
    expect(signup.statusCode).toBe(200);
    expect((await userRowById(secondId)).status).toBe('Pre-Active');
    const again = await post(
      '/api/invitesecondaryip',
      payload(primary, {
        secondaryIP_username: 'third@users.test',
        secondaryIP_reusername: 'third@users.test',
      }),
      'admin@demo.test',
    );
    expect(body(again).message).toBe(USERS_MSG.SECONDARY_EXISTS);
    const ofSecondary = await post('/api/invitesecondaryip', payload(secondId), 'admin@demo.test');
    expect(body(ofSecondary).message).toBe(USERS_MSG.SECONDARY_OF_SECONDARY);
    // The primary sees their second parent in the profile.
    const mine = await post(
      '/api/invitesecondaryip',
      payload(await idOf('parent@demo.test')),
      'parent@demo.test',
    );
    expect(mine.statusCode).toBe(200);
    const seen = body<{ username: string }>(
      await get('/api/getsecondaryintendedparent', 'parent@demo.test'),
    ).data;
    expect(seen.username).toBe(`second${await idOf('parent@demo.test')}@users.test`);
  });
});

describe('POST /api/inviteuserforanotherrole', () => {
  const url = '/api/inviteuserforanotherrole';
  it('answers 401, 403, 400 and 404', async () => {
    const invited = await makeInvited({ role: ROLE.MANAGER });
    const payload = { user_id: invited, user_type: ROLE.CLIENT };
    expect((await post(url, payload)).statusCode).toBe(401);
    expect((await post(url, payload, 'parent@demo.test')).statusCode).toBe(403);
    const bad = await post(url, { user_id: invited, user_type: 3 }, 'admin@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('User type is invalid.');
    // Another center's user is not the caller's to see.
    expect((await post(url, payload, 'admin85@demo.test')).statusCode).toBe(404);
    // A manager sees only intended parents and donors: another manager is 404.
    expect((await post(url, payload, 'manager@demo.test')).statusCode).toBe(404);
    // The master invites admins only.
    const master = await post(url, { user_id: invited, user_type: ROLE.CLIENT }, 'master@demo.test');
    expect(master.statusCode).toBe(403);
  });

  it('refuses a signed-up user, the same type and a donor', async () => {
    const active = await makeInvited({ role: ROLE.MANAGER, status: 'Active' });
    const signedUp = await post(url, { user_id: active, user_type: ROLE.ADMIN }, 'admin@demo.test');
    expect(signedUp.statusCode).toBe(400);
    expect(body(signedUp).message).toBe(MSG.NOT_INVITED);
    const invited = await makeInvited({ role: ROLE.MANAGER });
    const same = await post(url, { user_id: invited, user_type: ROLE.MANAGER }, 'admin@demo.test');
    expect(body(same).message).toBe(USERS_MSG.SAME_ROLE);
    const donor = await makeInvited({ role: ROLE.DONOR });
    await t.db.insert(donors).values({ userId: donor, centerId: 1 });
    const fromDonor = await post(url, { user_id: donor, user_type: ROLE.CLIENT }, 'admin@demo.test');
    expect(fromDonor.statusCode).toBe(400);
    expect(body(fromDonor).message).toBe(USERS_MSG.DONOR_ROLE_FIXED);
    expect((await userRowById(donor)).role).toBe(ROLE.DONOR);
  });

  it('changes the type, e-mails a new link of that type and audits it', async () => {
    const invited = await makeInvited({ role: ROLE.MANAGER });
    const res = await post(url, { user_id: invited, user_type: ROLE.DONOR }, 'admin@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(USERS_MSG.ROLE_CHANGED);
    expect(body(res).data).toEqual({ userId: invited, role: ROLE.DONOR });
    expect((await userRowById(invited)).role).toBe(ROLE.DONOR);
    const [donorRow] = await t.db.select().from(donors).where(eq(donors.userId, invited));
    expect(donorRow?.centerId).toBe(1);
    const row = await userRowById(invited);
    expect((await t.outbox(row.username)).at(-1)!.emailTypeId).toBe(EMAIL_TYPE.INVITE_DONOR);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invite.another-role'), eq(auditLog.entityId, String(invited))));
    expect(logged).toHaveLength(1);
    // A manager turns an invited intended parent into a donor too, and a client gets a manager.
    const client = await makeInvited({ role: ROLE.CLIENT });
    const byManager = await post(url, { user_id: client, user_type: ROLE.DONOR }, 'manager@demo.test');
    expect(byManager.statusCode).toBe(200);
    const admin = await makeInvited({ role: ROLE.ADMIN });
    const toClient = await post(url, { user_id: admin, user_type: ROLE.CLIENT }, 'admin@demo.test');
    expect(toClient.statusCode).toBe(200);
    expect((await userRowById(admin)).role).toBe(ROLE.CLIENT);
  });
});

describe('invitation expiry', () => {
  it('refuses an expired invitation', async () => {
    await post('/api/inviteuser', invite({ username: 'late@demo.test' }), 'admin@demo.test');
    const token = await inviteToken('late@demo.test');
    t.clock.advance(INVITE_TOKEN_TTL_MS + 1000);
    expect(body(await post('/api/getusersignupdetails', { token })).message).toBe(MSG.INVALID_LINK);
    expect(body(await post('/api/signuptokenauth', signup(token))).message).toBe(MSG.INVALID_LINK);
  });
});
