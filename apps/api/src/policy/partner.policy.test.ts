import { mayPartnerSignIn, mustUsePartnerLogin, ROLE, USER_STATUS } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OWN } from './subjects.js';

const partner = { centerId: OWN, enabled: true, passwordLogin: true };

describe('partner policy (packages/shared/src/policy/partner.ts)', () => {
  it.each(everyone())('who a partner token of center %s may sign in', (label, s) => {
    for (const status of USER_STATUS) {
      const user = { ...s, status };
      const expected =
        s.role !== ROLE.MASTER && s.centerId === OWN && (status === 'Active' || status === 'Pre-Active');
      expect(mayPartnerSignIn(partner, user), `${label} ${status}`).toBe(expected);
      expect(mayPartnerSignIn({ ...partner, enabled: false }, user), `${label} ${status} off`).toBe(false);
    }
  });

  it.each(everyone())('whose password login goes to the partner: %s', (label, s) => {
    const partnerOnly = { ...partner, passwordLogin: false };
    expect(mustUsePartnerLogin(partnerOnly, s), label).toBe(s.role !== ROLE.MASTER && s.centerId === OWN);
    expect(mustUsePartnerLogin(partner, s), label).toBe(false);
    expect(mustUsePartnerLogin({ ...partnerOnly, enabled: false }, s), label).toBe(false);
    expect(mustUsePartnerLogin(null, s), label).toBe(false);
  });
});
