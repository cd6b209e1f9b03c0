import {
  type BillRow,
  type ClientSubscriptionStatus,
  type CouponAnswer,
  idSchema,
  OFFLINE_PAYMENT_MODES,
  type OfflinePaymentDetails,
  type OfflinePaymentRow,
  type PayAnswer,
  type PriceBreakdown,
  type PricingPlan,
  type PublicKeyAnswer,
  type PurchaseEligibility,
  SUBSCRIPTION_STATUSES,
  type SubscriptionAnswer,
  type SubscriptionDetails,
  type UnpaidInvoiceRow,
} from '@dm/shared';
import { z } from 'zod';

/* Request bodies are the shared schemas of packages/shared/src/payments.ts (the pages use them too). */

const status = z.enum(SUBSCRIPTION_STATUSES);
const billKind = z.enum(['subscription', 'coaching', 'match_fee']);

export const publicKeyAnswer = z.object({
  provider: z.enum(['local', 'stripe']),
  publicKey: z.string(),
}) satisfies z.ZodType<PublicKeyAnswer>;

export const cardToken = z.object({ id: z.string(), brand: z.string(), last4: z.string() });

export const pricingPlanAnswer = z.object({
  priceCents: z.number(),
  trialDays: z.number(),
  maxDonors: z.number(),
  currency: z.literal('usd'),
  firstChargeDate: z.string(),
  trialApplies: z.boolean(),
}) satisfies z.ZodType<PricingPlan>;

export const eligibilityAnswer = z.object({
  eligible: z.boolean(),
  trialUsed: z.boolean(),
  message: z.string().nullable(),
}) satisfies z.ZodType<PurchaseEligibility>;

export const couponAnswer = z.object({
  code: z.string(),
  display: z.string(),
  percentOff: z.number(),
}) satisfies z.ZodType<CouponAnswer>;

export const priceAnswer = z.object({
  unitCents: z.number(),
  count: z.number(),
  subtotalCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  percentOff: z.number(),
  currency: z.literal('usd'),
}) satisfies z.ZodType<PriceBreakdown>;

export const subscriptionAnswer = z.object({
  subscriptionId: z.string(),
  status,
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  managerId: z.number().nullable(),
  userStatus: z.string(),
}) satisfies z.ZodType<SubscriptionAnswer>;

export const payAnswer = z.object({
  billId: z.number(),
  totalCents: z.number(),
  item: z.union([z.literal(1), z.literal(2)]),
  count: z.number(),
  creditBalance: z.number().nullable(),
}) satisfies z.ZodType<PayAnswer>;

export const subscriptionDetailsAnswer = z.object({
  trialUsed: z.boolean(),
  subscription: z
    .object({
      id: z.number(),
      status,
      cancelAtPeriodEnd: z.boolean(),
      priceCents: z.number(),
      trialEnd: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      nextPaymentDate: z.string().nullable(),
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<SubscriptionDetails>;

export const billRow = z.object({
  id: z.number(),
  kind: billKind,
  description: z.string(),
  status: z.enum(['open', 'paid', 'failed', 'refunded']),
  subtotalCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  couponCode: z.string().nullable(),
  paidVia: z.enum(['card', 'offline']).nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  userId: z.number(),
  name: z.string(),
  username: z.string(),
  matchId: z.number().nullable(),
}) satisfies z.ZodType<BillRow>;

export const billList = z.object({ rows: z.array(billRow), count: z.number() });

export const unpaidRow = z.object({
  key: z.string(),
  kind: billKind,
  matchId: z.number().nullable(),
  billId: z.number().nullable(),
  userId: z.number(),
  name: z.string(),
  username: z.string(),
  donorDisplayId: z.string().nullable(),
  amountCents: z.number(),
  dueAt: z.string(),
  canPayOffline: z.boolean(),
}) satisfies z.ZodType<UnpaidInvoiceRow>;

export const unpaidList = z.object({ rows: z.array(unpaidRow), count: z.number() });

export const offlineRow = z.object({
  id: z.number(),
  billId: z.number(),
  matchId: z.number().nullable(),
  kind: billKind,
  mode: z.enum(OFFLINE_PAYMENT_MODES),
  paidOn: z.string(),
  amountCents: z.number(),
  userId: z.number(),
  name: z.string(),
  recordedBy: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<OfflinePaymentRow>;

export const offlineList = z.object({ rows: z.array(offlineRow), count: z.number() });

export const offlineDetails = offlineRow.extend({
  message: z.string(),
  donorDisplayId: z.string().nullable(),
}) satisfies z.ZodType<OfflinePaymentDetails>;

export const clientSubscriptionStatus = z.object({
  userId: z.number(),
  status: status.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
}) satisfies z.ZodType<ClientSubscriptionStatus>;

export const cancelAnswer = z.object({ cancelAtPeriodEnd: z.boolean() });

export const cancelSubscriptionBody = z.object({ parentid: idSchema().nullish() });
export const clientStatusBody = z.object({ userid: idSchema() });
export const couponParams = z.object({ code: z.string().max(64) });
