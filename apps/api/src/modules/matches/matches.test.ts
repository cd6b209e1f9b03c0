import {
  EMAIL_TYPE,
  MATCH_ACTIONS,
  MATCH_MSG,
  MATCH_STATUSES,
  type MatchAction,
  type MatchActor,
  type MatchPage,
  type MatchRow,
  type MatchStatus,
  MSG,
  matchTransition,
} from '@dm/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorDonationCycles, donors, matches } from '../../db/schema/index.js';
import { parseCsv } from '../../platform/csv.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { matchFixtures } from '../../test/match-fixtures.js';

let t: TestApp;
let parentId: number;
let parent2Id: number;
const { userId, makeParents, freshDonor, post, get, donorRow, matchesOf, eventsOf, request, staffAct } =
  matchFixtures(() => t);
beforeAll(async () => {
  t = await startTestApp();
  parentId = await userId('parent@demo.test');
  parent2Id = (await makeParents(1, 1, 'second'))[0]!;
});
afterAll(() => t.close());

describe('the match state machine (pure)', () => {
  // The spec's table, written out by hand: action -> [from statuses, to, actors].
  const waiting: (MatchStatus | null)[] = ['Request', 'Pending', 'Confirm'];
  const expected: Record<MatchAction, [(MatchStatus | null)[], MatchStatus, MatchActor[]]> = {
    request: [[null], 'Confirm', ['parent', 'staff']],
    accept_referral: [waiting, 'Referral Accepted', ['staff']],
    queue: [[...waiting, 'Referral Accepted'], 'Queued', ['staff']],
    confirm: [[...waiting, 'Referral Accepted', 'Queued'], 'Active', ['staff']],
    complete: [['Active'], 'Confirm', ['staff']],
    resolve: [['Active'], 'Completed', ['staff']],
    cancel: [[...waiting, 'Referral Accepted', 'Queued', 'Active'], 'Cancel Request', ['staff']],
    cancel_request: [[...waiting, 'Referral Accepted', 'Queued'], 'Cancel Request', ['parent', 'staff']],
    reserve: [[null, ...waiting], 'Confirm', ['staff']],
    unreserve: [[null, ...waiting, 'Referral Accepted', 'Queued'], 'Cancel Request', ['staff']],
  };
  it('allows exactly the listed transitions for every state, action and actor', () => {
    let allowed = 0;
    for (const from of [null, ...MATCH_STATUSES]) {
      for (const action of MATCH_ACTIONS) {
        for (const actor of ['parent', 'staff', 'other'] as MatchActor[]) {
          const [froms, to, actors] = expected[action];
          const want = froms.includes(from) && actors.includes(actor) ? to : null;
          expect(matchTransition(from, action, actor), `${from} ${action} ${actor}`).toBe(want);
          if (want) allowed++;
        }
      }
    }
    expect(allowed).toBe(32 + 4 + 6);
  });
  it('closed matches (Cancel Request, Completed) allow nothing', () => {
    for (const action of MATCH_ACTIONS) {
      expect(matchTransition('Completed', action, 'staff')).toBeNull();
      expect(matchTransition('Cancel Request', action, 'staff')).toBeNull();
    }
  });
});

