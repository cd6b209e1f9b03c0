import { CURRENCY, PAYMENT_MSG, type SubscriptionStatus } from '@dm/shared';
import type { Config } from './config.js';
import {
  type CardSummary,
  type Charge,
  PaymentError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from './payments-types.js';

/**
 * PAYMENT_PROVIDER=stripe: the official `stripe` package (imported by platform/payments.ts only
 * when configured). The browser enters the card with Stripe Elements and sends the PaymentMethod
 * id; customers, subscriptions (a free first month as a trial, a coupon off the first paid month),
 * PaymentIntents, cancel at period end and reactivate go through the SDK with the request's
 * idempotency key, and webhooks are checked with the SDK's signature check. STRIPE_API_URL sends
 * the requests elsewhere (the tests' fake server on loopback).
 */

type StripeModule = typeof import('stripe');
type StripeClient = InstanceType<StripeModule['default']>;

// Fields read off Stripe objects: typed loosely, since API versions move them (a subscription's
// period moved to its items in 2025).
interface StripeSubscriptionLike {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  current_period_start?: number;
  current_period_end?: number;
  items?: { data?: { current_period_start?: number; current_period_end?: number }[] };
  latest_invoice?: string | { id: string; amount_paid?: number } | null;
}

const PRODUCT_ID = 'dm_premium_membership';
const time = (s: number | null | undefined) => (typeof s === 'number' ? new Date(s * 1000) : null);

function statusOf(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'incomplete':
      return stripeStatus;
    case 'unpaid':
      return 'past_due';
    default:
      // canceled, incomplete_expired, paused
      return 'canceled';
  }
}

export function subscriptionOf(sub: StripeSubscriptionLike): ProviderSubscription {
  const item = sub.items?.data?.[0];
  const latest = sub.latest_invoice;
  const invoiceId = typeof latest === 'string' ? latest : (latest?.id ?? null);
  const paidAtOnce = sub.status === 'active' && sub.trial_end === null;
  return {
    id: sub.id,
    status: statusOf(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    trialEnd: time(sub.trial_end),
    currentPeriodStart: time(sub.current_period_start ?? item?.current_period_start),
    currentPeriodEnd: time(sub.current_period_end ?? item?.current_period_end),
    firstChargeRef: paidAtOnce ? invoiceId : null,
  };
}

/** Stripe's errors in our two kinds: the card's message for the payer, the rest in general words. */
function paymentErrorOf(error: unknown): PaymentError {
  const e = error as { type?: string; message?: string; code?: string };
  if (e?.type === 'StripeCardError')
    return new PaymentError('card_error', e.message ?? PAYMENT_MSG.CARD_DECLINED, e.code ?? null);
  return new PaymentError('error', PAYMENT_MSG.PROVIDER_ERROR, e?.code ?? e?.type ?? null);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw paymentErrorOf(error);
  }
}

const isAlreadyThere = (error: unknown) => (error as { code?: string })?.code === 'resource_already_exists';

