import {
  firstChargeDate,
  ITEM_PRICE_CENTS,
  MSG,
  PAYMENT_MSG,
  PREMIUM_PLAN,
  ROLE,
  TEST_CARDS,
} from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachingCredits, paymentAccounts, users } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { paymentFixtures } from '../../test/payment-fixtures.js';
import { coachingCreditBalance } from '../coaching/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const f = paymentFixtures(() => t, 'pay');

const post = (url: string, as: string | null, payload: unknown) =>
  t.request({ method: 'POST', url: `/api/${url}`, as, payload: payload as object });
const get = (url: string, as: string | null) => t.request({ method: 'GET', url: `/api/${url}`, as });

async function defaultManager111(): Promise<number> {
  const [m] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'manager111@demo.test'));
  return m!.id;
}

describe('who may use the payment calls', () => {
  it('anonymous 401, a donor 403, a parent of a center without payments 403 (/unauthorize)', async () => {
    expect((await get('payment-services/public-key', null)).statusCode).toBe(401);
    expect((await get('payment-services/public-key', 'donor@demo.test')).statusCode).toBe(403);
    const other = await get('payment-services/public-key', 'parent85@demo.test');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MSG.UNAUTHORIZED);
    expect((await post('payment-services/pay', 'parent85@demo.test', {})).statusCode).toBe(403);
  });

  it('a secondary parent is sent home; staff who may open the purchase page are no payers', async () => {
    const primary = await f.member();
    const [second] = await t.db
      .insert(users)
      .values({
        username: 'second.pay@users.test',
        role: ROLE.CLIENT,
        status: 'Active',
        centerId: 111,
        firstName: 'S',
        lastName: 'P',
        parentId: primary.id,
      })
      .returning({ id: users.id });
    const res = await get('fetchsubpricingplan', 'second.pay@users.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ redirect: '/' });
    expect(second).toBeTruthy();
    const manager = await post('fetchtotalitemsprice', 'manager111@demo.test', { item: 1, count: 1 });
    expect(manager.statusCode).toBe(403);
  });

  it('the public key names the local provider by default', async () => {
    const res = await get('payment-services/public-key', 'parent111@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ provider: 'local', publicKey: 'pk_local_test' });
  });
});

describe('the local card entry', () => {
  it('keeps only brand and last 4, and refuses a bad number with the message', async () => {
    const bad = await post('payment-services/local/tokenize', 'parent111@demo.test', {
      number: '4242 4242 4242 4241',
      exp: '12/40',
      cvc: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PAYMENT_MSG.CARD_NUMBER);
    expect(bad.body).not.toContain('4242424242424241');
    const expired = await post('payment-services/local/tokenize', 'parent111@demo.test', {
      number: TEST_CARDS.PAYS,
      exp: '01/20',
      cvc: '123',
    });
    expect(expired.json().message).toBe(PAYMENT_MSG.CARD_EXPIRY);
    const ok = await post('payment-services/local/tokenize', 'parent111@demo.test', {
      number: '4242 4242 4242 4242',
      exp: '12/40',
      cvc: '123',
    });
    expect(ok.statusCode).toBe(200);
    const data = ok.json().data;
    expect(data).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(data.id).toMatch(/^pm_local_/);
    expect(ok.body).not.toContain('4242424242424242');
  });
});

describe('pricing plan, eligibility and coupons', () => {
  it('offers the free month with the first charge 29 days ahead', async () => {
    const res = await get('fetchsubpricingplan', 'parent111@demo.test');
    expect(res.json().data).toEqual({
      priceCents: PREMIUM_PLAN.priceCents,
      trialDays: 30,
      maxDonors: 40,
      currency: 'usd',
      firstChargeDate: firstChargeDate(t.clock.now()),
      trialApplies: true,
    });
    expect((await get('iseligibleforpurchase', 'parent111@demo.test')).json().data).toEqual({
      eligible: true,
      trialUsed: false,
      message: null,
    });
  });

  it('normalises the code (spaces, case) and marks invalid or expired codes', async () => {
    const ok = await get('verifycouponcode/demo%202026', 'parent111@demo.test');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ code: 'DEMO2026', display: 'DEMO 2026', percentOff: 20 });
    const invalid = await get('verifycouponcode/NOPE', 'parent111@demo.test');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(PAYMENT_MSG.COUPON_INVALID);
    await f.coupon('OLDCODE1', 50, new Date(t.clock.now().getTime() - 1000));
    const expired = await get('verifycouponcode/OLDCODE1', 'parent111@demo.test');
    expect(expired.json().message).toBe(PAYMENT_MSG.COUPON_EXPIRED);
  });

  it('prices on the server: percent of the total, rounded; 400 for a count out of range', async () => {
    await f.coupon('THIRD333', 33);
    const res = await post('fetchtotalitemsprice', 'parent111@demo.test', {
      item: 1,
      count: 3,
      couponCode: 'third 333',
    });
    const unit = ITEM_PRICE_CENTS[1];
    expect(res.json().data).toMatchObject({
      unitCents: unit,
      subtotalCents: unit * 3,
      discountCents: Math.round((unit * 3 * 33) / 100),
      totalCents: unit * 3 - Math.round((unit * 3 * 33) / 100),
    });
    const bad = await post('fetchtotalitemsprice', 'parent111@demo.test', { item: 1, count: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PAYMENT_MSG.COUNT);
    const fee = await post('fetchtotalitemsprice', 'parent111@demo.test', { item: 2, count: 2 });
    expect(fee.statusCode).toBe(400);
  });
});

describe('subscribing (create-customer)', () => {
  it('a declined card shows the card error, changes nothing, and can be tried again', async () => {
    const m = await f.member();
    const declined = await f.token(m.username, TEST_CARDS.DECLINED);
    const res = await post('payment-services/create-customer', m.username, {
      payment_method: declined,
      idempotency_key: f.key(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: PAYMENT_MSG.CARD_DECLINED,
      data: { type: 'card_error', hideTryAgain: false },
    });
    expect((await f.userRow(m.id)).status).toBe('Pre-Active');
    expect(await f.subscriptionsOf(m.id)).toHaveLength(0);
    const again = await f.subscribe(m.username);
    expect(again.statusCode).toBe(200);
  });

  it('starts the free month, makes her Active with the default case manager, once per key', async () => {
    const m = await f.member();
    const card = await f.token(m.username);
    const body = {
      payment_method: card,
      idempotency_key: f.key(),
      couponCode: 'DEMO 2026',
      receive_education_email: true,
    };
    const res = await post('payment-services/create-customer', m.username, body);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: false,
      userStatus: 'Active',
      managerId: await defaultManager111(),
    });
    expect(res.json().message).toBe(PAYMENT_MSG.SUBSCRIBED);
    const user = await f.userRow(m.id);
    expect(user.status).toBe('Active');
    expect(user.managerId).toBe(await defaultManager111());
    // The same request again (a double click): the same answer, nothing written twice.
    const retry = await post('payment-services/create-customer', m.username, body);
    expect(retry.json().data).toEqual(data);
    expect(await f.subscriptionsOf(m.id)).toHaveLength(1);
    const bills = await f.billsOf(m.id);
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({
      kind: 'subscription',
      totalCents: 0,
      status: 'paid',
      cardLast4: '4242',
    });
    const [account] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, m.id));
    expect(account).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', receiveEducationEmail: true });
    expect(account!.trialUsedAt).not.toBeNull();
    expect(JSON.stringify(account)).not.toContain('4242424242424242');
    expect(
      (await f.auditOf('subscription_created')).filter(
        (a) => a.entityId === String(bills[0]!.subscriptionId),
      ),
    ).toHaveLength(1);
    // A second subscription is refused without a try again.
    const second = await f.subscribe(m.username);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      message: PAYMENT_MSG.ALREADY_SUBSCRIBED,
      data: { hideTryAgain: true },
    });
    expect((await get('iseligibleforpurchase', m.username)).json().data).toMatchObject({
      eligible: false,
      trialUsed: true,
    });
  });

  it('gives the free month once: a later subscription is charged at once, less the coupon', async () => {
    const m = await f.member();
    expect((await f.subscribe(m.username)).statusCode).toBe(200);
    const [sub] = await f.subscriptionsOf(m.id);
    await t.db
      .update((await import('../../db/schema/index.js')).subscriptions)
      .set({ status: 'canceled' })
      .where(eq((await import('../../db/schema/index.js')).subscriptions.id, sub!.id));
    const plan = (await get('fetchsubpricingplan', m.username)).json().data;
    expect(plan).toMatchObject({
      trialApplies: false,
      trialDays: 0,
      firstChargeDate: t.clock.now().toISOString().slice(0, 10),
    });
    const again = await f.subscribe(m.username, { couponCode: 'DEMO2026' });
    expect(again.json().data).toMatchObject({ status: 'active' });
    const bills = await f.billsOf(m.id);
    expect(bills[1]).toMatchObject({
      subtotalCents: 9900,
      discountCents: 1980,
      totalCents: 7920,
      couponCode: 'DEMO2026',
    });
  });

  it('an invalid coupon is 400 before anything is charged', async () => {
    const m = await f.member();
    const res = await f.subscribe(m.username, { couponCode: 'WRONG' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MSG.COUPON_INVALID);
    expect(await f.subscriptionsOf(m.id)).toHaveLength(0);
  });

  it('payment-services/subscription reads back her own subscription; another member’s is 404', async () => {
    const m = await f.member();
    const made = (await f.subscribe(m.username)).json().data;
    const mine = await post('payment-services/subscription', m.username, {
      subscriptionId: made.subscriptionId,
    });
    expect(mine.json().data).toMatchObject({
      subscriptionId: made.subscriptionId,
      status: 'trialing',
      userStatus: 'Active',
    });
    const other = await f.member();
    expect(
      (await post('payment-services/subscription', other.username, { subscriptionId: made.subscriptionId }))
        .statusCode,
    ).toBe(404);
  });
});

