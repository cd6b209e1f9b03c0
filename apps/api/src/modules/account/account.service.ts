import {
  ACCOUNT_MSG,
  type ChangePasswordBody,
  canSeeStaffList,
  LOGIN_RATE_MAX_PER_ACCOUNT,
  LOGIN_RATE_MAX_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
  MSG,
  type PasswordChanged,
  type StaffMember,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { hashPassword, verifyPassword } from '../../platform/crypto.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import { ATTEMPT, attemptsSince, recordAttempt } from '../auth/auth.repo.js';
import { centerStaff, endOtherSessions, passwordOf, setPasswordHash } from './account.repo.js';

export type AccountDeps = Pick<ModuleDeps, 'db' | 'clock' | 'realtime'>;

/** Why the other sessions ended (sessions.end_reason), as a reset link ends them. */
export const PASSWORD_CHANGED_REASON = 'password_changed';

/**
 * POST /changepassword: the signed-in user proves the current password and sets a new one. A
 * wrong current password counts as a failed login of the account (the login throttle refuses
 * further tries with 429 the same way); on success every OTHER session of the user ends, their
 * sockets drop at once, and the caller's own session stays. Neither password nor hash is logged:
 * the audit entry names the action and the number of sessions ended only.
 */
export async function changePassword(
  deps: AccountDeps,
  auth: Auth,
  body: ChangePasswordBody,
  ip: string,
): Promise<PasswordChanged> {
  const now = deps.clock.now();
  const user = await passwordOf(deps.db, auth.userId);
  if (!user) throw notFound();
  const username = user.username.trim().toLowerCase();
  const attempts = await attemptsSince(deps.db, username, ip, new Date(now.getTime() - LOGIN_RATE_WINDOW_MS));
  const failedByAccount = attempts.byAccount.filter((a) => a.succeeded === ATTEMPT.FAILED).length;
  if (
    failedByAccount >= LOGIN_RATE_MAX_PER_ACCOUNT ||
    attempts.failedByAddress >= LOGIN_RATE_MAX_PER_ADDRESS
  ) {
    throw tooManyRequests(MSG.TOO_MANY_ATTEMPTS);
  }
  const currentOk = user.passwordHash
    ? await verifyPassword(user.passwordHash, body.current_password)
    : false;
  if (!currentOk) {
    await recordAttempt(deps.db, { username, ip, outcome: ATTEMPT.FAILED, at: now });
    throw badRequest(ACCOUNT_MSG.CURRENT_PASSWORD_WRONG, { field: 'current_password' });
  }
  const passwordHash = await hashPassword(body.password);
  const ended = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.userId, passwordHash, now);
    const ids = await endOtherSessions(tx, auth.userId, auth.sessionId, PASSWORD_CHANGED_REASON, now);
    await audit(
      tx,
      auth,
      {
        action: 'password_change',
        entityType: 'user',
        entityId: auth.userId,
        centerId: user.centerId,
        details: { endedSessions: ids.length },
      },
      ip,
    );
    return ids;
  });
  // After the commit: the ended sessions' sockets go now, in every process, not at the re-check.
  deps.realtime.endSessions(ended);
  return { endedSessions: ended.length };
}

/** GET /getstaffdetails: the agency admins and case managers of the caller's center. */
export async function staffDetails(deps: AccountDeps, auth: Auth): Promise<StaffMember[]> {
  if (!canSeeStaffList(auth)) throw forbidden();
  return centerStaff(deps.db, auth.centerId);
}
