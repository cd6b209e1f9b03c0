import type { DonorMatchStatus, MatchContact, MatchRow } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorPicker } from '../../test/match-donors.js';
import { matchFixtures } from '../../test/match-fixtures.js';

/**
 * A case manager builds a portfolio with a donor of another agency (center 133 sees center 1's
 * donors), her client requests a match from the portfolio card: the manager follows the request
 * where she works (portfolio preview and donor page: getdonormatchstatus, the donor details'
 * match panels, getactiveandqueuematchdonor), while the donor's agency acts on it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const M = 'manager133@demo.test';
const P = 'parent133@demo.test';
const DONOR_STAFF = 'manager@demo.test';
const call = (method: 'GET' | 'POST', url: string, payload: unknown, as?: string) =>
  t.request({ method, url: `/api/${url}`, payload: payload as Record<string, unknown> | undefined, as });

const { userId, makeParents, freshDonor, get, staffAct } = matchFixtures(() => t);

/** An Available, unrequested synthetic donor of a center that `viewer` may see. */
const donorOf = donorPicker(() => t);

/** The web's calls: create, add the donor from search, share with the client, request from the card. */
async function requestFromPortfolio(donorId: number): Promise<number> {
  const created = await call('POST', 'createportfolio', { name: 'Another agency' }, M);
  expect(created.statusCode, created.body).toBe(200);
  const id = body<{ id: number }>(created).data.id;
  expect(
    (await call('POST', 'saveshortlist', { donor_id: donorId, shortlist_ids: [id] }, M)).statusCode,
  ).toBe(200);
  expect((await call('POST', 'shareshortlistprofile', { to: P, shortlist_id: id }, M)).statusCode).toBe(200);
  const res = await call('POST', 'startmatchrequest', { donor_id: donorId, portfolio_id: id }, P);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const status = async (donorId: number, as: string) =>
  body<DonorMatchStatus>(await call('GET', `getdonormatchstatus/${donorId}`, undefined, as)).data;

describe("a portfolio's match request on another agency's donor", () => {
  it('is followed by the case manager who built the portfolio and acted on by the donor agency', async () => {
    const donorId = await donorOf(1, P);
    const portfolioId = await requestFromPortfolio(donorId);
    const parentId = await userId(P);

    // The portfolio preview and the donor page ask getdonormatchstatus: the request is there,
    // without the donor agency's actions (staff false) and without the donor's name.
    const mine = await status(donorId, M);
    expect(mine.staff).toBe(false);
    expect(mine.open.map((r) => [r.parentId, r.status, r.portfolioId, r.donorName])).toEqual([
      [parentId, 'Confirm', portfolioId, ''],
    ]);
    // The donor's agency sees it too and may act on it.
    const theirs = await status(donorId, DONOR_STAFF);
    expect(theirs.staff).toBe(true);
    expect(theirs.open.map((r) => r.parentId)).toEqual([parentId]);
    // Staff of a third center that sees the donor follow none of it.
    expect((await status(donorId, 'manager85@demo.test')).open).toEqual([]);
    // The case manager cannot confirm another agency's donor.
    const refused = await call('POST', 'confirmdonormatch', { donor_id: donorId, parent_id: parentId }, M);
    expect(refused.statusCode).toBe(404);

    // Once the donor's agency queues it, the donor page's panels show it to the manager.
    const queued = await call(
      'POST',
      'addipindonorqueue',
      { donor_id: donorId, parent_id: parentId },
      DONOR_STAFF,
    );
    expect(queued.statusCode, queued.body).toBe(200);
    const details = body<{ matchPanels: { queued: { parentId: number; status: string }[] } }>(
      await call('GET', `getdonordetails/${donorId}`, undefined, M),
    ).data;
    expect(details.matchPanels.queued.map((r) => [r.parentId, r.status])).toEqual([[parentId, 'Queued']]);
    const aq = await call('POST', 'getactiveandqueuematchdonor', { donor_id: donorId }, M);
    expect(aq.statusCode).toBe(200);
    const panels = body<{ active: MatchRow[]; queued: MatchRow[] }>(aq).data;
    expect(panels.queued.map((r) => [r.parentId, r.donorName])).toEqual([[parentId, '']]);
    const contacts = await call('GET', `fetchcurrentmatchcontacts/${donorId}`, undefined, M);
    expect(contacts.statusCode).toBe(200);
    expect(body<MatchContact[]>(contacts).data.map((c) => [c.parentId, c.email])).toEqual([[parentId, P]]);
    // A third center's staff see no one's matches there.
    const third = body<{ queued: MatchRow[] }>(
      await call('POST', 'getactiveandqueuematchdonor', { donor_id: donorId }, 'manager85@demo.test'),
    ).data;
    expect(third.queued).toEqual([]);
  });

  it('getactiveandqueuematchdonor: 401 anonymous, 403 to a client, 404 for a donor the caller may not see, 400 for bad input', async () => {
    const donorId = await donorOf(85, 'manager85@demo.test');
    const url = 'getactiveandqueuematchdonor';
    expect((await call('POST', url, { donor_id: donorId })).statusCode).toBe(401);
    expect((await call('POST', url, { donor_id: donorId }, P)).statusCode).toBe(403);
    // Center 133 does not see center 85's donors.
    expect((await call('POST', url, { donor_id: donorId }, M)).statusCode).toBe(404);
    expect((await call('GET', `fetchcurrentmatchcontacts/${donorId}`, undefined, M)).statusCode).toBe(404);
    const bad = await call('POST', url, { donor_id: 'abc' }, M);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/donor id/i);
    expect((await call('POST', url, { donor_id: donorId }, 'manager85@demo.test')).statusCode).toBe(200);
  });
});

