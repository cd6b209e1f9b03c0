import {
  type DonorFeedbackEntry,
  EMAIL_TYPE,
  MSG,
  portfolioLimitExceeded,
  portfolioNameLengthMessage,
  ROLE,
} from '@dm/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centers,
  donors,
  ipQueries,
  portfolioDonors,
  portfolioNotes,
  portfolioShares,
  portfolios,
  users,
} from '../../db/schema/index.js';
import { DEMO_PORTFOLIO_NAME } from '../../db/seed/portfolios.js';
import { resolveSession } from '../../platform/auth-context.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorVisibility } from '../donor-access/donor-access.js';
import { clampQueue } from './portfolios.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const M = 'manager@demo.test';
const P = 'parent@demo.test';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as?: string) =>
  t.request({ method, url, payload: payload as Record<string, unknown> | undefined, as });

async function userId(username: string): Promise<number> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u!.id;
}

/** Synthetic donors of a center that this client may see. */
async function visibleTo(username: string, centerId: number, limit: number): Promise<number[]> {
  const auth = await resolveSession(t.db, t.clock, await t.tokenFor(username));
  const rows = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(
      and(
        eq(donors.centerId, centerId),
        like(users.username, '%@synthetic.test'),
        await donorVisibility(t.db, auth),
      ),
    )
    .orderBy(donors.userId)
    .limit(limit);
  return rows.map((r) => r.id);
}

async function hiddenFromParent(): Promise<number> {
  const [row] = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(
      and(
        eq(donors.centerId, 1),
        sql`${donors.availability} not in ('Available', 'Unavailable', 'In Cycle', 'Under Review', 'On Hold', 'Reserved', 'Available Donor Changes Pending Review', 'Rejected Form Changes')`,
      ),
    )
    .limit(1);
  return row!.id;
}

async function create(name: string, as = M): Promise<number> {
  const res = await call('POST', '/api/createportfolio', { name }, as);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
}

async function addDonor(id: number, donorId: number, as = M) {
  return call('POST', '/api/saveshortlist', { donor_id: donorId, shortlist_ids: [id] }, as);
}

async function demoPortfolio(): Promise<number> {
  const [row] = await t.db.select().from(portfolios).where(eq(portfolios.name, DEMO_PORTFOLIO_NAME));
  return row!.id;
}

/** A fresh portfolio of manager@demo.test for parent@demo.test with the given donors, by SQL. */
async function portfolioFor(clientUsername: string | null, donorIds: number[], managerUsername = M) {
  const managerId = await userId(managerUsername);
  const clientId = clientUsername ? await userId(clientUsername) : null;
  const [center] = await t.db.select({ centerId: users.centerId }).from(users).where(eq(users.id, managerId));
  const [row] = await t.db
    .insert(portfolios)
    .values({ centerId: center!.centerId, name: 'Fixture', clientId, managerId, createdBy: managerId })
    .returning();
  if (donorIds.length > 0) {
    await t.db
      .insert(portfolioDonors)
      .values(donorIds.map((donorId, position) => ({ portfolioId: row!.id, donorId, position })));
  }
  return row!.id;
}