describe('access of every match route', () => {
  const clientRoutes = ['startmatchrequest', 'canceldonorrequesttomatch', 'getqueuenumber'];
  const staffRoutes = [
    'confirmdonormatch',
    'completedonormatch',
    'addipindonorqueue',
    'cancelmatch',
    'acceptreferralmatch',
    'resolvematchprocess',
    'getactiveandqueuematchdonor',
    'getdonorqueuedetails',
    'getdonorspecificipquery',
    'updatedonorstatus',
    'getotheragenciesmatchrequestedip',
    'getotheragenciesmatchrequestedipcsv',
  ];
  it('answers 401 without a session', async () => {
    for (const url of [
      ...clientRoutes,
      ...staffRoutes,
      'getmatchrequestedipwithotheragencies',
      'generatedonorreport',
    ]) {
      const res = await post(url, {});
      expect(res.statusCode, url).toBe(401);
      expect(body(res).message).toBe(MSG.NO_TOKEN);
    }
    expect((await get('getdonormatchstatus/1')).statusCode).toBe(401);
  });
  it('answers 403 to roles without the page', async () => {
    for (const url of staffRoutes)
      expect((await post(url, {}, 'parent@demo.test')).statusCode, url).toBe(403);
    for (const url of clientRoutes)
      expect((await post(url, {}, 'master@demo.test')).statusCode, url).toBe(403);
    expect((await post('getmatchrequestedipwithotheragencies', {}, 'parent@demo.test')).statusCode).toBe(403);
    expect((await post('generatedonorreport', {}, 'parent@demo.test')).statusCode).toBe(403);
    // A donor may open donor pages but takes no part in matching.
    const donorId = await userId('donor@demo.test');
    const res = await post('startmatchrequest', { donor_id: donorId }, 'donor@demo.test');
    expect(res.statusCode).toBe(403);
    expect((await get(`getdonormatchstatus/${donorId}`, 'donor@demo.test')).statusCode).toBe(403);
  });
  it('answers 400 naming the field for bad input', async () => {
    const res = await post('startmatchrequest', { donor_id: 'abc' }, 'parent@demo.test');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/donor id/i);
    const q = await post('startmatchrequest', { donor_id: 5, queue_type: 'Thawed' }, 'parent@demo.test');
    expect(q.statusCode).toBe(400);
    expect(body(q).message).toMatch(/queue type/i);
    const grid = await post(
      'getotheragenciesmatchrequestedip',
      { match_status_filter: 'Nope' },
      'manager@demo.test',
    );
    expect(grid.statusCode).toBe(400);
    expect(body(grid).message).toMatch(/match status filter/i);
  });
  it("answers 404 for another center's donor or match", async () => {
    const donorId = await freshDonor();
    expect((await request(donorId)).statusCode).toBe(200);
    for (const url of [
      'confirmdonormatch',
      'addipindonorqueue',
      'completedonormatch',
      'canceldonorrequesttomatch',
    ]) {
      const res = await post(url, { donor_id: donorId, parent_id: parentId }, 'manager85@demo.test');
      expect(res.statusCode, url).toBe(404);
    }
    const cancel = await post(
      'cancelmatch',
      { donor_id: donorId, parent_id: parentId, comment: 'x' },
      'admin85@demo.test',
    );
    expect(cancel.statusCode).toBe(404);
    const [m] = await matchesOf(donorId);
    expect(
      (await post('acceptreferralmatch', { match_id: m!.id, parent_id: parentId }, 'manager85@demo.test'))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('getdonorqueuedetails', { donor_id: donorId }, 'manager85@demo.test')).statusCode,
    ).toBe(404);
    // Center 85 sees center 1's donors: it follows only its own parents' matches there (none).
    const followed = await post('getactiveandqueuematchdonor', { donor_id: donorId }, 'manager85@demo.test');
    expect(body(followed).data).toEqual({ active: [], queued: [] });
    expect(
      (await post('updatedonorstatus', { user_id: donorId, status: 'Unavailable' }, 'manager85@demo.test'))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          'getdonorspecificipquery',
          { donor_id: donorId, parent_id: parentId },
          'manager85@demo.test',
        )
      ).statusCode,
    ).toBe(404);
    // The match did not change.
    expect((await matchesOf(donorId))[0]!.status).toBe('Confirm');
    // A client cannot act for another parent.
    const other = await post(
      'canceldonorrequesttomatch',
      { donor_id: donorId, parent_id: parentId },
      'parent85@demo.test',
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('the workflow through the API', () => {
  it('request: to Confirm, the donor Under Review, one queue spot taken, the manager told', async () => {
    const donorId = await freshDonor();
    const res = await request(donorId);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MATCH_MSG.REQUESTED);
    const row = body<MatchRow>(res).data;
    expect(row.status).toBe('Confirm');
    expect(row.queuePosition).toBe(1);
    const [m] = await matchesOf(donorId);
    expect(m).toMatchObject({
      status: 'Confirm',
      parentId,
      donorCenterId: 1,
      parentCenterId: 1,
      queueType: 'Fresh',
    });
    const d = await donorRow(donorId);
    expect(d.availability).toBe('Under Review');
    expect(d.queueCount).toBe(1);
    const events = await eventsOf(m!.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'request',
      fromStatus: null,
      toStatus: 'Confirm',
      actorUserId: parentId,
    });
    const mail = await t.outbox('manager@demo.test');
    expect(mail.some((x) => x.emailTypeId === EMAIL_TYPE.MATCH_REQUESTED)).toBe(true);
    // A second request by the same parent is refused.
    const again = await request(donorId);
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(MATCH_MSG.ALREADY_REQUESTED);
    // getdonormatchstatus shows the client their own match, and staff every open one.
    const mine = body<{ own: MatchRow | null; open: MatchRow[]; remainingQueue: number }>(
      await get(`getdonormatchstatus/${donorId}`, 'parent@demo.test'),
    ).data;
    expect(mine.own?.status).toBe('Confirm');
    expect(mine.open).toEqual([]);
    expect(mine.remainingQueue).toBe(2);
    const staff = body<{ staff: boolean; open: MatchRow[] }>(
      await get(`getdonormatchstatus/${donorId}`, 'manager@demo.test'),
    ).data;
    expect(staff.staff).toBe(true);
    expect(staff.open.map((r) => r.parentId)).toEqual([parentId]);
  });

  it("confirm: to Active, donor In Cycle, the parent's other requests removed; complete goes back to Confirm", async () => {
    const donorId = await freshDonor();
    const otherDonor = await freshDonor();
    expect((await request(donorId, 'second0.c1@parents.test')).statusCode).toBe(200);
    expect((await request(otherDonor, 'second0.c1@parents.test')).statusCode).toBe(200);
    const res = await staffAct('confirmdonormatch', donorId, parent2Id);
    expect(res.statusCode).toBe(200);
    expect(body<MatchRow>(res).data.status).toBe('Active');
    expect((await donorRow(donorId)).availability).toBe('In Cycle');
    expect((await donorRow(donorId)).queueCount).toBe(0);
    const [removed] = await matchesOf(otherDonor);
    expect(removed!.status).toBe('Cancel Request');
    expect(removed!.cancelReason).toMatch(/another donor/);
    expect((await donorRow(otherDonor)).availability).toBe('Available');
    expect((await donorRow(otherDonor)).queueCount).toBe(0);
    // The panels of the donor details page and getactiveandqueuematchdonor show the active match.
    const details = body<{ matchPanels: { active: { parentId: number }[] } }>(
      await get(`getdonordetails/${donorId}`, 'manager@demo.test'),
    ).data;
    expect(details.matchPanels.active.map((p) => p.parentId)).toEqual([parent2Id]);
    const aq = body<{ active: MatchRow[]; queued: MatchRow[] }>(
      await post('getactiveandqueuematchdonor', { donor_id: donorId }, 'manager@demo.test'),
    ).data;
    expect(aq.active).toHaveLength(1);
    // A second confirm on the same donor and queue type is refused while one is active.
    const p3 = (await makeParents(1, 1, 'third'))[0]!;
    expect((await staffAct('startmatchrequest', donorId, p3)).statusCode).toBe(200);
    const second = await staffAct('confirmdonormatch', donorId, p3);
    expect(second.statusCode).toBe(400);
    expect(body(second).message).toBe(MATCH_MSG.DONOR_IN_CYCLE);
    // Complete: back to Confirm, the donor Under Review.
    const done = await staffAct('completedonormatch', donorId, parent2Id);
    expect(body<MatchRow>(done).data.status).toBe('Confirm');
    expect((await donorRow(donorId)).availability).toBe('Under Review');
    const mail = await t.outbox('second0.c1@parents.test');
    expect(
      mail.filter((x) => x.emailTypeId === EMAIL_TYPE.MATCH_STATUS_CHANGED).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('queue, accept referral, queue number and queue details', async () => {
    const donorId = await freshDonor();
    const [a, b] = await makeParents(1, 2, 'queue');
    expect((await staffAct('startmatchrequest', donorId, a!)).statusCode).toBe(200);
    expect((await staffAct('startmatchrequest', donorId, b!)).statusCode).toBe(200);
    const [ma, mb] = await matchesOf(donorId);
    const accepted = await post(
      'acceptreferralmatch',
      { match_id: mb!.id, parent_id: b },
      'manager@demo.test',
    );
    expect(accepted.statusCode).toBe(200);
    expect((await matchesOf(donorId))[1]!.status).toBe('Referral Accepted');
    const queued = await staffAct('addipindonorqueue', donorId, b!, { isFreshMatchingMatched: false });
    expect(body<MatchRow>(queued).data.status).toBe('Queued');
    expect(body<MatchRow>(queued).data.queuePosition).toBe(2);
    const qn = body<{ queueNumber: number }>(
      await post('getqueuenumber', { donor_id: donorId, parent_id: b }, 'manager@demo.test'),
    ).data;
    expect(qn.queueNumber).toBe(2);
    // The first parent withdraws: the queue moves up.
    expect((await staffAct('canceldonorrequesttomatch', donorId, a!)).statusCode).toBe(200);
    expect((await eventsOf(ma!.id)).map((e) => e.toStatus)).toEqual(['Confirm', 'Cancel Request']);
    const details = body<{ queueLen: number; data: MatchRow[]; donor_availability: string }>(
      await post('getdonorqueuedetails', { donor_id: donorId }, 'manager@demo.test'),
    ).data;
    expect(details.queueLen).toBe(1);
    expect(details.data.map((r) => [r.parentId, r.queuePosition])).toEqual([[b, 1]]);
    expect(details.donor_availability).toBe('Under Review');
    // Queued is not a state one can queue from again.
    const twice = await staffAct('addipindonorqueue', donorId, b!);
    expect(twice.statusCode).toBe(400);
    expect(body(twice).message).toBe(MATCH_MSG.NOT_ALLOWED);
    // History for the staff.
    const history = body<{ toStatus: string }[]>(
      await post('getdonorspecificipquery', { donor_id: donorId, parent_id: b }, 'manager@demo.test'),
    ).data;
    expect(history.map((h) => h.toStatus)).toEqual(['Confirm', 'Referral Accepted', 'Queued']);
  });

  it('cancel needs a reason; set_unavailable makes the donor Unavailable; the parent is told', async () => {
    const donorId = await freshDonor();
    expect((await request(donorId)).statusCode).toBe(200);
    const noReason = await staffAct('cancelmatch', donorId, parentId, { comment: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).message).toBe(MATCH_MSG.CANCEL_REASON);
    expect((await matchesOf(donorId))[0]!.status).toBe('Confirm');
    const res = await staffAct('cancelmatch', donorId, parentId, {
      comment: 'Donor moved away',
      set_unavailable: true,
    });
    expect(res.statusCode).toBe(200);
    const [m] = await matchesOf(donorId);
    expect(m).toMatchObject({ status: 'Cancel Request', cancelReason: 'Donor moved away' });
    expect((await donorRow(donorId)).availability).toBe('Unavailable');
    const mail = await t.outbox('parent@demo.test');
    expect(
      mail.some((x) => x.emailTypeId === EMAIL_TYPE.MATCH_CANCELLED && x.text.includes('Donor moved away')),
    ).toBe(true);
    // Nothing open: cancelling again says so.
    const again = await staffAct('cancelmatch', donorId, parentId, { comment: 'again' });
    expect(body(again).message).toBe(MATCH_MSG.NO_OPEN_MATCH);
  });

  it('a client withdraws their own request; the donor is Available again', async () => {
    const donorId = await freshDonor();
    expect((await request(donorId)).statusCode).toBe(200);
    const res = await post('canceldonorrequesttomatch', { donor_id: donorId }, 'parent@demo.test');
    expect(res.statusCode).toBe(200);
    expect((await matchesOf(donorId))[0]!.status).toBe('Cancel Request');
    const d = await donorRow(donorId);
    expect([d.availability, d.queueCount]).toEqual(['Available', 0]);
  });

  it('resolvematchprocess records the donation on the past-donation tab and completes the match', async () => {
    const donorId = await freshDonor();
    const before = (await donorRow(donorId)).donationCount;
    expect((await request(donorId)).statusCode).toBe(200);
    const missing = await post(
      'resolvematchprocess',
      { donorId, parent_id: parentId, name_of_clinic: 'Clinic' },
      'manager@demo.test',
    );
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe(MSG.MANDATORY);
    const notActive = await post(
      'resolvematchprocess',
      {
        donorId,
        parent_id: parentId,
        name_of_clinic: 'Clinic',
        cycle_date: '2026-05-01',
        eggs_retrieved: 12,
      },
      'manager@demo.test',
    );
    expect(body(notActive).message).toBe(MATCH_MSG.NOT_ALLOWED);
    expect((await staffAct('confirmdonormatch', donorId, parentId)).statusCode).toBe(200);
    const res = await post(
      'resolvematchprocess',
      {
        donorId,
        parent_id: parentId,
        parent_name: 'Jordan Parent',
        name_of_clinic: 'Bright Fertility',
        cycle_date: '2026-05-01',
        eggs_retrieved: 14,
        eggs_mature: 11,
        embryos_created: 6,
        pregnancy_result: 'Positive',
        queue_type: 'Fresh',
      },
      'manager@demo.test',
    );
    expect(res.statusCode).toBe(200);
    const [m] = await matchesOf(donorId);
    expect(m!.status).toBe('Completed');
    const [cycle] = await t.db
      .select()
      .from(donorDonationCycles)
      .where(eq(donorDonationCycles.id, m!.donationCycleId!));
    expect(cycle).toMatchObject({ nameOfClinic: 'Bright Fertility', eggsRetrieved: 14, eggsMature: 11 });
    const d = await donorRow(donorId);
    expect(d.donationCount).toBe(before + 1);
    expect(d.availability).toBe('Available');
    const details = body<{ pastDonations: { nameOfClinic: string }[] }>(
      await get(`getdonordetails/${donorId}`, 'manager@demo.test'),
    ).data;
    expect(details.pastDonations.map((p) => p.nameOfClinic)).toContain('Bright Fertility');
  });

  it('updatedonorstatus sets the availability and audits it', async () => {
    const donorId = await freshDonor();
    const res = await post(
      'updatedonorstatus',
      { user_id: donorId, status: 'Unavailable' },
      'admin@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect((await donorRow(donorId)).availability).toBe('Unavailable');
    const bad = await post('updatedonorstatus', { user_id: donorId, status: 'Gone' }, 'admin@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/status/i);
    // An unavailable donor cannot be requested.
    const req = await staffAct('startmatchrequest', donorId, parentId);
    expect(body(req).message).toBe(MATCH_MSG.DONOR_NOT_AVAILABLE);
  });
});

describe('limits', () => {
  it('20 parallel requests for one donor take exactly the 3 queue spots', async () => {
    const donorId = await freshDonor();
    const parents = await makeParents(1, 20, 'rush');
    const results = await Promise.all(
      parents.map((p) => post('startmatchrequest', { donor_id: donorId, parent_id: p }, 'manager@demo.test')),
    );
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(body(r).message).toBe(MATCH_MSG.QUEUE_FULL);
    }
    const open = (await matchesOf(donorId)).filter((m) => m.status === 'Confirm');
    expect(open).toHaveLength(3);
    expect(open.map((m) => m.queuePosition).sort()).toEqual([1, 2, 3]);
    expect((await donorRow(donorId)).queueCount).toBe(3);
    const status = body<{ remainingQueue: number }>(
      await get(`getdonormatchstatus/${donorId}`, 'manager@demo.test'),
    ).data;
    expect(status.remainingQueue).toBe(0);
  });

  it('parallel requests of one parent for one donor make one match', async () => {
    const donorId = await freshDonor();
    const [p] = await makeParents(1, 1, 'twin');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('startmatchrequest', { donor_id: donorId, parent_id: p }, 'manager@demo.test'),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await matchesOf(donorId)).toHaveLength(1);
  });

  it('a center with a combined limit counts active matches too', async () => {
    const donorId = await freshDonor(85);
    const ps = await makeParents(85, 4, 'hatch');
    expect(
      (await post('startmatchrequest', { donor_id: donorId, parent_id: ps[0] }, 'manager85@demo.test'))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('confirmdonormatch', { donor_id: donorId, parent_id: ps[0] }, 'manager85@demo.test'))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('startmatchrequest', { donor_id: donorId, parent_id: ps[1] }, 'manager85@demo.test'))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('startmatchrequest', { donor_id: donorId, parent_id: ps[2] }, 'manager85@demo.test'))
        .statusCode,
    ).toBe(200);
    const fourth = await post(
      'startmatchrequest',
      { donor_id: donorId, parent_id: ps[3] },
      'manager85@demo.test',
    );
    expect(body(fourth).message).toBe(MATCH_MSG.QUEUE_FULL);
  });

  it('the consumer center limits a parent to 6 open requests', async () => {
    const [p] = await makeParents(111, 1, 'consumer');
    const donorIds: number[] = [];
    for (let i = 0; i < 7; i++) donorIds.push(await freshDonor(111));
    for (const id of donorIds.slice(0, 6)) {
      const res = await post('startmatchrequest', { donor_id: id, parent_id: p }, 'manager111@demo.test');
      expect(res.statusCode).toBe(200);
    }
    const seventh = await post(
      'startmatchrequest',
      { donor_id: donorIds[6], parent_id: p },
      'manager111@demo.test',
    );
    expect(body(seventh).message).toBe(MATCH_MSG.PARENT_LIMIT);
  });

  it('a donor with the maximum donations cannot be requested', async () => {
    const donorId = await freshDonor();
    await t.db.update(donors).set({ donationCount: 5 }).where(eq(donors.userId, donorId));
    const res = await request(donorId);
    expect(body(res).message).toBe(MATCH_MSG.MAX_DONATIONS);
  });
});

