import { MSG, PAYMENT_MSG, TEST_CARDS } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAccounts, subscriptions } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { paymentFixtures } from '../../test/payment-fixtures.js';
import { renewDueSubscriptions } from './payments.subscription.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const f = paymentFixtures(() => t, 'subs');
const post = (url: string, as: string | null, payload: unknown = {}) =>
  t.request({ method: 'POST', url: `/api/${url}`, as, payload: payload as object });
const get = (url: string, as: string | null) => t.request({ method: 'GET', url: `/api/${url}`, as });
const deps = () => ({ db: t.db, clock: t.clock, config: t.config, secrets: t.secrets });

async function subscribed() {
  const m = await f.member();
  expect((await f.subscribe(m.username)).statusCode).toBe(200);
  return m;
}

describe('the subscription tab (checksubscriptionstatus, fetchbills, cancel, reactivate)', () => {
  it('401 anonymous, 403 for a donor or a parent of a center without payments', async () => {
    expect((await get('checksubscriptionstatus', null)).statusCode).toBe(401);
    expect((await get('checksubscriptionstatus', 'donor@demo.test')).statusCode).toBe(403);
    expect((await get('fetchbills', 'parent85@demo.test')).statusCode).toBe(403);
    expect((await post('reactivatecanceledsubs', 'parent85@demo.test')).statusCode).toBe(403);
  });

  it('shows status, next payment date and card; cancel sets cancel_at_period_end 1, reactivate 0', async () => {
    const m = await subscribed();
    const details = (await get('checksubscriptionstatus', m.username)).json().data;
    expect(details.trialUsed).toBe(true);
    expect(details.subscription).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: false,
      cardLast4: '4242',
      cardBrand: 'visa',
    });
    expect(details.subscription.nextPaymentDate).toBe(details.subscription.currentPeriodEnd);
    const bills = (await get('fetchbills', m.username)).json().data;
    expect(bills).toHaveLength(1);

    const cancel = await post('cancelsubscription', m.username);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      message: PAYMENT_MSG.AUTO_RENEW_CANCELLED,
      data: { cancelAtPeriodEnd: true },
    });
    const after = (await get('checksubscriptionstatus', m.username)).json().data.subscription;
    expect(after).toMatchObject({ cancelAtPeriodEnd: true, nextPaymentDate: null, status: 'trialing' });
    const twice = await post('cancelsubscription', m.username);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(PAYMENT_MSG.ALREADY_CANCELLED);

    const back = await post('reactivatecanceledsubs', m.username);
    expect(back.json()).toMatchObject({
      message: PAYMENT_MSG.REACTIVATED,
      data: { cancelAtPeriodEnd: false },
    });
    const again = await post('reactivatecanceledsubs', m.username);
    expect(again.json().message).toBe(PAYMENT_MSG.NOT_CANCELLED);
    const changes = (await f.auditOf('subscription_change')).filter(
      (a) => (a.details as { userId?: number }).userId === m.id,
    );
    expect(changes.map((c) => (c.details as { event: string }).event)).toEqual([
      'cancel_at_period_end',
      'reactivate',
    ]);
  });

  it('without a subscription: an empty tab, and cancel is 400', async () => {
    const m = await f.member();
    expect((await get('checksubscriptionstatus', m.username)).json().data).toEqual({
      subscription: null,
      trialUsed: false,
    });
    const res = await post('cancelsubscription', m.username);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MSG.NO_SUBSCRIPTION);
  });
});

describe('staff: a client’s subscription (archiving her)', () => {
  it('the admin and case manager of her center read it and cancel auto-renewal; another center 404', async () => {
    const m = await subscribed();
    const status = await post('fetchclientcurrentsubscriptionstatus', 'admin111@demo.test', { userid: m.id });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ userId: m.id, status: 'trialing', cancelAtPeriodEnd: false });
    expect(
      (await post('fetchclientcurrentsubscriptionstatus', 'admin85@demo.test', { userid: m.id })).statusCode,
    ).toBe(404);
    expect((await post('fetchclientcurrentsubscriptionstatus', null, { userid: m.id })).statusCode).toBe(401);
    expect(
      (await post('fetchclientcurrentsubscriptionstatus', m.username, { userid: m.id })).statusCode,
    ).toBe(403);
    const bad = await post('fetchclientcurrentsubscriptionstatus', 'admin111@demo.test', { userid: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((await post('cancelsubscription', 'admin85@demo.test', { parentid: m.id })).statusCode).toBe(404);
    const cancel = await post('cancelsubscription', 'manager111@demo.test', { parentid: m.id });
    expect(cancel.json().data).toEqual({ cancelAtPeriodEnd: true });
    const [row] = await f.subscriptionsOf(m.id);
    expect(row!.cancelAtPeriodEnd).toBe(true);
    expect((await post('cancelsubscription', 'master@demo.test', { parentid: m.id })).json().message).toBe(
      MSG.UNAUTHORIZED,
    );
  });
});

