import type { BillKind, BillStatus, OfflinePaymentMode, SubscriptionStatus } from '@dm/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { matches } from './matches.js';
import { users } from './users.js';

/**
 * Payments (decision 023). Money is integer cents in usd. The payment provider
 * (platform/payments.ts: local by default, or Stripe) holds cards and charges them; these tables
 * hold what the app needs to know: who is whose customer, the subscriptions and every charge
 * (`payment_bills`), offline payments, coupons, and the keys that make a retried request or a
 * repeated webhook count once. Card numbers are never here: only the brand and last 4.
 */

/** The provider's customer of an account holder (the primary intended parent), and trial_used. */
export const paymentAccounts = pgTable('payment_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  /** The free first month was given (iseligibleforpurchase: trial_used): never twice. */
  trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
  /** The saved card: a provider payment method id, its brand and last 4 only. */
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  receiveEducationEmail: boolean('receive_education_email').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Coupons: a code (stored normalised: no spaces, upper case) and its percent off. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    percentOff: integer('percent_off').notNull(),
    /** The last moment the code is accepted; null: no end. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    check('coupons_percent_range', sql`${t.percentOff} between 1 and 100`),
  ],
);

/**
 * A premium subscription. One live one (incomplete, trialing, active, past_due) per holder; the
 * states follow `subscriptionStep` in @dm/shared. `current_period_end` is the next payment date.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    couponCode: text('coupon_code'),
    percentOff: integer('percent_off').notNull().default(0),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The renewal pass of the local provider holds the row from this moment (its lease). */
    renewalClaimedAt: timestamp('renewal_claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_ref_unique').on(t.provider, t.providerSubscriptionId),
    uniqueIndex('subscriptions_one_live_unique')
      .on(t.userId)
      .where(sql`${t.status} in ('incomplete', 'trialing', 'active', 'past_due')`),
    index('subscriptions_center_idx').on(t.centerId),
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
  ],
);

/**
 * Every charge: a subscription period, coaching sessions, a match processing fee. `open` is an
 * unpaid invoice (a failed renewal), `paid` by card or offline, `failed` a declined attempt,
 * `refunded`. A provider charge is recorded once (`provider`, `provider_ref` unique), and a
 * match's fee is paid once.
 */
export const paymentBills = pgTable(
  'payment_bills',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    kind: text('kind').$type<BillKind>().notNull(),
    description: text('description').notNull(),
    status: text('status').$type<BillStatus>().notNull(),
    count: integer('count').notNull().default(1),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    couponCode: text('coupon_code'),
    currency: text('currency').notNull().default('usd'),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    paidVia: text('paid_via').$type<'card' | 'offline'>(),
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payment_bills_provider_ref_unique')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    uniqueIndex('payment_bills_match_fee_paid_unique')
      .on(t.matchId)
      .where(sql`${t.kind} = 'match_fee' and ${t.status} = 'paid'`),
    index('payment_bills_user_idx').on(t.userId, t.createdAt),
    index('payment_bills_center_idx').on(t.centerId, t.createdAt),
    index('payment_bills_match_idx').on(t.matchId),
    index('payment_bills_subscription_idx').on(t.subscriptionId),
    check('payment_bills_amounts', sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0`),
  ],
);

/** An offline payment (Cash, Cheque, Wire, Other) staff recorded for a bill. */
export const offlinePayments = pgTable(
  'offline_payments',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => paymentBills.id, { onDelete: 'cascade' }),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    mode: text('mode').$type<OfflinePaymentMode>().notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    message: text('message').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('offline_payments_bill_unique').on(t.billId),
    index('offline_payments_center_idx').on(t.centerId, t.paidOn),
  ],
);

/**
 * Idempotency keys of payment requests: the browser sends one key per attempt, so a retried
 * request (a double click, a lost answer) answers what the first one did and charges once.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    /** pending while the first request runs; done with its answer. */
    status: text('status').$type<'pending' | 'done'>().notNull(),
    answer: jsonb('answer'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_requests_key_unique').on(t.userId, t.key)],
);

/** Provider webhook events processed: a repeated delivery of one event does nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
