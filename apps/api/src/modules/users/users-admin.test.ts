import { MSG, ROLE, USER_CSV_HEADER, USERS_MSG, type UserList } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolios, searchHistory, users } from '../../db/schema/index.js';
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
const userRow = userById(() => t);

/** A user made for one test, so tests do not lean on each other's changes. */
const makeUser = userMaker(() => t, {
  prefix: 'made',
  status: 'Active',
  lastName: 'User',
  passwordHash: 'x',
});

const status = (userId: number, s: string, as: string, extra: Record<string, unknown> = {}) =>
  post('/api/updateuserstatus', { user_id: userId, status: s, ...extra }, as);

describe('users grids', () => {
  const grids: [string, string, string][] = [
    ['/api/getallusers', 'admin@demo.test', 'parent@demo.test'],
    ['/api/getallintendedparents', 'admin@demo.test', 'manager@demo.test'],
    ['/api/getallcasemanagers', 'admin@demo.test', 'manager@demo.test'],
    ['/api/getalladmins', 'admin@demo.test', 'parent@demo.test'],
  ];

  it('answer 401 anonymously and 403 to roles without the page', async () => {
    for (const [url, , wrong] of grids) {
      expect((await post(url, {})).statusCode, url).toBe(401);
      expect((await post(url, {}, wrong)).statusCode, url).toBe(403);
      expect((await post(`${url}csv`, {})).statusCode, `${url}csv`).toBe(401);
      expect((await post(`${url}csv`, {}, wrong)).statusCode, `${url}csv`).toBe(403);
    }
  });

  it('answer 400 with the message for bad input', async () => {
    const res = await post('/api/getallusers', { sort: 'password' }, 'admin@demo.test');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Sort is invalid.');
    const big = await post('/api/getallusers', { to: 1000 }, 'admin@demo.test');
    expect(body(big).message).toBe('To must be at most 100.');
  });

  it("lists only the caller's center, never the master, with role grids fixed to their role", async () => {
    const all = body<UserList>(await post('/api/getallusers', { to: 100 }, 'admin@demo.test')).data;
    expect(all.rows.length).toBeGreaterThan(3);
    expect(all.rows.every((r) => r.centerId === 1 && r.role !== ROLE.MASTER)).toBe(true);
    const cms = body<UserList>(
      await post('/api/getallcasemanagers', { user_type_id: 9 }, 'admin@demo.test'),
    ).data;
    expect(cms.rows.every((r) => r.role === ROLE.MANAGER)).toBe(true);
    expect(cms.rows.map((r) => r.username)).toContain('manager@demo.test');
    const parents = body<UserList>(await post('/api/getallintendedparents', {}, 'admin@demo.test')).data;
    const parent = parents.rows.find((r) => r.username === 'parent@demo.test')!;
    expect(parent).toMatchObject({ role: 9, status: 'Active', managerName: 'Casey Manager' });
  });

  it('filters by status, role, search and scope; sorts and pages', async () => {
    const archived = await makeUser({ role: ROLE.CLIENT, status: 'Archived', firstName: 'Zed' });
    const onlyArchived = body<UserList>(
      await post('/api/getallusers', { user_status: 'Archived', user_type_id: 9 }, 'admin@demo.test'),
    ).data;
    expect(onlyArchived.rows.map((r) => r.userId)).toContain(archived);
    expect(onlyArchived.rows.every((r) => r.status === 'Archived' && r.role === 9)).toBe(true);
    const found = body<UserList>(
      await post('/api/getallusers', { search: 'zed user' }, 'admin@demo.test'),
    ).data;
    expect(found.rows.map((r) => r.userId)).toEqual([archived]);
    // Contains, not starts with: the middle of the e-mail finds the user; % is a plain character.
    const middle = `ade${makeUser.count}@users.te`;
    const byMail = body<UserList>(await post('/api/getallusers', { search: middle }, 'admin@demo.test')).data;
    expect(byMail.rows.map((r) => r.userId)).toEqual([archived]);
    const percent = body<UserList>(await post('/api/getallusers', { search: '%' }, 'admin@demo.test')).data;
    expect(percent).toMatchObject({ rows: [], count: 0 });
    const desc = body<UserList>(
      await post('/api/getallusers', { sort: 'name', ord: 'desc', to: 2 }, 'admin@demo.test'),
    ).data;
    expect(desc.rows).toHaveLength(2);
    expect(desc.count).toBeGreaterThan(2);
    expect(desc.rows[0]!.firstName.toLowerCase() >= desc.rows[1]!.firstName.toLowerCase()).toBe(true);
    const page2 = body<UserList>(
      await post('/api/getallusers', { sort: 'name', ord: 'desc', to: 2, from: 2 }, 'admin@demo.test'),
    ).data;
    expect(page2.rows[0]!.userId).not.toBe(desc.rows[0]!.userId);
  });

  it("shows a manager only the center's intended parents, 'my' ones on request", async () => {
    const mine = await makeUser({ role: ROLE.CLIENT, managerId: await idOf('manager@demo.test') });
    const other = await makeUser({ role: ROLE.CLIENT });
    const all = body<UserList>(await post('/api/getallusers', { to: 100 }, 'manager@demo.test')).data;
    expect(all.rows.every((r) => r.role === ROLE.CLIENT && r.centerId === 1)).toBe(true);
    expect(all.rows.map((r) => r.userId)).toEqual(expect.arrayContaining([mine, other]));
    const my = body<UserList>(
      await post('/api/getallusers', { scope: 'my', to: 100 }, 'manager@demo.test'),
    ).data;
    expect(my.rows.map((r) => r.userId)).toContain(mine);
    expect(my.rows.map((r) => r.userId)).not.toContain(other);
    const admins = body<UserList>(
      await post('/api/getallusers', { user_type_id: 7 }, 'manager@demo.test'),
    ).data;
    expect(admins.rows).toEqual([]);
  });

  it("streams a CSV of every page with only the caller's center", async () => {
    const res = await post('/api/getalluserscsv', { to: 1 }, 'admin85@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('users.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(USER_CSV_HEADER.join(','));
    expect(lines.length).toBeGreaterThan(2); // every page, not the one-row page asked for
    const agencyColumn = USER_CSV_HEADER.indexOf('Agency');
    expect(lines.slice(1).every((l) => l.split(',')[agencyColumn] === 'Hatch Fertility')).toBe(true);
    expect(res.body).not.toContain('admin@demo.test');
    const cms = await post('/api/getallcasemanagerscsv', {}, 'admin@demo.test');
    const rows = cms.body.trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.includes('Case Manager'))).toBe(true);
  });
});

