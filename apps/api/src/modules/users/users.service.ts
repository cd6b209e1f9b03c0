import {
  type AssignAnswer,
  activeNeedsCaseManager,
  archiveNeedsPortfolioCheck,
  archiveNeedsReason,
  type ClientOption,
  canAdministerUsers,
  canInvite,
  canInviteSecondParent,
  canManageUser,
  canReadUserContact,
  canReinviteUser,
  chosenCenter,
  EMAIL_TYPE,
  INVITE_TOKEN_TTL_MS,
  type InviteUserAnswer,
  type InviteUserBody,
  type IpCacheTime,
  type IpSearchHistory,
  inviteCenterOf,
  inviterAsCaseManager,
  type inviteSecondaryBody,
  type ipSearchHistoryBody,
  isMaster,
  listableUserRoles,
  MSG,
  preActiveNeedsConfirmation,
  ROLE,
  ROLE_LABEL,
  type RoleId,
  type registeredIpReportBody,
  reinviteRefusal,
  type StaffOption,
  type StatusConfirmation,
  settableUserStatuses,
  statusFollowsPrimary,
  USERS_MSG,
  type UserContactDetails,
  type UserList,
  type UserListQuery,
  type UserRow as UserListRow,
  type UserStatus,
  type UserStatusAnswer,
  type updateUserDetailsBody,
  type updateUserStatusBody,
  userListBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import { type Auth, assertCenter } from '../../platform/auth-context.js';
import { hashPassword } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import {
  type CenterRow,
  endUserSessions,
  findCenter,
  findUserByUsername,
  findUserWithCenter,
  issueUserToken,
  spendUserTokens,
  type UserRow,
} from '../auth/auth.repo.js';
import type { AuthDeps } from '../auth/auth.service.js';
import {
  activePortfolioCount,
  allUsers,
  assignManager,
  deleteUserRow,
  findActiveManager,
  findUser,
  hasSecondaryParent,
  idsWithRole,
  insertDonorRow,
  insertUser,
  type ListScope,
  lastCenterAuditAt,
  listSearchHistory,
  listUsers,
  registeredParents,
  setFollowersStatus,
  settingsOf,
  staffOf,
  updateUser,
} from './users.repo.js';

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
  return settingsOf(center).defaultCaseManagerId;
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
    await sendInvitation(tx, deps, now, auth, invitee);
    await audit(
      tx,
      auth,
      { action: 'reinvite', entityType: 'user', entityId: invitee.id, centerId: invitee.centerId },
      ip,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Grids, status rules, details, temporary password, delete, assignment, second parent, reports
// ---------------------------------------------------------------------------------------------

type UsersDeps = Pick<AuthDeps, 'db' | 'clock' | 'config' | 'secrets'>;

/** What a caller's grids may show: the master every center and role, managers their center's clients. */
export function listScopeOf(auth: Auth, centerId?: number): ListScope {
  const roles = [...listableUserRoles(auth)];
  return { centerId: isMaster(auth) ? (centerId ?? null) : auth.centerId, roles, userId: auth.userId };
}

/** A role grid's query: the grid's role wins over any in the body. */
function withRole(q: UserListQuery, role: RoleId | undefined): UserListQuery {
  return role === undefined ? q : { ...q, user_type_id: role };
}

/** POST /getallusers and the role grids. */
export async function userList(
  deps: UsersDeps,
  auth: Auth,
  q: UserListQuery,
  role?: RoleId,
): Promise<UserList> {
  const scope = listScopeOf(auth, q.center_id);
  const query = withRole(q, role);
  if (!scope.roles.includes(query.user_type_id ?? scope.roles[0]!)) return { rows: [], count: 0 };
  return listUsers(deps.db, scope, query);
}

/** The CSV rows of a users grid: every page the filters select. */
export async function* userCsvRows(
  deps: UsersDeps,
  auth: Auth,
  q: UserListQuery,
  role?: RoleId,
): AsyncGenerator<unknown[][]> {
  const scope = listScopeOf(auth, q.center_id);
  const query = withRole(q, role);
  if (!scope.roles.includes(query.user_type_id ?? scope.roles[0]!)) return;
  for await (const batch of allUsers(deps.db, scope, query)) {
    yield batch.map((u) => [
      u.userId,
      u.firstName,
      u.middleName,
      u.lastName,
      u.username,
      u.contactNo,
      ROLE_LABEL[u.role],
      u.status,
      u.managerName ?? '',
      u.centerName,
      u.createdAt.slice(0, 10),
      u.lastLoginAt?.slice(0, 10) ?? '',
    ]);
  }
}

/**
 * The user a caller may change: the master any but a master; others only their own center
 * (another center's user is 404), and a manager only intended parents (others 404).
 */
async function manageableUser(tx: Db, auth: Auth, userId: number): Promise<UserRow> {
  const target = await findUser(tx, userId, true);
  // Nobody's grid lists the master, nor a manager's anyone but intended parents: 404 as unseen.
  if (!target || !canManageUser(auth, target)) throw notFound();
  return target;
}

/** POST /updateuserstatus with every rule of the spec (donor-forms-admin section 4, Users). */
export async function updateUserStatus(
  deps: UsersDeps,
  auth: Auth,
  body: z.output<typeof updateUserStatusBody>,
  ip: string,
): Promise<UserStatusAnswer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const target = await manageableUser(tx, auth, body.user_id);
    const from = target.status as UserStatus;
    const to = body.status;
    if (from === to) return { userId: target.id, status: to, followers: [] };
    if (from === 'Invited' && to !== 'Archived') throw badRequest(USERS_MSG.NOT_SIGNED_UP);
    if (!settableUserStatuses(target).includes(to)) throw badRequest(USERS_MSG.PREACTIVE_CLIENTS_ONLY);
    if (activeNeedsCaseManager(target, to)) {
      // A secondary parent works with the primary's case manager.
      const primary = target.parentId ? await findUser(tx, target.parentId) : target;
      if (!primary?.managerId) throw badRequest(USERS_MSG.ASSIGN_MANAGER_FIRST);
    }
    const center = await findCenter(tx, target.centerId);
    if (preActiveNeedsConfirmation(center, target, from, to) && !body.confirmed) {
      throw conflict(USERS_MSG.PREACTIVE_CONFIRM, { confirm: 'preactive' } satisfies StatusConfirmation);
    }
    const reason = body.archiveReason?.trim() ?? '';
    if (center && archiveNeedsReason(center, target, from, to) && !reason) {
      throw badRequest(USERS_MSG.ARCHIVE_REASON_REQUIRED);
    }
    if (archiveNeedsPortfolioCheck(target, to) && !body.confirmed) {
      const portfolios = await activePortfolioCount(tx, target.id);
      if (portfolios > 0) {
        throw conflict(USERS_MSG.PORTFOLIO_CONFIRM, {
          confirm: 'portfolio',
          portfolios,
        } satisfies StatusConfirmation);
      }
    }
    await updateUser(tx, target.id, {
      status: to,
      updatedAt: now,
      ...(to === 'Archived' && reason ? { archivedNote: reason } : {}),
    });
    // Secondary parents follow their primary to Archived or Pre-Active (not the still Invited ones).
    const followers = statusFollowsPrimary(target, to)
      ? await setFollowersStatus(tx, target.id, to, now)
      : [];
    if (to === 'Archived') {
      for (const id of [target.id, ...followers])
        await endUserSessions(tx, id, 'archived', now, { ownOnly: false });
    }
    await audit(
      tx,
      auth,
      {
        action: 'user_status',
        entityType: 'user',
        entityId: target.id,
        centerId: target.centerId,
        details: { from, to, followers, archiveReason: reason ? 'given' : undefined },
      },
      ip,
    );
    return { userId: target.id, status: to, followers };
  });
}

