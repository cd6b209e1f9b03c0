import { type AccessSubject, decidePage, type PageKey, ROLE, type RoleId, type UserStatus } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { ROLES } from './subjects.js';

/** A subject of an onboarded center, with the center's comparison switch and a status. */
const subject = (
  role: RoleId,
  { compareDonors = false, status = 'Active' as UserStatus, onboarded = true, preActiveAccess = true } = {},
): AccessSubject => ({ role, status, center: { onboarded, preActiveAccess, compareDonors } });

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
