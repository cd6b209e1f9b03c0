import { MSG, ROLE, type RoleId } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { endSession, findUserWithCenter } from './auth.repo.js';
import { type AuthDeps, openSession, type RequestContext, type SignedIn } from './auth.service.js';

// Switching into another user's account and back (authadmin, switchback).

/**
 * Who may work inside whose account: master in anyone but masters; an admin in managers,
 * clients and donors of the admin's center; a manager in clients and donors of the manager's
 * center.
 */
const SWITCH_TARGETS: Partial<Record<RoleId, readonly RoleId[]>> = {
  [ROLE.MASTER]: [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
  [ROLE.ADMIN]: [ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
  [ROLE.MANAGER]: [ROLE.CLIENT, ROLE.DONOR],
};

/** POST /authadmin: the caller continues inside the target's account until switching back. */
export async function switchInto(
  deps: AuthDeps,
  auth: Auth,
  targetId: number,
  ctx: RequestContext,
): Promise<SignedIn> {
  const allowed = SWITCH_TARGETS[auth.role];
  if (!allowed) throw forbidden();
  // A switched session acts as someone else; switching again would lose who is really there.
  if (auth.switchedFromUserId !== null) throw forbidden(MSG.SWITCH_BACK_FIRST);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const found = await findUserWithCenter(tx, targetId);
    if (!found) throw notFound();
    const target = found.user;
    if (auth.role !== ROLE.MASTER && target.centerId !== auth.centerId) throw notFound();
    if (target.id === auth.userId || !allowed.includes(target.role as RoleId)) throw forbidden();
    if (target.status === 'Archived') throw forbidden();
    await endSession(tx, auth.sessionId, 'switched', now);
    const signedIn = await openSession(tx, now, target.id, ctx, {
      switchedFromUserId: auth.userId,
      countsAsLogin: false,
      startedAt: auth.sessionStartedAt,
    });
    await audit(
      tx,
      auth,
      { action: 'switch', entityType: 'user', entityId: target.id, centerId: target.centerId },
      ctx.ip,
    );
    return signedIn;
  });
}

/** POST /switchback: ends the switched session and gives the admin a fresh session of their own. */
export async function switchBack(deps: AuthDeps, auth: Auth, ctx: RequestContext): Promise<SignedIn> {
  const originalId = auth.switchedFromUserId;
  if (originalId === null) throw badRequest(MSG.NOT_SWITCHED);
  const now = deps.clock.now();
  const found = await findUserWithCenter(deps.db, originalId);
  // The admin may have been archived meanwhile: the switched session just ends.
  if (!found || found.user.status === 'Archived') {
    await endSession(deps.db, auth.sessionId, 'switched_back', now);
    throw forbidden();
  }
  return deps.db.transaction(async (tx) => {
    await endSession(tx, auth.sessionId, 'switched_back', now);
    const signedIn = await openSession(tx, now, originalId, ctx, {
      switchedFromUserId: null,
      countsAsLogin: false,
      startedAt: auth.sessionStartedAt,
    });
    await audit(
      tx,
      auth,
      { action: 'switch_back', entityType: 'user', entityId: auth.userId, centerId: found.user.centerId },
      ctx.ip,
    );
    return signedIn;
  });
}
