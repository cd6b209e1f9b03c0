import {
  type AccessSubject,
  decidePage,
  PAYING_PAGES,
  PAYMENTS_CENTER_CLIENT_PAGES,
  PAYMENTS_CENTER_STAFF_PAGES,
  type PageKey,
  ROLE,
  ROLE_PAGES,
  type RoleId,
  type UserStatus,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { ROLES } from './subjects.js';

/** A subject of an onboarded center, with the center's comparison switch and a status. */
const subject = (
  role: RoleId,
  {
    compareDonors = false,
    status = 'Active' as UserStatus,
    onboarded = true,
    preActiveAccess = true,
    preActiveDonorDetails = true,
    payments = false,
    secondary = false,
  } = {},
): AccessSubject => ({
  role,
  status,
  secondary,
  center: { onboarded, preActiveAccess, compareDonors, preActiveDonorDetails, payments },
});

describe('page table (packages/shared/src/pages.ts decidePage): donor comparison', () => {
  // Which roles reach /comparedonors and the pages its selection lives on, per center switch.
  const expected: Record<string, { off: boolean; on: boolean }> = {
    master: { off: false, on: false },
    admin: { off: true, on: true },
    manager: { off: true, on: true },
    client: { off: false, on: true },
    donor: { off: false, on: false },
  };
  it.each(ROLES)('comparedonors for an active %s', (label, role) => {
    const want = expected[label]!;
    expect(decidePage(subject(role), 'comparedonors').allowed, `${label}, switch off`).toBe(want.off);
    expect(decidePage(subject(role, { compareDonors: true }), 'comparedonors').allowed, `${label}, on`).toBe(
      want.on,
    );
  });

  it('keeps a pre-active or invited client out even where the center compares', () => {
    for (const status of ['Pre-Active', 'Invited'] as const) {
      expect(decidePage(subject(ROLE.CLIENT, { compareDonors: true, status }), 'comparedonors')).toEqual({
        allowed: false,
        redirect: '/unauthorize',
      });
    }
  });

  it('keeps the staff of a center not yet onboarded out, like every donor page', () => {
    for (const role of [ROLE.ADMIN, ROLE.MANAGER]) {
      expect(decidePage(subject(role, { onboarded: false }), 'comparedonors').allowed).toBe(false);
    }
  });

  it('lets each comparing role reach a list to pick donors from', () => {
    const lists: Record<number, PageKey[]> = {
      [ROLE.CLIENT]: ['favorites', 'search'],
      [ROLE.MANAGER]: ['favorites', 'search', 'viewdonor'],
      [ROLE.ADMIN]: ['viewdonor'],
    };
    for (const [role, pages] of Object.entries(lists)) {
      for (const page of pages) {
        expect(decidePage(subject(Number(role) as RoleId, { compareDonors: true }), page).allowed).toBe(true);
      }
    }
  });
});

describe('page table: donor details for Pre-Active parents (agency setting, issue 22)', () => {
  // [status, center has pre-active access, center lets Pre-Active parents see details] -> decision
  const cases: [UserStatus, boolean, boolean, { allowed: boolean; redirect?: string }][] = [
    ['Active', true, false, { allowed: true }],
    ['Active', false, false, { allowed: true }],
    ['Pre-Active', true, true, { allowed: true }],
    ['Pre-Active', true, false, { allowed: false, redirect: '/notpaid' }],
    ['Invited', true, false, { allowed: false, redirect: '/notpaid' }],
    ['Invited', true, true, { allowed: true }],
    // Without pre-active access the parent sees /notpaid only, whatever the setting.
    ['Pre-Active', false, true, { allowed: false, redirect: '/notpaid' }],
  ];
  it.each(cases)('a %s client, pre-active access %s, setting %s', (status, preActiveAccess, on, want) => {
    const s = subject(ROLE.CLIENT, { status, preActiveAccess, preActiveDonorDetails: on });
    expect(decidePage(s, 'donordetails')).toEqual(want);
  });

  it('leaves search and the other Pre-Active pages open with the setting off', () => {
    const s = subject(ROLE.CLIENT, { status: 'Pre-Active', preActiveDonorDetails: false });
    for (const page of ['search', 'home', 'favorites', 'notpaid'] as const)
      expect(decidePage(s, page).allowed, page).toBe(true);
  });

  it('never narrows staff, donors or the master', () => {
    for (const [, role] of ROLES) {
      if (role === ROLE.CLIENT) continue;
      const s = subject(role, { preActiveDonorDetails: false });
      const staffRoles: RoleId[] = [ROLE.ADMIN, ROLE.MANAGER, ROLE.DONOR];
      expect(decidePage(s, 'donordetails').allowed).toBe(staffRoles.includes(role));
    }
  });

  it('lets the agency admin and the master admin open both settings screens, nobody else', () => {
    for (const [label, role] of ROLES) {
      const open = role === ROLE.ADMIN || role === ROLE.MASTER;
      for (const page of ['generalconfiguration', 'feeandpayment'] as const)
        expect(decidePage(subject(role), page).allowed, `${label} ${page}`).toBe(open);
    }
  });
});

describe("page table: the consumer center's pages (issue 23)", () => {
  it('opens the payment, coaching and tour pages to clients of a center with payments only', () => {
    for (const page of PAYMENTS_CENTER_CLIENT_PAGES) {
      expect(decidePage(subject(ROLE.CLIENT, { payments: true }), page), page).toEqual({ allowed: true });
      expect(decidePage(subject(ROLE.CLIENT), page), page).toEqual({
        allowed: false,
        redirect: '/unauthorize',
      });
    }
  });

  it('sends a secondary parent home from the pages that take a payment, not from the others', () => {
    for (const page of PAYMENTS_CENTER_CLIENT_PAGES) {
      const decision = decidePage(subject(ROLE.CLIENT, { payments: true, secondary: true }), page);
      expect(decision, page).toEqual(
        PAYING_PAGES.includes(page) ? { allowed: false, redirect: '/' } : { allowed: true },
      );
    }
  });

  it('lets a Pre-Active primary parent of a paying center without pre-active access buy a membership', () => {
    const limited = { status: 'Pre-Active' as UserStatus, preActiveAccess: false, payments: true };
    expect(decidePage(subject(ROLE.CLIENT, limited), 'paymentsubscription')).toEqual({ allowed: true });
    expect(decidePage(subject(ROLE.CLIENT, limited), 'search')).toEqual({
      allowed: false,
      redirect: '/notpaid',
    });
    expect(decidePage(subject(ROLE.CLIENT, { ...limited, secondary: true }), 'paymentsubscription')).toEqual({
      allowed: false,
      redirect: '/notpaid',
    });
    expect(decidePage(subject(ROLE.CLIENT, { ...limited, payments: false }), 'paymentsubscription')).toEqual({
      allowed: false,
      redirect: '/notpaid',
    });
  });

  it('opens unpaid invoices and the coaching staff pages to the staff of agencies with payment functionality only', () => {
    for (const page of PAYMENTS_CENTER_STAFF_PAGES)
      for (const role of [ROLE.ADMIN, ROLE.MANAGER]) {
        expect(decidePage(subject(role, { payments: true }), page).allowed, `${role} ${page}`).toBe(
          ROLE_PAGES[role].includes(page),
        );
        expect(decidePage(subject(role), page), page).toEqual({ allowed: false, redirect: '/unauthorize' });
      }
    expect(decidePage(subject(ROLE.ADMIN, { payments: true }), 'unpaid-invoices')).toEqual({ allowed: true });
  });

  it("leaves the rest of a client's pages and the other staff pages alone", () => {
    expect(decidePage(subject(ROLE.CLIENT, { secondary: true }), 'search')).toEqual({ allowed: true });
    expect(decidePage(subject(ROLE.ADMIN), 'payment-history').allowed).toBe(
      decidePage(subject(ROLE.ADMIN, { payments: true }), 'payment-history').allowed,
    );
  });

  it('opens the coaching staff pages to the staff of a center with payments: the list to both, the hours to managers', () => {
    const want: Record<string, Record<string, boolean>> = {
      'coaching-sessions': { admin: true, manager: true },
      'coaching-availability': { manager: true },
    };
    for (const page of ['coaching-sessions', 'coaching-availability'] as const) {
      for (const [label, role] of ROLES) {
        expect(decidePage(subject(role, { payments: true }), page).allowed, `${label} ${page}`).toBe(
          want[page]![label] === true,
        );
        expect(decidePage(subject(role), page).allowed, `${label} ${page} without payments`).toBe(false);
      }
    }
  });

  it('lets a Pre-Active client open the booking page, which warns her to subscribe', () => {
    const s = subject(ROLE.CLIENT, { payments: true, status: 'Pre-Active' });
    expect(decidePage(s, 'schedule-coaching-session')).toEqual({ allowed: true });
    expect(
      decidePage({ ...s, center: { ...s.center, preActiveAccess: false } }, 'schedule-coaching-session'),
    ).toEqual({
      allowed: false,
      redirect: '/notpaid',
    });
  });
});
