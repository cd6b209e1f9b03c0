import { z } from 'zod';
import { idSchema } from './validation.js';

/**
 * Payments (decision 023): the consumer center's premium subscription, coaching
 * sessions and the match processing fee. Money is integer cents in usd; prices, the coupon
 * discount and totals are worked out on the server with `priceOf` (the page shows what the server
 * answers). The subscription's states are `subscriptionStep`.
 */

export const CURRENCY = 'usd';

/** The premium plan (donor-forms spec section 9): first month free, then $99 a month. */
export const PREMIUM_PLAN = {
  priceCents: 9900,
  /** The free first month (Stripe's trial). */
  trialDays: 30,
  /** "A portfolio of up to 40 donor candidates". */
  maxDonors: 40,
  /** "Payment page date is 29 days from today": the first charge the page announces. */
  firstChargeAfterDays: 29,
} as const;

/** platform.md section 9: "Trial applicable: true". A client has the free month once (trial_used). */
export const TRIAL_APPLICABLE = true;

/** /purchaseproducts/{item}: 1 coaching sessions, 2 the match processing fee. */
export const PAYMENT_ITEM = { COACHING: 1, MATCH_FEE: 2 } as const;
export type PaymentItem = (typeof PAYMENT_ITEM)[keyof typeof PAYMENT_ITEM];

/** Our prices (the spec gives none; decision 023): a coaching session $150, the match fee $250. */
export const ITEM_PRICE_CENTS: Record<PaymentItem, number> = { 1: 15_000, 2: 25_000 };
export const ITEM_LABEL: Record<PaymentItem, string> = {
  1: 'Coaching session',
  2: 'Match processing fee',
};
/** At most this many of an item in one purchase (one fee per match). */
export const ITEM_MAX_COUNT: Record<PaymentItem, number> = { 1: 10, 2: 1 };

/** Payment grids (payment history, unpaid invoices, offline payments): 10 rows a page. */
export const PAYMENT_PAGE_SIZE = 10;

export const OFFLINE_PAYMENT_MODES = ['Cash', 'Cheque', 'Wire', 'Other'] as const;
export type OfflinePaymentMode = (typeof OFFLINE_PAYMENT_MODES)[number];
export const DEFAULT_OFFLINE_MODE: OfflinePaymentMode = 'Cheque';
/** Offline payment dates run up to today and about 30 years back. */
export const OFFLINE_YEARS_BACK = 30;

/** The local provider's test cards (Stripe's test-mode numbers). */
export const TEST_CARDS = { PAYS: '4242424242424242', DECLINED: '4000000000000002' } as const;

export const PAYMENT_MSG = {
  COUPON_INVALID: 'Invalid coupon code.',
  COUPON_EXPIRED: 'This coupon code has expired.',
  COUPON_APPLIED: 'Coupon applied.',
  CARD_DECLINED: 'Your card was declined.',
  CARD_NUMBER: 'Please enter a valid card number.',
  CARD_EXPIRY: 'Please enter a valid expiry date.',
  CARD_CVC: 'Please enter a valid security code.',
  PAYMENT_METHOD: 'Please enter your card details.',
  ALREADY_SUBSCRIBED: 'You already have a premium membership.',
  NOT_ELIGIBLE: 'Only the primary intended parent of a consumer membership can make purchases.',
  SUBSCRIBED: 'Thank you! Your premium membership is active.',
  PAID: 'Thank you! Your payment was received.',
  FEE_ALREADY_PAID: 'The match processing fee for this match is already paid.',
  IN_PROGRESS: 'This payment is already being processed. Please wait a moment.',
  NO_SUBSCRIPTION: 'You have no subscription.',
  AUTO_RENEW_CANCELLED:
    'Auto-renewal is cancelled. Your membership stays active until the end of the current period.',
  REACTIVATED: 'Auto-renewal is back on. Your membership renews at the end of the current period.',
  ALREADY_CANCELLED: 'Auto-renewal is already cancelled.',
  NOT_CANCELLED: 'Auto-renewal is already on.',
  SUBSCRIPTION_ENDED: 'This subscription has ended; please subscribe again.',
  PROVIDER_ERROR: 'The payment could not be completed. Please try again.',
  ITEM: 'Unknown item.',
  COUNT: 'Please choose how many.',
  MATCH_ID: 'A match id is needed for the match processing fee.',
  OFFLINE_MESSAGE_BLANK: 'Message can not be blank.',
  OFFLINE_DATE: 'Please enter a payment date from the last 30 years, up to today.',
  OFFLINE_MODE: 'Please choose a payment mode.',
  OFFLINE_TARGET: 'Please choose the invoice being paid.',
  OFFLINE_RECORDED: 'The offline payment is recorded.',
  INVOICE_PAID: 'This invoice is already paid.',
  PAYMENTS_OFF: 'Your agency does not take payments.',
  IDEMPOTENCY_KEY: 'A request key is needed.',
} as const;

