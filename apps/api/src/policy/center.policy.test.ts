import {
  mayManageGlobalFeeOptions,
  mayRequestAgencyNumberChange,
  maySetAgencyPhone,
  ROLE,
  scopedCenter,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN } from './subjects.js';

describe('center policy (packages/shared/src/policy/center.ts)', () => {
  it.each(everyone())('the center a report acts on for %s', (label, s) => {
    if (s.role === ROLE.MASTER) {
      expect(scopedCenter(s, null), label).toBeNull();
      expect(scopedCenter(s, OWN), label).toBe(OWN);
      expect(scopedCenter(s, OTHER), label).toBe(OTHER);
    } else {
      expect(scopedCenter(s, null), label).toBe(s.centerId);
      expect(scopedCenter(s, OWN), label).toBe(s.centerId === OWN ? OWN : undefined);
      expect(scopedCenter(s, OTHER), label).toBe(s.centerId === OTHER ? OTHER : undefined);
    }
  });

  // [sets the agency phone, asks for a number change, manages global fee options]
  const phone: Record<string, [boolean, boolean, boolean]> = {
    master: [true, false, true],
    admin: [false, true, false],
    manager: [false, false, false],
    client: [false, false, false],
    donor: [false, false, false],
  };
  it.each(everyone())('agency phone and global fee options for %s', (label, s) => {
    const want = phone[label.split(' ')[0]!]!;
    expect(
      [maySetAgencyPhone(s), mayRequestAgencyNumberChange(s), mayManageGlobalFeeOptions(s)],
      label,
    ).toEqual(want);
  });
});
