import { ROLE } from '@dm/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { centers, conciergeRequests, userProfiles, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type ConciergeRow = typeof conciergeRequests.$inferSelect;

/** The client's request, if she made one (there is at most one). */
export async function requestOfUser(db: Db, userId: number): Promise<ConciergeRow | undefined> {
  const [row] = await db
    .select()
    .from(conciergeRequests)
    .where(eq(conciergeRequests.userId, userId))
    .limit(1);
  return row;
}

/** A request by id; `forUpdate` locks it until the transaction ends. */
export async function requestById(db: Db, id: number, forUpdate = false): Promise<ConciergeRow | undefined> {
  const query = db.select().from(conciergeRequests).where(eq(conciergeRequests.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** What the dialog opens with: the client's names, e-mail and number, and her two profile choices. */
export async function clientContact(db: Db, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      contactNo: users.contactNo,
      centerName: centers.name,
      voicemail: sql<boolean>`coalesce(${userProfiles.voicemail}, false)`,
      newsletter: sql<boolean>`coalesce(${userProfiles.receiveEducationEmail}, false)`,
    })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function insertRequest(
  tx: Db,
  values: Omit<typeof conciergeRequests.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await tx.insert(conciergeRequests).values(values).returning({ id: conciergeRequests.id });
  return row!.id;
}

/** The client's newsletter (education e-mails) and voicemail choices, kept on her profile too. */
export async function saveProfileChoices(
  tx: Db,
  userId: number,
  choices: { newsletter: boolean; voicemail: boolean },
  at: Date,
): Promise<void> {
  const set = { receiveEducationEmail: choices.newsletter, voicemail: choices.voicemail, updatedAt: at };
  await tx
    .insert(userProfiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userProfiles.userId, set });
}

/** The center's active admins: told when the client has no case manager. */
export function activeAdminsOf(db: Db, centerId: number) {
  return db
    .select({ id: users.id, username: users.username, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.centerId, centerId), eq(users.role, ROLE.ADMIN), eq(users.status, 'Active')))
    .orderBy(asc(users.id));
}

const client = alias(users, 'client');
const assigned = alias(users, 'assigned');
const handler = alias(users, 'handler');
const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/** A center's requests for the staff list: open ones first, then newest first. */
export function requestsOfCenter(db: Db, centerId: number) {
  return db
    .select({
      request: conciergeRequests,
      clientName: nameOf(client),
      clientStatus: client.status,
      assignedToName: sql<
        string | null
      >`case when ${assigned.id} is null then null else ${nameOf(assigned)} end`,
      handledByName: sql<
        string | null
      >`case when ${handler.id} is null then null else ${nameOf(handler)} end`,
    })
    .from(conciergeRequests)
    .innerJoin(client, eq(client.id, conciergeRequests.userId))
    .leftJoin(assigned, eq(assigned.id, conciergeRequests.assignedTo))
    .leftJoin(handler, eq(handler.id, conciergeRequests.handledBy))
    .where(eq(conciergeRequests.centerId, centerId))
    .orderBy(
      sql`case when ${conciergeRequests.status} = 'requested' then 0 else 1 end`,
      desc(conciergeRequests.createdAt),
      desc(conciergeRequests.id),
    );
}

export async function markHandled(
  tx: Db,
  id: number,
  values: { handledBy: number; handledAt: Date; handledNote: string },
): Promise<void> {
  await tx
    .update(conciergeRequests)
    .set({ status: 'handled', ...values })
    .where(eq(conciergeRequests.id, id));
}
