import {
  type CouponAnswer,
  type checkMatchBody,
  type createCustomerBody,
  firstChargeDate,
  formatCouponCode,
  ITEM_LABEL,
  ITEM_PRICE_CENTS,
  isPayer,
  MSG,
  normalizeCouponCode,
  PAYMENT_ITEM,
  PAYMENT_MSG,
  type PayAnswer,
  type PaymentItem,
  PREMIUM_PLAN,
  type PriceBreakdown,
  type PricingPlan,
  type PublicKeyAnswer,
  type PurchaseEligibility,
  type payBody,
  priceOf,
  ROLE,
  type SubscriptionAnswer,
  TRIAL_APPLICABLE,
  type tokenizeCardBody,
  type totalItemsPriceBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import {
  type CardSummary,
  PaymentError,
  type PaymentProvider,
  paymentProviderOf,
} from '../../platform/payments.js';
import { tokenizeLocalCard } from '../../platform/payments-local.js';
import { coachingCreditBalance, grantCoachingCredits } from '../coaching/index.js';
import { defaultCaseManagerOf } from '../users/case-manager.js';
import { idempotent, paymentRefusal } from './payments.idempotency.js';
import {
  type AccountRow,
  activateMember,
  findAccount,
  findCoupon,
  findPayer,
  insertBill,
  insertSubscription,
  liveSubscriptionOf,
  markTrialUsed,
  openMatchOf,
  type PayerRow,
  paidMatchFee,
  type SubscriptionRow,
  saveAccount,
  subscriptionByRef,
  updateSubscription,
} from './payments.repo.js';

export type PaymentsDeps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets'>;

export const providerOf = (deps: PaymentsDeps): Promise<PaymentProvider> =>
  paymentProviderOf(deps.config, deps.secrets);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const fullName = (p: Pick<PayerRow, 'firstName' | 'lastName' | 'username'>) =>
  `${p.firstName} ${p.lastName}`.trim() || p.username;

/**
 * The account holder who pays: a primary intended parent of a center with payments. The page
 * table already keeps other centers' parents (/unauthorize) and secondary parents (home) out;
 * staff who may open a purchase page are not payers (403).
 */
export async function payerOf(db: Db, auth: Auth, lock = false): Promise<PayerRow> {
  if (!isPayer(auth.subject))
    throw auth.role === ROLE.CLIENT && auth.subject.secondary
      ? forbidden(MSG.UNAUTHORIZED, { redirect: '/' })
      : forbidden();
  const payer = await findPayer(db, auth.userId, lock);
  if (!payer?.payments) throw notFound();
  return payer;
}

/** GET payment-services/public-key */
export async function publicKey(deps: PaymentsDeps, auth: Auth): Promise<PublicKeyAnswer> {
  await payerOf(deps.db, auth);
  const provider = await providerOf(deps);
  return { provider: provider.name, publicKey: provider.publicKey };
}

const trialApplies = (account: AccountRow | undefined) => TRIAL_APPLICABLE && !account?.trialUsedAt;

/** GET fetchsubpricingplan: the plan, and whether the free month still applies to the caller. */
export async function pricingPlan(deps: PaymentsDeps, auth: Auth): Promise<PricingPlan> {
  const payer = await payerOf(deps.db, auth);
  const trial = trialApplies(await findAccount(deps.db, payer.id));
  const now = deps.clock.now();
  return {
    priceCents: PREMIUM_PLAN.priceCents,
    trialDays: trial ? PREMIUM_PLAN.trialDays : 0,
    maxDonors: PREMIUM_PLAN.maxDonors,
    currency: 'usd',
    firstChargeDate: trial ? firstChargeDate(now) : now.toISOString().slice(0, 10),
    trialApplies: trial,
  };
}

/** GET iseligibleforpurchase: a membership may be bought while the caller has none (reads trial_used). */
export async function eligibility(deps: PaymentsDeps, auth: Auth): Promise<PurchaseEligibility> {
  const payer = await payerOf(deps.db, auth);
  const account = await findAccount(deps.db, payer.id);
  const live = await liveSubscriptionOf(deps.db, payer.id);
  const eligible = !live || live.status === 'incomplete';
  return {
    eligible,
    trialUsed: Boolean(account?.trialUsedAt),
    message: eligible ? null : PAYMENT_MSG.ALREADY_SUBSCRIBED,
  };
}

/** A coupon code that may be used now: its percent off; invalid or expired is 400. */
async function couponFor(deps: PaymentsDeps, code: string): Promise<CouponAnswer> {
  const normal = normalizeCouponCode(code);
  const coupon = normal ? await findCoupon(deps.db, normal) : undefined;
  if (!coupon?.active) throw badRequest(PAYMENT_MSG.COUPON_INVALID, { field: 'couponCode' });
  if (coupon.validUntil && coupon.validUntil.getTime() < deps.clock.now().getTime())
    throw badRequest(PAYMENT_MSG.COUPON_EXPIRED, { field: 'couponCode' });
  return { code: coupon.code, display: formatCouponCode(coupon.code), percentOff: coupon.percentOff };
}

/** GET verifycouponcode/{code} */
export async function verifyCoupon(deps: PaymentsDeps, auth: Auth, code: string): Promise<CouponAnswer> {
  await payerOf(deps.db, auth);
  return couponFor(deps, code);
}

/** The caller's case manager, or the center's default one (GET getmanagerid). */
async function managerFor(db: Db, payer: Pick<PayerRow, 'managerId' | 'centerId'>): Promise<number | null> {
  return payer.managerId ?? (await defaultCaseManagerOf(db, payer.centerId));
}

export async function managerId(deps: PaymentsDeps, auth: Auth): Promise<{ managerId: number | null }> {
  const payer = await payerOf(deps.db, auth);
  return { managerId: await managerFor(deps.db, payer) };
}

/** POST checkforvalidmatchid: the caller's own open match (anything else: valid false, the page goes to /unauthorize). */
export async function checkMatch(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof checkMatchBody>,
): Promise<{ valid: boolean; feePaid: boolean }> {
  const payer = await payerOf(deps.db, auth);
  const match = await openMatchOf(deps.db, body.match_id, payer.id);
  if (!match) return { valid: false, feePaid: false };
  return { valid: true, feePaid: Boolean(await paidMatchFee(deps.db, match.id)) };
}

/** The server's price of a purchase (POST fetchtotalitemsprice). */
async function priceFor(deps: PaymentsDeps, item: PaymentItem, count: number, couponCode: string | null) {
  const coupon = couponCode ? await couponFor(deps, couponCode) : null;
  return { price: priceOf(ITEM_PRICE_CENTS[item], count, coupon?.percentOff ?? 0), coupon };
}

export async function totalItemsPrice(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof totalItemsPriceBody>,
): Promise<PriceBreakdown> {
  await payerOf(deps.db, auth);
  return (await priceFor(deps, body.item, body.count, body.couponCode)).price;
}

/** POST payment-services/local/tokenize: the local provider's card entry (404 with Stripe). */
export async function tokenizeCard(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof tokenizeCardBody>,
): Promise<{ id: string } & CardSummary> {
  await payerOf(deps.db, auth);
  if ((await providerOf(deps)).name !== 'local') throw notFound();
  try {
    return tokenizeLocalCard(deps.secrets, body, deps.clock.now());
  } catch (error) {
    if (error instanceof PaymentError) throw badRequest(error.message, { field: 'exp' });
    throw error;
  }
}

/**
 * The payer's provider customer with this card as her default: made on her first payment, the
 * card attached on later ones. Stored outside the payment's transaction: a customer without a
 * payment is harmless, and the next try reuses her.
 */
async function customerWithCard(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  payer: PayerRow,
  paymentMethodId: string,
  key: string,
  extra: { receiveEducationEmail?: boolean } = {},
): Promise<{ account: AccountRow; card: CardSummary }> {
  const existing = await findAccount(deps.db, payer.id);
  const now = deps.clock.now();
  let customerId = existing?.provider === provider.name ? existing.customerId : null;
  let card: CardSummary;
  if (customerId) card = await provider.attachCard(customerId, paymentMethodId, key);
  else {
    const made = await provider.createCustomer({
      email: payer.username,
      name: fullName(payer),
      userId: payer.id,
      paymentMethodId,
      idempotencyKey: key,
    });
    customerId = made.customerId;
    card = made.card;
  }
  const account = {
    userId: payer.id,
    provider: provider.name,
    customerId,
    trialUsedAt: existing?.trialUsedAt ?? null,
    paymentMethodId,
    cardBrand: card.brand,
    cardLast4: card.last4,
    receiveEducationEmail: extra.receiveEducationEmail ?? existing?.receiveEducationEmail ?? false,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  await saveAccount(deps.db, account);
  return { account, card };
}

export function subscriptionAnswerOf(
  row: SubscriptionRow,
  member: { managerId: number | null; status: string },
): SubscriptionAnswer {
  return {
    subscriptionId: row.providerSubscriptionId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialEnd: iso(row.trialEnd),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    managerId: member.managerId,
    userStatus: member.status,
  };
}

/**
 * After a successful payment or subscription the member is Active with her case manager (spec
 * section 4): the one she has, else the center's default. Without either she stays as she is
 * (a client is never Active without a case manager) and the audit row says so.
 */
async function activate(
  tx: Db,
  payer: PayerRow,
  at: Date,
): Promise<{ managerId: number | null; status: string }> {
  const manager = await managerFor(tx, payer);
  if (manager === null) return { managerId: null, status: payer.status };
  await activateMember(tx, payer.id, manager, at);
  return { managerId: manager, status: 'Active' };
}

/**
 * POST payment-services/create-customer: the customer, her card and the premium subscription in
 * one step: the free first month when she never had it (trial_used), else the first month charged
 * at once (less the coupon). Once done she is an Active member with her case manager.
 */
export async function subscribe(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof createCustomerBody>,
): Promise<SubscriptionAnswer> {
  const payer = await payerOf(deps.db, auth);
  const provider = await providerOf(deps);
  // The checks run inside: a retried request answers what the first one did, even once subscribed.
  return idempotent(deps, payer.id, body.idempotency_key, 'subscribe', async (finish) => {
    const live = await liveSubscriptionOf(deps.db, payer.id);
    if (live && live.status !== 'incomplete')
      throw badRequest(PAYMENT_MSG.ALREADY_SUBSCRIBED, { type: 'error', hideTryAgain: true });
    const coupon = body.couponCode ? await couponFor(deps, body.couponCode) : null;
    const { account, card } = await customerWithCard(
      deps,
      provider,
      payer,
      body.payment_method,
      body.idempotency_key,
      {
        receiveEducationEmail: body.receive_education_email,
      },
    );
    const trial = trialApplies(account);
    const now = deps.clock.now();
    const made = await provider.createSubscription({
      customerId: account.customerId,
      paymentMethodId: body.payment_method,
      priceCents: PREMIUM_PLAN.priceCents,
      trialDays: trial ? PREMIUM_PLAN.trialDays : 0,
      coupon,
      idempotencyKey: body.idempotency_key,
      now,
    });
    return deps.db.transaction(async (tx) => {
      const holder = await findPayer(tx, payer.id, true);
      if (!holder) throw notFound();
      const other = await liveSubscriptionOf(tx, payer.id, true);
      if (other && other.status === 'incomplete')
        await updateSubscription(tx, other.id, { status: 'canceled', canceledAt: now, updatedAt: now });
      else if (other) throw badRequest(PAYMENT_MSG.ALREADY_SUBSCRIBED, { type: 'error', hideTryAgain: true });
      const row = await insertSubscription(tx, {
        userId: payer.id,
        centerId: payer.centerId,
        provider: provider.name,
        providerSubscriptionId: made.id,
        status: made.status,
        cancelAtPeriodEnd: made.cancelAtPeriodEnd,
        priceCents: PREMIUM_PLAN.priceCents,
        couponCode: coupon?.code ?? null,
        percentOff: coupon?.percentOff ?? 0,
        trialEnd: made.trialEnd,
        currentPeriodStart: made.currentPeriodStart,
        currentPeriodEnd: made.currentPeriodEnd,
        createdAt: now,
        updatedAt: now,
      });
      if (trial) await markTrialUsed(tx, payer.id, now);
      // The first period: free (the trial) or charged at once with the coupon off.
      const price = priceOf(trial ? 0 : PREMIUM_PLAN.priceCents, 1, trial ? 0 : (coupon?.percentOff ?? 0));
      const bill = await insertBill(tx, {
        userId: payer.id,
        centerId: payer.centerId,
        kind: 'subscription',
        description: trial ? 'Premium membership: free first month' : 'Premium membership: first month',
        status: 'paid',
        subtotalCents: price.subtotalCents,
        discountCents: price.discountCents,
        totalCents: price.totalCents,
        couponCode: trial ? null : (coupon?.code ?? null),
        subscriptionId: row.id,
        provider: provider.name,
        providerRef: made.firstChargeRef,
        paidVia: 'card',
        cardLast4: card.last4,
        periodStart: made.currentPeriodStart,
        periodEnd: made.currentPeriodEnd,
        createdAt: now,
        paidAt: now,
        createdBy: auth.userId,
      });
      const member = await activate(tx, holder, now);
      await audit(tx, auth, {
        action: 'subscription_created',
        entityType: 'subscription',
        entityId: row.id,
        centerId: payer.centerId,
        details: {
          status: row.status,
          trial,
          coupon: coupon?.code ?? null,
          billId: bill?.id ?? null,
          totalCents: price.totalCents,
          provider: provider.name,
          userStatus: member.status,
          managerId: member.managerId,
        },
      });
      const answer = subscriptionAnswerOf(row, member);
      await finish(tx, answer);
      return answer;
    });
  });
}

/** POST payment-services/subscription {subscriptionId}: the caller's subscription as the provider has it now. */
export async function completeSubscription(
  deps: PaymentsDeps,
  auth: Auth,
  subscriptionId: string,
): Promise<SubscriptionAnswer> {
  const payer = await payerOf(deps.db, auth);
  const provider = await providerOf(deps);
  const row = await subscriptionByRef(deps.db, provider.name, subscriptionId);
  if (!row || row.userId !== payer.id) throw notFound();
  const fresh = await provider.retrieveSubscription(row.providerSubscriptionId);
  if (
    fresh &&
    (fresh.status !== row.status || fresh.currentPeriodEnd?.getTime() !== row.currentPeriodEnd?.getTime())
  ) {
    const now = deps.clock.now();
    await updateSubscription(deps.db, row.id, {
      status: fresh.status,
      cancelAtPeriodEnd: fresh.cancelAtPeriodEnd,
      currentPeriodStart: fresh.currentPeriodStart,
      currentPeriodEnd: fresh.currentPeriodEnd,
      updatedAt: now,
    });
    Object.assign(row, { status: fresh.status, currentPeriodEnd: fresh.currentPeriodEnd });
  }
  const member = await findPayer(deps.db, payer.id);
  return subscriptionAnswerOf(row, {
    managerId: member?.managerId ?? null,
    status: member?.status ?? payer.status,
  });
}

/**
 * POST payment-services/pay: coaching sessions (item 1: the credits granted with the payment's
 * reference in the transaction that records it) or a match's processing fee (item 2: the caller's
 * own open match, paid once). The price is the server's; the card is charged once per key.
 */
export async function pay(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof payBody>,
): Promise<PayAnswer> {
  const payer = await payerOf(deps.db, auth);
  const { item, count } = body.items;
  let matchId: number | null = null;
  if (item === PAYMENT_ITEM.MATCH_FEE) {
    const match = await openMatchOf(deps.db, body.items.additionalId ?? 0, payer.id);
    if (!match) throw notFound();
    matchId = match.id;
  }
  const provider = await providerOf(deps);
  const key = body.idempotency_key;
  // The checks run inside: a retried request answers what the first one did.
  return idempotent(deps, payer.id, key, 'pay', async (finish) => {
    if (matchId !== null && (await paidMatchFee(deps.db, matchId)))
      throw badRequest(PAYMENT_MSG.FEE_ALREADY_PAID, { type: 'error', hideTryAgain: true });
    const { price, coupon } = await priceFor(deps, item, count, body.couponCode);
    const metadata = { userId: String(payer.id), item: String(item), count: String(count), key };
    let charge: { ref: string | null; last4: string | null };
    if (price.totalCents === 0) charge = { ref: null, last4: null };
    else if (body.paymentIntentId) {
      // A charge the browser confirmed with the provider (an authentication): it must be this one.
      const confirmed = await provider.retrieveCharge(body.paymentIntentId);
      if (
        !confirmed ||
        confirmed.amountCents !== price.totalCents ||
        confirmed.metadata.userId !== String(payer.id)
      )
        throw paymentRefusal(new PaymentError('error', PAYMENT_MSG.PROVIDER_ERROR));
      charge = { ref: confirmed.ref, last4: null };
    } else {
      const { account, card } = await customerWithCard(deps, provider, payer, body.paymentMethodId!, key);
      const made = await provider.charge({
        customerId: account.customerId,
        paymentMethodId: body.paymentMethodId!,
        amountCents: price.totalCents,
        description: `${ITEM_LABEL[item]} x ${count}`,
        idempotencyKey: key,
        metadata,
      });
      charge = { ref: made.ref, last4: card.last4 };
    }
    return deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const holder = await findPayer(tx, payer.id, true);
      if (!holder) throw notFound();
      const bill = await insertBill(tx, {
        userId: payer.id,
        centerId: payer.centerId,
        kind: item === PAYMENT_ITEM.COACHING ? 'coaching' : 'match_fee',
        description:
          item === PAYMENT_ITEM.COACHING
            ? `Coaching sessions x ${count}`
            : `Match processing fee (match ${matchId})`,
        status: 'paid',
        count,
        subtotalCents: price.subtotalCents,
        discountCents: price.discountCents,
        totalCents: price.totalCents,
        couponCode: coupon?.code ?? null,
        matchId,
        provider: charge.ref ? provider.name : null,
        providerRef: charge.ref,
        paidVia: 'card',
        cardLast4: charge.last4,
        createdAt: now,
        paidAt: now,
        createdBy: auth.userId,
      });
      // The provider's reference is unique: a second record of one charge is refused here.
      if (!bill) throw new AppError(409, PAYMENT_MSG.IN_PROGRESS);
      const member = await activate(tx, holder, now);
      let creditBalance: number | null = null;
      if (item === PAYMENT_ITEM.COACHING) {
        await grantCoachingCredits(tx, {
          holderId: payer.id,
          count,
          sourceRef: `bill:${bill.id}`,
          createdBy: auth.userId,
        });
        creditBalance = await coachingCreditBalance(tx, payer.id);
      }
      await audit(tx, auth, {
        action: 'payment',
        entityType: 'payment',
        entityId: bill.id,
        centerId: payer.centerId,
        details: {
          kind: bill.kind,
          count,
          totalCents: price.totalCents,
          coupon: coupon?.code ?? null,
          matchId,
          userStatus: member.status,
        },
      });
      const answer: PayAnswer = { billId: bill.id, totalCents: price.totalCents, item, count, creditBalance };
      await finish(tx, answer);
      return answer;
    });
  });
}