/** GET /checkmanageractiveportfolio/{id}: how many portfolios the manager still works on. */
export async function managerActivePortfolios(deps: UsersDeps, auth: Auth, managerId: number) {
  const target = await findUser(deps.db, managerId);
  if (!target) throw notFound();
  assertCenter(auth, target.centerId);
  if (target.role !== ROLE.MANAGER) throw notFound();
  return { portfolios: await activePortfolioCount(deps.db, target.id) };
}

/** POST /updateuserdetails: names, e-mail (the login name) and contact number. */
export async function updateUserDetails(
  deps: UsersDeps,
  auth: Auth,
  body: z.output<typeof updateUserDetailsBody>,
  ip: string,
): Promise<UserListRow> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const target = await manageableUser(tx, auth, body.user_id);
      const other = await findUserByUsername(tx, body.email);
      if (other && other.id !== target.id) throw badRequest(MSG.USERNAME_EXISTS);
      const next = {
        firstName: body.firstname,
        middleName: body.middlename,
        lastName: body.lastname,
        username: body.email,
        contactNo: body.contactno,
      };
      await updateUser(tx, target.id, { ...next, updatedAt: now });
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => target[k] !== next[k]);
      await audit(
        tx,
        auth,
        {
          action: 'user_details',
          entityType: 'user',
          entityId: target.id,
          centerId: target.centerId,
          details: { fields: changed },
        },
        ip,
      );
      const scope = listScopeOf(auth, target.centerId);
      const page = await listUsers(
        tx,
        { ...scope, roles: [target.role as RoleId] },
        {
          ...userListBody.parse({}),
          search: body.email,
        },
      );
      return page.rows.find((r) => r.userId === target.id)!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.USERNAME_EXISTS);
    throw error;
  }
}

