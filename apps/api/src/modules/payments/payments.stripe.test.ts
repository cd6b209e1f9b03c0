import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentBills, subscriptions } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { paymentFixtures } from '../../test/payment-fixtures.js';
import { WEBHOOK_SIGNATURE_INVALID } from './payments.webhooks.js';

/**
 * The Stripe provider (platform/payments-stripe.ts) through the official package, against a fake
 * Stripe API on loopback (STRIPE_API_URL): nothing leaves the machine. The fake answers the calls
 * the provider makes as Stripe does (form-encoded requests, JSON answers, card errors as 402) and
 * records each request with its idempotency key.
 */

interface Seen {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

const WEBHOOK_SECRET = 'whsec_test_secret';
const DECLINED_PM = 'pm_card_chargeDeclined';
const now = () => Math.floor(Date.now() / 1000);

function fakeStripe() {
  const seen: Seen[] = [];
  const subs = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  let products = 0;
  let n = 0;
  const cardError = (res: ServerResponse) =>
    send(res, 402, {
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
    res.end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const params = new URLSearchParams(req.method === 'GET' ? url.search : raw);
    const path = url.pathname;
    seen.push({
      method: req.method ?? '',
      path,
      params,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const pm = params.get('payment_method') ?? params.get('default_payment_method');
    const route = (pattern: RegExp) => pattern.exec(path);
    if (req.method === 'POST' && path === '/v1/products') {
      products += 1;
      if (products > 1)
        return send(res, 400, {
          error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'exists' },
        });
      return send(res, 200, { id: params.get('id'), object: 'product' });
    }
    if (req.method === 'POST' && path === '/v1/coupons')
      return send(res, 200, { id: params.get('id'), object: 'coupon' });
    if (req.method === 'POST' && path === '/v1/customers') {
      if (pm === DECLINED_PM) return cardError(res);
      return send(res, 200, { id: `cus_${++n}`, object: 'customer' });
    }
    const customer = route(/^\/v1\/customers\/(\w+)$/);
    if (customer) return send(res, 200, { id: customer[1], object: 'customer' });
    const attach = route(/^\/v1\/payment_methods\/(\w+)\/attach$/);
    if (attach) {
      if (attach[1] === DECLINED_PM) return cardError(res);
      return send(res, 200, { id: attach[1], object: 'payment_method' });
    }
    const method = route(/^\/v1\/payment_methods\/(\w+)$/);
    if (method)
      return send(res, 200, {
        id: method[1],
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242' },
      });
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      if (pm === DECLINED_PM && !params.get('trial_period_days')) return cardError(res);
      const trial = params.get('trial_period_days');
      const end = now() + (trial ? Number(trial) : 30) * 86_400;
      const sub = {
        id: `sub_${++n}`,
        object: 'subscription',
        status: trial ? 'trialing' : 'active',
        cancel_at_period_end: false,
        trial_end: trial ? end : null,
        items: { data: [{ current_period_start: now(), current_period_end: end }] },
        latest_invoice: `in_${++n}`,
      };
      subs.set(sub.id, sub);
      return send(res, 200, sub);
    }
    const subPath = route(/^\/v1\/subscriptions\/(\w+)$/);
    if (subPath) {
      const sub = subs.get(subPath[1]!);
      if (!sub)
        return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (req.method === 'POST' && params.has('cancel_at_period_end'))
        sub.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
      if (req.method === 'DELETE') sub.status = 'canceled';
      return send(res, 200, sub);
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      if (pm === DECLINED_PM) return cardError(res);
      const metadata = Object.fromEntries(
        [...params.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
      );
      const intent = {
        id: `pi_${++n}`,
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(params.get('amount')),
        metadata,
      };
      intents.set(intent.id, intent);
      return send(res, 200, intent);
    }
    const intentPath = route(/^\/v1\/payment_intents\/(\w+)$/);
    if (intentPath) return send(res, 200, intents.get(intentPath[1]!) ?? {});
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `unknown ${req.method} ${path}` },
    });
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => handle(req, res, raw));
  });
  return { server, seen, subs };
}

