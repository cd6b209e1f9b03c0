import {
  canInvite,
  canInviteSecondParent,
  canReinviteAsCaller,
  canReinviteUser,
  EMAIL_TYPE,
  INVITE_TOKEN_TTL_MS,
  type InviteUserAnswer,
  type InviteUserBody,
  inviteCenterOf,
  inviterAsCaseManager,
  type inviteSecondaryBody,
  MSG,
  ROLE,
  type RoleId,
  reinviteRefusal,
  USERS_MSG,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import { type Auth, assertCenter } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import {
  type CenterRow,
  findCenter,
  findUserByUsername,
  findUserWithCenter,
  issueUserToken,
  spendUserTokens,
  type UserRow,
} from '../auth/auth.repo.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { defaultCaseManagerOf } from './case-manager.js';
import {
  findActiveManager,
  findUser,
  hasSecondaryParent,
  insertDonorRow,
  insertUser,
  updateUser,
} from './users.repo.js';

// Inviting users: a new account, a new link, a second parent, another user type.

export type UsersDeps = Pick<AuthDeps, 'db' | 'clock' | 'config' | 'secrets'>;

const INVITE_MAIL: Record<RoleId, number> = {
  [ROLE.MASTER]: EMAIL_TYPE.INVITE_ADMIN,
  [ROLE.ADMIN]: EMAIL_TYPE.INVITE_ADMIN,
  [ROLE.MANAGER]: EMAIL_TYPE.INVITE_MANAGER,
  [ROLE.CLIENT]: EMAIL_TYPE.INVITE_CLIENT,
  [ROLE.DONOR]: EMAIL_TYPE.INVITE_DONOR,
};

async function senderName(db: Db, auth: Auth): Promise<string> {
  const found = await findUserWithCenter(db, auth.userId);
  return found ? fullNameOf(found.user) : '';
}

/** Issues a fresh invitation link (older ones stop working) and queues the e-mail. */
async function sendInvitation(
  tx: Db,
  deps: Pick<UsersDeps, 'config' | 'secrets'>,
  now: Date,
  auth: Auth,
  invitee: Pick<UserRow, 'id' | 'role' | 'username' | 'firstName' | 'centerId'>,
): Promise<void> {
  await spendUserTokens(tx, invitee.id, ['invite'], now);
  const token = await issueUserToken(tx, {
    userId: invitee.id,
    purpose: 'invite',
    ttlMs: INVITE_TOKEN_TTL_MS,
    now,
  });
  await queueTemplatedMail(tx, deps.secrets, {
    centerId: invitee.centerId,
    emailTypeId: INVITE_MAIL[invitee.role as RoleId],
    to: invitee.username,
    vars: {
      recipient: invitee.firstName || invitee.username,
      sender: await senderName(tx, auth),
      link: `${deps.config.publicUrl}/#/signup/${token}`,
    },
  });
}

/** The center a new user joins: the master names one, everyone else invites into their own. */
async function targetCenter(db: Db, auth: Auth, centerId: number | undefined): Promise<CenterRow> {
  const joins = inviteCenterOf(auth, centerId);
  if (joins === undefined) throw badRequest(MSG.CENTER_REQUIRED);
  const center = await findCenter(db, joins);
  if (!center) throw notFound();
  return center;
}

/** A client's case manager: the one named, the inviting manager, or the center's default. */
async function managerFor(
  db: Db,
  auth: Auth,
  center: CenterRow,
  managerId: number | undefined,
): Promise<number | null> {
  if (managerId !== undefined) {
    const manager = await findActiveManager(db, managerId, center.id);
    if (!manager) throw notFound();
    return manager.id;
  }
  const inviter = inviterAsCaseManager(auth);
  if (inviter !== null) return inviter;
  return defaultCaseManagerOf(db, center.id);
}

/** POST /inviteuser: creates an Invited account (no password yet) and e-mails a sign-up link. */
export async function inviteUser(
  deps: AuthDeps,
  auth: Auth,
  body: InviteUserBody,
  ip: string,
): Promise<InviteUserAnswer> {
  const role = body.userType as RoleId;
  if (!canInvite(auth.role, role)) throw forbidden();
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const center = await targetCenter(tx, auth, body.centerId);
      const managerId = await managerFor(tx, auth, center, body.managerId);
      if (await findUserByUsername(tx, body.username)) throw badRequest(MSG.USERNAME_EXISTS);
      // A donor gets her donor row with the account.
      const invitee = await insertUser(tx, {
        centerId: center.id,
        role,
        status: 'Invited',
        username: body.username,
        firstName: body.firstname,
        lastName: body.lastname,
        // Only clients have a case manager.
        managerId: role === ROLE.CLIENT ? managerId : null,
        createdAt: now,
        updatedAt: now,
      });
      await sendInvitation(tx, deps, now, auth, invitee);
      await audit(
        tx,
        auth,
        {
          action: 'invite',
          entityType: 'user',
          entityId: invitee.id,
          centerId: center.id,
          details: { role },
        },
        ip,
      );
      return { userId: invitee.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.USERNAME_EXISTS);
    throw error;
  }
}

