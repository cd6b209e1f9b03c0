import { EMAIL_TYPE, MSG, portfolioLimitExceeded, portfolioNameLengthMessage, ROLE } from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, portfolioDonors, portfolios, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { M, P, portfolioFixtures } from '../../test/portfolio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { call, userId, visibleTo, hiddenFromParent, create, addDonor, demoPortfolio, portfolioFor } =
  portfolioFixtures(() => t);

let parentDonors: number[];
beforeAll(async () => {
  parentDonors = await visibleTo(P, 1, 12);
});

describe('access to every route', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/api/getshortlist', undefined],
    ['POST', '/api/createportfolio', { name: 'x1' }],
    ['PUT', '/api/updateportfolio', { shortlist_id: 1, name: 'abc' }],
    ['PUT', '/api/updateshortliststatus/1', { status: 'Archived' }],
    ['POST', '/api/copynewshortlist', { newname: 'abc', shortlist_id: 1 }],
    ['DELETE', '/api/deleteportfolio/1', undefined],
    ['POST', '/api/fetchportfoliostatus', { portfolioId: 1 }],
    ['POST', '/api/fetchportfolioupdatedtime', { portfolioId: 1 }],
    ['POST', '/api/checkportfoliofirstview', { portfolioId: 1 }],
    ['POST', '/api/getdonorremainingqueuecount', { donors: [1] }],
    ['GET', '/api/getshortlistdonors/1/populate', undefined],
    ['GET', '/api/getshortlistdonors/1/preview/order', undefined],
    ['POST', '/api/saveshortlist', { donor_id: 1, shortlist_ids: [1] }],
    ['POST', '/api/removedonorfromportfolio', { shortlist_id: 1, donor_id: 1 }],
    ['POST', '/api/updateprevieworder', { listid: 1, orders: [{ id: 1, order: 0 }] }],
    ['POST', '/api/getdonorid', { filters: {} }],
    ['POST', '/api/savesearchasportfolio', { name: 'abc', donor_details: [1] }],
    ['GET', '/api/getclientsmailid/1', undefined],
    ['POST', '/api/shareshortlistprofile', { to: 'a@b.c', shortlist_id: 1 }],
    ['POST', '/api/shareportfolio', { sharedTo: 1, portfolioId: 1 }],
    ['POST', '/api/removesharedportfolio', { sharedTo: 1, portfolioId: 1 }],
    ['GET', '/api/getsharedtolist/1', undefined],
    ['POST', '/api/shortlistupdatenotification', { portfolio_id: 1 }],
    ['POST', '/api/updateclientfeedback', { shortlist_id: 1, donor_id: 1, feedback: 'yes' }],
    ['POST', '/api/getportfoliodonornotes', { portfolio_id: 1 }],
    ['GET', '/api/getportfoliomessages/1/0', undefined],
    ['POST', '/api/insportfoliodonornote', { portfolio: 1, notes: 'x' }],
    ['POST', '/api/insportfoliodonornotes', { portfolios: [1], donor_id: 1, comment: 'x' }],
    ['POST', '/api/saveipquery', { query_type: 'ask_question', query: 'x' }],
    ['POST', '/api/downloadportfolio', { id: 1 }],
  ];
  for (const [method, url, payload] of routes) {
    it(`${method} ${url}: 401 anonymous, 403 for an admin`, async () => {
      const anon = await call(method as 'GET', url, payload);
      expect(anon.statusCode).toBe(401);
      const admin = await call(method as 'GET', url, payload, 'admin@demo.test');
      expect(admin.statusCode).toBe(403);
    });
  }
});

