import { donorPanelAccess, parentPanelAccess, ROLE } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OWN, subject } from './subjects.js';

describe('carrier screening policy (packages/shared/src/policy/genetics.ts)', () => {
  it("a donor's panel: her center's admins and managers edit, the master and the donor read it all, others the summary", () => {
    const donor = { donorId: 500, centerId: OWN };
    const want: Record<string, string> = {
      'master own': 'full',
      'master other': 'full',
      'admin own': 'edit',
      'manager own': 'edit',
    };
    for (const [label, s] of everyone()) {
      expect(donorPanelAccess(s, donor), label).toBe(want[label] ?? 'summary');
    }
    expect(donorPanelAccess(subject(ROLE.DONOR, OWN, 500), donor)).toBe('full');
  });

  it("a parent's panels: the parent and her center's admins and managers; nobody else", () => {
    const parent = { userId: 100, role: ROLE.CLIENT, centerId: OWN };
    const want = new Set(['admin own', 'manager own', 'client own']);
    for (const [label, s] of everyone()) {
      expect(parentPanelAccess(s, parent), label).toBe(want.has(label) ? 'edit' : null);
    }
    // Another parent of the same center, and a user who is not a parent.
    expect(parentPanelAccess(subject(ROLE.CLIENT, OWN, 101), parent)).toBeNull();
    expect(parentPanelAccess(subject(ROLE.MANAGER), { ...parent, role: ROLE.DONOR })).toBeNull();
  });
});
