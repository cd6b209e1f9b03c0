import { MATCH_MSG, type MatchPage, type MatchRow } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorPicker } from '../../test/match-donors.js';

/**
 * The requested-donors grid is the donor agency's inbox of other agencies' requests (issue 17
 * item 4): its case manager acts on a row with the workflow calls, taking donor, parent and queue
 * type from the grid's answer; the client's own agency follows the request but does not act.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The IP's agency (center 133) and its client; the donor agency is the main center (1). */
const IP_MANAGER = 'manager133@demo.test';
const P = 'parent133@demo.test';
const DONOR_STAFF = 'manager@demo.test';
const post = (url: string, payload: unknown, as?: string) =>
  t.request({ method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown>, as });

async function userId(username: string): Promise<number> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u!.id;
}

const pick = donorPicker(() => t);
/** An Available, unrequested synthetic donor of a center that the client may see. */
const donorOf = (centerId: number) => pick(centerId, P);

/** The rows of a match grid for the caller (the web's call with its default filters). */
async function grid(url: string, as: string, extra: Record<string, unknown> = {}): Promise<MatchRow[]> {
  const res = await post(url, { from: 0, to: 100, center: 133, ...extra }, as);
  expect(res.statusCode, res.body).toBe(200);
  return body<MatchPage>(res).data.rows;
}
const requestedDonors = (as: string, extra: Record<string, unknown> = {}) =>
  grid('getotheragenciesmatchrequestedip', as, extra);

/** The body the grid row's buttons send (the donor page's MatchActions sends the same). */
const target = (r: MatchRow) => ({ donor_id: r.donorId, parent_id: r.parentId, queue_type: r.queueType });

describe("the requested-donors grid acts on another agency's client's request", () => {
  it("the donor agency confirms from the grid's row; the parent's other requests end", async () => {
    const parentId = await userId(P);
    const [donorId, otherDonor, ownAgencyDonor] = [await donorOf(1), await donorOf(1), await donorOf(133)];
    for (const d of [donorId, otherDonor, ownAgencyDonor]) {
      const res = await post('startmatchrequest', { donor_id: d }, P);
      expect(res.statusCode, res.body).toBe(200);
    }

    // The donor agency's grid lists the client's two requests on its donors, with what acting needs.
    const rows = await requestedDonors(DONOR_STAFF);
    const row = rows.find((r) => r.donorId === donorId && r.parentId === parentId)!;
    expect(row).toMatchObject({
      status: 'Confirm',
      parentCenterId: 133,
      donorCenterId: 1,
      queueType: 'Fresh',
    });
    expect(row.matchId).toBeGreaterThan(0);
    expect(rows.some((r) => r.donorId === otherDonor && r.parentId === parentId)).toBe(true);
    // The IP's agency has no such row in its own requested-donors grid (not its donors)...
    expect((await requestedDonors(IP_MANAGER, { center: null })).some((r) => r.matchId === row.matchId)).toBe(
      false,
    );
    // ... and may not act on it: another center's donor is unknown to it, a client has no such page.
    expect((await post('confirmdonormatch', target(row), IP_MANAGER)).statusCode).toBe(404);
    expect((await post('addipindonorqueue', target(row), IP_MANAGER)).statusCode).toBe(404);
    expect(
      (await post('cancelmatch', { ...target(row), comment: 'No', set_unavailable: false }, IP_MANAGER))
        .statusCode,
    ).toBe(404);
    expect((await post('confirmdonormatch', target(row), P)).statusCode).toBe(403);
    expect((await post('confirmdonormatch', target(row))).statusCode).toBe(401);
    const bad = await post('confirmdonormatch', { ...target(row), parent_id: 'x' }, DONOR_STAFF);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Parent id is invalid.');
    const noReason = await post('cancelmatch', { ...target(row), comment: ' ' }, DONOR_STAFF);
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).message).toBe(MATCH_MSG.CANCEL_REASON);

    // The donor agency's case manager confirms it from the row.
    const confirmed = await post('confirmdonormatch', target(row), DONOR_STAFF);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(body<MatchRow>(confirmed).data).toMatchObject({ matchId: row.matchId, status: 'Active' });

    // The grid now shows it Active; the parent's other request on its donor is gone from it.
    const after = await requestedDonors(DONOR_STAFF);
    const mine = after.filter((r) => r.parentId === parentId && [donorId, otherDonor].includes(r.donorId));
    expect(mine.map((r) => [r.donorId, r.status])).toEqual([[donorId, 'Active']]);
    // Both agencies' cancelled reports list the removed requests (on center 1's and 133's donors).
    const cancelled = async (as: string, d: number) => {
      const res = await post('generatedonorreport', { from: 0, to: 100 }, as);
      expect(res.statusCode, res.body).toBe(200);
      return body<MatchPage>(res).data.rows.find((r) => r.donorId === d && r.parentId === parentId);
    };
    expect((await cancelled(DONOR_STAFF, otherDonor))?.cancelReason).toMatch(/another donor/);
    expect((await cancelled(IP_MANAGER, ownAgencyDonor))?.cancelReason).toMatch(/another donor/);
    // The IP's agency follows the confirmed match on its tracking grid.
    const tracked = await grid('getmatchrequestedipwithotheragencies', IP_MANAGER, { center: null });
    expect(tracked.filter((r) => r.parentId === parentId).map((r) => [r.donorId, r.status])).toEqual([
      [donorId, 'Active'],
    ]);
  });
});