describe('GET /api/fetchcurrentmatchcontacts/:id', () => {
  it('answers 401 anonymous, 403 to a client, 404 to staff of a center that does not see the donor, 400 for a bad id', async () => {
    const donorId = await freshDonor(85);
    expect((await get(`fetchcurrentmatchcontacts/${donorId}`)).statusCode).toBe(401);
    expect((await get(`fetchcurrentmatchcontacts/${donorId}`, 'parent85@demo.test')).statusCode).toBe(403);
    expect((await get(`fetchcurrentmatchcontacts/${donorId}`, 'manager133@demo.test')).statusCode).toBe(404);
    const bad = await get('fetchcurrentmatchcontacts/abc', 'manager@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Donor id is invalid.');
  });

  it("gives staff of the donor's center the parents' contacts of active and queued matches, audited", async () => {
    const donorId = await freshDonor();
    const [p1, p2, p3] = await makeParents(1, 3, 'contact');
    await t.db.update(users).set({ contactNo: '5551234', countryCode: '+1' }).where(eq(users.id, p1!));
    for (const p of [p1!, p2!, p3!])
      expect((await staffAct('startmatchrequest', donorId, p)).statusCode).toBe(200);
    expect((await staffAct('confirmdonormatch', donorId, p1!)).statusCode).toBe(200);
    expect((await staffAct('addipindonorqueue', donorId, p2!)).statusCode).toBe(200);
    const res = await get(`fetchcurrentmatchcontacts/${donorId}`, 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    const list = body<{ parentId: number; email: string; contactNo: string; status: string }[]>(res).data;
    // p3's request still waits (Confirm): not a current match, so no contact.
    expect(list.map((c) => [c.parentId, c.status])).toEqual([
      [p1, 'Active'],
      [p2, 'Queued'],
    ]);
    expect(list[0]).toMatchObject({
      email: 'contact0.c1@parents.test',
      contactNo: '5551234',
      countryCode: '+1',
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'donor.match_contacts.read'), eq(auditLog.entityId, String(donorId))));
    expect(audits).toHaveLength(1);
  });
});
