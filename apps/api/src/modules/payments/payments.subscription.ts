import {
  type BillRow,
  type ClientSubscriptionStatus,
  canCancelSubscription,
  canManageUser,
  isLiveSubscription,
  PAYMENT_MSG,
  priceOf,
  ROLE,
  type SubscriptionDetails,
  type SubscriptionEvent,
  subscriptionStep,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { PaymentError, type PaymentProvider } from '../../platform/payments.js';
import {
  billsOfUser,
  claimDueSubscriptions,
  findAccount,
  findPayer,
  insertBill,
  latestSubscriptionOf,
  liveSubscriptionOf,
  type SubscriptionRow,
  updateSubscription,
} from './payments.repo.js';
import { type PaymentsDeps, payerOf, providerOf } from './payments.service.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;

/** GET checksubscriptionstatus: the member's subscription for the profile tab. */
export async function subscriptionDetails(deps: PaymentsDeps, auth: Auth): Promise<SubscriptionDetails> {
  const payer = await payerOf(deps.db, auth);
  const [row, account] = await Promise.all([
    latestSubscriptionOf(deps.db, payer.id),
    findAccount(deps.db, payer.id),
  ]);
  const live = row && isLiveSubscription(row.status);
  return {
    trialUsed: Boolean(account?.trialUsedAt),
    subscription: row
      ? {
          id: row.id,
          status: row.status,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          priceCents: row.priceCents,
          trialEnd: iso(row.trialEnd),
          currentPeriodEnd: iso(row.currentPeriodEnd),
          nextPaymentDate: live && !row.cancelAtPeriodEnd ? iso(row.currentPeriodEnd) : null,
          cardBrand: account?.cardBrand ?? null,
          cardLast4: account?.cardLast4 ?? null,
          createdAt: row.createdAt.toISOString(),
        }
      : null,
  };
}

/** GET fetchbills: the member's bills, newest first. */
export async function memberBills(deps: PaymentsDeps, auth: Auth): Promise<BillRow[]> {
  const payer = await payerOf(deps.db, auth);
  return billsOfUser(deps.db, payer.id, 100);
}

/**
 * One change of a subscription by a person (cancel auto-renewal, reactivate, end it): the state
 * machine decides, the provider is told, then the row is changed and audited once under its lock.
 * A change another request made meanwhile is not made twice.
 */
async function changeSubscription(
  deps: PaymentsDeps,
  auth: Auth,
  holderId: number,
  event: Extract<SubscriptionEvent, 'cancel_at_period_end' | 'reactivate' | 'cancel_now'>,
): Promise<SubscriptionRow> {
  const current = await liveSubscriptionOf(deps.db, holderId);
  if (!current) throw badRequest(PAYMENT_MSG.NO_SUBSCRIPTION);
  const step = subscriptionStep(current, event);
  if (!step.ok) throw badRequest(step.reason);
  const provider = await providerOf(deps);
  try {
    if (event === 'cancel_now') await provider.cancelNow(current.providerSubscriptionId);
    else
      await provider.setCancelAtPeriodEnd(current.providerSubscriptionId, event === 'cancel_at_period_end');
  } catch (error) {
    if (error instanceof PaymentError) throw badRequest(error.message);
    throw error;
  }
  return deps.db.transaction(async (tx) => {
    const row = await liveSubscriptionOf(tx, holderId, true);
    if (!row || row.id !== current.id) throw badRequest(PAYMENT_MSG.NO_SUBSCRIPTION);
    const again = subscriptionStep(row, event);
    // Another request made this very change meanwhile: it is recorded once.
    if (!again.ok) return row;
    const now = deps.clock.now();
    const next = {
      ...again.next,
      updatedAt: now,
      ...(again.next.status === 'canceled' ? { canceledAt: now } : {}),
    };
    await updateSubscription(tx, row.id, next);
    await audit(tx, auth, {
      action: 'subscription_change',
      entityType: 'subscription',
      entityId: row.id,
      centerId: row.centerId,
      details: {
        event,
        from: { status: row.status, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
        to: again.next,
        userId: holderId,
      },
    });
    return { ...row, ...next };
  });
}

/**
 * POST cancelsubscription: a member cancels her auto-renewal (cancel_at_period_end 1); an agency
 * admin or case manager may do it for a client of her center ({parentid}, when archiving her).
 */
export async function cancelSubscription(
  deps: PaymentsDeps,
  auth: Auth,
  body: { parentid?: number | null | undefined },
): Promise<{ cancelAtPeriodEnd: boolean }> {
  if (!canCancelSubscription(auth.subject)) throw forbidden();
  let holderId: number;
  if (auth.role === ROLE.CLIENT) holderId = (await payerOf(deps.db, auth)).id;
  else {
    if (!body.parentid) throw badRequest(PAYMENT_MSG.NO_SUBSCRIPTION);
    holderId = (await staffClient(deps.db, auth, body.parentid)).id;
  }
  const row = await changeSubscription(deps, auth, holderId, 'cancel_at_period_end');
  return { cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

/** GET reactivatecanceledsubs: auto-renewal on again (cancel_at_period_end 0). */
export async function reactivateSubscription(
  deps: PaymentsDeps,
  auth: Auth,
): Promise<{ cancelAtPeriodEnd: boolean }> {
  const payer = await payerOf(deps.db, auth);
  const row = await changeSubscription(deps, auth, payer.id, 'reactivate');
  return { cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

/** A primary intended parent the staff member may manage (another center's, or anyone else: 404). */
async function staffClient(db: Db, auth: Auth, userId: number) {
  const target = await findPayer(db, userId);
  if (!target || target.role !== ROLE.CLIENT || target.parentId !== null || !canManageUser(auth, target))
    throw notFound();
  return target;
}

/** POST fetchclientcurrentsubscriptionstatus {userid}: whether a client has a live subscription (archiving her). */
export async function clientSubscriptionStatus(
  deps: PaymentsDeps,
  auth: Auth,
  userId: number,
): Promise<ClientSubscriptionStatus> {
  const target = await staffClient(deps.db, auth, userId);
  const row = await liveSubscriptionOf(deps.db, target.id);
  return {
    userId: target.id,
    status: row?.status ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: iso(row?.currentPeriodEnd),
  };
}

// --- the local provider's renewals

/** How long a renewal pass holds a subscription it claimed. */
const RENEWAL_LEASE_MS = 5 * 60_000;
const RENEWAL_BATCH = 50;

/**
 * Renews one local subscription whose period ended: with auto-renewal cancelled it ends; otherwise
 * the saved card is charged for the next month (with the provider's key of that period, so a pass
 * that runs twice charges once). Paid: active, a paid bill; declined: past_due and an open bill,
 * an unpaid invoice staff may settle offline. Either way the next period starts.
 */
export async function renewSubscription(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  row: SubscriptionRow,
): Promise<'renewed' | 'failed' | 'ended'> {
  const step = subscriptionStep(row, 'period_ended');
  const now = deps.clock.now();
  const periodStart = row.currentPeriodEnd ?? now;
  const periodEnd = new Date(periodStart.getTime() + 30 * DAY_MS);
  const key = `renew-${row.id}-${periodStart.getTime()}`;
  let outcome: { paid: boolean; ref: string; message: string | null } | null = null;
  if (step.ok && step.chargeDue) {
    const account = await findAccount(deps.db, row.userId);
    const price = priceOf(row.priceCents, 1);
    try {
      if (!account?.paymentMethodId) throw new PaymentError('card_error', PAYMENT_MSG.PAYMENT_METHOD);
      const charge = await provider.charge({
        customerId: account.customerId,
        paymentMethodId: account.paymentMethodId,
        amountCents: price.totalCents,
        description: 'Premium membership: monthly renewal',
        idempotencyKey: key,
        metadata: { userId: String(row.userId), subscriptionId: String(row.id) },
      });
      outcome = { paid: true, ref: charge.ref, message: null };
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      outcome = { paid: false, ref: `in_local_${key}`, message: error.message };
    }
  }
  return deps.db.transaction(async (tx) => {
    const locked = await liveSubscriptionOf(tx, row.userId, true);
    if (
      !locked ||
      locked.id !== row.id ||
      locked.currentPeriodEnd?.getTime() !== row.currentPeriodEnd?.getTime()
    )
      return 'renewed';
    if (!step.ok || !step.chargeDue || !outcome) {
      await updateSubscription(tx, row.id, {
        status: 'canceled',
        canceledAt: now,
        updatedAt: now,
        renewalClaimedAt: null,
      });
      await audit(tx, null, {
        action: 'subscription_change',
        entityType: 'subscription',
        entityId: row.id,
        centerId: row.centerId,
        details: { event: 'period_ended', from: row.status, to: 'canceled', source: 'renewal' },
      });
      return 'ended';
    }
    const next = subscriptionStep(row, outcome.paid ? 'payment_succeeded' : 'payment_failed');
    const status = next.ok ? next.next.status : row.status;
    const member = await findPayer(tx, row.userId);
    const bill = await insertBill(tx, {
      userId: row.userId,
      centerId: row.centerId,
      kind: 'subscription',
      description: 'Premium membership: monthly renewal',
      status: outcome.paid ? 'paid' : 'open',
      subtotalCents: row.priceCents,
      totalCents: row.priceCents,
      subscriptionId: row.id,
      provider: provider.name,
      providerRef: outcome.ref,
      paidVia: outcome.paid ? 'card' : null,
      failureMessage: outcome.message,
      periodStart,
      periodEnd,
      createdAt: now,
      paidAt: outcome.paid ? now : null,
    });
    await updateSubscription(tx, row.id, {
      status,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      updatedAt: now,
      renewalClaimedAt: null,
    });
    await audit(tx, null, {
      action: outcome.paid ? 'payment' : 'payment_failed',
      entityType: 'payment',
      entityId: bill?.id ?? null,
      centerId: row.centerId,
      details: {
        kind: 'subscription',
        subscriptionId: row.id,
        from: row.status,
        to: status,
        userId: member?.id ?? row.userId,
      },
    });
    return outcome.paid ? 'renewed' : 'failed';
  });
}

/** One renewal pass: the due local subscriptions (Stripe renews its own and tells us by webhook). */
export async function renewDueSubscriptions(deps: PaymentsDeps): Promise<number> {
  const provider = await providerOf(deps);
  if (provider.renewsItself) return 0;
  const due = await claimDueSubscriptions(
    deps.db,
    provider.name,
    deps.clock.now(),
    RENEWAL_LEASE_MS,
    RENEWAL_BATCH,
  );
  for (const row of due) await renewSubscription(deps, provider, row);
  return due.length;
}

export type RenewalJobDeps = Pick<PaymentsDeps, 'config' | 'secrets'>;

/** The renewal job (every minute; CRON_JOBS 'subscription-renewals'); the runner logs a failed pass. */
export function subscriptionRenewalJob(deps: RenewalJobDeps): JobDefinition {
  return {
    key: 'subscription-renewals',
    everyMs: 60_000,
    records: 'runner',
    async run(ctx) {
      const processed = await renewDueSubscriptions({ ...deps, db: ctx.db, clock: ctx.clock });
      return { processed, more: processed === RENEWAL_BATCH };
    },
  };
}
