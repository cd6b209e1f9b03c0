import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  centerSettings,
  centers,
  countries,
  emailChanges,
  userProfiles,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Every SQL statement of the profile. */

/** A user with their profile row (null fields when they have none) and their center's text setting. */
export async function findProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        username: users.username,
        role: users.role,
        status: users.status,
        centerId: users.centerId,
        parentId: users.parentId,
        firstName: users.firstName,
        middleName: users.middleName,
        lastName: users.lastName,
        contactNo: users.contactNo,
        countryCode: users.countryCode,
        mobileVerifiedAt: users.mobileVerifiedAt,
        country: users.country,
        emailNotifications: users.emailNotifications,
        receiveTextNotification: users.receiveTextNotification,
      },
      profile: userProfiles,
      centerSettings: centers.settings,
    })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return { ...row, textsAvailable: centerSettings(row.centerSettings).receiveTextMessages };
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** The e-mail of a primary parent's second parent, if any. */
export async function secondaryParentEmail(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.parentId, userId))
    .orderBy(users.id)
    .limit(1);
  return row?.username ?? null;
}

/** Locks the user's row for the rest of the transaction (profile saves, e-mail changes). */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

export async function updateUserFields(
  tx: Db,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

type ProfileValues = Omit<typeof userProfiles.$inferInsert, 'userId'>;

export async function upsertProfile(tx: Db, userId: number, values: ProfileValues): Promise<void> {
  await tx
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.userId, set: values });
}

/** Whether another account already has this username (any case). */
export async function usernameTaken(tx: Db, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export async function insertEmailChange(tx: Db, values: typeof emailChanges.$inferInsert): Promise<void> {
  await tx.insert(emailChanges).values(values);
}

/** The user's newest e-mail change not yet used. */
export async function newestEmailChange(tx: Db, userId: number) {
  const [row] = await tx
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)))
    .orderBy(desc(emailChanges.createdAt), desc(emailChanges.id))
    .limit(1);
  return row;
}
export type EmailChangeRow = NonNullable<Awaited<ReturnType<typeof newestEmailChange>>>;

/** The user's newest e-mail change, used or not (the resend wait reads it). */
export async function lastEmailChangeSentAt(tx: Db, userId: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ createdAt: emailChanges.createdAt })
    .from(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function updateEmailChange(
  tx: Db,
  id: number,
  values: Partial<typeof emailChanges.$inferInsert>,
): Promise<void> {
  await tx.update(emailChanges).set(values).where(eq(emailChanges.id, id));
}

/** A used-up change ends every other pending change of the user. */
export async function closeEmailChanges(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ usedAt: at })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

/** A country's ISO code from its name or code ('United States', 'US'); undefined when unknown. */
export async function countryIsoOf(db: Db, country: string): Promise<string | undefined> {
  const [row] = await db
    .select({ isoCode: countries.isoCode })
    .from(countries)
    .where(sql`lower(${countries.name}) = lower(${country}) or ${countries.isoCode} = upper(${country})`)
    .limit(1);
  return row?.isoCode;
}
