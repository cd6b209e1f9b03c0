import { EMAIL_TYPE, INVITE_TOKEN_TTL_MS, type InviteUserAnswer, MSG, ROLE, type RoleId } from '@dm/shared';
import { and, eq, ne } from 'drizzle-orm';
import { centerSettings, donors, users } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import { type Auth, assertCenter } from '../../platform/auth-context.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import {
  type CenterRow,
  findCenter,
  findUserByUsername,
  findUserWithCenter,
  issueUserToken,
  isUniqueViolation,
  spendUserTokens,
  type UserRow,
} from '../auth/auth.repo.js';
import type { AuthDeps } from '../auth/auth.service.js';
import type { InviteUserBody } from './users.schemas.js';

/** Which roles each role may invite (platform.md section 6, user management). */
const INVITABLE: Partial<Record<RoleId, readonly RoleId[]>> = {
  [ROLE.MASTER]: [ROLE.ADMIN],
  [ROLE.ADMIN]: [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR],
  [ROLE.MANAGER]: [ROLE.CLIENT, ROLE.DONOR],
};

export function canInvite(inviter: RoleId, invitee: RoleId): boolean {
  return INVITABLE[inviter]?.includes(invitee) ?? false;
}

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
  config: Config,
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
  await queueTemplatedMail(tx, {
    centerId: invitee.centerId,
    emailTypeId: INVITE_MAIL[invitee.role as RoleId],
    to: invitee.username,
    vars: {
      recipient: invitee.firstName || invitee.username,
      sender: await senderName(tx, auth),
      link: `${config.publicUrl}/#/signup/${token}`,
    },
  });
}

/** The center a new user joins: the master names one, everyone else invites into their own. */
async function targetCenter(db: Db, auth: Auth, centerId: number | undefined): Promise<CenterRow> {
  if (auth.role === ROLE.MASTER && centerId === undefined) throw badRequest(MSG.CENTER_REQUIRED);
  const center = await findCenter(db, auth.role === ROLE.MASTER ? centerId! : auth.centerId);
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
    const [manager] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, managerId),
          eq(users.role, ROLE.MANAGER),
          eq(users.centerId, center.id),
          ne(users.status, 'Archived'),
        ),
      )
      .limit(1);
    if (!manager) throw notFound();
    return manager.id;
  }
  if (auth.role === ROLE.MANAGER) return auth.userId;
  const settings = centerSettings(center.settings);
  return settings.defaultCaseManagerId;
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
      const [created] = await tx
        .insert(users)
        .values({
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
        })
        .returning();
      const invitee = created!;
      if (role === ROLE.DONOR) await tx.insert(donors).values({ userId: invitee.id, centerId: center.id });
      await sendInvitation(tx, deps.config, now, auth, invitee);
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

/** POST /reinviteuser: a new link for someone who has not signed up yet. */
export async function reinviteUser(deps: AuthDeps, auth: Auth, userId: number, ip: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await findUserWithCenter(tx, userId);
    if (!found) throw notFound();
    const invitee = found.user;
    assertCenter(auth, invitee.centerId);
    if (!canInvite(auth.role, invitee.role as RoleId)) throw forbidden();
    if (invitee.status !== 'Invited') throw badRequest(MSG.NOT_INVITED);
    await sendInvitation(tx, deps.config, now, auth, invitee);
    await audit(
      tx,
      auth,
      { action: 'reinvite', entityType: 'user', entityId: invitee.id, centerId: invitee.centerId },
      ip,
    );
  });
}