describe('renewals of the local provider (the subscription-renewals job)', () => {
  // The clock moves a month on: sessions made before have ended, so each call signs in afresh.
  const fresh = (username: string) => t.tokenFor(username);
  const advancePast = async (userId: number) => {
    const [row] = await f.subscriptionsOf(userId);
    t.clock.advance(row!.currentPeriodEnd!.getTime() + 60_000 - t.clock.now().getTime());
  };

  it('charges the saved card when the free month ends: active, a paid bill, the next month', async () => {
    const m = await subscribed();
    const [before] = await f.subscriptionsOf(m.id);
    await advancePast(m.id);
    expect(await renewDueSubscriptions(deps())).toBeGreaterThanOrEqual(1);
    const [after] = await f.subscriptionsOf(m.id);
    expect(after!.status).toBe('active');
    expect(after!.currentPeriodStart!.getTime()).toBe(before!.currentPeriodEnd!.getTime());
    const bills = await f.billsOf(m.id);
    expect(bills.at(-1)).toMatchObject({ kind: 'subscription', status: 'paid', totalCents: 9900 });
    // A second pass finds nothing due for her: charged once.
    await renewDueSubscriptions(deps());
    expect(await f.billsOf(m.id)).toHaveLength(bills.length);
  });

  it('a declined renewal: past_due and an open bill that staff settle offline, making it active again', async () => {
    const m = await subscribed();
    // Her card now declines (a saved declined test card).
    const declined = await f.token(m.username, TEST_CARDS.DECLINED);
    await t.db
      .update(paymentAccounts)
      .set({ paymentMethodId: declined })
      .where(eq(paymentAccounts.userId, m.id));
    await advancePast(m.id);
    await renewDueSubscriptions(deps());
    const [row] = await f.subscriptionsOf(m.id);
    expect(row!.status).toBe('past_due');
    const open = (await f.billsOf(m.id)).find((b) => b.status === 'open');
    expect(open).toMatchObject({ totalCents: 9900, failureMessage: PAYMENT_MSG.CARD_DECLINED });
    const unpaid = await post('fetchunpaidinvoicesbyipcenter', await fresh('admin111@demo.test'), {
      search: m.username,
    });
    expect(unpaid.json(), unpaid.body).toMatchObject({ status: 'success' });
    expect(unpaid.json().data.rows).toEqual([
      expect.objectContaining({
        key: `bill:${open!.id}`,
        billId: open!.id,
        amountCents: 9900,
        canPayOffline: true,
      }),
    ]);
    const paid = await post('paysubscriptionchargesoffline', await fresh('admin111@demo.test'), {
      bill_id: open!.id,
      payment_mode: 'Wire',
      payment_date: t.clock.now().toISOString().slice(0, 10),
      message: 'Paid by wire transfer',
    });
    expect(paid.statusCode).toBe(200);
    const [settled] = await f.subscriptionsOf(m.id);
    expect(settled!.status).toBe('active');
    const twice = await post('paysubscriptionchargesoffline', await fresh('admin111@demo.test'), {
      bill_id: open!.id,
      payment_date: t.clock.now().toISOString().slice(0, 10),
      message: 'again',
    });
    expect(twice.json().message).toBe(PAYMENT_MSG.INVOICE_PAID);
  });

  it('with auto-renewal cancelled the subscription ends at the period end, uncharged', async () => {
    const m = await subscribed();
    await post('cancelsubscription', m.username);
    await advancePast(m.id);
    const billsBefore = (await f.billsOf(m.id)).length;
    await renewDueSubscriptions(deps());
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(row!.status).toBe('canceled');
    expect(await f.billsOf(m.id)).toHaveLength(billsBefore);
    expect(
      (await get('checksubscriptionstatus', await fresh(m.username))).json().data.subscription,
    ).toMatchObject({
      status: 'canceled',
      nextPaymentDate: null,
    });
    // She may subscribe again, without the free month.
    expect((await get('iseligibleforpurchase', await fresh(m.username))).json().data).toMatchObject({
      eligible: true,
      trialUsed: true,
    });
  });
});
