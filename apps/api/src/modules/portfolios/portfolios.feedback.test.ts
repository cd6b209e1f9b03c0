import { type DonorFeedbackEntry, EMAIL_TYPE, MSG } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipQueries, portfolioDonors, portfolioNotes, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { M, P, portfolioFixtures } from '../../test/portfolio-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { call, userId, visibleTo, hiddenFromParent, demoPortfolio, portfolioFor } = portfolioFixtures(() => t);

let _parentDonors: number[];
beforeAll(async () => {
  _parentDonors = await visibleTo(P, 1, 12);
});

describe('feedback and comments', () => {
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
