import {
  isDonorCenterStaff,
  matchActor,
  matchesAsParent,
  mayStartMatchFor,
  ROLE,
  seesMatchDonorName,
  takesPartInMatches,
  usesMatchStaffTools,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN } from './subjects.js';

const donor = { centerId: OWN };

describe('match policy (packages/shared/src/policy/match.ts)', () => {
  // takes part, staff tools, as parent, donor-center staff, actor on another parent, actor on own
  const table: Record<string, [boolean, boolean, boolean, boolean, string, string]> = {
    'master own': [false, false, false, false, 'other', 'other'],
    'master other': [false, false, false, false, 'other', 'other'],
    'admin own': [true, true, false, true, 'staff', 'staff'],
    'admin other': [true, true, false, false, 'other', 'other'],
    'manager own': [true, true, false, true, 'staff', 'staff'],
    'manager other': [true, true, false, false, 'other', 'other'],
    'client own': [true, false, true, false, 'other', 'parent'],
    'client other': [true, false, true, false, 'other', 'parent'],
    'donor own': [false, false, false, false, 'other', 'other'],
    'donor other': [false, false, false, false, 'other', 'other'],
  };
  it.each(everyone())('%s', (label, s) => {
    expect(
      [
        takesPartInMatches(s),
        usesMatchStaffTools(s),
        matchesAsParent(s),
        isDonorCenterStaff(s, donor),
        matchActor(s, 999, donor),
        matchActor(s, s.userId, donor),
      ],
      label,
    ).toEqual(table[label]);
    expect(seesMatchDonorName(s)).toBe(s.role !== ROLE.CLIENT);
    const client = s.role === ROLE.CLIENT;
    for (const action of ['request', 'reserve']) {
      expect(mayStartMatchFor(s, action, { centerId: OWN })).toBe(client || s.centerId === OWN);
      expect(mayStartMatchFor(s, action, { centerId: OTHER })).toBe(client || s.centerId === OTHER);
    }
    expect(mayStartMatchFor(s, 'cancel_request', { centerId: 99 })).toBe(true);
  });
});
