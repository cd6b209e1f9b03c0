import {
  type agencyBillsBody,
  agencyBillsScope,
  BILL_KIND_LABEL,
  type BillList,
  canManageOfflinePayments,
  canPayInvoiceOffline,
  formatCents,
  ITEM_PRICE_CENTS,
  isPaymentsStaff,
  type OfflinePaymentDetails,
  type OfflinePaymentList,
  offlineDateAllowed,
  type offlineHistoryBody,
  type offlinePaymentBody,
  PAYMENT_ITEM,
  PAYMENT_MSG,
  subscriptionStep,
  type UnpaidInvoiceList,
  type unpaidInvoicesBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import {
  centerBills,
  findBill,
  insertBill,
  liveSubscriptionOf,
  openMatchOfCenter,
  paidMatchFee,
  updateBill,
  updateSubscription,
} from './payments.repo.js';
import type { PaymentsDeps } from './payments.service.js';
import {
  insertOfflinePayment,
  offlinePaymentById,
  offlinePaymentsOf,
  unpaidInvoices,
} from './payments.staff.repo.js';

/** Staff of a center with payments (unpaid invoices; the policy isPaymentsStaff); otherwise 403. */
function assertPaymentsStaff(auth: Auth): void {
  if (!isPaymentsStaff(auth.subject)) throw forbidden();
}

/** The agency admin of a center with payments (offline payments: canManageOfflinePayments); otherwise 403. */
function assertOfflineManager(auth: Auth): void {
  if (!canManageOfflinePayments(auth.subject)) throw forbidden();
}

/**
 * POST fetchagencycmbill: the bills of the center's intended parents (payment history). An admin
 * sees the whole agency (for_admin); a case manager sees her own clients' bills.
 */
export async function agencyBills(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof agencyBillsBody>,
): Promise<BillList> {
  const scope = agencyBillsScope(auth);
  if (!scope) throw forbidden();
  const managerId = scope === 'whole' ? null : auth.userId;
  return centerBills(deps.db, { centerId: auth.centerId, managerId, search: body.search }, body);
}

/**
 * POST fetchunpaidinvoices ('donor': fees of matches with the center's donors) and
 * fetchunpaidinvoicesbyipcenter ('ip': fees and open bills of the center's parents).
 */
export async function unpaidInvoiceList(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof unpaidInvoicesBody>,
  side: 'donor' | 'ip',
): Promise<UnpaidInvoiceList> {
  assertPaymentsStaff(auth);
  const page = await unpaidInvoices(
    deps.db,
    auth.centerId,
    side,
    ITEM_PRICE_CENTS[PAYMENT_ITEM.MATCH_FEE],
    body,
  );
  return {
    count: page.count,
    rows: page.rows.map(({ payerCenterId, ...row }) => ({
      ...row,
      canPayOffline: canPayInvoiceOffline(auth.subject, auth.centerId, payerCenterId),
    })),
  };
}

/** POST fetchallofflinepaymenthistorybydonorcenter: the admin's offline view. */
export async function offlineHistory(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof offlineHistoryBody>,
): Promise<OfflinePaymentList> {
  assertOfflineManager(auth);
  return offlinePaymentsOf(deps.db, auth.centerId, body);
}

/** POST fetchofflinepaymentdetails {id, match_id} */
export async function offlineDetails(
  deps: PaymentsDeps,
  auth: Auth,
  body: { id: number; match_id?: number | null | undefined },
): Promise<OfflinePaymentDetails> {
  assertOfflineManager(auth);
  const row = await offlinePaymentById(deps.db, body.id, auth.centerId);
  if (!row || (body.match_id && row.matchId !== body.match_id)) throw notFound();
  return row;
}

/**
 * POST paysubscriptionchargesoffline: an agency admin records an offline payment (Cash, Cheque,
 * Wire, Other; dated up to today and about 30 years back; a message) of an unpaid invoice of one
 * of her center's parents: a match's processing fee or an open subscription bill. Written once:
 * the invoice is locked, and a match's fee can be paid once.
 */
export async function recordOfflinePayment(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof offlinePaymentBody>,
): Promise<{ id: number; billId: number }> {
  assertOfflineManager(auth);
  const now = deps.clock.now();
  if (!offlineDateAllowed(body.payment_date, now.toISOString().slice(0, 10)))
    throw badRequest(PAYMENT_MSG.OFFLINE_DATE, { field: 'payment_date' });
  try {
    return await deps.db.transaction(async (tx) => {
      let billId: number;
      let details: Record<string, unknown>;
      if (body.match_id) {
        const match = await openMatchOfCenter(tx, body.match_id, auth.centerId);
        if (!match) throw notFound();
        if (await paidMatchFee(tx, match.id)) throw badRequest(PAYMENT_MSG.FEE_ALREADY_PAID);
        const fee = ITEM_PRICE_CENTS[PAYMENT_ITEM.MATCH_FEE];
        const bill = await insertBill(tx, {
          userId: match.parentId,
          centerId: auth.centerId,
          kind: 'match_fee',
          description: `Match processing fee (match ${match.id})`,
          status: 'paid',
          subtotalCents: fee,
          totalCents: fee,
          matchId: match.id,
          paidVia: 'offline',
          createdAt: now,
          paidAt: now,
          createdBy: auth.userId,
        });
        billId = bill!.id;
        details = { kind: 'match_fee', matchId: match.id, totalCents: fee };
      } else {
        const bill = await findBill(tx, body.bill_id!, true);
        if (!bill || bill.centerId !== auth.centerId) throw notFound();
        if (bill.status !== 'open') throw badRequest(PAYMENT_MSG.INVOICE_PAID);
        await updateBill(tx, bill.id, { status: 'paid', paidVia: 'offline', paidAt: now });
        billId = bill.id;
        details = { kind: bill.kind, totalCents: bill.totalCents, subscriptionId: bill.subscriptionId };
        // A past-due membership whose invoice is settled is active again.
        const sub = await liveSubscriptionOf(tx, bill.userId, true);
        const step = sub ? subscriptionStep(sub, 'payment_succeeded') : null;
        if (sub && step?.ok && sub.id === bill.subscriptionId && step.next.status !== sub.status) {
          await updateSubscription(tx, sub.id, { status: step.next.status, updatedAt: now });
          details.subscription = { from: sub.status, to: step.next.status };
        }
      }
      const id = await insertOfflinePayment(tx, {
        billId,
        centerId: auth.centerId,
        mode: body.payment_mode,
        paidOn: body.payment_date,
        message: body.message,
        createdBy: auth.userId,
        createdAt: now,
      });
      await audit(tx, auth, {
        action: 'offline_payment',
        entityType: 'payment',
        entityId: billId,
        details: { ...details, offlinePaymentId: id, mode: body.payment_mode, paidOn: body.payment_date },
      });
      return { id, billId };
    });
  } catch (error) {
    // Two admins settling one invoice at once: the second finds it paid.
    if (isUniqueViolation(error)) throw badRequest(PAYMENT_MSG.INVOICE_PAID);
    throw error;
  }
}

// --- CSV exports (platform/csv.ts sendCsv), in keyset-free pages of 500

const CSV_BATCH = 500;

export const BILL_CSV_HEADER = [
  'Date',
  'Intended parent',
  'E-mail',
  'Item',
  'Description',
  'Status',
  'Paid via',
  'Subtotal',
  'Discount',
  'Coupon',
  'Total',
];

export async function* agencyBillCsvRows(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof agencyBillsBody>,
) {
  for (let from = 0; ; from += CSV_BATCH) {
    const page = await agencyBills(deps, auth, { ...body, from, to: CSV_BATCH });
    yield page.rows.map((r) => [
      r.createdAt.slice(0, 10),
      r.name,
      r.username,
      BILL_KIND_LABEL[r.kind],
      r.description,
      r.status,
      r.paidVia ?? '',
      formatCents(r.subtotalCents),
      formatCents(r.discountCents),
      r.couponCode ?? '',
      formatCents(r.totalCents),
    ]);
    if (page.rows.length < CSV_BATCH) return;
  }
}

export const UNPAID_CSV_HEADER = [
  'Due since',
  'Intended parent',
  'E-mail',
  'Item',
  'Match',
  'Donor',
  'Amount',
];

export async function* unpaidCsvRows(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof unpaidInvoicesBody>,
  side: 'donor' | 'ip',
) {
  for (let from = 0; ; from += CSV_BATCH) {
    const page = await unpaidInvoiceList(deps, auth, { ...body, from, to: CSV_BATCH }, side);
    yield page.rows.map((r) => [
      r.dueAt.slice(0, 10),
      r.name,
      r.username,
      BILL_KIND_LABEL[r.kind],
      r.matchId ?? '',
      r.donorDisplayId ?? '',
      formatCents(r.amountCents),
    ]);
    if (page.rows.length < CSV_BATCH) return;
  }
}

export const OFFLINE_CSV_HEADER = [
  'Paid on',
  'Intended parent',
  'Item',
  'Match',
  'Mode',
  'Amount',
  'Recorded by',
  'Recorded at',
];

export async function* offlineCsvRows(
  deps: PaymentsDeps,
  auth: Auth,
  body: z.output<typeof offlineHistoryBody>,
) {
  for (let from = 0; ; from += CSV_BATCH) {
    const page = await offlineHistory(deps, auth, { ...body, from, to: CSV_BATCH });
    yield page.rows.map((r) => [
      r.paidOn,
      r.name,
      BILL_KIND_LABEL[r.kind],
      r.matchId ?? '',
      r.mode,
      formatCents(r.amountCents),
      r.recordedBy,
      r.createdAt,
    ]);
    if (page.rows.length < CSV_BATCH) return;
  }
}
