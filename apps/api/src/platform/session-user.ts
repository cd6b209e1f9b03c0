import { type DonorAvailability, ROLE, type RoleId, type SessionUser, type UserStatus } from '@dm/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { centerSettings, centers, donors, portfolios, terms, users } from '../db/schema/index.js';
import type { Db } from './db.js';
import { notFound } from './errors.js';

export function fullNameOf(user: { firstName: string; lastName: string; username: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name.length > 0 ? name : user.username;
}

/** When the terms in force were published; the terms view shows again after a newer version. */
export async function termsUpdatedAt(db: Db): Promise<Date> {
  const [row] = await db
    .select({ publishedAt: terms.publishedAt })
    .from(terms)
    .orderBy(desc(terms.publishedAt))
    .limit(1);
  // No terms published yet: nothing newer than any acceptance.
  return row?.publishedAt ?? new Date(0);
}

/** The client's portfolio in use (Active or Submitted), newest first: where the client lands. */
async function clientShortlistId(db: Db, clientId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.clientId, clientId), inArray(portfolios.status, ['Active', 'Submitted'])))
    .orderBy(desc(portfolios.updatedAt), desc(portfolios.id))
    .limit(1);
  return row?.id ?? null;
}

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
  const [row] = await db
    .select({ user: users, center: centers, donor: donors })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .leftJoin(donors, eq(donors.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const { user, center, donor } = row;
  const settings = centerSettings(center.settings);

  let switchedFrom: SessionUser['switchedFrom'] = null;
  if (switchedFromUserId !== null) {
    const [admin] = await db
      .select({
        id: users.id,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      })
      .from(users)
      .where(eq(users.id, switchedFromUserId))
      .limit(1);
    if (admin) switchedFrom = { userId: admin.id, role: admin.role as RoleId, fullName: fullNameOf(admin) };
  }

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
      parentTypeFilter: settings.parentTypeFilter,
    },
    parentId: user.parentId,
    managerId: user.managerId,
    shortlistId: role === ROLE.CLIENT ? await clientShortlistId(db, user.parentId ?? user.id) : null,
    eulaAccepted: user.eulaAcceptedAt !== null,
    eulaAcceptedAt: user.eulaAcceptedAt?.toISOString() ?? null,
    termsUpdatedAt: (await termsUpdatedAt(db)).toISOString(),
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