describe('grids and reports', () => {
  it('requested-donors grid: paging, filters, search, sort and CSV', async () => {
    const all = body<MatchPage>(
      await post('getotheragenciesmatchrequestedip', { from: 0, to: 5 }, 'manager@demo.test'),
    ).data;
    expect(all.total).toBeGreaterThan(5);
    expect(all.rows).toHaveLength(5);
    expect(all.rows.map((r) => r.statusChangedAt)).toEqual(
      all.rows
        .map((r) => r.statusChangedAt)
        .sort()
        .reverse(),
    );
    expect(all.rows.every((r) => r.donorCenterId === 1 && r.status !== 'Completed')).toBe(true);
    const page2 = body<MatchPage>(
      await post('getotheragenciesmatchrequestedip', { from: 5, to: 10 }, 'manager@demo.test'),
    ).data;
    expect(page2.rows.length).toBeGreaterThan(0);
    expect(page2.rows.some((r) => all.rows.some((a) => a.matchId === r.matchId))).toBe(false);
    const active = body<MatchPage>(
      await post(
        'getotheragenciesmatchrequestedip',
        { match_status_filter: ['Active'] },
        'manager@demo.test',
      ),
    ).data;
    expect(active.rows.every((r) => r.status === 'Active')).toBe(true);
    const completed = body<MatchPage>(
      await post(
        'getotheragenciesmatchrequestedip',
        { match_status_filter: ['Completed'] },
        'manager@demo.test',
      ),
    ).data;
    expect(completed.total).toBeGreaterThan(0);
    const search = body<MatchPage>(
      await post(
        'getotheragenciesmatchrequestedip',
        { search: 'rush', sort: 'parent', ord: 'asc' },
        'manager@demo.test',
      ),
    ).data;
    expect(search.rows.length).toBeGreaterThan(0);
    expect(search.rows.every((r) => r.parentLastName.startsWith('rush'))).toBe(true);
    const consumer = body<MatchPage>(
      await post('getotheragenciesmatchrequestedip', { center: 111 }, 'manager@demo.test'),
    ).data;
    expect(consumer.rows.every((r) => r.parentCenterId === 111)).toBe(true);
    const csvRes = await post('getotheragenciesmatchrequestedipcsv', {}, 'manager@demo.test');
    expect(csvRes.headers['content-type']).toContain('text/csv');
    const csv = parseCsv(csvRes.body);
    expect(csv[0]).toContain('Match status');
    expect(csv.slice(1)).toHaveLength(all.total);
    // Another center's staff see none of these.
    const other = body<MatchPage>(
      await post('getotheragenciesmatchrequestedip', {}, 'manager46@demo.test'),
    ).data;
    expect(other.total).toBe(0);
  });

  it("track match requests lists the center's parents' matches; the cancelled report lists cancellations", async () => {
    const track = body<MatchPage>(
      await post(
        'getmatchrequestedipwithotheragencies',
        { match_status_filter: ['Active', 'Confirm'] },
        'manager111@demo.test',
      ),
    ).data;
    expect(track.total).toBe(6);
    expect(track.rows.every((r) => r.parentCenterId === 111)).toBe(true);
    const csv = parseCsv(
      (await post('getmatchrequestedipwithotheragenciescsv', {}, 'manager111@demo.test')).body,
    );
    expect(csv.slice(1)).toHaveLength(6);
    const report = body<MatchPage>(
      await post(
        'generatedonorreport',
        { startdate: '2000-01-01', lastdate: '2100-01-01' },
        'admin@demo.test',
      ),
    ).data;
    expect(report.total).toBeGreaterThan(0);
    expect(report.rows.every((r) => r.status === 'Cancel Request')).toBe(true);
    expect(report.rows.some((r) => r.cancelReason === 'Donor moved away')).toBe(true);
    const none = body<MatchPage>(
      await post(
        'generatedonorreport',
        { startdate: '2000-01-01', lastdate: '2000-01-02' },
        'admin@demo.test',
      ),
    ).data;
    expect(none.total).toBe(0);
    const reportCsv = parseCsv((await post('generatedonorreportcsv', {}, 'admin@demo.test')).body);
    expect(reportCsv.slice(1).length).toBe(report.total);
  });

  it('no match row ever leaves counts and open matches out of step', async () => {
    const open = await t.db
      .select({ donorId: matches.donorId, queueType: matches.queueType, n: sql<number>`count(*)::int` })
      .from(matches)
      .where(inArray(matches.status, ['Request', 'Pending', 'Confirm', 'Referral Accepted', 'Queued']))
      .groupBy(matches.donorId, matches.queueType);
    for (const o of open) {
      const d = await donorRow(o.donorId);
      expect(o.queueType === 'Fresh' ? d.queueCount : d.frozenQueueCount).toBe(o.n);
    }
  });
});