/** Archives every portfolio of the client so a new one can be given to them. */
async function freeClient(username: string) {
  await t.db
    .update(portfolios)
    .set({ status: 'Archived' })
    .where(eq(portfolios.clientId, await userId(username)));
}

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

  it('answers remaining queue places clamped to 0..3', async () => {
    expect([clampQueue(0), clampQueue(2), clampQueue(5), clampQueue(-1)]).toEqual([3, 1, 0, 3]);
    await t.db.update(donors).set({ queueCount: 2 }).where(eq(donors.userId, parentDonors[0]!));
    const res = await call('POST', '/api/getdonorremainingqueuecount', { donors: [parentDonors[0]] }, P);
    expect(body<{ remainingQueue: number }[]>(res).data[0]!.remainingQueue).toBe(1);
    const bad = await call('POST', '/api/getdonorremainingqueuecount', { donors: 'x' }, P);
    expect(bad.statusCode).toBe(400);
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

  it('the demo portfolio is the parent landing portfolio with three donors', async () => {
    const id = await demoPortfolio();
    const res = await call('GET', `/api/getshortlistdonors/${id}/preview/order`, undefined, P);
    expect(res.statusCode).toBe(200);
    const detail = body<{ donors: unknown[]; canGiveFeedback: boolean }>(res).data;
    expect(detail.donors).toHaveLength(3);
    expect(detail.canGiveFeedback).toBe(false);
    const me = body<{ shortlistId: number }>(await call('GET', '/api/me', undefined, P)).data;
    expect(me.shortlistId).toBe(id);
    const first = await call('POST', '/api/checkportfoliofirstview', { portfolioId: id }, P);
    expect(body<{ firstView: boolean }>(first).data.firstView).toBe(true);
    const second = await call('POST', '/api/checkportfoliofirstview', { portfolioId: id }, P);
    expect(body<{ firstView: boolean }>(second).data.firstView).toBe(false);
  });

  it('only clients of feedback centers give feedback; counts come back', async () => {
    const id = await demoPortfolio();
    const [donor] = body<{ donors: { donorId: number }[] }>(
      await call('GET', `/api/getshortlistdonors/${id}/preview/order`, undefined, P),
    ).data.donors;
    const denied = await call(
      'POST',
      '/api/updateclientfeedback',
      { shortlist_id: id, donor_id: donor!.donorId, feedback: 'yes' },
      P,
    );
    expect(denied.statusCode).toBe(403);
    expect(body(denied).message).toBe(MSG.FEEDBACK_DENIED);

    const gwkDonors = await visibleTo('parent133@demo.test', 133, 2);
    const gwk = await portfolioFor('parent133@demo.test', gwkDonors, 'manager133@demo.test');
    const bad = await call(
      'POST',
      '/api/updateclientfeedback',
      { shortlist_id: gwk, donor_id: gwkDonors[0], feedback: 'perhaps' },
      'parent133@demo.test',
    );
    expect(body(bad).message).toBe('Feedback must be yes, maybe or no.');
    const res = await call(
      'POST',
      '/api/updateclientfeedback',
      { shortlist_id: gwk, donor_id: gwkDonors[0], feedback: 'maybe' },
      'parent133@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ yes: 0, maybe: 1, no: 0 });
    const [row] = await t.db
      .select()
      .from(portfolioDonors)
      .where(and(eq(portfolioDonors.portfolioId, gwk), eq(portfolioDonors.donorId, gwkDonors[0]!)));
    expect(row!.feedback).toBe('maybe');
    const manager = await call(
      'POST',
      '/api/updateclientfeedback',
      { shortlist_id: gwk, donor_id: gwkDonors[0], feedback: 'no' },
      'manager133@demo.test',
    );
    expect(body(manager).message).toBe(MSG.FEEDBACK_DENIED);
    const cross = await call(
      'POST',
      '/api/updateclientfeedback',
      { shortlist_id: gwk, donor_id: gwkDonors[0], feedback: 'no' },
      'parent@demo.test',
    );
    expect(cross.statusCode).toBe(403);
  });

  it('comments need a value and are stored per donor or overall', async () => {
    const id = await demoPortfolio();
    const donorId = (await t.db.select().from(portfolioDonors).where(eq(portfolioDonors.portfolioId, id)))[0]!
      .donorId;
    const blank = await call(
      'POST',
      '/api/insportfoliodonornote',
      { portfolio: id, donor: donorId, notes: '  ' },
      P,
    );
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe(MSG.COMMENT_EMPTY);
    const ok1 = await call(
      'POST',
      '/api/insportfoliodonornote',
      { portfolio: id, donor: donorId, notes: 'Love her smile' },
      P,
    );
    expect(ok1.statusCode).toBe(200);
    const overall = await call(
      'POST',
      '/api/insportfoliodonornote',
      { portfolio: id, notes: 'Great list', isOverallComment: true },
      P,
    );
    expect(body<{ isOverall: boolean }>(overall).data.isOverall).toBe(true);
    const many = await call(
      'POST',
      '/api/insportfoliodonornotes',
      { portfolios: [id], donor_id: donorId, comment: 'Second look' },
      M,
    );
    expect(body<{ saved: number }>(many).data.saved).toBe(1);
    const notes = body<{ note: string; donorId: number | null }[]>(
      await call('POST', '/api/getportfoliodonornotes', { portfolio_id: id }, M),
    ).data;
    expect(notes.map((n) => n.note)).toEqual(['Love her smile', 'Great list', 'Second look']);
    const forDonor = body<unknown[]>(
      await call('GET', `/api/getportfoliomessages/${id}/${donorId}`, undefined, P),
    ).data;
    expect(forDonor).toHaveLength(2);
    const stored = await t.db.select().from(portfolioNotes).where(eq(portfolioNotes.portfolioId, id));
    expect(stored).toHaveLength(3);
    const cross = await call(
      'POST',
      '/api/getportfoliodonornotes',
      { portfolio_id: id },
      'parent85@demo.test',
    );
    expect(cross.statusCode).toBe(404);
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

  it('a Pre-Active client asks a question, stored and mailed to the case manager', async () => {
    const asker = 'parent111@demo.test';
    // The consumer center's demo parent has no manager: give them one for this test.
    await t.db
      .update(users)
      .set({ managerId: await userId('manager111@demo.test') })
      .where(eq(users.id, await userId(asker)));
    const blank = await call('POST', '/api/saveipquery', { query_type: 'ask_question', query: ' ' }, asker);
    expect(body(blank).message).toBe(MSG.QUERY_EMPTY);
    const res = await call(
      'POST',
      '/api/saveipquery',
      { query_type: 'request_consultation', query: 'Can we talk?' },
      asker,
    );
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(ipQueries)
      .where(eq(ipQueries.userId, await userId(asker)));
    expect(rows[0]).toMatchObject({ queryType: 'request_consultation', query: 'Can we talk?' });
    const mail = await t.outbox('manager111@demo.test');
    expect(mail.some((m) => m.emailTypeId === EMAIL_TYPE.IP_QUERY && m.text.includes('Can we talk?'))).toBe(
      true,
    );
    const manager = await call('POST', '/api/saveipquery', { query_type: 'ask_question', query: 'x' }, M);
    expect(manager.statusCode).toBe(403);
  });
});

describe('sharing', () => {
  it('shares with the client by e-mail, assigning the portfolio', async () => {
    await freeClient('parent85@demo.test');
    const id = await portfolioFor(null, [], 'manager85@demo.test');
    const bad = await call(
      'POST',
      '/api/shareshortlistprofile',
      { to: 'nope', shortlist_id: id },
      'manager85@demo.test',
    );
    expect(body(bad).message).toBe('Please enter a valid client email.');
    const wrong = await call(
      'POST',
      '/api/shareshortlistprofile',
      { to: 'parent@demo.test', shortlist_id: id },
      'manager85@demo.test',
    );
    expect(body(wrong).message).toBe(MSG.INVALID_CLIENT);
    const res = await call(
      'POST',
      '/api/shareshortlistprofile',
      { to: 'parent85@demo.test', shortlist_id: id, mailtext: 'Have a look' },
      'manager85@demo.test',
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(portfolios).where(eq(portfolios.id, id));
    expect(row!.clientId).toBe(await userId('parent85@demo.test'));
    const mail = await t.outbox('parent85@demo.test');
    expect(
      mail.some((m) => m.emailTypeId === EMAIL_TYPE.SHARE_PORTFOLIO_CLIENT && m.text.includes('Have a look')),
    ).toBe(true);
    // A second portfolio cannot go to the same client.
    const other = await portfolioFor(null, [], 'manager85@demo.test');
    const dup = await call(
      'POST',
      '/api/shareshortlistprofile',
      { to: 'parent85@demo.test', shortlist_id: other },
      'manager85@demo.test',
    );
    expect(body(dup).message).toBe(MSG.PORTFOLIO_HAS_CLIENT);
    const notify = await call(
      'POST',
      '/api/shortlistupdatenotification',
      { portfolio_id: id },
      'manager85@demo.test',
    );
    expect(notify.statusCode).toBe(200);
    expect(
      (await t.outbox('parent85@demo.test')).some((m) => m.emailTypeId === EMAIL_TYPE.PORTFOLIO_UPDATED),
    ).toBe(true);
    const email = await call(
      'GET',
      `/api/getclientsmailid/${await userId('parent85@demo.test')}`,
      undefined,
      'manager85@demo.test',
    );
    expect(body(email).data).toEqual({ email: 'parent85@demo.test' });
    const crossEmail = await call(
      'GET',
      `/api/getclientsmailid/${await userId('parent85@demo.test')}`,
      undefined,
      M,
    );
    expect(crossEmail.statusCode).toBe(404);
  });

  it('shares with another manager, who may then open it; unsharing closes it again', async () => {
    const [second] = await t.db
      .insert(users)
      .values({
        centerId: 1,
        role: 6,
        status: 'Active',
        username: 'manager-two@demo.test',
        firstName: 'Sam',
        lastName: 'Second',
      })
      .returning();
    const id = await portfolioFor(null, []);
    const before = await call(
      'GET',
      `/api/getshortlistdonors/${id}/populate`,
      undefined,
      'manager-two@demo.test',
    );
    expect(before.statusCode).toBe(404);
    const none = await call('POST', '/api/shareportfolio', { portfolioId: id }, M);
    expect(body(none).message).toBe(MSG.SELECT_MANAGER);
    const cross = await call(
      'POST',
      '/api/shareportfolio',
      { portfolioId: id, sharedTo: await userId('manager85@demo.test') },
      M,
    );
    expect(body(cross).message).toBe(MSG.SELECT_MANAGER);
    const res = await call(
      'POST',
      '/api/shareportfolio',
      { portfolioId: id, sharedTo: second!.id, mailText: 'FYI' },
      M,
    );
    expect(res.statusCode).toBe(200);
    expect(body<{ userId: number }[]>(res).data.map((s) => s.userId)).toEqual([second!.id]);
    expect(await t.db.select().from(portfolioShares).where(eq(portfolioShares.portfolioId, id))).toHaveLength(
      1,
    );
    expect(
      (await t.outbox('manager-two@demo.test')).some(
        (m) => m.emailTypeId === EMAIL_TYPE.SHARE_PORTFOLIO_MANAGER,
      ),
    ).toBe(true);
    const opened = await call(
      'GET',
      `/api/getshortlistdonors/${id}/populate`,
      undefined,
      'manager-two@demo.test',
    );
    expect(opened.statusCode).toBe(200);
    const listed = body<{ id: number; sharedBy: string }[]>(
      await call('GET', '/api/getshortlist', undefined, 'manager-two@demo.test'),
    ).data;
    expect(listed.find((p) => p.id === id)?.sharedBy).toBe('Casey Manager');
    const shared = body<unknown[]>(await call('GET', `/api/getsharedtolist/${id}`, undefined, M)).data;
    expect(shared).toHaveLength(1);
    const removed = await call(
      'POST',
      '/api/removesharedportfolio',
      { portfolioId: id, sharedTo: second!.id },
      M,
    );
    expect(body<unknown[]>(removed).data).toEqual([]);
    const after = await call(
      'GET',
      `/api/getshortlistdonors/${id}/populate`,
      undefined,
      'manager-two@demo.test',
    );
    expect(after.statusCode).toBe(404);
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

  it('downloads an .xlsx with the donors in the asked order and first names as allowed', async () => {
    const [a, b, c] = parentDonors;
    const id = await portfolioFor(null, [a!, b!, c!]);
    const res = await call(
      'POST',
      '/api/downloadportfolio',
      { id, sort: 'order', order: 'desc', isFirstNameVisible: false },
      M,
    );
    expect(res.statusCode).toBe(200);
    const file = body<{ fileName: string; data: string }>(res).data;
    expect(file.fileName).toBe('Fixture.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.data, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Portfolio')!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header).not.toContain('First name');
    const displayIds = await t.db
      .select({ id: donors.userId, displayId: donors.displayId, agencyDisplayId: donors.agencyDisplayId })
      .from(donors)
      .where(sql`${donors.userId} in (${a}, ${b}, ${c})`);
    // The one id a donor is shown by: the agency's when set, else the system display id.
    const label = (id: number) => {
      const d = displayIds.find((row) => row.id === id)!;
      return d.agencyDisplayId ?? d.displayId;
    };
    const column = header.indexOf('Donor ID');
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(column).value)).toEqual([
      label(c!),
      label(b!),
      label(a!),
    ]);
    expect(sheet.rowCount).toBe(4);

    const empty = await portfolioFor(null, []);
    const none = await call('POST', '/api/downloadportfolio', { id: empty }, M);
    expect(body(none)).toMatchObject({ message: MSG.NO_DONORS_TO_DOWNLOAD, data: null });
    const cross = await call('POST', '/api/downloadportfolio', { id }, 'manager85@demo.test');
    expect(cross.statusCode).toBe(404);
    const bad = await call('POST', '/api/downloadportfolio', { id, sort: 'zodiac' }, M);
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/getdonorfeedback/:id', () => {
  it('answers 401, 404 for a donor the caller may not see, 400 for a bad id', async () => {
    expect((await call('GET', '/api/getdonorfeedback/1')).statusCode).toBe(401);
    const hidden = await hiddenFromParent();
    expect((await call('GET', `/api/getdonorfeedback/${hidden}`, undefined, P)).statusCode).toBe(404);
    const bad = await call('GET', '/api/getdonorfeedback/x', undefined, P);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/id is invalid/i);
  });

  it('shows the client her own feedback, her case manager the feedback of his portfolios, others nothing', async () => {
    const [donorId] = await visibleTo('parent133@demo.test', 133, 1);
    const gwk = await portfolioFor('parent133@demo.test', [donorId!], 'manager133@demo.test');
    await call(
      'POST',
      '/api/updateclientfeedback',
      { shortlist_id: gwk, donor_id: donorId, feedback: 'yes' },
      'parent133@demo.test',
    );
    const own = body<DonorFeedbackEntry[]>(
      await call('GET', `/api/getdonorfeedback/${donorId}`, undefined, 'parent133@demo.test'),
    ).data;
    expect(own.find((e) => e.portfolioId === gwk)).toMatchObject({
      feedback: 'yes',
      clientName: 'Jordan Parent133',
    });
    const managers = body<DonorFeedbackEntry[]>(
      await call('GET', `/api/getdonorfeedback/${donorId}`, undefined, 'manager133@demo.test'),
    ).data;
    expect(managers.map((e) => e.portfolioId)).toContain(gwk);
    // Another manager of the center, not shared: nothing of that portfolio.
    const [other] = await t.db
      .insert(users)
      .values({
        username: 'other.manager133@demo.test',
        role: 6,
        status: 'Active',
        centerId: 133,
        firstName: 'O',
        lastName: 'M',
      })
      .returning({ id: users.id });
    const otherToken = await t.tokenFor('other.manager133@demo.test');
    const none = body<DonorFeedbackEntry[]>(
      await call('GET', `/api/getdonorfeedback/${donorId}`, undefined, otherToken),
    ).data;
    expect(none.map((e) => e.portfolioId)).not.toContain(gwk);
    // The center's admin sees every portfolio of the center; another center's staff nothing.
    const admin = body<DonorFeedbackEntry[]>(
      await call('GET', `/api/getdonorfeedback/${donorId}`, undefined, 'admin133@demo.test'),
    ).data;
    expect(admin.map((e) => e.portfolioId)).toContain(gwk);
    const elsewhere = await call('GET', `/api/getdonorfeedback/${donorId}`, undefined, 'manager@demo.test');
    if (elsewhere.statusCode === 200) expect(body<DonorFeedbackEntry[]>(elsewhere).data).toEqual([]);
    else expect(elsewhere.statusCode).toBe(404);
    expect(other!.id).toBeGreaterThan(0);
  });
});
