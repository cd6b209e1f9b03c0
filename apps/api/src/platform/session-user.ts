import { type DonorAvailability, ROLE, type RoleId, type SessionUser, type UserStatus } from '@dm/shared';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centerSettings, centers, donors, portfolios, terms, users } from '../db/schema/index.js';
import { type Db, preparedPerDb } from './db.js';
import { notFound } from './errors.js';

/**
 * A user as a job that tells them something reads them: what the policy checks of a caller and how
 * to reach them (e-mail, and text when they chose texts and verified the number). Select from users
 * joined to centers.
 */
export const notifiedUserColumns = {
  userId: users.id,
  role: users.role,
  status: users.status,
  centerId: users.centerId,
  parentId: users.parentId,
  managerId: users.managerId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  contactNo: users.contactNo,
  countryCode: users.countryCode,
  wantsTexts: sql<boolean>`(${users.receiveTextNotification} and ${users.mobileVerifiedAt} is not null)`,
  agencyName: centers.agencyName,
  settings: centers.settings,
};

export function fullNameOf(user: { firstName: string; lastName: string; username: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name.length > 0 ? name : user.username;
}

/** The admin a switched session remembers (`switchedFromUserId`), joined under this name. */
export const switchedFromUser = alias(users, 'switched_from');

/**
 * The columns the session user is made of, for a select over `users` joined with `centers`, left
 * joined with `donors` (on the user) and `switchedFromUser` (the admin a switched session
 * remembers): the user's and center's columns it shows, the donor's state, the admin, the
 * client's portfolio in use (Active or Submitted, newest first: where the client lands) and when
 * the terms in force were published. GET /me reads them in the session lookup itself
 * (`platform/auth-context.ts`); login and switching read them by user id (`buildSessionUser`).
 */
export function sessionUserColumns(db: Db) {
  const shortlist = db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(
      and(
        eq(portfolios.clientId, sql`coalesce(${users.parentId}, ${users.id})`),
        inArray(portfolios.status, ['Active', 'Submitted']),
      ),
    )
    .orderBy(desc(portfolios.updatedAt), desc(portfolios.id))
    .limit(1);
  const termsPublished = db.select({ at: max(terms.publishedAt) }).from(terms);
  return {
    profile: {
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      centerId: users.centerId,
      parentId: users.parentId,
      managerId: users.managerId,
      eulaAcceptedAt: users.eulaAcceptedAt,
      lastLoginAt: users.lastLoginAt,
      ipFormSubmittedAt: users.ipFormSubmittedAt,
    },
    profileCenter: {
      id: centers.id,
      name: centers.name,
      appTitle: centers.appTitle,
      onboarded: centers.onboarded,
      preActiveAccess: centers.preActiveAccess,
      consumerSite: centers.consumerSite,
      payments: centers.payments,
      settings: centers.settings,
    },
    donor: {
      preFormStatus: donors.preFormStatus,
      availability: donors.availability,
      lastTab: donors.lastTab,
    },
    admin: {
      id: switchedFromUser.id,
      role: switchedFromUser.role,
      firstName: switchedFromUser.firstName,
      lastName: switchedFromUser.lastName,
      username: switchedFromUser.username,
    },
    shortlistId: sql<number | null>`${shortlist}`.mapWith(portfolios.id),
    termsUpdatedAt: sql<Date | null>`${termsPublished}`.mapWith(terms.publishedAt),
  };
}

/**
 * The session user by user id, in one prepared statement built once per database (four
 * separately built queries cost more to build and plan than to run).
 */
const sessionUserQuery = preparedPerDb('session_user', (db, name) =>
  db
    .select(sessionUserColumns(db))
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .leftJoin(donors, eq(donors.userId, users.id))
    .leftJoin(switchedFromUser, eq(switchedFromUser.id, sql.placeholder('switchedFromUserId')))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare(name),
);

/** What a select of `sessionUserColumns` answers for one row. */
export type SessionUserRow = Awaited<ReturnType<typeof sessionUserQuery>>[number];

/**
 * The session of platform.md section 3 as the browser keeps it, read fresh from the database.
 * Callers that are about to record a login pass the user before lastLoginAt is moved, so the
 * post-login destination still sees the previous login.
 */
export async function buildSessionUser(
  db: Db,
  userId: number,
  switchedFromUserId: number | null,
): Promise<SessionUser> {
  const [row] = await sessionUserQuery(db, { userId, switchedFromUserId });
  if (!row) throw notFound();
  return sessionUserOf(row, switchedFromUserId);
}

/** The session user from a row of `sessionUserColumns`. */
export function sessionUserOf(row: SessionUserRow, switchedFromUserId: number | null): SessionUser {
  const { profile: user, profileCenter: center, donor, admin } = row;
  const settings = centerSettings(center.settings);
  const switchedFrom: SessionUser['switchedFrom'] =
    switchedFromUserId !== null && admin
      ? { userId: admin.id, role: admin.role as RoleId, fullName: fullNameOf(admin) }
      : null;

  const role = user.role as RoleId;
  return {
    userId: user.id,
    username: user.username,
    email: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullNameOf(user),
    role,
    status: user.status as UserStatus,
    center: {
      id: center.id,
      name: center.name,
      appTitle: center.appTitle,
      onboarded: center.onboarded,
      preActiveAccess: center.preActiveAccess,
      consumerSite: center.consumerSite,
      payments: center.payments,
      compareDonors: settings.compareDonors,
      ipFormVisible: settings.ipFormVisible,
      preActiveDonorDetails: settings.canPreactiveIpAccessDonorDetail,
      parentTypeFilter: settings.parentTypeFilter,
    },
    parentId: user.parentId,
    managerId: user.managerId,
    shortlistId: role === ROLE.CLIENT ? row.shortlistId : null,
    eulaAccepted: user.eulaAcceptedAt !== null,
    eulaAcceptedAt: user.eulaAcceptedAt?.toISOString() ?? null,
    // No terms published yet: nothing newer than any acceptance.
    termsUpdatedAt: (row.termsUpdatedAt ?? new Date(0)).toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    switchedFrom,
    donor:
      role === ROLE.DONOR
        ? {
            preFormStatus: donor?.preFormStatus ?? null,
            availability: (donor?.availability ?? 'Invited') as DonorAvailability,
            lastTab: donor?.lastTab ?? null,
          }
        : null,
    client:
      role === ROLE.CLIENT
        ? { ipFormSubmitted: user.ipFormSubmittedAt !== null, firstLogin: user.lastLoginAt === null }
        : null,
  };
}
