import {
  type AssignAnswer,
  activeNeedsCaseManager,
  archiveNeedsPortfolioCheck,
  archiveNeedsReason,
  type ClientOption,
  canAdministerUsers,
  canManageUser,
  canReadUserContact,
  chosenCenter,
  type IpCacheTime,
  type IpSearchHistory,
  type ipSearchHistoryBody,
  isMaster,
  listableUserRoles,
  MSG,
  preActiveNeedsConfirmation,
  ROLE,
  ROLE_LABEL,
  type RoleId,
  type registeredIpReportBody,
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
import { fullNameOf } from '../../platform/session-user.js';
import {
  endUserSessions,
  findCenter,
  findUserByUsername,
  spendUserTokens,
  type UserRow,
} from '../auth/auth.repo.js';
import type { UsersDeps } from './users.invite.js';
import {
  activePortfolioCount,
  allUsers,
  assignManager,
  deleteUserRow,
  findUser,
  idsWithRole,
  type ListScope,
  lastCenterAuditAt,
  listSearchHistory,
  listUsers,
  registeredParents,
  setFollowersStatus,
  staffOf,
  updateUser,
} from './users.repo.js';

// ---------------------------------------------------------------------------------------------
// Grids, status rules, details, temporary password, delete, assignment, second parent, reports
// ---------------------------------------------------------------------------------------------

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