let t: TestApp;
let fake: ReturnType<typeof fakeStripe>;
let sign: (payload: string, secret?: string) => string;
beforeAll(async () => {
  fake = fakeStripe();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const port = (fake.server.address() as AddressInfo).port;
  t = await startTestApp({
    paymentProvider: 'stripe',
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiUrl: `http://127.0.0.1:${port}`,
  });
  const Stripe = (await import('stripe')).default;
  const client = new Stripe('sk_test_fake');
  sign = (payload, secret = WEBHOOK_SECRET) => client.webhooks.generateTestHeaderString({ payload, secret });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.server.close(resolve));
});
const f = paymentFixtures(() => t, 'stripe');
const post = (url: string, as: string | null, payload: unknown) =>
  t.request({ method: 'POST', url: `/api/${url}`, as, payload: payload as object });
const webhook = (payload: string, signature: string | null) =>
  t.request({
    method: 'POST',
    url: '/api/payment-services/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

async function stripeMember() {
  const m = await f.member();
  const res = await post('payment-services/create-customer', m.username, {
    payment_method: 'pm_card_visa',
    couponCode: 'DEMO2026',
    idempotency_key: randomUUID().replace(/-/g, ''),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, sub: res.json().data };
}

describe('the Stripe provider against a fake Stripe on loopback', () => {
  it('hands out the publishable key; the local card entry is not there', async () => {
    const key = await t.request({
      method: 'GET',
      url: '/api/payment-services/public-key',
      as: 'parent111@demo.test',
    });
    expect(key.json().data).toEqual({ provider: 'stripe', publicKey: 'pk_test_fake' });
    const local = await post('payment-services/local/tokenize', 'parent111@demo.test', {
      number: '4242424242424242',
      exp: '12/40',
      cvc: '123',
    });
    expect(local.statusCode).toBe(404);
  });

  it('subscribes: a customer with the card, a subscription with the free month, keys passed on', async () => {
    const m = await stripeMember();
    expect(m.sub).toMatchObject({ status: 'trialing', userStatus: 'Active' });
    const customer = fake.seen.find(
      (s) => s.path === '/v1/customers' && s.params.get('email') === m.username,
    );
    expect(customer?.params.get('payment_method')).toBe('pm_card_visa');
    expect(customer?.idempotencyKey).toMatch(/:customer$/);
    const sub = fake.seen.filter((s) => s.path === '/v1/subscriptions' && s.method === 'POST').at(-1)!;
    expect(sub.params.get('trial_period_days')).toBe('30');
    expect(sub.params.get('items[0][price_data][unit_amount]')).toBe('9900');
    expect(sub.params.get('items[0][price_data][recurring][interval]')).toBe('month');
    expect(sub.params.get('discounts[0][coupon]')).toBe('DEMO2026');
    expect(sub.params.get('payment_behavior')).toBe('error_if_incomplete');
    expect(sub.idempotencyKey).toMatch(/:subscription$/);
    const [row] = await f.subscriptionsOf(m.id);
    expect(row).toMatchObject({
      provider: 'stripe',
      providerSubscriptionId: m.sub.subscriptionId,
      status: 'trialing',
    });
  });

  it('a declined card is a card error that hides nothing but the form', async () => {
    const m = await f.member();
    const res = await post('payment-services/create-customer', m.username, {
      payment_method: DECLINED_PM,
      idempotency_key: randomUUID().replace(/-/g, ''),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Your card was declined.',
      data: { type: 'card_error', hideTryAgain: false },
    });
  });

  it('cancels auto-renewal and reactivates through the subscription update', async () => {
    const m = await stripeMember();
    const cancel = await post('cancelsubscription', m.username, {});
    expect(cancel.json().data).toEqual({ cancelAtPeriodEnd: true });
    expect(fake.subs.get(m.sub.subscriptionId)?.cancel_at_period_end).toBe(true);
    await post('reactivatecanceledsubs', m.username, {});
    expect(fake.subs.get(m.sub.subscriptionId)?.cancel_at_period_end).toBe(false);
  });

  it('pays with a PaymentIntent (confirmed at once) under the request key', async () => {
    const m = await stripeMember();
    const key = randomUUID().replace(/-/g, '');
    const body = { items: { item: 1, count: 2 }, paymentMethodId: 'pm_card_visa', idempotency_key: key };
    const res = await post('payment-services/pay', m.username, body);
    expect(res.statusCode, res.body).toBe(200);
    const intent = fake.seen.filter((s) => s.path === '/v1/payment_intents').at(-1)!;
    expect(intent.params.get('amount')).toBe('30000');
    expect(intent.params.get('currency')).toBe('usd');
    expect(intent.params.get('confirm')).toBe('true');
    expect(intent.idempotencyKey).toBe(`${key}:pay`);
    const intents = fake.seen.filter((s) => s.path === '/v1/payment_intents').length;
    await post('payment-services/pay', m.username, body);
    expect(fake.seen.filter((s) => s.path === '/v1/payment_intents')).toHaveLength(intents);
  });
});

describe('Stripe webhooks: signature checked by the SDK, each event once', () => {
  const event = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id, object: 'event', type, data: { object } });

  it('a good signature applies the event; a bad or missing one changes nothing (400); a replay is ignored', async () => {
    const m = await stripeMember();
    const subId = m.sub.subscriptionId as string;
    const payload = event(`evt_${randomUUID()}`, 'customer.subscription.updated', {
      ...fake.subs.get(subId),
      cancel_at_period_end: true,
    });
    const bad = await webhook(payload, sign(payload, 'whsec_wrong'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WEBHOOK_SIGNATURE_INVALID);
    expect((await webhook(payload, null)).statusCode).toBe(400);
    expect((await f.subscriptionsOf(m.id))[0]!.cancelAtPeriodEnd).toBe(false);

    const good = await webhook(payload, sign(payload));
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ processed: true });
    expect((await f.subscriptionsOf(m.id))[0]!.cancelAtPeriodEnd).toBe(true);
    const replay = await webhook(payload, sign(payload));
    expect(replay.json().data).toEqual({ processed: false });
    const audits = (await f.auditOf('subscription_change')).filter(
      (a) => (a.details as { eventId?: string }).eventId === JSON.parse(payload).id,
    );
    expect(audits).toHaveLength(1);
  });

  it('a failed renewal invoice makes an open bill and past_due; its payment settles both, once', async () => {
    const m = await stripeMember();
    const subId = m.sub.subscriptionId as string;
    const invoice = {
      id: `in_${randomUUID().slice(0, 8)}`,
      object: 'invoice',
      amount_due: 9900,
      amount_paid: 0,
      billing_reason: 'subscription_cycle',
      parent: { subscription_details: { subscription: subId } },
    };
    const failed = event(`evt_${randomUUID()}`, 'invoice.payment_failed', invoice);
    expect((await webhook(failed, sign(failed))).json().data.processed).toBe(true);
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subId));
    expect(row!.status).toBe('past_due');
    const open = (await f.billsOf(m.id)).find((b) => b.providerRef === invoice.id);
    expect(open).toMatchObject({ status: 'open', totalCents: 9900 });

    const paid = event(`evt_${randomUUID()}`, 'invoice.paid', { ...invoice, amount_paid: 9900 });
    await webhook(paid, sign(paid));
    await webhook(paid, sign(paid));
    const bills = (await f.billsOf(m.id)).filter((b) => b.providerRef === invoice.id);
    expect(bills).toHaveLength(1);
    expect(bills[0]!.status).toBe('paid');
    const [after] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subId));
    expect(after!.status).toBe('active');
  });

  it('a refund marks the charge’s bill refunded, once', async () => {
    const m = await stripeMember();
    const res = await post('payment-services/pay', m.username, {
      items: { item: 1, count: 1 },
      paymentMethodId: 'pm_card_visa',
      idempotency_key: randomUUID().replace(/-/g, ''),
    });
    const [bill] = await t.db.select().from(paymentBills).where(eq(paymentBills.id, res.json().data.billId));
    const refund = event(`evt_${randomUUID()}`, 'charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: bill!.providerRef,
      amount_refunded: bill!.totalCents,
    });
    await webhook(refund, sign(refund));
    await webhook(refund, sign(refund));
    const [after] = await t.db.select().from(paymentBills).where(eq(paymentBills.id, bill!.id));
    expect(after!.status).toBe('refunded');
    expect((await f.auditOf('refund')).filter((a) => a.entityId === String(bill!.id))).toHaveLength(1);
  });

  it('the message for a refused subscription change comes from the state machine', async () => {
    const m = await stripeMember();
    const res = await post('reactivatecanceledsubs', m.username, {});
    expect(res.json().message).toBe(PAYMENT_MSG.NOT_CANCELLED);
  });
});
