import { EMAIL_TYPE, MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioShares, portfolios, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { M, P, portfolioFixtures } from '../../test/portfolio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { call, userId, visibleTo, portfolioFor, freeClient } = portfolioFixtures(() => t);

let _parentDonors: number[];
beforeAll(async () => {
  _parentDonors = await visibleTo(P, 1, 12);
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