describe('after a cancel: hiding an Unavailable donor, Frozen Eggs Pending', () => {
  it('cancelling a queued match with set_unavailable hides the donor from parents for a while', async () => {
    const donorId = await freshDonor();
    const [p] = await makeParents(1, 1, 'hide');
    expect((await staffAct('startmatchrequest', donorId, p!)).statusCode).toBe(200);
    expect((await staffAct('addipindonorqueue', donorId, p!)).statusCode).toBe(200);
    expect((await get(`getdonordetails/${donorId}`, 'parent@demo.test')).statusCode).toBe(200);
    const res = await staffAct('cancelmatch', donorId, p!, { comment: 'Not now', set_unavailable: true });
    expect(res.statusCode).toBe(200);
    const d = await donorRow(donorId);
    expect(d.availability).toBe('Unavailable');
    const hours = (d.hiddenUntil!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24.01);
    // Hidden from intended parents (as if she did not exist), not from staff.
    expect((await get(`getdonordetails/${donorId}`, 'parent@demo.test')).statusCode).toBe(404);
    expect((await get(`getdonordetails/${donorId}`, 'manager@demo.test')).statusCode).toBe(200);
    // Once the time is over, or once she is available again, parents see her.
    await t.db
      .update(donors)
      .set({ hiddenUntil: new Date(Date.now() - 1000) })
      .where(eq(donors.userId, donorId));
    expect((await get(`getdonordetails/${donorId}`, 'parent@demo.test')).statusCode).toBe(200);
    await t.db
      .update(donors)
      .set({ hiddenUntil: new Date(Date.now() + 3_600_000), availability: 'Available' })
      .where(eq(donors.userId, donorId));
    expect((await get(`getdonordetails/${donorId}`, 'parent@demo.test')).statusCode).toBe(200);
  });

  it('a cancel that was no queue, or leaves the donor available, hides nobody', async () => {
    const waiting = await freshDonor();
    expect((await request(waiting)).statusCode).toBe(200);
    expect(
      (await staffAct('cancelmatch', waiting, parentId, { comment: 'x', set_unavailable: true })).statusCode,
    ).toBe(200);
    expect((await donorRow(waiting)).hiddenUntil).toBeNull();
    const queued = await freshDonor();
    const [p] = await makeParents(1, 1, 'nohide');
    expect((await staffAct('startmatchrequest', queued, p!)).statusCode).toBe(200);
    expect((await staffAct('addipindonorqueue', queued, p!)).statusCode).toBe(200);
    expect((await staffAct('cancelmatch', queued, p!, { comment: 'x' })).statusCode).toBe(200);
    expect((await donorRow(queued)).hiddenUntil).toBeNull();
  });

  it('at the Frozen Eggs Pending center an open frozen match sets it, and closing it ends it', async () => {
    const donorId = await freshDonor(85);
    await t.db
      .update(donors)
      .set({ donorType: 'Both', frozenAvailability: 'Available' })
      .where(eq(donors.userId, donorId));
    const [p] = await makeParents(85, 1, 'frozen');
    const as85 = (url: string, extra: Record<string, unknown> = {}) =>
      post(url, { donor_id: donorId, parent_id: p, queue_type: 'Frozen', ...extra }, 'manager85@demo.test');
    expect((await as85('startmatchrequest')).statusCode).toBe(200);
    expect((await donorRow(donorId)).frozenAvailability).toBe('Frozen Eggs Pending');
    expect((await as85('cancelmatch', { comment: 'Changed plans' })).statusCode).toBe(200);
    expect((await donorRow(donorId)).frozenAvailability).toBe('Available');
    // A fresh match leaves the frozen availability alone.
    expect((await as85('startmatchrequest', { queue_type: 'Fresh' })).statusCode).toBe(200);
    expect((await donorRow(donorId)).frozenAvailability).toBe('Available');
  });

  it('elsewhere an open frozen match leaves the frozen availability as it is', async () => {
    const donorId = await freshDonor();
    await t.db
      .update(donors)
      .set({ donorType: 'Both', frozenAvailability: 'Available' })
      .where(eq(donors.userId, donorId));
    const [p] = await makeParents(1, 1, 'frozen1');
    expect((await staffAct('startmatchrequest', donorId, p!, { queue_type: 'Frozen' })).statusCode).toBe(200);
    expect((await matchesOf(donorId))[0]!.queueType).toBe('Frozen');
    expect((await donorRow(donorId)).frozenAvailability).toBe('Available');
  });
});
