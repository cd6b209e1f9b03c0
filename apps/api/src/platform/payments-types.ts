import type { SubscriptionStatus } from '@dm/shared';
import type { PaymentProviderName } from './config.js';

/**
 * The payment provider's interface (decision 023): who holds cards and moves money. Two
 * implementations behind one interface: `local` (platform/payments-local.ts, the default), which
 * behaves like Stripe's test mode without any account (4242 4242 4242 4242 pays, 4000 0000 0000
 * 0002 is declined) and takes no money, and `stripe` (platform/payments-stripe.ts) through the
 * official package, loaded only when configured. The app never sees a card number: the browser
 * hands the card to the provider (Stripe Elements, or the local tokenize call) and sends us a
 * payment method id.
 */

/** What is kept of a card: its brand and last 4 digits. */
export interface CardSummary {
  brand: string;
  last4: string;
}

/**
 * A charge or card the provider refused. `card_error`: the card's fault (declined, expired), told
 * to the payer as the provider words it; `error`: anything else (the provider unreachable, a bad
 * request), told in general words, the detail only in the log.
 */
export class PaymentError extends Error {
  constructor(
    readonly type: 'card_error' | 'error',
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** A subscription as the provider reports it. */
export interface ProviderSubscription {
  id: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** The charge of the first period when one was made at once (no free month): its reference. */
  firstChargeRef: string | null;
}

export interface NewSubscription {
  customerId: string;
  paymentMethodId: string;
  priceCents: number;
  /** 0: no free month (trial_used). */
  trialDays: number;
  /** A coupon taken off the first paid month. */
  coupon: { code: string; percentOff: number } | null;
  idempotencyKey: string;
  now: Date;
}

export interface NewCharge {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A charge made: its reference (Stripe's PaymentIntent id). */
export interface Charge {
  ref: string;
  amountCents: number;
  metadata: Record<string, string>;
}

/** A webhook event reduced to what the app acts on. */
export type ProviderEvent =
  | { id: string; type: 'subscription'; subscription: ProviderSubscription; deleted: boolean }
  | {
      id: string;
      type: 'invoice';
      paid: boolean;
      invoiceId: string;
      subscriptionId: string;
      amountCents: number;
      periodStart: Date | null;
      periodEnd: Date | null;
      /** 'subscription_create' for the first invoice (recorded by the subscribe request). */
      billingReason: string | null;
    }
  | { id: string; type: 'refund'; chargeRef: string; amountCents: number }
  | { id: string; type: 'other'; name: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The key the browser's card entry uses (Stripe's publishable key). */
  readonly publicKey: string;
  /** Stripe renews subscriptions itself and tells us by webhook; the local provider's are renewed by the app's job. */
  readonly renewsItself: boolean;
  /** A new customer with the card as her default; a refused card throws PaymentError('card_error'). */
  createCustomer(input: {
    email: string;
    name: string;
    userId: number;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string; card: CardSummary }>;
  /** Makes the card the customer's default (a later purchase with a new card). */
  attachCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<CardSummary>;
  createSubscription(input: NewSubscription): Promise<ProviderSubscription>;
  /** The subscription as the provider holds it; null where the app's row is the truth (local). */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription | null>;
  cancelNow(id: string): Promise<void>;
  /** Charges the card at once; a decline throws PaymentError('card_error'). */
  charge(input: NewCharge): Promise<Charge>;
  /** A charge the browser confirmed itself (after an authentication), if it succeeded. */
  retrieveCharge(ref: string): Promise<Charge | null>;
  /** Checks the signature and reads the event; throws on a bad or missing signature. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
}