// --- coupon codes (platform.md section 5: spaces removed, grouped by 4)

/** A coupon code as stored and compared: no spaces, upper case. */
export function normalizeCouponCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** A coupon code as shown: groups of 4 ("SAVE 2026 ABCD"). */
export function formatCouponCode(code: string): string {
  return (normalizeCouponCode(code).match(/.{1,4}/g) ?? []).join(' ');
}

const couponCode = z
  .string()
  .max(64, PAYMENT_MSG.COUPON_INVALID)
  .transform(normalizeCouponCode)
  .refine((c) => /^[A-Z0-9-]{1,40}$/.test(c), PAYMENT_MSG.COUPON_INVALID);

// --- prices

export interface PriceBreakdown {
  unitCents: number;
  count: number;
  subtotalCents: number;
  /** The coupon's percent of the subtotal, rounded to a cent. */
  discountCents: number;
  totalCents: number;
  percentOff: number;
  currency: typeof CURRENCY;
}

/**
 * The one price function: unit price times count, less the coupon's percent of that total rounded
 * to the cent (spec: "coupon discount is a percent of the total, rounded"). Never negative.
 */
export function priceOf(unitCents: number, count: number, percentOff = 0): PriceBreakdown {
  if (!Number.isInteger(unitCents) || unitCents < 0) throw new Error('unit price must be whole cents');
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number');
  const pct = Math.min(100, Math.max(0, Math.trunc(percentOff)));
  const subtotalCents = unitCents * count;
  const discountCents = Math.round((subtotalCents * pct) / 100);
  return {
    unitCents,
    count,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    percentOff: pct,
    currency: CURRENCY,
  };
}

