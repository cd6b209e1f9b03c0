import { type DonorGridPage, type DonorGridRow, type ImportStatus, MSG, STAFF_DONOR_MSG } from '@dm/shared';
import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  donorImports,
  donors,
  fieldMappings,
  matchEvents,
  matches,
  users,
} from '../../db/schema/index.js';
import { parseCsv } from '../../platform/csv.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { runPendingImports } from './staff-donors.import.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';
const ADMIN85 = 'admin85@demo.test';
const CLIENT = 'parent@demo.test';
const MASTER = 'master@demo.test';

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, as: string | null = ADMIN) =>
  t.request({
    method,
    url,
    as,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function userId(username: string): Promise<number> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u!.id;
}

async function centerDonorCount(centerId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(donors)
    .where(and(eq(donors.centerId, centerId), eq(donors.archived, false)));
  return row!.n;
}

/** A synthetic donor of a center in a given availability (set here, so tests do not share one). */
async function donorOf(centerId: number, skip = 0, availability = 'Available'): Promise<number> {
  const rows = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(
      and(
        eq(donors.centerId, centerId),
        like(users.username, 'donor%@synthetic.test'),
        eq(donors.archived, false),
      ),
    )
    .orderBy(donors.userId)
    .offset(skip)
    .limit(1);
  const id = rows[0]!.id;
  await t.db.update(donors).set({ availability, reservedParentId: null }).where(eq(donors.userId, id));
  return id;
}

describe('access of every staff donor route', () => {
  const routes: {
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    payload?: unknown;
    page: 'viewdonor' | 'other';
  }[] = [
    { method: 'POST', url: '/api/getdonorbycenter', payload: {}, page: 'viewdonor' },
    { method: 'GET', url: '/api/getdonorbycentercsv', page: 'viewdonor' },
    { method: 'GET', url: '/api/reservationcandidates', page: 'viewdonor' },
    {
      method: 'POST',
      url: '/api/reservedonorformatch',
      payload: { donorid: 1, parentid: 1 },
      page: 'viewdonor',
    },
    { method: 'POST', url: '/api/unreservedonorformatch', payload: { donorid: 1 }, page: 'viewdonor' },
    { method: 'POST', url: '/api/getreserveddonorip', payload: { donorid: 1 }, page: 'viewdonor' },
    { method: 'POST', url: '/api/inviteExistedDonor', payload: { user_id: 1 }, page: 'viewdonor' },
    { method: 'POST', url: '/api/getlastinvitedtime', payload: { user_id: 1 }, page: 'viewdonor' },
    { method: 'POST', url: '/api/setpriority/1', payload: { priority: 2 }, page: 'viewdonor' },
    { method: 'GET', url: '/api/checkagencyallowedintulip', page: 'viewdonor' },
    {
      method: 'POST',
      url: '/api/donorvisibilityintulip',
      payload: { user_id: 1, allowed_for_tulip: true },
      page: 'viewdonor',
    },
    {
      method: 'POST',
      url: '/api/updatedonorstatuswithemail',
      payload: { donor_id: 1, status: 'Available', message: 'x' },
      page: 'viewdonor',
    },
    { method: 'DELETE', url: '/api/harddeletedonor/1', payload: { typed_id: '1' }, page: 'viewdonor' },
    { method: 'DELETE', url: '/api/deletedonor/1', page: 'viewdonor' },
    { method: 'POST', url: '/api/importdonors', payload: { files: [] }, page: 'other' },
    { method: 'GET', url: '/api/importstatus/0', page: 'other' },
    { method: 'POST', url: '/api/getblankmandatoryfields', payload: {}, page: 'other' },
    { method: 'POST', url: '/api/fetcharchiveddonors', payload: {}, page: 'other' },
    { method: 'POST', url: '/api/fetchagenciesdonorcountmonthly', payload: {}, page: 'other' },
  ];
  it('answers 401 without a session', async () => {
    for (const r of routes) expect((await req(r.method, r.url, r.payload, null)).statusCode, r.url).toBe(401);
  });
  it('answers 403 to roles without the page', async () => {
    for (const r of routes)
      expect((await req(r.method, r.url, r.payload, CLIENT)).statusCode, r.url).toBe(403);
    expect((await req('POST', '/api/getblankmandatoryfields', {}, MANAGER)).statusCode).toBe(403);
    expect((await req('POST', '/api/fetchagenciesdonorcountmonthly', {}, ADMIN)).statusCode).toBe(403);
    expect((await req('POST', '/api/getdonorbycenter', {}, MASTER)).statusCode).toBe(403);
  });
  it('keeps the admin-only tools from case managers (CSV, delete, hard delete, import)', async () => {
    const id = await donorOf(1, 5);
    expect((await req('GET', '/api/getdonorbycentercsv', undefined, MANAGER)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/deletedonor/${id}`, undefined, MANAGER)).statusCode).toBe(403);
    expect(
      (await req('DELETE', `/api/harddeletedonor/${id}`, { typed_id: String(id) }, MANAGER)).statusCode,
    ).toBe(403);
    expect((await req('GET', '/api/importstatus/0', undefined, MANAGER)).statusCode).toBe(403);
  });
  it("answers 404 for another center's donor", async () => {
    const other = await donorOf(85);
    const parent = await userId(CLIENT);
    const cases: [string, string, unknown][] = [
      ['POST', '/api/reservedonorformatch', { donorid: other, parentid: parent }],
      ['POST', '/api/unreservedonorformatch', { donorid: other }],
      ['POST', '/api/getreserveddonorip', { donorid: other }],
      ['POST', '/api/inviteExistedDonor', { user_id: other }],
      ['POST', '/api/getlastinvitedtime', { user_id: other }],
      ['POST', `/api/setpriority/${other}`, { priority: 3 }],
      ['POST', '/api/donorvisibilityintulip', { user_id: other, allowed_for_tulip: false }],
      [
        'POST',
        '/api/updatedonorstatuswithemail',
        { donor_id: other, status: 'Unavailable', message: 'Hello' },
      ],
      ['DELETE', `/api/harddeletedonor/${other}`, { typed_id: String(other) }],
      ['DELETE', `/api/deletedonor/${other}`, undefined],
    ];
    for (const [method, url, payload] of cases)
      expect((await req(method as 'POST', url, payload)).statusCode, url).toBe(404);
    expect((await req('POST', '/api/fetcharchiveddonors', { center: 85 })).statusCode).toBe(404);
    const [imp] = await t.db
      .insert(donorImports)
      .values({ centerId: 85, files: [], fileNames: ['x'], status: 'done' })
      .returning();
    expect((await req('GET', `/api/importstatus/${imp!.id}`)).statusCode).toBe(404);
  });
});

describe('donor grid', () => {
  it('lists only the center, pages, sorts and searches', async () => {
    const res = await req('POST', '/api/getdonorbycenter', { from: 0, to: 5, sort: 'donor_id', ord: 'asc' });
    expect(res.statusCode).toBe(200);
    const page = body<DonorGridPage>(res).data;
    expect(page.rows).toHaveLength(5);
    const n = await centerDonorCount(1);
    expect(page.total).toBe(n);
    const ids = page.rows.map((r) => r.donorId ?? '');
    expect([...ids].sort()).toEqual(ids);
    const centers = await t.db
      .select({ c: donors.centerId })
      .from(donors)
      .where(
        sql`${donors.userId} in (${sql.join(
          page.rows.map((r) => sql`${r.userId}`),
          sql`, `,
        )})`,
      );
    expect(new Set(centers.map((c) => c.c))).toEqual(new Set([1]));
    const first = page.rows[0]!;
    const found = body<DonorGridPage>(
      await req('POST', '/api/getdonorbycenter', { search: first.username }),
    ).data;
    expect(found.rows.map((r) => r.userId)).toContain(first.userId);
    expect(found.total).toBe(1);
  });
  it('sorts by the name as the grid shows it (first, then last), both ways, over every page', async () => {
    const n = await centerDonorCount(1);
    const key = (r: DonorGridRow) => `${r.firstName} ${r.lastName}`.toLowerCase();
    const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    for (const ord of ['asc', 'desc'] as const) {
      const page = body<DonorGridPage>(
        await req('POST', '/api/getdonorbycenter', { from: 0, to: n, sort: 'name', ord }),
      ).data;
      expect(page.rows).toHaveLength(n);
      const keys = page.rows.map(key);
      const sorted = [...keys].sort(byCodeUnit);
      expect(keys).toEqual(ord === 'asc' ? sorted : sorted.reverse());
    }
  });
  it('filters by availability and frozen availability', async () => {
    const id = await donorOf(1, 7, 'On Hold');
    await t.db.update(donors).set({ frozenAvailability: 'Frozen Eggs Pending' }).where(eq(donors.userId, id));
    const page = body<DonorGridPage>(
      await req('POST', '/api/getdonorbycenter', {
        donor_availability: ['On Hold'],
        donor_frozen_availability: ['Frozen Eggs Pending'],
      }),
    ).data;
    expect(page.rows.map((r) => r.userId)).toContain(id);
    expect(page.rows.every((r) => r.availability === 'On Hold')).toBe(true);
  });
  it('answers 400 with the message for a bad filter', async () => {
    const res = await req('POST', '/api/getdonorbycenter', { donor_availability: ['Sleeping'] });
    expect(res.statusCode).toBe(400);
    const answer = body<{ fields: { field: string }[] }>(res);
    expect(answer.message).toBe('Donor availability is invalid.');
    expect(answer.data.fields[0]!.field).toBe('donor_availability.0');
  });
  it('counts matches by the filter steps (Waiting to Confirm covers Active) and parent status', async () => {
    const donor = await donorOf(1, 9);
    const parent = await userId(CLIENT);
    await t.db.insert(matches).values({
      donorId: donor,
      parentId: parent,
      donorCenterId: 1,
      parentCenterId: 1,
      status: 'Active',
      requestedAt: new Date(),
      statusChangedAt: new Date(),
    });
    const count = async (payload: Record<string, unknown>) =>
      body<DonorGridPage>(
        await req('POST', '/api/getdonorbycenter', { ...payload, matched_only: true, to: 100 }),
      ).data.rows.find((r) => r.userId === donor)?.matchCount ?? 0;
    expect(await count({})).toBe(1);
    expect(await count({ match_status_filter: ['Confirm'] })).toBe(1);
    expect(await count({ match_status_filter: ['Queued'] })).toBe(0);
    expect(await count({ parent_status: ['Archived'] })).toBe(0);
    await t.db.delete(matches).where(eq(matches.donorId, donor));
  });
});

describe('CSV export', () => {
  it("streams every page, only the caller's center", async () => {
    const res = await req('GET', '/api/getdonorbycentercsv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = parseCsv(res.body);
    expect(rows[0]![0]).toBe('User ID');
    const ids = rows.slice(1).map((r) => Number(r[0]));
    const n = await centerDonorCount(1);
    expect(ids).toHaveLength(n);
    const centers = await t.db
      .selectDistinct({ c: donors.centerId })
      .from(donors)
      .where(inArray(donors.userId, ids));
    expect(centers).toEqual([{ c: 1 }]);
    // Another center's admin gets its own donors only.
    const other = parseCsv((await req('GET', '/api/getdonorbycentercsv', undefined, ADMIN85)).body).slice(1);
    expect(other.some((r) => ids.includes(Number(r[0])))).toBe(false);
    expect(other.length).toBeGreaterThan(0);
  });
  it('keeps the filters and escapes formula cells', async () => {
    const id = await donorOf(1, 11, 'Under Review');
    await t.db.update(users).set({ firstName: '=HYPERLINK("x")' }).where(eq(users.id, id));
    const rows = parseCsv(
      (await req('GET', '/api/getdonorbycentercsv?donor_availability=Under%20Review')).body,
    ).slice(1);
    expect(rows.every((r) => r[6] === 'Under Review')).toBe(true);
    expect(rows.find((r) => Number(r[0]) === id)![2]).toBe(`'=HYPERLINK("x")`);
  });
});

describe('reserve and unreserve', () => {
  it('reserves through the match workflow and releases to the chosen status', async () => {
    const donor = await donorOf(1, 13);
    const parent = await userId(CLIENT);
    const manager = await userId(MANAGER);
    const res = await req('POST', '/api/reservedonorformatch', {
      donorid: donor,
      parentid: parent,
      managerid: manager,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(STAFF_DONOR_MSG.RESERVED);
    const [d] = await t.db.select().from(donors).where(eq(donors.userId, donor));
    expect(d).toMatchObject({
      availability: 'Reserved',
      reservedParentId: parent,
      reservedManagerId: manager,
    });
    const [m] = await t.db
      .select()
      .from(matches)
      .where(and(eq(matches.donorId, donor), eq(matches.parentId, parent)));
    expect(m!.status).toBe('Confirm');
    const events = await t.db.select().from(matchEvents).where(eq(matchEvents.matchId, m!.id));
    expect(events.map((e) => e.action)).toEqual(['reserve']);
    // A reserved donor cannot be reserved again, nor requested by another parent.
    const again = await req('POST', '/api/reservedonorformatch', { donorid: donor, parentid: parent });
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(STAFF_DONOR_MSG.ALREADY_RESERVED);
    const who = body<{ parentId: number }>(
      await req('POST', '/api/getreserveddonorip', { donorid: donor }),
    ).data;
    expect(who.parentId).toBe(parent);

    const un = await req('POST', '/api/unreservedonorformatch', { donorid: donor, status: 'On Hold' });
    expect(un.statusCode).toBe(200);
    const [after] = await t.db.select().from(donors).where(eq(donors.userId, donor));
    expect(after).toMatchObject({ availability: 'On Hold', reservedParentId: null });
    const [closed] = await t.db.select().from(matches).where(eq(matches.id, m!.id));
    expect(closed!.status).toBe('Cancel Request');
  });
  it('answers 400 for unreserving a donor that is not reserved, and a bad status', async () => {
    const donor = await donorOf(1, 14);
    const res = await req('POST', '/api/unreservedonorformatch', { donorid: donor });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(STAFF_DONOR_MSG.NOT_RESERVED);
    expect(
      (await req('POST', '/api/unreservedonorformatch', { donorid: donor, status: 'Reserved' })).statusCode,
    ).toBe(400);
  });
  it("answers 404 for another center's parent or manager", async () => {
    const donor = await donorOf(1, 15);
    const parent85 = await userId('parent85@demo.test');
    expect(
      (await req('POST', '/api/reservedonorformatch', { donorid: donor, parentid: parent85 })).statusCode,
    ).toBe(404);
    const manager85 = await userId('manager85@demo.test');
    const parent = await userId(CLIENT);
    expect(
      (
        await req('POST', '/api/reservedonorformatch', {
          donorid: donor,
          parentid: parent,
          managerid: manager85,
        })
      ).statusCode,
    ).toBe(404);
  });
  it('lists parents by status with their managers', async () => {
    const res = body<{
      parents: { username: string; managerId: number | null }[];
      managers: { id: number }[];
    }>(await req('GET', '/api/reservationcandidates?status=Active')).data;
    expect(res.parents.map((p) => p.username)).toContain(CLIENT);
    expect(res.managers.length).toBeGreaterThan(0);
  });
});

describe('invite, priority, visibility, status, delete', () => {
  it('invites and re-invites a donor who has not signed up, recording the time', async () => {
    const [created] = await t.db
      .insert(users)
      .values({ centerId: 1, role: 2, status: 'Invited', username: 'scraped@invite.test', firstName: 'Sam' })
      .returning();
    const donor = created!.id;
    await t.db
      .insert(donors)
      .values({ userId: donor, centerId: 1, availability: 'Available', isScraped: true });
    const res = await req('POST', '/api/inviteExistedDonor', { user_id: donor, isReInvite: true });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(STAFF_DONOR_MSG.INVITE_SENT);
    expect((await t.outbox('scraped@invite.test')).at(-1)!.text).toContain('/#/signup/');
    const [after] = await t.db.select().from(donors).where(eq(donors.userId, donor));
    expect(after!.availability).toBe('Invited');
    const last = body<{ lastInvitedAt: string | null }>(
      await req('POST', '/api/getlastinvitedtime', { user_id: donor }),
    ).data;
    expect(last.lastInvitedAt).not.toBeNull();
    const signedUp = await req('POST', '/api/inviteExistedDonor', {
      user_id: await userId('donor@demo.test'),
    });
    expect(signedUp.statusCode).toBe(400);
    expect(body(signedUp).message).toBe(STAFF_DONOR_MSG.ALREADY_SIGNED_UP);
  });
  it("sets priority, at least 1: 'Priority should be greater than Zero'", async () => {
    const donor = await donorOf(1, 16);
    const bad = await req('POST', `/api/setpriority/${donor}`, { priority: 0 });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Priority should be greater than Zero');
    expect((await req('POST', `/api/setpriority/${donor}`, { priority: 4 })).statusCode).toBe(200);
    const [d] = await t.db.select().from(donors).where(eq(donors.userId, donor));
    expect(d!.priority).toBe(4);
  });
  it('toggles matching-tool visibility only for an allowed agency', async () => {
    const donor = await donorOf(1, 17);
    expect(body<{ allowed: boolean }>(await req('GET', '/api/checkagencyallowedintulip')).data.allowed).toBe(
      true,
    );
    expect(
      (await req('POST', '/api/donorvisibilityintulip', { user_id: donor, allowed_for_tulip: false }))
        .statusCode,
    ).toBe(200);
    const [d] = await t.db.select().from(donors).where(eq(donors.userId, donor));
    expect(d!.allowedForMatchingTool).toBe(false);
    const donor85 = await donorOf(85);
    const res = await req(
      'POST',
      '/api/donorvisibilityintulip',
      { user_id: donor85, allowed_for_tulip: false },
      ADMIN85,
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(STAFF_DONOR_MSG.AGENCY_NOT_ALLOWED);
  });
  it('changes the status and e-mails the message; managers set only the reduced list', async () => {
    const donor = await donorOf(1, 18);
    const [u] = await t.db.select().from(users).where(eq(users.id, donor));
    const blank = await req('POST', '/api/updatedonorstatuswithemail', {
      donor_id: donor,
      status: 'Unavailable',
      message: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe('Message can not be blank.');
    const res = await req('POST', '/api/updatedonorstatuswithemail', {
      donor_id: donor,
      status: 'Unavailable',
      message: 'See you next season',
    });
    expect(res.statusCode).toBe(200);
    const mail = await t.outbox(u!.username);
    expect(mail.at(-1)!.text).toContain('See you next season');
    expect(
      (
        await req(
          'POST',
          '/api/updatedonorstatuswithemail',
          { donor_id: donor, status: 'In Cycle', message: 'x' },
          MANAGER,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await req(
          'POST',
          '/api/updatedonorstatuswithemail',
          { donor_id: donor, status: 'On Hold', message: 'x' },
          MANAGER,
        )
      ).statusCode,
    ).toBe(200);
  });
  it('hard deletes only after the id is typed, and deletes (archives)', async () => {
    const donor = await donorOf(1, 19);
    const wrong = await req('DELETE', `/api/harddeletedonor/${donor}`, { typed_id: '123' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe(STAFF_DONOR_MSG.HARD_DELETE_MISMATCH);
    expect(
      (await req('DELETE', `/api/harddeletedonor/${donor}`, { typed_id: String(donor) })).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, donor))).toHaveLength(0);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'donor.hard_delete'));
    expect(audits.map((a) => a.entityId)).toContain(String(donor));

    const soft = await donorOf(1, 20);
    expect((await req('DELETE', `/api/deletedonor/${soft}`)).statusCode).toBe(200);
    const [d] = await t.db.select().from(donors).where(eq(donors.userId, soft));
    expect(d!.archived).toBe(true);
    const archived = body<{ rows: { userId: number }[] }>(
      await req('POST', '/api/fetcharchiveddonors', { upto: 100 }),
    ).data;
    expect(archived.rows.map((r) => r.userId)).toContain(soft);
  });
});

const FILES = (extra: { general?: string; races?: string } = {}) => [
  {
    name: 'general.csv',
    content: `donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\r\nIMP-1,imp1@import.test,Ann,One,1998-02-03,10001,New York,NY\r\nIMP-2,not-an-email,Bea,Two,1997-01-01,,,\r\nIMP-3,imp3@import.test,Cat,Three,1996-05-05,,,\r\n${extra.general ?? ''}`,
  },
  {
    name: 'physical.csv',
    content:
      'donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\nIMP-1,168,60,Blue,Blonde,A+\nIMP-2,170,60,,,\nIMP-3,999,60,,,\n',
  },
  {
    name: 'education.csv',
    content: "donor_key,education_level\nIMP-1,Bachelor's Degree Completed\nIMP-2,\nIMP-3,\n",
  },
  {
    name: 'status.csv',
    content: 'donor_key,availability,donor_type\nIMP-1,Available,Fresh\nIMP-2,,\nIMP-3,,\n',
  },
  ...(extra.races ? [{ name: 'races.csv', content: extra.races }] : []),
];

describe('donor import', () => {
  it("needs 4 or 5 files: 'Please select 4 csv files.'", async () => {
    const three = await req('POST', '/api/importdonors', { files: FILES().slice(0, 3) });
    expect(three.statusCode).toBe(400);
    expect(body(three).message).toBe('Please select 4 csv files.');
    const wrongKinds = await req('POST', '/api/importdonors', {
      files: FILES().map((f, i) => (i === 0 ? { ...f, name: 'other.csv' } : f)),
    });
    expect(body(wrongKinds).message).toBe('Please select 4 csv files.');
  });
  it('imports good donors, reports every rejected row with its reason, one import at a time', async () => {
    const res = await req('POST', '/api/importdonors', { files: FILES() });
    expect(res.statusCode).toBe(200);
    const running = await req('POST', '/api/importdonors', { files: FILES() });
    expect(running.statusCode).toBe(400);
    expect(body(running).message).toBe('Import already in progress.');
    expect(await runPendingImports({ db: t.db, clock: t.clock })).toBe(1);
    const status = body<ImportStatus>(await req('GET', '/api/importstatus/0')).data;
    expect(status.status).toBe('done');
    expect(status.importedKeys).toEqual(['IMP-1']);
    expect(status.rejected).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          donorKey: 'IMP-2',
          file: 'general.csv',
          row: 3,
          reason: MSG.INVALID_EMAIL,
        }),
        expect.objectContaining({ donorKey: 'IMP-3', file: 'physical.csv', row: 4 }),
      ]),
    );
    const [imported] = await t.db
      .select({ donor: donors, user: users })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(eq(users.username, 'imp1@import.test'));
    expect(imported!.donor).toMatchObject({
      centerId: 1,
      agencyDisplayId: 'IMP-1',
      eyeColor: 'Blue',
      availability: 'Available',
    });
    expect(await t.db.select().from(users).where(eq(users.username, 'imp3@import.test'))).toHaveLength(0);
    // A second run of the same files rejects the donor already there.
    await req('POST', '/api/importdonors', { files: FILES() });
    await runPendingImports({ db: t.db, clock: t.clock });
    const second = body<ImportStatus>(await req('GET', '/api/importstatus/0')).data;
    expect(second.rejected.find((r) => r.donorKey === 'IMP-1')!.reason).toBe(MSG.USERNAME_EXISTS);
  });
  it('takes over an import whose runner died (still running after the lease)', async () => {
    const [stuck] = await t.db
      .insert(donorImports)
      .values({
        centerId: 46,
        files: FILES().map((f) => ({ ...f, content: f.content.replaceAll('import.test', 'stuck.test') })),
        fileNames: ['general.csv'],
        status: 'running',
        startedAt: new Date(t.clock.now().getTime() - 31 * 60_000),
      })
      .returning();
    expect(await runPendingImports({ db: t.db, clock: t.clock })).toBe(1);
    const [done] = await t.db.select().from(donorImports).where(eq(donorImports.id, stuck!.id));
    expect(done).toMatchObject({ status: 'done', importedKeys: ['IMP-1'], files: [] });
  });
  it('leaves nothing of a donor whose write fails half-way (one transaction per donor)', async () => {
    const [taken] = await t.db
      .select({ key: donors.agencyDisplayId })
      .from(donors)
      .where(and(eq(donors.centerId, 1), isNotNull(donors.agencyDisplayId)))
      .limit(1);
    const key = taken!.key!.toLowerCase();
    const general = `${key},imp4@import.test,Dee,Four,1995-01-01,,,\r\n`;
    const races = `donor_key,race,percentage\n${key},White,50\n${key},Martian,50\n`;
    const extra: Record<string, string> = {
      'physical.csv': `${key},160,55,,,\n`,
      'education.csv': `${key},\n`,
      'status.csv': `${key},,\n`,
    };
    const files = FILES({ general, races }).map((f) =>
      f.name in extra ? { ...f, content: `${f.content}${extra[f.name]}` } : f,
    );
    await t.db.delete(users).where(like(users.username, '%@import.test'));
    expect((await req('POST', '/api/importdonors', { files })).statusCode).toBe(200);
    await runPendingImports({ db: t.db, clock: t.clock });
    const status = body<ImportStatus>(await req('GET', '/api/importstatus/0')).data;
    const rejection = status.rejected.find((r) => r.donorKey === key)!;
    expect(rejection.reason).toBe('Donor id already exists.');
    // The account written before the donor row failed is rolled back, and so is the Mapping row
    // the unknown race created in the same transaction.
    expect(await t.db.select().from(users).where(eq(users.username, 'imp4@import.test'))).toHaveLength(0);
    expect(
      await t.db.select().from(fieldMappings).where(eq(fieldMappings.sourceKey, 'martian')),
    ).toHaveLength(0);
    expect(status.importedKeys).toContain('IMP-1');
  });
  it("rejects a donor whose race percentages pass 100: 'Percentage can't exceed more than 100!'", async () => {
    const races = 'donor_key,race,percentage\nIMP-1,White,60\nIMP-1,Asian,50\n';
    await t.db.delete(users).where(like(users.username, '%@import.test'));
    await req('POST', '/api/importdonors', { files: FILES({ races }) });
    await runPendingImports({ db: t.db, clock: t.clock });
    const status = body<ImportStatus>(await req('GET', '/api/importstatus/0')).data;
    expect(status.rejected.find((r) => r.donorKey === 'IMP-1')).toMatchObject({
      file: 'races.csv',
      row: 3,
      reason: "Percentage can't exceed more than 100!",
    });
  });
});

describe('reports', () => {
  it('lists donors with blank mandatory fields, 30 to a page', async () => {
    const res = await req('POST', '/api/getblankmandatoryfields', {});
    expect(res.statusCode).toBe(200);
    const page = body<{ total: number; rows: { blankFields: string[] }[] }>(res).data;
    expect(page.rows.length).toBeLessThanOrEqual(30);
    expect(page.rows.every((r) => r.blankFields.length > 0)).toBe(true);
    expect((await req('POST', '/api/getblankmandatoryfields', { sort: 'nope' })).statusCode).toBe(400);
  });
  it('filters archived donors by agency (master), notes and search', async () => {
    const donor = await donorOf(85, 3);
    await t.db
      .update(users)
      .set({ status: 'Archived', archivedNote: 'Moved away' })
      .where(eq(users.id, donor));
    const all = body<{ rows: { userId: number; agency: string }[] }>(
      await req('POST', '/api/fetcharchiveddonors', { center: 85, isNotes: true }, MASTER),
    ).data;
    expect(all.rows.map((r) => r.userId)).toContain(donor);
    expect(new Set(all.rows.map((r) => r.agency)).size).toBe(1);
    const mine = body<{ rows: { userId: number }[] }>(
      await req('POST', '/api/fetcharchiveddonors', {}, ADMIN85),
    ).data;
    expect(mine.rows.map((r) => r.userId)).toContain(donor);
    const own = body<{ rows: { userId: number }[] }>(await req('POST', '/api/fetcharchiveddonors', {})).data;
    expect(own.rows.map((r) => r.userId)).not.toContain(donor);
  });
  it('counts new donors per agency and month for 3, 6, 12, 24, 60 months or from the start', async () => {
    const all = body<{ count: number }[]>(
      await req('POST', '/api/fetchagenciesdonorcountmonthly', { timePeriod: 0 }, MASTER),
    ).data;
    const total = all.reduce((s, r) => s + r.count, 0);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(donors)) as [{ n: number }];
    expect(total).toBe(n);
    const bad = await req('POST', '/api/fetchagenciesdonorcountmonthly', { timePeriod: 7 }, MASTER);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Please choose a valid period.');
    expect(
      (await req('POST', '/api/fetchagenciesdonorcountmonthly', { center: 9999 }, MASTER)).statusCode,
    ).toBe(404);
    const three = body<{ month: string }[]>(
      await req('POST', '/api/fetchagenciesdonorcountmonthly', { timePeriod: 3, center: 1 }, MASTER),
    ).data;
    expect(new Set(three.map((r) => r.month)).size).toBeLessThanOrEqual(3);
  });
});