export async function stripeProvider(config: Config): Promise<PaymentProvider> {
  const module = await import('stripe');
  const Stripe = (module as unknown as { default?: StripeModule['default'] }).default ?? module;
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  const stripe: StripeClient = new (Stripe as StripeModule['default'])(config.stripeSecretKey ?? '', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'donor-match' },
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  const webhookSecret = config.stripeWebhookSecret ?? '';

  const cardOf = async (paymentMethodId: string): Promise<CardSummary> => {
    const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
    return { brand: pm.card?.brand ?? 'card', last4: pm.card?.last4 ?? '' };
  };

  // The product the monthly price belongs to, created once (a fixed id: a second create is refused).
  let product: Promise<void> | null = null;
  const ensureProduct = () => {
    product ??= stripe.products.create({ id: PRODUCT_ID, name: 'Premium membership' }).then(
      () => {},
      (error) => {
        if (!isAlreadyThere(error)) {
          product = null;
          throw error;
        }
      },
    );
    return product;
  };
  const ensureCoupon = async (coupon: { code: string; percentOff: number }) => {
    try {
      await stripe.coupons.create({ id: coupon.code, percent_off: coupon.percentOff, duration: 'once' });
    } catch (error) {
      if (!isAlreadyThere(error)) throw error;
    }
  };

  return {
    name: 'stripe',
    publicKey: config.stripePublishableKey ?? '',
    renewsItself: true,
    createCustomer: (input) =>
      call(async () => {
        const customer = await stripe.customers.create(
          {
            email: input.email,
            name: input.name,
            metadata: { userId: String(input.userId) },
            payment_method: input.paymentMethodId,
            invoice_settings: { default_payment_method: input.paymentMethodId },
          },
          { idempotencyKey: `${input.idempotencyKey}:customer` },
        );
        return { customerId: customer.id, card: await cardOf(input.paymentMethodId) };
      }),
    attachCard: (customerId, paymentMethodId, idempotencyKey) =>
      call(async () => {
        await stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `${idempotencyKey}:attach` },
        );
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        });
        return cardOf(paymentMethodId);
      }),
    createSubscription: (input) =>
      call(async () => {
        await ensureProduct();
        if (input.coupon) await ensureCoupon(input.coupon);
        const sub = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            default_payment_method: input.paymentMethodId,
            items: [
              {
                price_data: {
                  currency: CURRENCY,
                  product: PRODUCT_ID,
                  unit_amount: input.priceCents,
                  recurring: { interval: 'month' },
                },
              },
            ],
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
            ...(input.coupon ? { discounts: [{ coupon: input.coupon.code }] } : {}),
            // A first charge that fails is an error now, not an incomplete subscription.
            payment_behavior: 'error_if_incomplete',
          },
          { idempotencyKey: `${input.idempotencyKey}:subscription` },
        );
        return subscriptionOf(sub as unknown as StripeSubscriptionLike);
      }),
    retrieveSubscription: (id) =>
      call(async () =>
        subscriptionOf((await stripe.subscriptions.retrieve(id)) as unknown as StripeSubscriptionLike),
      ),
    setCancelAtPeriodEnd: (id, cancel) =>
      call(async () =>
        subscriptionOf(
          (await stripe.subscriptions.update(id, {
            cancel_at_period_end: cancel,
          })) as unknown as StripeSubscriptionLike,
        ),
      ),
    cancelNow: (id) =>
      call(async () => {
        await stripe.subscriptions.cancel(id);
      }),
    charge: (input) =>
      call(async (): Promise<Charge> => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: CURRENCY,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            description: input.description,
            metadata: input.metadata,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: `${input.idempotencyKey}:pay` },
        );
        if (intent.status !== 'succeeded')
          throw new PaymentError('card_error', PAYMENT_MSG.CARD_DECLINED, intent.status);
        return { ref: intent.id, amountCents: intent.amount, metadata: { ...intent.metadata } };
      }),
    retrieveCharge: (ref) =>
      call(async () => {
        const intent = await stripe.paymentIntents.retrieve(ref);
        return intent.status === 'succeeded'
          ? { ref: intent.id, amountCents: intent.amount, metadata: { ...intent.metadata } }
          : null;
      }),
    parseWebhook(rawBody, signature) {
      // Throws Stripe's signature error on a missing, wrong or too old signature.
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      return eventOf(
        event as unknown as { id: string; type: string; data: { object: Record<string, unknown> } },
      );
    },
  };
}

function invoiceSubscriptionOf(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as {
    subscription_details?: { subscription?: string | { id: string } };
  } | null;
  const fromParent = parent?.subscription_details?.subscription;
  const direct = invoice.subscription as string | { id: string } | null | undefined;
  const sub = fromParent ?? direct ?? null;
  return typeof sub === 'string' ? sub : (sub?.id ?? null);
}

/** Stripe's event reduced to the kinds the app acts on. */
export function eventOf(event: {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}): ProviderEvent {
  const object = event.data.object;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return {
        id: event.id,
        type: 'subscription',
        subscription: subscriptionOf(object as unknown as StripeSubscriptionLike),
        deleted: event.type === 'customer.subscription.deleted',
      };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionOf(object);
      if (!subscriptionId) return { id: event.id, type: 'other', name: event.type };
      return {
        id: event.id,
        type: 'invoice',
        paid: event.type === 'invoice.paid',
        invoiceId: String(object.id),
        subscriptionId,
        amountCents: Number(event.type === 'invoice.paid' ? object.amount_paid : object.amount_due) || 0,
        periodStart: time(object.period_start as number | undefined),
        periodEnd: time(object.period_end as number | undefined),
        billingReason: (object.billing_reason as string | null) ?? null,
      };
    }
    case 'charge.refunded': {
      const intent = object.payment_intent as string | { id: string } | null;
      const ref = typeof intent === 'string' ? intent : intent?.id;
      if (!ref) return { id: event.id, type: 'other', name: event.type };
      return {
        id: event.id,
        type: 'refund',
        chargeRef: ref,
        amountCents: Number(object.amount_refunded) || 0,
      };
    }
    default:
      return { id: event.id, type: 'other', name: event.type };
  }
}