describe('creating, renaming, copying, deleting', () => {
  it('creates one new portfolio at a time and validates the name', async () => {
    const bad = await call('POST', '/api/createportfolio', { name: 'a' }, M);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(portfolioNameLengthMessage);
    const long = await call('POST', '/api/createportfolio', { name: 'x'.repeat(261) }, M);
    expect(body(long).message).toBe(portfolioNameLengthMessage);

    const id = await create('First new', 'manager46@demo.test');
    const [row] = await t.db.select().from(portfolios).where(eq(portfolios.id, id));
    expect(row).toMatchObject({ name: 'First new', status: 'Active', centerId: 46 });
    const again = await call('POST', '/api/createportfolio', { name: 'Second new' }, 'manager46@demo.test');
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(MSG.ONE_PORTFOLIO_AT_A_TIME);
  });

  it('renames, archives and hides archived portfolios from the list', async () => {
    const id = await portfolioFor(null, []);
    const renamed = await call('PUT', '/api/updateportfolio', { shortlist_id: id, name: 'Renamed' }, M);
    expect(body<{ name: string }>(renamed).data.name).toBe('Renamed');
    const badStatus = await call('PUT', '/api/updateportfolio', { shortlist_id: id, status: 'Submitted' }, M);
    expect(badStatus.statusCode).toBe(400);
    expect(body(badStatus).message).toBe('Status is invalid.');
    const archived = await call('PUT', `/api/updateshortliststatus/${id}`, { status: 'Archived' }, M);
    expect(archived.statusCode).toBe(200);
    const [row] = await t.db.select().from(portfolios).where(eq(portfolios.id, id));
    expect(row!.status).toBe('Archived');
    const listed = body<{ id: number }[]>(await call('GET', '/api/getshortlist', undefined, M)).data;
    expect(listed.some((p) => p.id === id)).toBe(false);
    const withArchived = body<{ id: number }[]>(
      await call('GET', '/api/getshortlist?archived=1', undefined, M),
    ).data;
    expect(withArchived.some((p) => p.id === id)).toBe(true);
  });

  it('copies with the donors in order, and deletes', async () => {
    const id = await portfolioFor(null, [parentDonors[2]!, parentDonors[0]!]);
    const res = await call('POST', '/api/copynewshortlist', { newname: 'Copy', shortlist_id: id }, M);
    expect(res.statusCode).toBe(200);
    const copyId = body<{ id: number }>(res).data.id;
    const rows = await t.db
      .select()
      .from(portfolioDonors)
      .where(eq(portfolioDonors.portfolioId, copyId))
      .orderBy(portfolioDonors.position);
    expect(rows.map((r) => r.donorId)).toEqual([parentDonors[2], parentDonors[0]]);
    const del = await call('DELETE', `/api/deleteportfolio/${copyId}`, undefined, M);
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(portfolios).where(eq(portfolios.id, copyId))).toHaveLength(0);
  });

  it("answers 404 for another center's portfolio and for one not shared with the caller", async () => {
    const id = await portfolioFor(null, []);
    for (const as of ['manager85@demo.test', 'parent85@demo.test']) {
      const res = await call('POST', '/api/fetchportfoliostatus', { portfolioId: id }, as);
      expect(res.statusCode).toBe(404);
    }
    const other = await portfolioFor(null, [], 'manager85@demo.test');
    const rename = await call('PUT', '/api/updateportfolio', { shortlist_id: other, name: 'Mine now' }, M);
    expect(rename.statusCode).toBe(404);
    const del = await call('DELETE', `/api/deleteportfolio/${other}`, undefined, M);
    expect(del.statusCode).toBe(404);
    const copy = await call('POST', '/api/copynewshortlist', { newname: 'Steal', shortlist_id: other }, M);
    expect(copy.statusCode).toBe(404);
    // The client of center 1 cannot open a portfolio that is not theirs.
    const parent = await call('GET', `/api/getshortlistdonors/${id}/preview/order`, undefined, P);
    expect(parent.statusCode).toBe(404);
  });
});