/** Admin (and master) only: managers see these screens but have no password or delete tools. */
function assertAdmin(auth: Auth): void {
  if (!canAdministerUsers(auth)) throw forbidden();
}

/** POST /settemporarypassword: the admin sets a password; the user's sessions end. */
export async function setTemporaryPassword(
  deps: UsersDeps,
  auth: Auth,
  body: { user_id: number; password: string },
  ip: string,
): Promise<void> {
  assertAdmin(auth);
  const now = deps.clock.now();
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    const target = await manageableUser(tx, auth, body.user_id);
    if (target.status === 'Invited') throw badRequest(USERS_MSG.NOT_SIGNED_UP);
    await updateUser(tx, target.id, { passwordHash, updatedAt: now });
    await spendUserTokens(tx, target.id, ['reset'], now);
    await endUserSessions(tx, target.id, 'password_changed', now, { ownOnly: false });
    await audit(
      tx,
      auth,
      { action: 'temporary_password', entityType: 'user', entityId: target.id, centerId: target.centerId },
      ip,
    );
  });
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/** DELETE /deleteuser/{id}: removes the account (and its donor row); users with records are refused. */
export async function deleteUser(deps: UsersDeps, auth: Auth, userId: number, ip: string): Promise<void> {
  assertAdmin(auth);
  if (userId === auth.userId) throw badRequest(USERS_MSG.DELETE_SELF);
  try {
    await deps.db.transaction(async (tx) => {
      const target = await manageableUser(tx, auth, userId);
      await deleteUserRow(tx, target.id);
      await audit(
        tx,
        auth,
        {
          action: 'user_deleted',
          entityType: 'user',
          entityId: target.id,
          centerId: target.centerId,
          details: { role: target.role },
        },
        ip,
      );
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(USERS_MSG.USER_HAS_RECORDS);
    throw error;
  }
}

/** GET /getcasemanagerlist: the center's case managers that are not archived. */
export async function managerOptions(deps: UsersDeps, auth: Auth, centerId?: number): Promise<StaffOption[]> {
  return staffOf(deps.db, chosenCenter(auth, centerId), [ROLE.MANAGER]);
}

/** GET /getadmin: who donors can be assigned to. */
export async function assigneeOptions(deps: UsersDeps, auth: Auth): Promise<StaffOption[]> {
  return staffOf(deps.db, auth.centerId, [ROLE.ADMIN, ROLE.MANAGER]);
}

/** An active user of the caller's center with one of the roles, or 404. */
async function activeStaff(tx: Db, auth: Auth, userId: number, roles: RoleId[]): Promise<UserRow> {
  const found = await findUser(tx, userId);
  if (!found || found.centerId !== auth.centerId || !roles.includes(found.role as RoleId)) throw notFound();
  if (found.status === 'Archived') throw notFound();
  return found;
}

/**
 * Gives users of the caller's center with `role` (and their secondary parents) an assignee: an
 * active staff member with one of `assigneeRoles`. Anyone of another center or role is 404.
 */
async function assignTo(
  deps: UsersDeps,
  auth: Auth,
  assignment: { assigneeId: number; assigneeRoles: RoleId[]; role: RoleId; ids: number[]; action: string },
  ip: string,
): Promise<AssignAnswer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const assignee = await activeStaff(tx, auth, assignment.assigneeId, assignment.assigneeRoles);
    const wanted = [...new Set(assignment.ids)];
    const found = await idsWithRole(tx, auth.centerId, wanted, assignment.role);
    if (found.length !== wanted.length) throw notFound();
    const assigned = await assignManager(tx, wanted, assignee.id, now);
    await audit(
      tx,
      auth,
      {
        action: assignment.action,
        entityType: 'user',
        entityId: assignee.id,
        centerId: auth.centerId,
        details: { users: wanted },
      },
      ip,
    );
    return { assigned };
  });
}

