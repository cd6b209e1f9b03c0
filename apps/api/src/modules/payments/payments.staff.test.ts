import { ITEM_PRICE_CENTS, MSG, PAYMENT_MSG } from '@dm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { paymentFixtures } from '../../test/payment-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const f = paymentFixtures(() => t, 'staffpay');
const post = (url: string, as: string | null, payload: unknown = {}) =>
  t.request({ method: 'POST', url: `/api/${url}`, as, payload: payload as object });
const today = () => t.clock.now().toISOString().slice(0, 10);
const FEE = ITEM_PRICE_CENTS[2];

describe('payment history: fetchagencycmbill', () => {
  it('401, 403 for a client, 400 for a bad sort; the admin sees the agency, a case manager her own clients', async () => {
    expect((await post('fetchagencycmbill', null)).statusCode).toBe(401);
    expect((await post('fetchagencycmbill', 'parent111@demo.test')).statusCode).toBe(403);
    expect((await post('fetchagencycmbill', 'admin111@demo.test', { sort: 'nope' })).statusCode).toBe(400);
    const m = await f.member();
    await f.subscribe(m.username);
    const admin = await post('fetchagencycmbill', 'admin111@demo.test', {
      for_admin: true,
      search: m.username,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.rows).toEqual([
      expect.objectContaining({ userId: m.id, kind: 'subscription', status: 'paid' }),
    ]);
    // She got the default case manager (manager111) on subscribing: in that manager's list.
    const manager = await post('fetchagencycmbill', 'manager111@demo.test', { search: m.username });
    expect(manager.json().data.count).toBe(1);
    // Another center's staff never see her bills.
    const other = await post('fetchagencycmbill', 'admin85@demo.test', {
      for_admin: true,
      search: m.username,
    });
    expect(other.json().data).toEqual({ rows: [], count: 0 });
  });

  it('pages by 10 and exports the same rows as CSV', async () => {
    const res = await post('fetchagencycmbill', 'admin111@demo.test', { for_admin: true });
    expect(res.json().data.rows.length).toBeLessThanOrEqual(10);
    const csv = await post('fetchagencycmbillcsv', 'admin111@demo.test', { for_admin: true });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Intended parent');
    expect((await post('fetchagencycmbillcsv', 'parent111@demo.test', {})).statusCode).toBe(403);
  });
});

describe('unpaid invoices and offline payments', () => {
  it('unpaid invoices are for agencies with payment functionality', async () => {
    expect((await post('fetchunpaidinvoices', null)).statusCode).toBe(401);
    expect((await post('fetchunpaidinvoices', 'admin85@demo.test')).statusCode).toBe(403);
    expect((await post('fetchunpaidinvoicesbyipcenter', 'parent111@demo.test')).statusCode).toBe(403);
    expect((await post('fetchunpaidinvoices', 'admin111@demo.test', { ord: 'sideways' })).statusCode).toBe(
      400,
    );
  });

  it('lists an open match’s fee; the admin records it paid offline once, with the spec’s checks', async () => {
    const m = await f.member(111, 'Active');
    const matchId = await f.openMatch(m.id);
    const list = await post('fetchunpaidinvoicesbyipcenter', 'admin111@demo.test', { search: m.username });
    expect(list.json().data.rows).toEqual([
      expect.objectContaining({
        key: `match:${matchId}`,
        matchId,
        kind: 'match_fee',
        amountCents: FEE,
        canPayOffline: true,
      }),
    ]);
    const asManager = await post('fetchunpaidinvoicesbyipcenter', 'manager111@demo.test', {
      search: m.username,
    });
    expect(asManager.json().data.rows[0].canPayOffline).toBe(false);
    const csv = await post('fetchunpaidinvoicesbyipcentercsv', 'admin111@demo.test', { search: m.username });
    expect(csv.body).toContain(m.username);

    const offline = (over: Record<string, unknown>) =>
      post('paysubscriptionchargesoffline', 'admin111@demo.test', {
        match_id: matchId,
        payment_date: today(),
        message: 'Cheque 1234 received',
        ...over,
      });
    expect((await post('paysubscriptionchargesoffline', null, {})).statusCode).toBe(401);
    expect(
      (
        await post('paysubscriptionchargesoffline', 'manager111@demo.test', {
          match_id: matchId,
          payment_date: today(),
          message: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const blank = await offline({ message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(PAYMENT_MSG.OFFLINE_MESSAGE_BLANK);
    const future = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await offline({ payment_date: future })).json().message).toBe(PAYMENT_MSG.OFFLINE_DATE);
    const ancient = `${Number(today().slice(0, 4)) - 31}${today().slice(4)}`;
    expect((await offline({ payment_date: ancient })).json().message).toBe(PAYMENT_MSG.OFFLINE_DATE);
    expect((await offline({ payment_mode: 'Barter' })).statusCode).toBe(400);
    expect(
      (
        await post('paysubscriptionchargesoffline', 'admin85@demo.test', {
          match_id: matchId,
          payment_date: today(),
          message: 'x',
        })
      ).statusCode,
    ).toBe(403);

    const paid = await offline({});
    expect(paid.statusCode).toBe(200);
    expect(paid.json().message).toBe(PAYMENT_MSG.OFFLINE_RECORDED);
    const { id } = paid.json().data;
    expect((await offline({})).json().message).toBe(PAYMENT_MSG.FEE_ALREADY_PAID);
    const after = await post('fetchunpaidinvoicesbyipcenter', 'admin111@demo.test', { search: m.username });
    expect(after.json().data.count).toBe(0);

    // The offline view and its details: the default mode Cheque, who recorded it.
    const history = await post('fetchallofflinepaymenthistorybydonorcenter', 'admin111@demo.test', {
      search: m.username,
    });
    expect(history.json().data.rows).toEqual([
      expect.objectContaining({ id, matchId, mode: 'Cheque', amountCents: FEE, paidOn: today() }),
    ]);
    const details = await post('fetchofflinepaymentdetails', 'admin111@demo.test', { id, match_id: matchId });
    expect(details.json().data).toMatchObject({
      id,
      message: 'Cheque 1234 received',
      recordedBy: expect.stringContaining('Admin111'),
    });
    expect((await post('fetchofflinepaymentdetails', 'manager111@demo.test', { id })).statusCode).toBe(403);
    expect((await post('fetchofflinepaymentdetails', 'admin85@demo.test', { id })).statusCode).toBe(403);
    expect(
      (await post('fetchofflinepaymentdetails', 'admin111@demo.test', { id: id + 1000 })).statusCode,
    ).toBe(404);
    const audits = (await f.auditOf('offline_payment')).filter(
      (a) => (a.details as { matchId?: number }).matchId === matchId,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).not.toBeNull();
    const csv2 = await post('fetchofflinepaymentscsv', 'admin111@demo.test', { search: m.username });
    expect(csv2.body).toContain('Cheque');
  });

  it('another center’s match is 404 for the admin recording it', async () => {
    const parent85 = await f.member(85, 'Active');
    const matchId = await f.openMatch(parent85.id, 85);
    // Center 85 has no payments, so its admin is refused; center 111's admin does not know the match.
    const res = await post('paysubscriptionchargesoffline', 'admin111@demo.test', {
      match_id: matchId,
      payment_date: today(),
      message: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.NOT_FOUND);
  });

  it('needs exactly one invoice: a match or a bill', async () => {
    const res = await post('paysubscriptionchargesoffline', 'admin111@demo.test', {
      payment_date: today(),
      message: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(PAYMENT_MSG.OFFLINE_TARGET);
  });
});