/** POST /reinviteuser: a new link for someone who has not signed up yet (staff, or a primary parent's second parent). */
export async function reinviteUser(deps: AuthDeps, auth: Auth, userId: number, ip: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await findUserWithCenter(tx, userId);
    if (!found) throw notFound();
    const invitee = found.user;
    assertCenter(auth, invitee.centerId);
    // Staff who could have invited her, or a primary parent for her own second parent.
    if (!canReinviteAsCaller(auth, invitee)) throw forbidden();
    if (invitee.status !== 'Invited') throw badRequest(MSG.NOT_INVITED);
    await sendInvitation(tx, deps, now, auth, invitee);
    await audit(
      tx,
      auth,
      { action: 'reinvite', entityType: 'user', entityId: invitee.id, centerId: invitee.centerId },
      ip,
    );
  });
}

/**
 * POST /invitesecondaryip: a primary intended parent (themselves, or staff for them) invites a
 * second parent, who joins with the primary's case manager and becomes Pre-Active on sign-up.
 */
export async function inviteSecondary(
  deps: UsersDeps,
  auth: Auth,
  body: z.output<typeof inviteSecondaryBody>,
  ip: string,
): Promise<InviteUserAnswer> {
  const now = deps.clock.now();
  if (!canInviteSecondParent(auth, body.primaryIP_id)) throw forbidden();
  try {
    return await deps.db.transaction(async (tx) => {
      const primary = await findUser(tx, body.primaryIP_id, true);
      if (!primary || primary.role !== ROLE.CLIENT) throw notFound();
      assertCenter(auth, primary.centerId);
      if (primary.parentId !== null) throw badRequest(USERS_MSG.SECONDARY_OF_SECONDARY);
      if (await hasSecondaryParent(tx, primary.id)) throw badRequest(USERS_MSG.SECONDARY_EXISTS);
      if (await findUserByUsername(tx, body.secondaryIP_username)) throw badRequest(MSG.USERNAME_EXISTS);
      const created = await insertUser(tx, {
        centerId: primary.centerId,
        role: ROLE.CLIENT,
        status: 'Invited',
        username: body.secondaryIP_username,
        firstName: body.secondaryIP_fname,
        lastName: body.secondaryIP_lname,
        managerId: primary.managerId,
        parentId: primary.id,
        createdAt: now,
        updatedAt: now,
      });
      await sendInvitation(tx, deps, now, auth, created);
      await audit(
        tx,
        auth,
        {
          action: 'invite_secondary',
          entityType: 'user',
          entityId: created.id,
          centerId: primary.centerId,
          details: { primaryId: primary.id },
        },
        ip,
      );
      return { userId: created.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.USERNAME_EXISTS);
    throw error;
  }
}

/**
 * POST /inviteuserforanotherrole: an invited user (not signed up) of the caller's center is
 * invited again under another user type, with the same rules as inviting (master: admins only;
 * admin: never a master; manager: clients and donors). A donor stays a donor (her form row may
 * hold imported data); a new donor gets her donor row.
 */
export async function inviteForAnotherRole(
  deps: AuthDeps,
  auth: Auth,
  body: { user_id: number; user_type: number },
  ip: string,
): Promise<{ userId: number; role: RoleId }> {
  const role = body.user_type as RoleId;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!canInvite(auth.role, role)) throw forbidden();
    const target = await findUser(tx, body.user_id, true);
    // The master, another center's users and anyone the caller could not have invited: 404 as unseen.
    if (!target || !canReinviteUser(auth, target)) throw notFound();
    if (target.status !== 'Invited') throw badRequest(MSG.NOT_INVITED);
    const refusal = reinviteRefusal(target, role);
    if (refusal === 'same-role') throw badRequest(USERS_MSG.SAME_ROLE);
    if (refusal === 'donor-fixed') throw badRequest(USERS_MSG.DONOR_ROLE_FIXED);
    const center = await findCenter(tx, target.centerId);
    if (!center) throw notFound();
    const managerId = role === ROLE.CLIENT ? await managerFor(tx, auth, center, undefined) : null;
    const changed = await updateUser(tx, target.id, { role, managerId, updatedAt: now });
    if (role === ROLE.DONOR) await insertDonorRow(tx, target.id, target.centerId);
    await sendInvitation(tx, deps, now, auth, changed!);
    await audit(
      tx,
      auth,
      {
        action: 'invite.another-role',
        entityType: 'user',
        entityId: target.id,
        centerId: target.centerId,
        details: { from: target.role, to: role },
      },
      ip,
    );
    return { userId: target.id, role };
  });
}
