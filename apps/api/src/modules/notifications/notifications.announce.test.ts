import { ROLE } from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/crypto.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { matchFixtures } from '../../test/match-fixtures.js';
import { M, P, portfolioFixtures } from '../../test/portfolio-fixtures.js';

// One test per feature that announces: the change leaves a notification row for its recipient
// (same transaction) and the recipient's new unread count is pushed after commit.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { call, userId, visibleTo, portfolioFor, freeClient } = portfolioFixtures(() => t);
const matchesFx = matchFixtures(() => t);

async function latestFor(username: string) {
  const [row] = await t.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, await userId(username)))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
}
async function countFor(username: string, kind: string) {
  return (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, await userId(username)), eq(notifications.kind, kind)))
  ).length;
}
async function expectAnnounced(username: string) {
  const id = await userId(username);
  const event = t.realtime.emitted.at(-1);
  expect(event).toMatchObject({ userIds: [id], event: 'notification' });
  expect((event!.data as { unread: number }).unread).toBeGreaterThan(0);
}

let managerTwo: number;
beforeAll(async () => {
  const [m] = await t.db.select().from(users).where(eq(users.username, M));
  const [row] = await t.db
    .insert(users)
    .values({
      username: 'manager-three@demo.test',
      role: ROLE.MANAGER,
      status: 'Active',
      centerId: 1,
      firstName: 'Robin',
      lastName: 'Third',
      passwordHash: await hashPassword('Password1'),
      eulaAcceptedAt: m!.eulaAcceptedAt,
    })
    .returning();
  managerTwo = row!.id;
});

describe('announcing features', () => {
  it('portfolio shared with the client, then updated', async () => {
    await freeClient('parent85@demo.test');
    const id = await portfolioFor(null, [], 'manager85@demo.test');
    const res = await call(
      'POST',
      '/api/shareshortlistprofile',
      { to: 'parent85@demo.test', shortlist_id: id },
      'manager85@demo.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestFor('parent85@demo.test')).toMatchObject({
      kind: 'portfolio_shared',
      link: `/previewshortlist/${id}`,
      sharedBy: await userId('manager85@demo.test'),
    });
    await expectAnnounced('parent85@demo.test');
    const upd = await call(
      'POST',
      '/api/shortlistupdatenotification',
      { portfolio_id: id },
      'manager85@demo.test',
    );
    expect(upd.statusCode).toBe(200);
    expect(await latestFor('parent85@demo.test')).toMatchObject({ kind: 'portfolio_updated' });
  });

  it('a refused share leaves no notification (same transaction)', async () => {
    const before = await countFor('parent@demo.test', 'portfolio_shared');
    const id = await portfolioFor(null, [], 'manager85@demo.test');
    const res = await call(
      'POST',
      '/api/shareshortlistprofile',
      { to: 'parent@demo.test', shortlist_id: id },
      'manager85@demo.test',
    );
    expect(res.statusCode).toBe(400);
    expect(await countFor('parent@demo.test', 'portfolio_shared')).toBe(before);
  });

  it('portfolio shared with another case manager', async () => {
    const id = await portfolioFor(null, []);
    const res = await call('POST', '/api/shareportfolio', { portfolioId: id, sharedTo: managerTwo }, M);
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestFor('manager-three@demo.test')).toMatchObject({
      kind: 'portfolio_shared',
      link: `/shortlist/${id}`,
    });
    await expectAnnounced('manager-three@demo.test');
  });

  it('feedback tells the portfolio manager', async () => {
    const donors = await visibleTo('parent133@demo.test', 133, 1);
    const id = await portfolioFor('parent133@demo.test', donors, 'manager133@demo.test');
    const res = await call(
      'POST',
      '/api/updateclientfeedback',
      { shortlist_id: id, donor_id: donors[0], feedback: 'yes' },
      'parent133@demo.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestFor('manager133@demo.test')).toMatchObject({
      kind: 'feedback',
      link: `/shortlist/${id}`,
    });
    await expectAnnounced('manager133@demo.test');
  });

  it("favourite and note tell the client's case manager, without the note's text", async () => {
    const [donor] = await visibleTo(P, 1, 1);
    const [parent] = await t.db.select().from(users).where(eq(users.username, P));
    const [manager] = await t.db.select().from(users).where(eq(users.id, parent!.managerId!));
    const fav = await call(
      'POST',
      '/api/setfavandnotesnotification',
      { donor_id: donor, type: 'favorite' },
      P,
    );
    expect(fav.statusCode, fav.body).toBe(200);
    expect(await latestFor(manager!.username)).toMatchObject({
      kind: 'favourite',
      link: `/donordetails/${donor}`,
    });
    const note = await call(
      'POST',
      '/api/setfavandnotesnotification',
      { donor_id: donor, type: 'notes', message: 'Her asthma history worries me' },
      P,
    );
    expect(note.statusCode).toBe(200);
    const row = await latestFor(manager!.username);
    expect(row).toMatchObject({ kind: 'note' });
    expect(row!.text).not.toContain('asthma');
    await expectAnnounced(manager!.username);
  });

  it('a donor shared with another case manager', async () => {
    const [donor] = await visibleTo(P, 1, 2);
    const res = await call(
      'POST',
      '/api/sharedonortomanager',
      { donor_id: donor, shared_to: managerTwo, message: 'Look' },
      M,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestFor('manager-three@demo.test')).toMatchObject({
      kind: 'donor_shared',
      link: `/donordetails/${donor}`,
    });
    await expectAnnounced('manager-three@demo.test');
  });

  it("match events: a parent's request tells the manager, the manager's confirmation tells the parent", async () => {
    const donorId = await matchesFx.freshDonor();
    const req = await matchesFx.request(donorId);
    expect(req.statusCode, req.body).toBe(200);
    const [parent] = await t.db.select().from(users).where(eq(users.username, P));
    const [manager] = await t.db.select().from(users).where(eq(users.id, parent!.managerId!));
    expect(await latestFor(manager!.username)).toMatchObject({
      kind: 'match',
      link: `/donordetails/${donorId}`,
    });
    await expectAnnounced(manager!.username);
    const confirm = await matchesFx.staffAct('confirmdonormatch', donorId, parent!.id);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const row = await latestFor(P);
    expect(row).toMatchObject({ kind: 'match', link: `/donordetails/${donorId}` });
    expect(row!.text).toContain('Active');
    await expectAnnounced(P);
  });
});