describe('purchases (pay)', () => {
  it('coaching sessions: the coupon taken off, credits granted once per key with the bill', async () => {
    const m = await f.member(111, 'Active');
    const body = {
      items: { item: 1, count: 2 },
      currency: 'usd',
      paymentMethodId: await f.token(m.username),
      couponCode: 'demo2026',
      idempotency_key: f.key(),
    };
    const res = await post('payment-services/pay', m.username, body);
    expect(res.statusCode).toBe(200);
    const total = 2 * ITEM_PRICE_CENTS[1] - Math.round((2 * ITEM_PRICE_CENTS[1] * 20) / 100);
    expect(res.json().data).toMatchObject({ totalCents: total, item: 1, count: 2, creditBalance: 2 });
    const retry = await post('payment-services/pay', m.username, body);
    expect(retry.json().data).toEqual(res.json().data);
    expect(await coachingCreditBalance(t.db, m.id)).toBe(2);
    const bills = await f.billsOf(m.id);
    expect(bills).toHaveLength(1);
    const [credit] = await t.db.select().from(coachingCredits).where(eq(coachingCredits.userId, m.id));
    expect(credit!.sourceRef).toBe(`bill:${bills[0]!.id}`);
    const more = await post('payment-services/pay', m.username, { ...body, idempotency_key: f.key() });
    expect(more.json().data.creditBalance).toBe(4);
  });

  it('a declined card: the card error, no bill, no credits', async () => {
    const m = await f.member(111, 'Active');
    const res = await post('payment-services/pay', m.username, {
      items: { item: 1, count: 1 },
      paymentMethodId: await f.token(m.username, TEST_CARDS.DECLINED),
      idempotency_key: f.key(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: PAYMENT_MSG.CARD_DECLINED,
      data: { type: 'card_error', hideTryAgain: false },
    });
    expect(await f.billsOf(m.id)).toHaveLength(0);
    expect(await coachingCreditBalance(t.db, m.id)).toBe(0);
  });

  it('the match fee: her own open match only, paid once', async () => {
    const m = await f.member(111, 'Active');
    const matchId = await f.openMatch(m.id);
    expect((await post('checkforvalidmatchid', m.username, { match_id: matchId })).json().data).toEqual({
      valid: true,
      feePaid: false,
    });
    const other = await f.member(111, 'Active');
    expect(
      (await post('checkforvalidmatchid', other.username, { match_id: matchId })).json().data.valid,
    ).toBe(false);
    const payAs = async (who: string, key = f.key()) =>
      post('payment-services/pay', who, {
        items: { item: 2, count: 1, additionalId: matchId },
        paymentMethodId: await f.token(who),
        idempotency_key: key,
      });
    expect((await payAs(other.username)).statusCode).toBe(404);
    const missing = await post('payment-services/pay', m.username, {
      items: { item: 2, count: 1 },
      paymentMethodId: await f.token(m.username),
      idempotency_key: f.key(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(PAYMENT_MSG.MATCH_ID);
    const paid = await payAs(m.username);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.totalCents).toBe(ITEM_PRICE_CENTS[2]);
    const twice = await payAs(m.username);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      message: PAYMENT_MSG.FEE_ALREADY_PAID,
      data: { hideTryAgain: true },
    });
    expect((await post('checkforvalidmatchid', m.username, { match_id: matchId })).json().data.feePaid).toBe(
      true,
    );
  });

  it('a Pre-Active member who pays becomes Active with her case manager', async () => {
    const m = await f.member();
    const res = await post('payment-services/pay', m.username, {
      items: { item: 1, count: 1 },
      paymentMethodId: await f.token(m.username),
      idempotency_key: f.key(),
    });
    expect(res.statusCode).toBe(200);
    expect(await f.userRow(m.id)).toMatchObject({ status: 'Active', managerId: await defaultManager111() });
  });

  it('getmanagerid: her own case manager, else the center default', async () => {
    const m = await f.member();
    expect((await get('getmanagerid', m.username)).json().data).toEqual({
      managerId: await defaultManager111(),
    });
  });
});
