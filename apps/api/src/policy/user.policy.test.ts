import {
  activeNeedsCaseManager,
  archiveNeedsPortfolioCheck,
  archiveNeedsReason,
  canAdministerUsers,
  canAssignCaseManager,
  canInvite,
  canInviteSecondParent,
  canManageUser,
  canReadUserContact,
  canReinviteUser,
  chosenCenter,
  inviteCenterOf,
  inviterAsCaseManager,
  listableUserRoles,
  mayGetSecondParent,
  preActiveNeedsConfirmation,
  ROLE,
  type RoleId,
  reinviteRefusal,
  reinviteRoles,
  settableUserStatuses,
  statusFollowsPrimary,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN, ROLES, subject } from './subjects.js';

describe('user policy (packages/shared/src/policy/user.ts)', () => {
  // Which target roles of center 1 each caller may manage (status, details).
  const manageable: Record<string, RoleId[]> = {
    'master own': [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
    'master other': [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
    'admin own': [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
    'admin other': [],
    'manager own': [ROLE.CLIENT],
    'manager other': [],
    'client own': [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
    'client other': [],
    'donor own': [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
    'donor other': [],
  };
  it.each(everyone())('manage and contact for %s', (label, s) => {
    const got = ROLES.map(([, role]) => role).filter((role) => canManageUser(s, { role, centerId: OWN }));
    expect(got, label).toEqual(manageable[label]);
    expect(canManageUser(s, { role: ROLE.MASTER, centerId: s.centerId })).toBe(false);
    expect(canReadUserContact(s, { role: ROLE.MASTER, centerId: s.centerId })).toBe(false);
    expect(canReadUserContact(s, { role: ROLE.DONOR, centerId: OWN })).toBe(
      s.role === ROLE.MASTER || s.centerId === OWN,
    );
  });

  it.each(ROLES)('grids, tools and invitations for %s', (_name, role) => {
    const s = subject(role, OWN, 10);
    const roles = listableUserRoles(s);
    if (role === ROLE.MASTER) expect(roles).toEqual([1, 7, 6, 9, 2]);
    else if (role === ROLE.MANAGER) expect(roles).toEqual([9]);
    else expect(roles).toEqual([7, 6, 9, 2]);
    expect(canAdministerUsers(s)).toBe(role === ROLE.ADMIN || role === ROLE.MASTER);
    expect(canAssignCaseManager(s, { role: ROLE.CLIENT, parentId: null })).toBe(role === ROLE.ADMIN);
    expect(canAssignCaseManager(s, { role: ROLE.CLIENT, parentId: 5 })).toBe(false);
    expect(canAssignCaseManager(s, { role: ROLE.DONOR, parentId: null })).toBe(false);
    const invitesClients = role === ROLE.ADMIN || role === ROLE.MANAGER;
    expect(canInvite(role, ROLE.CLIENT)).toBe(invitesClients);
    expect(canInviteSecondParent(s, 99)).toBe(invitesClients);
    expect(canInviteSecondParent(s, 10)).toBe(invitesClients || role === ROLE.CLIENT);
    expect(chosenCenter(s, OTHER)).toBe(role === ROLE.MASTER ? OTHER : OWN);
    expect(chosenCenter(s, undefined)).toBe(OWN);
  });

  it('re-invites under another type only what the caller could have invited; a donor stays a donor', () => {
    expect(reinviteRoles(subject(ROLE.ADMIN), { role: ROLE.CLIENT })).toEqual([
      ROLE.ADMIN,
      ROLE.MANAGER,
      ROLE.DONOR,
    ]);
    expect(reinviteRoles(subject(ROLE.MANAGER), { role: ROLE.CLIENT })).toEqual([ROLE.DONOR]);
    expect(reinviteRoles(subject(ROLE.MANAGER), { role: ROLE.ADMIN })).toEqual([]);
    expect(reinviteRoles(subject(ROLE.ADMIN), { role: ROLE.DONOR })).toEqual([]);
    expect(reinviteRoles(subject(ROLE.MASTER), { role: ROLE.ADMIN })).toEqual([]);
  });

  it('statuses, archive reasons and second parents follow the target', () => {
    expect(settableUserStatuses({ role: ROLE.CLIENT })).toEqual(['Active', 'Pre-Active', 'Archived']);
    expect(settableUserStatuses({ role: ROLE.MANAGER })).toEqual(['Active', 'Archived']);
    const consumer = { consumerSite: true };
    expect(archiveNeedsReason(consumer, { role: ROLE.CLIENT }, 'Active', 'Archived')).toBe(true);
    expect(archiveNeedsReason(consumer, { role: ROLE.CLIENT }, 'Pre-Active', 'Archived')).toBe(true);
    expect(archiveNeedsReason(consumer, { role: ROLE.CLIENT }, 'Invited', 'Archived')).toBe(false);
    expect(archiveNeedsReason(consumer, { role: ROLE.DONOR }, 'Active', 'Archived')).toBe(false);
    expect(archiveNeedsReason({ consumerSite: false }, { role: ROLE.CLIENT }, 'Active', 'Archived')).toBe(
      false,
    );
    expect(mayGetSecondParent({ role: ROLE.CLIENT, parentId: null, hasSecondary: false })).toBe(true);
    expect(mayGetSecondParent({ role: ROLE.CLIENT, parentId: 3, hasSecondary: false })).toBe(false);
    expect(mayGetSecondParent({ role: ROLE.CLIENT, parentId: null, hasSecondary: true })).toBe(false);
    expect(mayGetSecondParent({ role: ROLE.MANAGER, parentId: null, hasSecondary: false })).toBe(false);
  });

  it.each(everyone())('invitation center, case manager and re-invitation for %s', (label, s) => {
    const master = s.role === ROLE.MASTER;
    expect(inviteCenterOf(s, OTHER), label).toBe(master ? OTHER : s.centerId);
    expect(inviteCenterOf(s, undefined), label).toBe(master ? undefined : s.centerId);
    expect(inviterAsCaseManager(s), label).toBe(s.role === ROLE.MANAGER ? s.userId : null);
    for (const [, role] of ROLES) {
      const target = { role, centerId: OWN };
      const expected = role !== ROLE.MASTER && (master || s.centerId === OWN) && canInvite(s.role, role);
      expect(canReinviteUser(s, target), `${label} re-invites ${role}`).toBe(expected);
    }
  });

  it.each(ROLES)('re-invitation refusals and status rules for a %s target', (_name, role) => {
    const target = { role, parentId: null as number | null };
    expect(reinviteRefusal(target, role)).toBe('same-role');
    const other = role === ROLE.CLIENT ? ROLE.MANAGER : ROLE.CLIENT;
    expect(reinviteRefusal(target, other)).toBe(role === ROLE.DONOR ? 'donor-fixed' : null);
    const client = role === ROLE.CLIENT;
    expect(activeNeedsCaseManager(target, 'Active')).toBe(client);
    expect(activeNeedsCaseManager(target, 'Archived')).toBe(false);
    const consumer = { consumerSite: true };
    expect(preActiveNeedsConfirmation(consumer, target, 'Active', 'Pre-Active')).toBe(client);
    expect(preActiveNeedsConfirmation({ consumerSite: false }, target, 'Active', 'Pre-Active')).toBe(false);
    expect(preActiveNeedsConfirmation(undefined, target, 'Active', 'Pre-Active')).toBe(false);
    expect(preActiveNeedsConfirmation(consumer, target, 'Archived', 'Pre-Active')).toBe(false);
    expect(archiveNeedsPortfolioCheck(target, 'Archived')).toBe(role === ROLE.MANAGER);
    expect(archiveNeedsPortfolioCheck(target, 'Active')).toBe(false);
    expect(statusFollowsPrimary(target, 'Archived')).toBe(client);
    expect(statusFollowsPrimary(target, 'Pre-Active')).toBe(client);
    expect(statusFollowsPrimary(target, 'Active')).toBe(false);
    expect(statusFollowsPrimary({ role, parentId: 5 }, 'Archived')).toBe(false);
  });
});