/** "$1,234.50" */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The date the payment page names as the first charge: today + 29 days (YYYY-MM-DD, UTC). */
export function firstChargeDate(today: Date): string {
  return new Date(today.getTime() + PREMIUM_PLAN.firstChargeAfterDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

// --- the subscription's states

export const SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionState {
  status: SubscriptionStatus;
  /** cancel_at_period_end: 1 when auto-renewal is cancelled. */
  cancelAtPeriodEnd: boolean;
}

export const SUBSCRIPTION_EVENTS = [
  'payment_succeeded',
  'payment_failed',
  'period_ended',
  'cancel_at_period_end',
  'reactivate',
  'cancel_now',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

export type SubscriptionStepResult =
  | { ok: true; next: SubscriptionState; chargeDue: boolean }
  | { ok: false; reason: string };

/** A subscription that still gives membership (and may renew). */
export const isLiveSubscription = (s: SubscriptionStatus): boolean =>
  s === 'trialing' || s === 'active' || s === 'past_due';

/**
 * The subscription state machine (Stripe's statuses): what an event does in a state.
 * - payment_succeeded: the period's charge paid: incomplete, trialing, active, past_due -> active.
 * - payment_failed: incomplete stays incomplete; trialing, active, past_due -> past_due.
 * - period_ended: with auto-renewal cancelled the subscription ends (canceled); otherwise a charge
 *   for the next period is due (chargeDue) and the state waits for its outcome. An incomplete
 *   subscription whose first payment never came ends.
 * - cancel_at_period_end / reactivate: set and clear cancel_at_period_end on a live subscription.
 * - cancel_now: any state but canceled ends at once (staff archiving, provider deletion).
 * canceled is final.
 */
export function subscriptionStep(state: SubscriptionState, event: SubscriptionEvent): SubscriptionStepResult {
  const { status, cancelAtPeriodEnd } = state;
  const to = (next: Partial<SubscriptionState>, chargeDue = false): SubscriptionStepResult => ({
    ok: true,
    next: { status, cancelAtPeriodEnd, ...next },
    chargeDue,
  });
  if (status === 'canceled') return { ok: false, reason: PAYMENT_MSG.SUBSCRIPTION_ENDED };
  switch (event) {
    case 'payment_succeeded':
      return to({ status: 'active' });
    case 'payment_failed':
      return to({ status: status === 'incomplete' ? 'incomplete' : 'past_due' });
    case 'period_ended':
      if (status === 'incomplete' || cancelAtPeriodEnd) return to({ status: 'canceled' });
      return to({}, true);
    case 'cancel_at_period_end':
      if (status === 'incomplete') return { ok: false, reason: PAYMENT_MSG.NO_SUBSCRIPTION };
      if (cancelAtPeriodEnd) return { ok: false, reason: PAYMENT_MSG.ALREADY_CANCELLED };
      return to({ cancelAtPeriodEnd: true });
    case 'reactivate':
      if (status === 'incomplete') return { ok: false, reason: PAYMENT_MSG.NO_SUBSCRIPTION };
      if (!cancelAtPeriodEnd) return { ok: false, reason: PAYMENT_MSG.NOT_CANCELLED };
      return to({ cancelAtPeriodEnd: false });
    case 'cancel_now':
      return to({ status: 'canceled' });
  }
}

// --- request bodies

/** A key the browser makes once per payment attempt: a retried request is charged once. */
export const idempotencyKey = z
  .string({ error: PAYMENT_MSG.IDEMPOTENCY_KEY })
  .regex(/^[A-Za-z0-9_-]{16,80}$/, PAYMENT_MSG.IDEMPOTENCY_KEY);

/** A payment method the provider made (Stripe: pm_...; the local provider's signed pm_ token). */
const paymentMethodId = z
  .string({ error: PAYMENT_MSG.PAYMENT_METHOD })
  .min(3, PAYMENT_MSG.PAYMENT_METHOD)
  .max(300, PAYMENT_MSG.PAYMENT_METHOD)
  .regex(/^pm_[A-Za-z0-9_.-]+$/, PAYMENT_MSG.PAYMENT_METHOD);

const optionalCoupon = z
  .union([z.literal(''), z.null(), couponCode])
  .optional()
  .transform((c) => (c ? c : null));

/** POST payment-services/create-customer: the customer and her subscription (free first month). */
export const createCustomerBody = z.object({
  email: z.string().max(200).optional(),
  payment_method: paymentMethodId,
  couponCode: optionalCoupon,
  receive_education_email: z.boolean().optional().default(false),
  idempotency_key: idempotencyKey,
});
export type CreateCustomerBody = z.input<typeof createCustomerBody>;

/** POST payment-services/subscription: completes a subscription (after an authentication, say). */
export const subscriptionBody = z.object({ subscriptionId: z.string().min(1).max(120) });

const itemSchema = z.union([z.literal(1), z.literal(2)], { error: PAYMENT_MSG.ITEM });
const countSchema = z.number({ error: PAYMENT_MSG.COUNT }).int(PAYMENT_MSG.COUNT).min(1, PAYMENT_MSG.COUNT);

/** POST fetchtotalitemsprice {item, count}: the server's price (a coupon code may be added). */
export const totalItemsPriceBody = z
  .object({ item: itemSchema, count: countSchema, couponCode: optionalCoupon })
  .refine((b) => b.count <= ITEM_MAX_COUNT[b.item], { message: PAYMENT_MSG.COUNT, path: ['count'] });

/** POST payment-services/pay: items, currency usd, and a payment method or a confirmed intent. */
export const payBody = z
  .object({
    items: z.object({
      item: itemSchema,
      count: countSchema,
      additionalId: idSchema().optional(),
    }),
    currency: z.literal(CURRENCY).default(CURRENCY),
    paymentMethodId: paymentMethodId.optional(),
    paymentIntentId: z
      .string()
      .regex(/^pi_[A-Za-z0-9_]+$/)
      .optional(),
    couponCode: optionalCoupon,
    idempotency_key: idempotencyKey,
  })
  .refine((b) => b.items.count <= ITEM_MAX_COUNT[b.items.item], {
    message: PAYMENT_MSG.COUNT,
    path: ['items', 'count'],
  })
  .refine((b) => b.items.item !== PAYMENT_ITEM.MATCH_FEE || b.items.additionalId !== undefined, {
    message: PAYMENT_MSG.MATCH_ID,
    path: ['items', 'additionalId'],
  })
  .refine((b) => b.paymentMethodId !== undefined || b.paymentIntentId !== undefined, {
    message: PAYMENT_MSG.PAYMENT_METHOD,
    path: ['paymentMethodId'],
  });
export type PayBody = z.input<typeof payBody>;

/** POST checkforvalidmatchid {match_id} */
export const checkMatchBody = z.object({ match_id: idSchema() });

/**
 * POST payment-services/local/tokenize: the local provider's card entry (the Stripe provider uses
 * Stripe Elements instead). Only brand and last 4 are kept; the number is never stored or logged.
 */
export const tokenizeCardBody = z.object({
  number: z
    .string()
    .transform((n) => n.replace(/[\s-]/g, ''))
    .refine((n) => /^\d{12,19}$/.test(n) && luhnValid(n), PAYMENT_MSG.CARD_NUMBER),
  exp: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, PAYMENT_MSG.CARD_EXPIRY),
  cvc: z.string().regex(/^\d{3,4}$/, PAYMENT_MSG.CARD_CVC),
});
export type TokenizeCardBody = z.input<typeof tokenizeCardBody>;

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** An expiry MM/YY still in force in the month of `today`. */
export function cardExpiryValid(exp: string, today: Date): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(exp);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  return year * 12 + month >= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

const listPart = {
  from: z.number().int().min(0).default(0),
  to: z.number().int().min(1).max(100).default(PAYMENT_PAGE_SIZE),
  ord: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().max(100).optional().default(''),
};

/** POST fetchagencycmbill {from, to, sort, ord, for_admin}: the agency's bills. */
export const agencyBillsBody = z.object({
  ...listPart,
  sort: z.enum(['createdAt', 'name', 'amount', 'kind', 'status']).default('createdAt'),
  /** An admin's agency view (every client of the center); a case manager sees her own clients. */
  for_admin: z.boolean().optional().default(false),
});
export type AgencyBillsBody = z.input<typeof agencyBillsBody>;

/** POST fetchunpaidinvoices / fetchunpaidinvoicesbyipcenter {from, to, sort, ord, search} */
export const unpaidInvoicesBody = z.object({
  ...listPart,
  sort: z.enum(['dueAt', 'name', 'amount', 'kind']).default('dueAt'),
});
export type UnpaidInvoicesBody = z.input<typeof unpaidInvoicesBody>;

/** POST fetchallofflinepaymenthistorybydonorcenter */
export const offlineHistoryBody = z.object({
  ...listPart,
  sort: z.enum(['paidOn', 'name', 'amount', 'mode']).default('paidOn'),
});
export type OfflineHistoryBody = z.input<typeof offlineHistoryBody>;

/** POST fetchofflinepaymentdetails {id, match_id} */
export const offlineDetailsBody = z.object({
  id: idSchema(),
  match_id: idSchema().nullish(),
});

/**
 * Whether an offline payment date (YYYY-MM-DD) lies between about 30 years ago and `today`
 * (both YYYY-MM-DD): the form and the server check it alike.
 */
export function offlineDateAllowed(date: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return false;
  const earliest = `${String(Number(today.slice(0, 4)) - OFFLINE_YEARS_BACK).padStart(4, '0')}${today.slice(4)}`;
  return date >= earliest && date <= today;
}

/**
 * POST paysubscriptionchargesoffline: the offline details (mode, date, message) plus the unpaid
 * invoice: a match's processing fee (match_id) or an open subscription bill (bill_id).
 */
export const offlinePaymentBody = z
  .object({
    payment_mode: z
      .enum(OFFLINE_PAYMENT_MODES, { error: PAYMENT_MSG.OFFLINE_MODE })
      .default(DEFAULT_OFFLINE_MODE),
    payment_date: z
      .string({ error: PAYMENT_MSG.OFFLINE_DATE })
      .regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENT_MSG.OFFLINE_DATE),
    message: z
      .string({ error: PAYMENT_MSG.OFFLINE_MESSAGE_BLANK })
      .max(2000)
      .transform((m) => m.trim())
      .refine((m) => m.length > 0, PAYMENT_MSG.OFFLINE_MESSAGE_BLANK),
    match_id: idSchema().nullish(),
    bill_id: idSchema().nullish(),
  })
  .refine((b) => (b.match_id ? 1 : 0) + (b.bill_id ? 1 : 0) === 1, {
    message: PAYMENT_MSG.OFFLINE_TARGET,
    path: ['match_id'],
  });
export type OfflinePaymentBody = z.input<typeof offlinePaymentBody>;

// --- answers

export interface PublicKeyAnswer {
  provider: 'local' | 'stripe';
  publicKey: string;
}

export interface PricingPlan {
  priceCents: number;
  trialDays: number;
  maxDonors: number;
  currency: typeof CURRENCY;
  /** The date the first charge is made: today + 29 days with the free month, else today. */
  firstChargeDate: string;
  trialApplies: boolean;
}

export interface PurchaseEligibility {
  eligible: boolean;
  trialUsed: boolean;
  message: string | null;
}

export interface CouponAnswer {
  code: string;
  display: string;
  percentOff: number;
}

/** What a payment call answers when the charge did not go through (status 'error' in the envelope). */
export interface PaymentFailure {
  type: 'card_error' | 'error';
  hideTryAgain: boolean;
}

export interface SubscriptionAnswer {
  subscriptionId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  managerId: number | null;
  userStatus: string;
}

export interface PayAnswer {
  billId: number;
  totalCents: number;
  item: PaymentItem;
  count: number;
  /** The coaching credits the holder has after the purchase (item 1). */
  creditBalance: number | null;
}

export interface SubscriptionDetails {
  subscription: {
    id: number;
    status: SubscriptionStatus;
    cancelAtPeriodEnd: boolean;
    priceCents: number;
    trialEnd: string | null;
    currentPeriodEnd: string | null;
    /** When the next charge is made; null once auto-renewal is cancelled or the subscription ended. */
    nextPaymentDate: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
    createdAt: string;
  } | null;
  trialUsed: boolean;
}

export type BillKind = 'subscription' | 'coaching' | 'match_fee';
export type BillStatus = 'open' | 'paid' | 'failed' | 'refunded';
export const BILL_KIND_LABEL: Record<BillKind, string> = {
  subscription: 'Premium membership',
  coaching: 'Coaching sessions',
  match_fee: 'Match processing fee',
};

export interface BillRow {
  id: number;
  kind: BillKind;
  description: string;
  status: BillStatus;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
  paidVia: 'card' | 'offline' | null;
  cardLast4: string | null;
  createdAt: string;
  paidAt: string | null;
  userId: number;
  name: string;
  username: string;
  matchId: number | null;
}

export interface BillList {
  rows: BillRow[];
  count: number;
}

export interface UnpaidInvoiceRow {
  /** 'match:12' or 'bill:7'. */
  key: string;
  kind: BillKind;
  matchId: number | null;
  billId: number | null;
  userId: number;
  name: string;
  username: string;
  donorDisplayId: string | null;
  amountCents: number;
  dueAt: string;
  /** The caller may record an offline payment for it (staff of the paying parent's center). */
  canPayOffline: boolean;
}

export interface UnpaidInvoiceList {
  rows: UnpaidInvoiceRow[];
  count: number;
}

export interface OfflinePaymentRow {
  id: number;
  billId: number;
  matchId: number | null;
  kind: BillKind;
  mode: OfflinePaymentMode;
  paidOn: string;
  amountCents: number;
  userId: number;
  name: string;
  recordedBy: string;
  createdAt: string;
}

export interface OfflinePaymentList {
  rows: OfflinePaymentRow[];
  count: number;
}

export interface OfflinePaymentDetails extends OfflinePaymentRow {
  message: string;
  donorDisplayId: string | null;
}

export interface ClientSubscriptionStatus {
  userId: number;
  status: SubscriptionStatus | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}