/** POST /assignclienttomanager and /assignparticularclient: clients (and their secondary parents) get a manager. */
export function assignClients(
  deps: UsersDeps,
  auth: Auth,
  body: { manager_id: number; clients: number[] },
  ip: string,
): Promise<AssignAnswer> {
  return assignTo(
    deps,
    auth,
    {
      assigneeId: body.manager_id,
      assigneeRoles: [ROLE.MANAGER],
      role: ROLE.CLIENT,
      ids: body.clients,
      action: 'clients_assigned',
    },
    ip,
  );
}

/** POST /assigndonortoadminmanager: donors get an admin or case manager who looks after them. */
export function assignDonors(
  deps: UsersDeps,
  auth: Auth,
  body: { admin_manager_id: number; donors: number[] },
  ip: string,
): Promise<AssignAnswer> {
  return assignTo(
    deps,
    auth,
    {
      assigneeId: body.admin_manager_id,
      assigneeRoles: [ROLE.ADMIN, ROLE.MANAGER],
      role: ROLE.DONOR,
      ids: body.donors,
      action: 'donors_assigned',
    },
    ip,
  );
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

/** GET /getsecondaryintendedparent: the caller's (a primary parent's) second parent, if any. */
export async function secondaryOf(deps: UsersDeps, auth: Auth): Promise<UserListRow | null> {
  const page = await listUsers(
    deps.db,
    { centerId: auth.centerId, roles: [ROLE.CLIENT], userId: auth.userId },
    { ...userListBody.parse({}), parent_type: 'secondary' },
  );
  return page.rows.find((r) => r.parentId === auth.userId) ?? null;
}

function filterSummary(filters: unknown): string {
  if (!filters || typeof filters !== 'object') return '';
  const parts: string[] = [];
  const f = filters as Record<string, unknown>;
  if (typeof f.minage === 'number' && typeof f.maxage === 'number')
    parts.push(`age: ${f.minage}-${f.maxage}`);
  for (const [key, value] of Object.entries(f)) {
    if (Array.isArray(value) && value.length > 0) parts.push(`${key}: ${value.join(', ')}`);
    else if (key === 'globalSearch' && typeof value === 'string' && value.trim())
      parts.push(`text: ${value}`);
  }
  return parts.join('; ');
}

/** POST /getipsearchhistory: the searches the center's intended parents ran. */
export async function ipSearchHistory(
  deps: UsersDeps,
  auth: Auth,
  q: z.output<typeof ipSearchHistoryBody>,
): Promise<IpSearchHistory> {
  const page = await listSearchHistory(deps.db, auth.centerId, q);
  return {
    rows: page.rows.map((r, i) => ({ ...r, summary: filterSummary(page.filters[i]) })),
    count: page.count,
  };
}

/** POST /generateregisteredipcsv: intended parents of the caller's center registered in the range. */
export async function* registeredIpCsvRows(
  deps: UsersDeps,
  auth: Auth,
  body: z.output<typeof registeredIpReportBody>,
): AsyncGenerator<unknown[][]> {
  const start = new Date(`${body.startdate}T00:00:00.000Z`);
  const end = new Date(new Date(`${body.lastdate}T00:00:00.000Z`).getTime() + 86_400_000);
  for await (const batch of registeredParents(deps.db, auth.centerId, start, end, body.userstatus)) {
    yield batch.map((u) => [
      u.userId,
      u.firstName,
      u.lastName,
      u.username,
      u.contactNo,
      u.status,
      u.managerName ?? '',
      u.createdAt.slice(0, 10),
      u.referrer ?? '',
    ]);
  }
}

// ---------------------------------------------------------------------------------------------
// Another user type, client picker, contact details, intended-parent list refresh
// ---------------------------------------------------------------------------------------------

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

/** POST /getclientslist: up to 50 intended parents of the caller's scope (a manager's center). */
export async function clientOptions(deps: UsersDeps, auth: Auth, search: string): Promise<ClientOption[]> {
  const scope = listScopeOf(auth);
  const page = await listUsers(
    deps.db,
    scope,
    userListBody.parse({ search, to: 50, user_type_id: ROLE.CLIENT, sort: 'name' }),
  );
  return page.rows.map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    username: r.username,
    status: r.status as UserStatus,
  }));
}

