import {
  type AccessSubject,
  conciergeRequestAccess,
  decidePage,
  educationResourceAccess,
  mayManageEducationResources,
  mayRequestConcierge,
  ROLE,
  type RoleId,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OWN, ROLES } from './subjects.js';

describe('consumer pages policy (packages/shared/src/policy/consumer.ts)', () => {
  // [a published resource, a draft] of the object's center -> what the subject may do
  const resources: Record<string, [string, string]> = {
    'master own': ['none', 'none'],
    'master other': ['none', 'none'],
    'admin own': ['manage', 'manage'],
    'admin other': ['none', 'none'],
    'manager own': ['none', 'none'],
    'manager other': ['none', 'none'],
    'client own': ['read', 'none'],
    'client other': ['none', 'none'],
    'donor own': ['none', 'none'],
    'donor other': ['none', 'none'],
  };
  it.each(everyone())('an education resource for %s', (label, s) => {
    expect(
      [
        educationResourceAccess(s, { centerId: OWN, published: true }),
        educationResourceAccess(s, { centerId: OWN, published: false }),
      ],
      label,
    ).toEqual(resources[label]);
    expect(mayManageEducationResources(s), label).toBe(s.role === ROLE.ADMIN);
  });

  // A concierge request of the object's center -> what the subject may do with it
  const requests: Record<string, string> = {
    'master own': 'refused',
    'master other': 'refused',
    'admin own': 'handle',
    'admin other': 'unseen',
    'manager own': 'handle',
    'manager other': 'unseen',
    'client own': 'refused',
    'client other': 'refused',
    'donor own': 'refused',
    'donor other': 'refused',
  };
  it.each(everyone())('a concierge request for %s', (label, s) => {
    expect(conciergeRequestAccess(s, { centerId: OWN }), label).toBe(requests[label]);
    expect(mayRequestConcierge(s), label).toBe(s.role === ROLE.CLIENT);
  });
});

describe('page table: the consumer pages', () => {
  const subject = (role: RoleId, payments: boolean, secondary = false): AccessSubject => ({
    role,
    status: role === ROLE.CLIENT ? 'Pre-Active' : 'Active',
    secondary,
    center: {
      onboarded: true,
      preActiveAccess: true,
      compareDonors: false,
      preActiveDonorDetails: true,
      payments,
    },
  });
  // page -> roles that open it at a center with payments, and at one without
  const expected: Record<string, { payments: string[]; without: string[] }> = {
    'site-tour': { payments: ['client'], without: [] },
    'join-as-a-member': { payments: ['client'], without: [] },
    'education-resources': { payments: ['admin', 'client'], without: ['admin', 'client'] },
    conciergerequests: { payments: ['admin', 'manager'], without: ['admin', 'manager'] },
    'privacy-policy': { payments: [], without: [] },
  };
  it.each(Object.entries(expected))('%s', (page, want) => {
    for (const payments of [true, false]) {
      const allowed = ROLES.filter(
        ([, role]) => decidePage(subject(role, payments), page as never).allowed,
      ).map(([label]) => label);
      expect(allowed, `payments ${payments}`).toEqual(payments ? want.payments : want.without);
    }
  });

  it('sends a secondary parent home from the concierge upgrade, not from the tour or resources', () => {
    const secondary = subject(ROLE.CLIENT, true, true);
    expect(decidePage(secondary, 'join-as-a-member')).toEqual({ allowed: false, redirect: '/' });
    expect(decidePage(secondary, 'site-tour').allowed).toBe(true);
    expect(decidePage(secondary, 'education-resources').allowed).toBe(true);
  });
});