describe('adding, removing and ordering donors', () => {
  it('adds a donor once, refuses a duplicate, a hidden donor and a submitted portfolio', async () => {
    const id = await portfolioFor(P, []);
    const first = await addDonor(id, parentDonors[0]!);
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe(MSG.DONOR_ADDED);
    const dup = await addDonor(id, parentDonors[0]!);
    expect(dup.statusCode).toBe(400);
    expect(body(dup).message).toBe(MSG.DONOR_ALREADY_IN_PORTFOLIO);
    const hidden = await addDonor(id, await hiddenFromParent());
    expect(hidden.statusCode).toBe(404);
    const missing = await call(
      'POST',
      '/api/saveshortlist',
      { donor_id: parentDonors[1], shortlist_ids: [] },
      M,
    );
    expect(body(missing).message).toBe(MSG.PORTFOLIO_PICK);
    const badBody = await call('POST', '/api/saveshortlist', { shortlist_ids: [id] }, M);
    expect(badBody.statusCode).toBe(400);
    expect(body(badBody).message).toMatch(/Donor id/);
    await t.db.update(portfolios).set({ status: 'Submitted' }).where(eq(portfolios.id, id));
    const submitted = await addDonor(id, parentDonors[1]!);
    expect(body(submitted).message).toBe(MSG.PORTFOLIO_SUBMITTED_ERROR);
    const stored = await t.db.select().from(portfolioDonors).where(eq(portfolioDonors.portfolioId, id));
    expect(stored.map((r) => r.donorId)).toEqual([parentDonors[0]]);
    await t.db.update(portfolios).set({ status: 'Archived' }).where(eq(portfolios.id, id));
  });

  it('stops at the center limit with the spec message', async () => {
    await t.db
      .update(centers)
      .set({ settings: sql`${centers.settings} || '{"portfolioDonorCount": 2}'::jsonb` })
      .where(eq(centers.id, 1));
    try {
      const id = await portfolioFor(null, parentDonors.slice(0, 2));
      const res = await addDonor(id, parentDonors[3]!);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(portfolioLimitExceeded(2));
    } finally {
      await t.db
        .update(centers)
        .set({ settings: sql`${centers.settings} - 'portfolioDonorCount'` })
        .where(eq(centers.id, 1));
    }
  });

  it('removes a donor and reorders; a submitted portfolio changes no rows', async () => {
    const [a, b, c] = parentDonors;
    const id = await portfolioFor(null, [a!, b!, c!]);
    const removed = await call('POST', '/api/removedonorfromportfolio', { shortlist_id: id, donor_id: b }, M);
    expect(removed.statusCode).toBe(200);
    const again = await call('POST', '/api/removedonorfromportfolio', { shortlist_id: id, donor_id: b }, M);
    expect(again.statusCode).toBe(404);
    const order = await call(
      'POST',
      '/api/updateprevieworder',
      {
        listid: id,
        orders: [
          { id: c, order: 0 },
          { id: a, order: 1 },
        ],
      },
      M,
    );
    expect(body<{ affectedRows: number }>(order).data.affectedRows).toBe(2);
    const detail = body<{ donors: { donorId: number }[] }>(
      await call('GET', `/api/getshortlistdonors/${id}/populate`, undefined, M),
    ).data;
    expect(detail.donors.map((d) => d.donorId)).toEqual([c, a]);
    const empty = await call('POST', '/api/updateprevieworder', { listid: id, orders: [] }, M);
    expect(body(empty).message).toBe('Orders are required.');
    await t.db.update(portfolios).set({ status: 'Submitted' }).where(eq(portfolios.id, id));
    const late = await call(
      'POST',
      '/api/updateprevieworder',
      { listid: id, orders: [{ id: a, order: 0 }] },
      M,
    );
    expect(body<{ affectedRows: number }>(late).data.affectedRows).toBe(0);
  });

  it('saves a search as a portfolio under 150 donors and refuses larger ones', async () => {
    // The consumer center's manager sees every center's donors: more than 150.
    const tooMany = await call('POST', '/api/getdonorid', { filters: {} }, 'manager111@demo.test');
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).message).toBe(MSG.SAVE_SEARCH_TOO_MANY);
    const some = await call('POST', '/api/getdonorid', { filters: { donor_id: 'D' } }, M);
    expect(some.statusCode).toBe(200);
    const ids = parentDonors.slice(0, 3);
    const big = await call(
      'POST',
      '/api/savesearchasportfolio',
      { name: 'Too big', donor_details: Array.from({ length: 150 }, (_, i) => i + 1) },
      M,
    );
    expect(body(big).message).toBe(MSG.SAVE_SEARCH_TOO_MANY);
    const noName = await call('POST', '/api/savesearchasportfolio', { donor_details: ids }, M);
    expect(body(noName).message).toBe(MSG.PORTFOLIO_PICK);
    const res = await call(
      'POST',
      '/api/savesearchasportfolio',
      { name: 'From search', donor_details: ids },
      'manager133@demo.test',
    );
    expect(res.statusCode).toBe(200);
    const created = body<{ created: number; added: number[] }>(res).data;
    // manager133 may see center 1's donors; all three land, in the search's order.
    const rows = await t.db
      .select()
      .from(portfolioDonors)
      .where(eq(portfolioDonors.portfolioId, created.created))
      .orderBy(portfolioDonors.position);
    expect(rows.map((r) => r.donorId)).toEqual(ids);
  });
});

