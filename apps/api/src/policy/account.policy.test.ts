import {
  canReinviteAsCaller,
  canSeeStaffList,
  changePasswordBody,
  isPrimaryClient,
  MSG,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PROFILE_TABS,
  profileTabOf,
  profileTabsFor,
  ROLE,
} from '@dm/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OTHER, OWN, ROLES, subject } from './subjects.js';

describe('profile tabs (packages/shared/src/account.ts, policy/user.ts)', () => {
  it.each([
    ['master', ROLE.MASTER, null, ['myaccount', 'changepassword']],
    ['admin', ROLE.ADMIN, null, ['myaccount', 'changepassword', 'staff']],
    ['manager', ROLE.MANAGER, null, ['myaccount', 'changepassword', 'staff']],
    ['primary client', ROLE.CLIENT, null, ['myaccount', 'changepassword', 'invitesecondintentedparent']],
    ['secondary client', ROLE.CLIENT, 5, ['myaccount', 'changepassword']],
    ['donor', ROLE.DONOR, null, ['myaccount', 'changepassword']],
  ] as const)('%s', (_name, role, parentId, tabs) => {
    expect(profileTabsFor({ role, parentId })).toEqual(tabs);
  });

  it('subscription details: primary clients of a center with payments only', () => {
    expect(profileTabsFor({ role: ROLE.CLIENT, parentId: null }, { payments: true })).toEqual([
      'myaccount',
      'subscriptiondetails',
      'changepassword',
      'invitesecondintentedparent',
    ]);
    expect(profileTabsFor({ role: ROLE.CLIENT, parentId: 5 }, { payments: true })).toEqual([
      'myaccount',
      'changepassword',
    ]);
    for (const role of [ROLE.ADMIN, ROLE.MANAGER, ROLE.MASTER, ROLE.DONOR])
      expect(profileTabsFor({ role, parentId: null }, { payments: true })).not.toContain(
        'subscriptiondetails',
      );
  });

  it('staff list: admins and case managers only; second parent: primary clients only', () => {
    for (const [name, role] of ROLES) {
      expect(canSeeStaffList(subject(role)), name).toBe(role === ROLE.ADMIN || role === ROLE.MANAGER);
      expect(isPrimaryClient(subject(role)), name).toBe(role === ROLE.CLIENT);
      expect(isPrimaryClient({ role, parentId: 9 }), name).toBe(false);
    }
  });

  it('the address picks an offered tab, anything else is My account', () => {
    fc.assert(
      fc.property(
        fc.subarray([...PROFILE_TABS]),
        fc.oneof(
          fc.constantFrom(...PROFILE_TABS, 'profile', 'subscriptiondetails'),
          fc.string(),
          fc.constant(undefined),
        ),
        (offered, param) => {
          const tab = profileTabOf(param, offered);
          if (param !== undefined && (offered as string[]).includes(param)) expect(tab).toBe(param);
          else expect(tab).toBe('myaccount');
        },
      ),
    );
  });
});

describe('canReinviteAsCaller', () => {
  const secondOf = (primaryId: number, centerId = OWN) => ({
    role: ROLE.CLIENT,
    centerId,
    parentId: primaryId,
  });

  it('lets a primary parent re-invite only her own second parent', () => {
    const primary = subject(ROLE.CLIENT, OWN, 100);
    expect(canReinviteAsCaller(primary, secondOf(100))).toBe(true);
    expect(canReinviteAsCaller(primary, secondOf(101))).toBe(false);
    expect(canReinviteAsCaller(primary, { role: ROLE.DONOR, centerId: OWN, parentId: null })).toBe(false);
    // A secondary parent has no second parent of her own.
    expect(canReinviteAsCaller({ ...primary, parentId: 7 }, secondOf(100))).toBe(false);
    expect(canReinviteAsCaller(subject(ROLE.DONOR, OWN, 100), secondOf(100))).toBe(false);
  });

  it('keeps the staff rule (canReinviteUser): own center, a role the caller may invite', () => {
    expect(canReinviteAsCaller(subject(ROLE.ADMIN), secondOf(100))).toBe(true);
    expect(canReinviteAsCaller(subject(ROLE.MANAGER), secondOf(100))).toBe(true);
    expect(canReinviteAsCaller(subject(ROLE.ADMIN, OTHER), secondOf(100))).toBe(false);
    expect(
      canReinviteAsCaller(subject(ROLE.MANAGER), { role: ROLE.ADMIN, centerId: OWN, parentId: null }),
    ).toBe(false);
  });
});

describe('changePasswordBody', () => {
  it('accepts exactly the passwords of the registration rule whose confirmation matches', () => {
    const ruleOk = (p: string) =>
      p.length >= PASSWORD_MIN &&
      p.length <= PASSWORD_MAX &&
      /[a-z]/.test(p) &&
      /[A-Z]/.test(p) &&
      /\d/.test(p) &&
      /^[A-Za-z\d!@$%^&*]+$/.test(p);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'aZ9!#xY1@ '), maxLength: 24 }),
        fc.boolean(),
        (password, same) => {
          const result = changePasswordBody.safeParse({
            current_password: 'Old!Pass1',
            password,
            cpassword: same ? password : `${password}x`,
          });
          expect(result.success).toBe(ruleOk(password) && same);
          if (!result.success && ruleOk(password)) {
            expect(result.error.issues.map((i) => i.message)).toContain(MSG.PASSWORD_MISMATCH);
          }
        },
      ),
    );
  });
});
