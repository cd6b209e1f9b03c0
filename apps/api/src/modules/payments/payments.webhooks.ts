import { subscriptionStep } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import type { PaymentProvider, ProviderEvent } from '../../platform/payments.js';
import {
  billByRef,
  insertBill,
  recordWebhookEvent,
  subscriptionByRef,
  updateBill,
  updateSubscription,
} from './payments.repo.js';
import { type PaymentsDeps, providerOf } from './payments.service.js';

export const WEBHOOK_SIGNATURE_INVALID = 'Invalid signature.';

/**
 * POST payment-services/webhook: the provider's event, its signature checked by the provider's SDK
 * (a bad or missing one: 400, nothing done). Each event is processed once: its id goes into
 * payment_webhook_events in the transaction that applies it, so a repeated delivery (or two
 * processes receiving it) changes nothing the second time.
 */
export async function processWebhook(
  deps: PaymentsDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ processed: boolean }> {
  const provider = await providerOf(deps);
  let event: ProviderEvent;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch {
    throw badRequest(WEBHOOK_SIGNATURE_INVALID);
  }
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const first = await recordWebhookEvent(
      tx,
      provider.name,
      event.id,
      event.type === 'other' ? event.name : event.type,
      now,
    );
    if (!first) return { processed: false };
    await apply(tx, provider, event, now);
    return { processed: true };
  });
}

async function apply(tx: Db, provider: PaymentProvider, event: ProviderEvent, now: Date): Promise<void> {
  const source = { source: 'webhook', eventId: event.id };
  switch (event.type) {
    case 'subscription': {
      const row = await subscriptionByRef(tx, provider.name, event.subscription.id, true);
      if (!row) return;
      const s = event.subscription;
      const status = event.deleted ? 'canceled' : s.status;
      const changed = status !== row.status || s.cancelAtPeriodEnd !== row.cancelAtPeriodEnd;
      await updateSubscription(tx, row.id, {
        status,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        trialEnd: s.trialEnd,
        currentPeriodStart: s.currentPeriodStart ?? row.currentPeriodStart,
        currentPeriodEnd: s.currentPeriodEnd ?? row.currentPeriodEnd,
        updatedAt: now,
        ...(status === 'canceled' && row.status !== 'canceled' ? { canceledAt: now } : {}),
      });
      if (changed)
        await audit(tx, null, {
          action: 'subscription_change',
          entityType: 'subscription',
          entityId: row.id,
          centerId: row.centerId,
          details: {
            ...source,
            from: { status: row.status, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
            to: { status, cancelAtPeriodEnd: s.cancelAtPeriodEnd },
          },
        });
      return;
    }
    case 'invoice': {
      // The first invoice is recorded by the subscribe request itself.
      if (event.billingReason === 'subscription_create') return;
      const row = await subscriptionByRef(tx, provider.name, event.subscriptionId, true);
      if (!row) return;
      const existing = await billByRef(tx, provider.name, event.invoiceId, true);
      let billId = existing?.id ?? null;
      if (existing) {
        if (event.paid && existing.status !== 'paid')
          await updateBill(tx, existing.id, {
            status: 'paid',
            paidVia: 'card',
            paidAt: now,
            failureMessage: null,
          });
      } else {
        const bill = await insertBill(tx, {
          userId: row.userId,
          centerId: row.centerId,
          kind: 'subscription',
          description: 'Premium membership: monthly renewal',
          status: event.paid ? 'paid' : 'open',
          subtotalCents: event.amountCents,
          totalCents: event.amountCents,
          subscriptionId: row.id,
          provider: provider.name,
          providerRef: event.invoiceId,
          paidVia: event.paid ? 'card' : null,
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
          createdAt: now,
          paidAt: event.paid ? now : null,
        });
        billId = bill?.id ?? null;
      }
      const step = subscriptionStep(row, event.paid ? 'payment_succeeded' : 'payment_failed');
      if (step.ok && step.next.status !== row.status)
        await updateSubscription(tx, row.id, { status: step.next.status, updatedAt: now });
      await audit(tx, null, {
        action: event.paid ? 'payment' : 'payment_failed',
        entityType: 'payment',
        entityId: billId,
        centerId: row.centerId,
        details: { ...source, kind: 'subscription', subscriptionId: row.id, amountCents: event.amountCents },
      });
      return;
    }
    case 'refund': {
      const bill = await billByRef(tx, provider.name, event.chargeRef, true);
      if (!bill || bill.status === 'refunded') return;
      await updateBill(tx, bill.id, { status: 'refunded' });
      await audit(tx, null, {
        action: 'refund',
        entityType: 'payment',
        entityId: bill.id,
        centerId: bill.centerId,
        details: { ...source, amountCents: event.amountCents, kind: bill.kind },
      });
      return;
    }
    case 'other':
      return;
  }
}
