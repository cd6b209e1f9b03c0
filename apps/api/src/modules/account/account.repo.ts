import { ROLE, type RoleId, type StaffMember, userFullName } from '@dm/shared';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** The password hash and what the throttle and audit need; undefined for an unknown user. */
export async function passwordOf(
  db: Db,
  userId: number,
): Promise<{ username: string; centerId: number; passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ username: users.username, centerId: users.centerId, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Ends every open session of the user but `keepSessionId` (the caller's), those an admin opened by
 * switching in included; answers the ended sessions' ids (their sockets are dropped).
 */
export async function endOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number,
  reason: string,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

const STAFF_ROLES: RoleId[] = [ROLE.ADMIN, ROLE.MANAGER];

/** The agency admins and case managers of a center who are not archived, by name. */
export async function centerStaff(db: Db, centerId: number): Promise<StaffMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      username: users.username,
      contactNo: users.contactNo,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.centerId, centerId), inArray(users.role, STAFF_ROLES), ne(users.status, 'Archived')))
    .orderBy(
      desc(users.role),
      asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`),
      asc(users.id),
    );
  return rows.map((r) => ({
    userId: r.userId,
    name: userFullName(r),
    role: r.role as RoleId,
    email: r.username,
    contactNo: r.contactNo || null,
    status: r.status,
  }));
}