describe('the client side', () => {
  it("answers 'nomanager' to a client with no portfolio and no case manager, her list once one is assigned", async () => {
    const [center] = await t.db.select().from(centers).where(eq(centers.id, 85));
    expect((center!.settings as { defaultCaseManagerId?: number }).defaultCaseManagerId ?? null).toBeNull();
    const [lonely] = await t.db
      .insert(users)
      .values({
        centerId: 85,
        role: ROLE.CLIENT,
        status: 'Active',
        username: 'lonely@demo.test',
        firstName: 'Lo',
        lastName: 'Nely',
      })
      .returning({ id: users.id });
    const none = await call('GET', '/api/getshortlist', undefined, 'lonely@demo.test');
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe(MSG.NO_MANAGER_CODE);
    await t.db
      .update(users)
      .set({ managerId: await userId('manager85@demo.test') })
      .where(eq(users.id, lonely!.id));
    const listed = await call('GET', '/api/getshortlist', undefined, 'lonely@demo.test');
    expect(listed.statusCode).toBe(200);
    expect(body(listed).data).toEqual([]);
  });

  it('a client acting on an Upcoming portfolio is sent to /noportfolio/1', async () => {
    const id = await demoPortfolio();
    await t.db.update(portfolios).set({ status: 'Upcoming' }).where(eq(portfolios.id, id));
    try {
      const res = await call('GET', `/api/getshortlistdonors/${id}/preview/order`, undefined, P);
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({
        message: MSG.STATUS_CHANGED_BY_MANAGER,
        data: { redirect: '/noportfolio/1', status: 'Upcoming' },
      });
    } finally {
      await t.db.update(portfolios).set({ status: 'Active' }).where(eq(portfolios.id, id));
    }
  });

  it('only the client submits; the manager is e-mailed; a submitted portfolio is not resubmitted', async () => {
    const id = await portfolioFor(
      'parent46@demo.test',
      await visibleTo('parent46@demo.test', 46, 1),
      'manager46@demo.test',
    );
    const byManager = await call(
      'PUT',
      `/api/updateshortliststatus/${id}`,
      { status: 'Submitted' },
      'manager46@demo.test',
    );
    expect(body(byManager).message).toBe(MSG.ONLY_CLIENT_SUBMITS);
    const bad = await call(
      'PUT',
      `/api/updateshortliststatus/${id}`,
      { status: 'Done' },
      'parent46@demo.test',
    );
    expect(body(bad).message).toBe('Status is invalid.');
    const clientArchive = await call(
      'PUT',
      `/api/updateshortliststatus/${id}`,
      { status: 'Archived' },
      'parent46@demo.test',
    );
    expect(clientArchive.statusCode).toBe(403);
    const res = await call(
      'PUT',
      `/api/updateshortliststatus/${id}`,
      { status: 'Submitted' },
      'parent46@demo.test',
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(portfolios).where(eq(portfolios.id, id));
    expect(row!.status).toBe('Submitted');
    const mail = await t.outbox('manager46@demo.test');
    expect(mail.some((m) => m.emailTypeId === EMAIL_TYPE.PORTFOLIO_SUBMITTED)).toBe(true);
    const again = await call(
      'PUT',
      `/api/updateshortliststatus/${id}`,
      { status: 'Submitted' },
      'parent46@demo.test',
    );
    expect(body(again).message).toBe(MSG.PORTFOLIO_SUBMITTED_WARNING);
  });
});

describe('status and download', () => {
  it('answers status and updated time to those who may open it', async () => {
    const id = await demoPortfolio();
    const s = await call('POST', '/api/fetchportfoliostatus', { portfolioId: id }, P);
    expect(body(s).data).toEqual({ status: 'Active' });
    const u = await call('POST', '/api/fetchportfolioupdatedtime', { portfolioId: id }, M);
    expect(typeof body<{ updatedAt: string }>(u).data.updatedAt).toBe('string');
    const bad = await call('POST', '/api/fetchportfoliostatus', { portfolioId: 'x' }, M);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/Portfolio id/);
  });
});
