import {
  followedMatches,
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
  // takes part, staff tools, as parent, donor-center staff, actor on another parent, actor on own,
  // whose matches with the donor they follow
  const table: Record<string, [boolean, boolean, boolean, boolean, string, string, string]> = {
    'master own': [false, false, false, false, 'other', 'other', 'none'],
    'master other': [false, false, false, false, 'other', 'other', 'none'],
    'admin own': [true, true, false, true, 'staff', 'staff', 'all'],
    'admin other': [true, true, false, false, 'other', 'other', 'ownParents'],
    'manager own': [true, true, false, true, 'staff', 'staff', 'all'],
    'manager other': [true, true, false, false, 'other', 'other', 'ownParents'],
    'client own': [true, false, true, false, 'other', 'parent', 'none'],
    'client other': [true, false, true, false, 'other', 'parent', 'none'],
    'donor own': [false, false, false, false, 'other', 'other', 'none'],
    'donor other': [false, false, false, false, 'other', 'other', 'none'],
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
        followedMatches(s, donor),
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
