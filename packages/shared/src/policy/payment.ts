import type { AccessSubject } from '../pages.js';
import { ROLE } from '../roles.js';

/**
 * Who pays and who sees payments. The page table admits the roles; these narrow them.
 * A payer is a primary intended parent of a center with payments: the couple's account holder
 * (a secondary parent is sent home from the paying pages).
 */
export const isPayer = (s: Pick<AccessSubject, 'role' | 'secondary' | 'center'>): boolean =>
  s.role === ROLE.CLIENT && !s.secondary && s.center.payments;

/** Staff who work a center's payments: its agency admins and case managers, where it has payments. */
export const isPaymentsStaff = (s: Pick<AccessSubject, 'role' | 'center'>): boolean =>
  (s.role === ROLE.ADMIN || s.role === ROLE.MANAGER) && s.center.payments;

/**
 * The offline view of payment history and recording offline payments: the agency admin of a
 * center with payments (spec: "admin toggles agency vs offline views").
 */
export const canManageOfflinePayments = (s: Pick<AccessSubject, 'role' | 'center'>): boolean =>
  s.role === ROLE.ADMIN && s.center.payments;

/** Cancelling a subscription's auto-renewal: the member herself, or her center's admin or case manager. */
export const canCancelSubscription = (s: Pick<AccessSubject, 'role' | 'secondary' | 'center'>): boolean =>
  isPayer(s) || s.role === ROLE.ADMIN || s.role === ROLE.MANAGER;

/**
 * Recording an offline payment of one unpaid invoice: the offline manager of the center whose
 * parent owes it (an invoice of another center's parent, seen from the donor's side, is not hers).
 */
export const canPayInvoiceOffline = (
  s: Pick<AccessSubject, 'role' | 'center'>,
  centerId: number,
  payerCenterId: number,
): boolean => canManageOfflinePayments(s) && payerCenterId === centerId;

/**
 * The payment history of a center's parents (fetchagencycmbill): its agency admin and case
 * managers; `whole`: the admin sees the whole agency, a case manager only her own clients' bills.
 */
export const agencyBillsScope = (s: Pick<AccessSubject, 'role'>): 'whole' | 'own clients' | null =>
  s.role === ROLE.ADMIN ? 'whole' : s.role === ROLE.MANAGER ? 'own clients' : null;