describe('POST /api/updateuserstatus', () => {
  it('answers 401, 403, 400 and 404', async () => {
    const client = await makeUser({ role: ROLE.CLIENT, managerId: await idOf('manager@demo.test') });
    expect((await status(client, 'Archived', '')).statusCode).toBe(401);
    expect((await status(client, 'Archived', 'parent@demo.test')).statusCode).toBe(403);
    const bad = await status(client, 'Invited', 'admin@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Status is invalid.');
    expect((await status(client, 'Archived', 'admin85@demo.test')).statusCode).toBe(404);
    // A manager changes intended parents only (others are not in a manager's grid: 404).
    const cm = await makeUser({ role: ROLE.MANAGER });
    expect((await status(cm, 'Archived', 'manager@demo.test')).statusCode).toBe(404);
    // The master admin (in center 1) is nobody's to change.
    expect((await status(await idOf('master@demo.test'), 'Archived', 'admin@demo.test')).statusCode).toBe(
      404,
    );
  });

  it('refuses Active for a client without a case manager, with the spec message', async () => {
    const client = await makeUser({ role: ROLE.CLIENT, status: 'Archived' });
    const res = await status(client, 'Active', 'admin@demo.test');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Please assign a case manager to the Intended Parent first.');
    expect((await userRow(client)).status).toBe('Archived');
    await t.db
      .update(users)
      .set({ managerId: await idOf('manager@demo.test') })
      .where(eq(users.id, client));
    const done = await status(client, 'Active', 'admin@demo.test');
    expect(done.statusCode).toBe(200);
    expect(body(done).message).toBe(USERS_MSG.STATUS_UPDATED);
    expect((await userRow(client)).status).toBe('Active');
  });

  it("lets a secondary parent become Active on the primary's case manager", async () => {
    const primary = await makeUser({ role: ROLE.CLIENT, managerId: await idOf('manager@demo.test') });
    const secondary = await makeUser({ role: ROLE.CLIENT, status: 'Pre-Active', parentId: primary });
    expect((await status(secondary, 'Active', 'admin@demo.test')).statusCode).toBe(200);
    const lonely = await makeUser({ role: ROLE.CLIENT });
    const second = await makeUser({ role: ROLE.CLIENT, status: 'Pre-Active', parentId: lonely });
    expect(body(await status(second, 'Active', 'admin@demo.test')).message).toBe(
      USERS_MSG.ASSIGN_MANAGER_FIRST,
    );
  });

  it('moves secondary parents with their primary to Archived or Pre-Active, except the Invited', async () => {
    const manager = await idOf('manager@demo.test');
    const primary = await makeUser({ role: ROLE.CLIENT, managerId: manager });
    const follower = await makeUser({ role: ROLE.CLIENT, managerId: manager, parentId: primary });
    const invited = await makeUser({ role: ROLE.CLIENT, status: 'Invited', parentId: primary });
    const res = await status(primary, 'Pre-Active', 'admin@demo.test');
    expect(body<{ followers: number[] }>(res).data.followers).toEqual([follower]);
    expect((await userRow(follower)).status).toBe('Pre-Active');
    expect((await userRow(invited)).status).toBe('Invited');
    await status(primary, 'Archived', 'admin@demo.test');
    expect((await userRow(follower)).status).toBe('Archived');
    expect((await userRow(invited)).status).toBe('Invited');
    // Activating the primary does not activate the secondary.
    await status(primary, 'Active', 'admin@demo.test');
    expect((await userRow(follower)).status).toBe('Archived');
  });

  it('asks to confirm Pre-Active for an active consumer-center client', async () => {
    const client = await makeUser({
      role: ROLE.CLIENT,
      centerId: 111,
      managerId: await idOf('manager111@demo.test'),
    });
    const ask = await status(client, 'Pre-Active', 'admin111@demo.test');
    expect(ask.statusCode).toBe(409);
    expect(body(ask)).toMatchObject({ message: USERS_MSG.PREACTIVE_CONFIRM, data: { confirm: 'preactive' } });
    expect((await userRow(client)).status).toBe('Active');
    const done = await status(client, 'Pre-Active', 'admin111@demo.test', { confirmed: true });
    expect(done.statusCode).toBe(200);
    expect((await userRow(client)).status).toBe('Pre-Active');
    // Other centers do not ask.
    const elsewhere = await makeUser({ role: ROLE.CLIENT, managerId: await idOf('manager@demo.test') });
    expect((await status(elsewhere, 'Pre-Active', 'admin@demo.test')).statusCode).toBe(200);
  });

  it('needs an archive reason for an active or pre-active consumer-center client, and keeps it', async () => {
    const client = await makeUser({ role: ROLE.CLIENT, centerId: 111, status: 'Pre-Active' });
    const res = await status(client, 'Archived', 'admin111@demo.test');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Please enter Archive Reason');
    const done = await status(client, 'Archived', 'admin111@demo.test', { archiveReason: 'Moved abroad' });
    expect(done.statusCode).toBe(200);
    expect(await userRow(client)).toMatchObject({ status: 'Archived', archivedNote: 'Moved abroad' });
  });

  it('asks before archiving a case manager with an active portfolio', async () => {
    const cm = await makeUser({ role: ROLE.MANAGER });
    const free = await makeUser({ role: ROLE.MANAGER });
    await t.db
      .insert(portfolios)
      .values({ centerId: 1, name: 'Busy', status: 'Active', managerId: cm, createdBy: cm });
    const check = await get(`/api/checkmanageractiveportfolio/${cm}`, 'admin@demo.test');
    expect(body(check).data).toEqual({ portfolios: 1 });
    expect((await get(`/api/checkmanageractiveportfolio/${cm}`, 'admin85@demo.test')).statusCode).toBe(404);
    const ask = await status(cm, 'Archived', 'admin@demo.test');
    expect(ask.statusCode).toBe(409);
    expect(body(ask)).toMatchObject({
      message: USERS_MSG.PORTFOLIO_CONFIRM,
      data: { confirm: 'portfolio', portfolios: 1 },
    });
    expect((await status(cm, 'Archived', 'admin@demo.test', { confirmed: true })).statusCode).toBe(200);
    expect((await userRow(cm)).status).toBe('Archived');
    expect((await status(free, 'Archived', 'admin@demo.test')).statusCode).toBe(200);
  });

  it('refuses Pre-Active for staff and Active for someone who never signed up', async () => {
    const cm = await makeUser({ role: ROLE.MANAGER });
    expect(body(await status(cm, 'Pre-Active', 'admin@demo.test')).message).toBe(
      USERS_MSG.PREACTIVE_CLIENTS_ONLY,
    );
    const invited = await makeUser({ role: ROLE.MANAGER, status: 'Invited' });
    expect(body(await status(invited, 'Active', 'admin@demo.test')).message).toBe(USERS_MSG.NOT_SIGNED_UP);
  });
});

