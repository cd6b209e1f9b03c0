import { type AccessSubject, agencyBillsScope, canPayInvoiceOffline, ROLE, type RoleId } from '@dm/shared';
import { describe, expect, it } from 'vitest';

/** Who works a center's payments, every role with and without payments at the center. */
const subject = (role: RoleId, payments: boolean): Pick<AccessSubject, 'role' | 'center'> => ({
  role,
  center: {
    payments,
    onboarded: true,
    preActiveAccess: false,
    compareDonors: false,
    preActiveDonorDetails: false,
  },
});
const ROLES = [ROLE.MASTER, ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR] as const;

describe('canPayInvoiceOffline: the offline manager of the center whose parent owes the invoice', () => {
  it.each(
    ROLES.flatMap((role) =>
      [true, false].flatMap(
        (payments) =>
          [
            [role, payments, 1, role === ROLE.ADMIN && payments],
            [role, payments, 2, false],
          ] as const,
      ),
    ),
  )('role %i, payments %s, payer of center %i: %s', (role, payments, payerCenter, expected) => {
    expect(canPayInvoiceOffline(subject(role, payments), 1, payerCenter)).toBe(expected);
  });
});

describe("agencyBillsScope: the agency's whole history for its admin, her own clients' for a case manager", () => {
  it.each([
    [ROLE.ADMIN, 'whole'],
    [ROLE.MANAGER, 'own clients'],
    [ROLE.MASTER, null],
    [ROLE.CLIENT, null],
    [ROLE.DONOR, null],
  ] as const)('role %i: %s', (role, expected) => {
    expect(agencyBillsScope({ role })).toBe(expected);
  });
});