/**
 * GET /getusercontactdetails/{id}: name, e-mail and phone of a user of the caller's center (the
 * master: any center). The master is nobody's contact (404); a read of a donor's is audited.
 */
export async function contactDetails(
  deps: UsersDeps,
  auth: Auth,
  userId: number,
  ip: string,
): Promise<UserContactDetails> {
  const target = await findUser(deps.db, userId);
  if (!target || !canReadUserContact(auth, target)) throw notFound();
  if (target.role === ROLE.DONOR) {
    await audit(
      deps.db,
      auth,
      { action: 'donor.contact.read', entityType: 'donor', entityId: target.id, centerId: target.centerId },
      ip,
    );
  }
  return {
    userId: target.id,
    role: target.role as RoleId,
    name: fullNameOf(target),
    email: target.username,
    contactNo: target.contactNo,
    countryCode: target.countryCode,
  };
}

const IP_CACHE_ACTION = 'intendedparents.cache';

/**
 * POST /saveintendedparentscache. The intended-parent grids read live, indexed rows, so there is
 * no copy to rebuild: the refresh is recorded (audit log) and its time answered, which is what
 * GET /getlastcacheupdatedtime shows on the grid.
 */
export async function saveIpCache(deps: UsersDeps, auth: Auth, ip: string): Promise<IpCacheTime> {
  await audit(deps.db, auth, { action: IP_CACHE_ACTION, entityType: 'center', entityId: auth.centerId }, ip);
  return lastIpCacheTime(deps, auth);
}

export async function lastIpCacheTime(deps: UsersDeps, auth: Auth): Promise<IpCacheTime> {
  const at = await lastCenterAuditAt(deps.db, auth.centerId, IP_CACHE_ACTION);
  return { updatedAt: at?.toISOString() ?? null };
}