describe('POST /api/updateuserdetails, /api/settemporarypassword, DELETE /api/deleteuser', () => {
  const details = (userId: number, over: Record<string, unknown> = {}) => ({
    user_id: userId,
    firstname: 'New',
    lastname: 'Name',
    email: `renamed${userId}@users.test`,
    contactno: '(212) 555-0100',
    ...over,
  });

  it('updates details with 401/403/400/404 around it', async () => {
    const id = await makeUser({ role: ROLE.CLIENT });
    expect((await post('/api/updateuserdetails', details(id))).statusCode).toBe(401);
    expect((await post('/api/updateuserdetails', details(id), 'donor@demo.test')).statusCode).toBe(403);
    const missing = await post('/api/updateuserdetails', details(id, { contactno: '' }), 'admin@demo.test');
    expect(body(missing).message).toBe('Please enter Contact Number');
    const taken = await post(
      '/api/updateuserdetails',
      details(id, { email: 'parent@demo.test' }),
      'admin@demo.test',
    );
    expect(body(taken).message).toBe(MSG.USERNAME_EXISTS);
    expect((await post('/api/updateuserdetails', details(id), 'admin85@demo.test')).statusCode).toBe(404);
    const res = await post('/api/updateuserdetails', details(id), 'admin@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ firstName: 'New', lastName: 'Name', contactNo: '2125550100' });
    expect((await userRow(id)).username).toBe(`renamed${id}@users.test`);
  });

  it('sets a temporary password (admins only) the user can log in with', async () => {
    const id = await makeUser({ role: ROLE.CLIENT, managerId: await idOf('manager@demo.test') });
    const payload = { user_id: id, password: 'Temp!Pass1', password_c: 'Temp!Pass1' };
    expect((await post('/api/settemporarypassword', payload)).statusCode).toBe(401);
    expect((await post('/api/settemporarypassword', payload, 'manager@demo.test')).statusCode).toBe(403);
    const mismatch = await post(
      '/api/settemporarypassword',
      { ...payload, password_c: 'Other!Pass1' },
      'admin@demo.test',
    );
    expect(body(mismatch).message).toBe(MSG.PASSWORD_MISMATCH);
    expect((await post('/api/settemporarypassword', payload, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await post('/api/settemporarypassword', payload, 'admin@demo.test')).statusCode).toBe(200);
    const login = await post('/api/authenticate', {
      username: (await userRow(id)).username,
      password: 'Temp!Pass1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('deletes a user (admins only); one with records is refused', async () => {
    const id = await makeUser({ role: ROLE.MANAGER });
    expect((await t.request({ method: 'DELETE', url: `/api/deleteuser/${id}` })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/deleteuser/${id}`, as: 'manager@demo.test' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/deleteuser/abc', as: 'admin@demo.test' })).statusCode,
    ).toBe(400);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/deleteuser/${id}`, as: 'admin85@demo.test' }))
        .statusCode,
    ).toBe(404);
    const self = await t.request({
      method: 'DELETE',
      url: `/api/deleteuser/${await idOf('admin@demo.test')}`,
      as: 'admin@demo.test',
    });
    expect(body(self).message).toBe(USERS_MSG.DELETE_SELF);
    const res = await t.request({ method: 'DELETE', url: `/api/deleteuser/${id}`, as: 'admin@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
  });
});

describe('assignment', () => {
  it('assigns clients (and their secondary parents) to a manager', async () => {
    const manager = await idOf('manager@demo.test');
    const a = await makeUser({ role: ROLE.CLIENT });
    const b = await makeUser({ role: ROLE.CLIENT });
    const second = await makeUser({ role: ROLE.CLIENT, parentId: a });
    const payload = { manager_id: manager, clients: [a, b] };
    expect((await post('/api/assignclienttomanager', payload)).statusCode).toBe(401);
    expect((await post('/api/assignclienttomanager', payload, 'manager@demo.test')).statusCode).toBe(403);
    const none = await post(
      '/api/assignclienttomanager',
      { manager_id: manager, clients: [] },
      'admin@demo.test',
    );
    expect(body(none).message).toBe('Please select atleast one value');
    expect((await post('/api/assignclienttomanager', payload, 'admin85@demo.test')).statusCode).toBe(404);
    const foreign = await makeUser({ role: ROLE.CLIENT, centerId: 85 });
    const mixed = await post(
      '/api/assignclienttomanager',
      { manager_id: manager, clients: [a, foreign] },
      'admin@demo.test',
    );
    expect(mixed.statusCode).toBe(404);
    const res = await post('/api/assignclienttomanager', payload, 'admin@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ assigned: 3 });
    for (const id of [a, b, second]) expect((await userRow(id)).managerId).toBe(manager);
    // The unassigned list no longer has them.
    const left = body<UserList>(
      await post('/api/getclientstobeassign', { scope: 'unassigned', to: 100 }, 'admin@demo.test'),
    ).data;
    expect(left.rows.map((r) => r.userId)).not.toContain(a);
    expect(left.rows.every((r) => r.parentId === null && r.managerId === null)).toBe(true);
  });

  it('assigns one client from a grid row', async () => {
    const manager = await idOf('manager@demo.test');
    const a = await makeUser({ role: ROLE.CLIENT });
    const res = await post(
      '/api/assignparticularclient',
      { manager_id: manager, client_id: a },
      'admin@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect((await userRow(a)).managerId).toBe(manager);
    const notManager = await post(
      '/api/assignparticularclient',
      { manager_id: await idOf('admin@demo.test'), client_id: a },
      'admin@demo.test',
    );
    expect(notManager.statusCode).toBe(404);
  });

  it('assigns donors to an admin or manager', async () => {
    const donor = await idOf('donor@demo.test');
    const admin = await idOf('admin@demo.test');
    const payload = { admin_manager_id: admin, donors: [donor] };
    expect((await post('/api/assigndonortoadminmanager', payload)).statusCode).toBe(401);
    expect((await post('/api/assigndonortoadminmanager', payload, 'manager@demo.test')).statusCode).toBe(403);
    expect(
      body(
        await post(
          '/api/assigndonortoadminmanager',
          { admin_manager_id: admin, donors: [] },
          'admin@demo.test',
        ),
      ).message,
    ).toBe(USERS_MSG.SELECT_ONE);
    expect((await post('/api/assigndonortoadminmanager', payload, 'admin85@demo.test')).statusCode).toBe(404);
    const notDonor = await post(
      '/api/assigndonortoadminmanager',
      { admin_manager_id: admin, donors: [await idOf('parent@demo.test')] },
      'admin@demo.test',
    );
    expect(notDonor.statusCode).toBe(404);
    expect((await post('/api/assigndonortoadminmanager', payload, 'admin@demo.test')).statusCode).toBe(200);
    expect((await userRow(donor)).managerId).toBe(admin);
    const list = body<UserList>(
      await post('/api/getdonorstobeassign', { manager_id: admin }, 'admin@demo.test'),
    ).data;
    expect(list.rows.map((r) => r.userId)).toEqual([donor]);
    expect(list.rows[0]!.managerName).toBe('Alex Admin');
    const options = body<{ userId: number; role: number }[]>(
      await get('/api/getadmin', 'admin@demo.test'),
    ).data;
    expect(new Set(options.map((o) => o.role))).toEqual(new Set([6, 7]));
  });
});

describe('IP search history and registered IP report', () => {
  it('lists the searches of the caller center only', async () => {
    const parent = await idOf('parent@demo.test');
    const parent85 = await idOf('parent85@demo.test');
    await t.db.insert(searchHistory).values([
      {
        userId: parent,
        centerId: 1,
        filters: { race: ['Asian'], minage: 21, maxage: 30 } as never,
        resultCount: 12,
      },
      { userId: parent85, centerId: 85, filters: {} as never, resultCount: 3 },
    ]);
    expect((await post('/api/getipsearchhistory', {})).statusCode).toBe(401);
    expect((await post('/api/getipsearchhistory', {}, 'parent@demo.test')).statusCode).toBe(403);
    expect(body(await post('/api/getipsearchhistory', { sort: 'x' }, 'admin@demo.test')).message).toBe(
      'Sort is invalid.',
    );
    const res = await post('/api/getipsearchhistory', { ord: 'desc' }, 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    const data = body<{ rows: { userId: number; summary: string; resultCount: number }[] }>(res).data;
    expect(data.rows.every((r) => r.userId !== parent85)).toBe(true);
    const row = data.rows.find((r) => r.userId === parent)!;
    expect(row).toMatchObject({ resultCount: 12 });
    expect(row.summary).toContain('race: Asian');
    expect(row.summary).toContain('age: 21-30');
  });

  it('streams the registered IP CSV for a date range and status, own center only', async () => {
    const payload = { startdate: '2000-01-01', lastdate: '2100-01-01', userstatus: 'Active' };
    expect((await post('/api/generateregisteredipcsv', payload)).statusCode).toBe(401);
    expect((await post('/api/generateregisteredipcsv', payload, 'manager@demo.test')).statusCode).toBe(403);
    const backwards = await post(
      '/api/generateregisteredipcsv',
      { ...payload, startdate: '2101-01-01' },
      'admin@demo.test',
    );
    expect(body(backwards).message).toBe(USERS_MSG.INVALID_DATE_RANGE);
    const res = await post('/api/generateregisteredipcsv', payload, 'admin85@demo.test');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines.slice(1).length).toBeGreaterThan(0);
    expect(res.body).toContain('parent85@demo.test');
    expect(res.body).not.toContain('parent@demo.test');
    expect(lines.slice(1).every((l) => l.includes(',Active,'))).toBe(true);
    const empty = await post(
      '/api/generateregisteredipcsv',
      { startdate: '2001-01-01', lastdate: '2001-01-02', userstatus: '' },
      'admin85@demo.test',
    );
    // Nothing to download: the usual envelope with the message the web app shows as a warning.
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toContain('application/json');
    expect(body(empty).message).toBe(MSG.NOTHING_TO_DOWNLOAD);
  });
});

describe('inviting: the spec rules', () => {
  it('refuses a username equal to the first or last name', async () => {
    const res = await post(
      '/api/inviteuser',
      { username: 'same@x.test', userType: 6, firstname: 'same@x.test', lastname: 'B' },
      'admin@demo.test',
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(USERS_MSG.USERNAME_SAME_AS_NAME);
  });

  it('lets a manager and an admin fetch the case managers to pick', async () => {
    const list = body<{ name: string; role: number }[]>(
      await get('/api/getcasemanagerlist', 'admin@demo.test'),
    ).data;
    expect(list.map((m) => m.name)).toContain('Casey Manager');
    expect(list.every((m) => m.role === 6)).toBe(true);
    expect((await get('/api/getcasemanagerlist')).statusCode).toBe(401);
    expect((await get('/api/getcasemanagerlist', 'donor@demo.test')).statusCode).toBe(403);
  });
});
