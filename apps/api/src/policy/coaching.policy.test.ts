import {
  type CoachingSessionFacts,
  type CoachingSessionStatus,
  canCancelCoachingSession,
  canCommentCoachingSession,
  canConfirmCoachingSession,
  coachingListScope,
  coachingSessionAccess,
  type PolicySubject,
  ROLE,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OWN } from './subjects.js';

/** The subject's own user id is 100 (subjects.ts): the session's client, holder or manager as asked. */
const NOW = new Date('2026-06-01T12:00:00Z');
const session = (
  over: Partial<CoachingSessionFacts> = {},
  status: CoachingSessionStatus = 'Requested',
): CoachingSessionFacts => ({
  centerId: OWN,
  clientId: 200,
  holderId: 200,
  managerId: 300,
  status,
  startsAt: new Date('2026-06-02T12:00:00Z'),
  ...over,
});

/** The same subject as the session's client, its manager, or the co-parent of its holder. */
const as = (s: PolicySubject, who: 'client' | 'manager' | 'coparent' | 'stranger'): CoachingSessionFacts => {
  if (who === 'client') return session({ clientId: s.userId, holderId: s.userId });
  if (who === 'manager') return session({ managerId: s.userId });
  if (who === 'coparent') return session({ holderId: s.userId });
  return session();
};

describe('coaching session policy (packages/shared/src/policy/coaching.ts)', () => {
  // access as [its client, its manager, co-parent of its holder, a stranger]; confirm, cancel,
  // comment a requested future session one may know; the list scope's kind
  type Row = [(string | null)[], boolean, boolean, boolean, string | null];
  const table: Record<string, Row> = {
    'master own': [[null, null, null, null], false, false, false, null],
    'master other': [[null, null, null, null], false, false, false, null],
    'admin own': [['admin', 'admin', 'admin', 'admin'], true, true, true, 'center'],
    'admin other': [[null, null, null, null], false, false, false, 'center'],
    'manager own': [[null, 'manager', null, null], true, true, true, 'manager'],
    'manager other': [[null, null, null, null], false, false, false, 'manager'],
    'client own': [['client', null, 'client', null], false, true, true, 'holder'],
    'client other': [[null, null, null, null], false, false, false, 'holder'],
    'donor own': [[null, null, null, null], false, false, false, null],
    'donor other': [[null, null, null, null], false, false, false, null],
  };
  it.each(everyone())('%s', (label, s) => {
    const access = (['client', 'manager', 'coparent', 'stranger'] as const).map((who) =>
      coachingSessionAccess(s, as(s, who)),
    );
    // The session the subject is closest to: her own as client or manager, or one of her center.
    const mine =
      s.role === ROLE.CLIENT ? as(s, 'client') : s.role === ROLE.MANAGER ? as(s, 'manager') : session();
    expect(
      [
        access,
        canConfirmCoachingSession(s, mine),
        canCancelCoachingSession(s, mine, NOW),
        canCommentCoachingSession(s, mine),
        coachingListScope(s)?.kind ?? null,
      ],
      label,
    ).toEqual(table[label]);
  });

  it('follows the states: Done and Cancelled are not confirmed again; a started or settled session is not cancelled; a cancelled one takes no comments', () => {
    const manager: PolicySubject = { userId: 300, role: ROLE.MANAGER, centerId: OWN };
    expect(canConfirmCoachingSession(manager, session({}, 'Done'))).toBe(false);
    expect(canConfirmCoachingSession(manager, session({}, 'Cancelled'))).toBe(false);
    expect(canCancelCoachingSession(manager, session({}, 'Done'), NOW)).toBe(false);
    expect(canCancelCoachingSession(manager, session({ startsAt: NOW }), NOW)).toBe(false);
    expect(canCommentCoachingSession(manager, session({}, 'Done'))).toBe(true);
    expect(canCommentCoachingSession(manager, session({}, 'Cancelled'))).toBe(false);
    // A secondary parent lists and reaches the sessions her primary's credits paid for.
    const secondary: PolicySubject = { userId: 201, role: ROLE.CLIENT, centerId: OWN, parentId: 200 };
    expect(coachingListScope(secondary)).toEqual({ kind: 'holder', holderId: 200, centerId: OWN });
    expect(coachingSessionAccess(secondary, session())).toBe('client');
  });
});
