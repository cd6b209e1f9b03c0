import type { UserStatus } from '../roles.js';
import { isMaster, type PolicySubject } from './subject.js';

/** A center's trusted partner as the rules read it (decision 019). */
export interface PartnerFacts {
  centerId: number;
  enabled: boolean;
  /** False: the center's users sign in through the partner only. */
  passwordLogin: boolean;
}

/** The statuses a partner token may sign in: those a password login signs in. */
const SIGN_IN_STATUSES: readonly UserStatus[] = ['Active', 'Pre-Active'];

/**
 * Whether a partner's token may sign this user in: a user of the partner's own center, active
 * (or Pre-Active, who signs in to pay), never the master admin (whose account no partner holds).
 */
export function mayPartnerSignIn(
  partner: PartnerFacts,
  user: Pick<PolicySubject, 'role' | 'centerId'> & { status: UserStatus },
): boolean {
  return (
    partner.enabled &&
    !isMaster(user) &&
    user.centerId === partner.centerId &&
    SIGN_IN_STATUSES.includes(user.status)
  );
}

/**
 * Whether a password login of this user is answered with redirectPartnerLogin: the center
 * requires its partner and the user is not the master admin (who keeps a way in to undo it).
 */
export function mustUsePartnerLogin(
  partner: PartnerFacts | null,
  user: Pick<PolicySubject, 'role' | 'centerId'>,
): boolean {
  return (
    partner?.enabled === true &&
    !partner.passwordLogin &&
    !isMaster(user) &&
    user.centerId === partner.centerId
  );
}
