import { eq, sql } from 'drizzle-orm';
import {
  type CenterSettings,
  centerSettings,
  centers,
  donorPreforms,
  donors,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type PreformRow = typeof donorPreforms.$inferSelect;

/** The donor's account facts the pre-form needs: center, outcome so far, account name and e-mail. */
export async function findDonor(db: Db, userId: number) {
  const [row] = await db
    .select({
      userId: donors.userId,
      centerId: donors.centerId,
      preFormStatus: donors.preFormStatus,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.username,
    })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(eq(donors.userId, userId))
    .limit(1);
  return row;
}

export async function findPreform(db: Db, userId: number): Promise<PreformRow | undefined> {
  const [row] = await db.select().from(donorPreforms).where(eq(donorPreforms.userId, userId)).limit(1);
  return row;
}

export async function upsertPreform(db: Db, row: PreformRow): Promise<void> {
  const { userId: _, ...rest } = row;
  await db.insert(donorPreforms).values(row).onConflictDoUpdate({ target: donorPreforms.userId, set: rest });
}

/** The pre-form's outcome and the facts it gives the donor row (date of birth, height, weight). */
export async function updateDonorFromPreform(
  db: Db,
  userId: number,
  values: Partial<typeof donors.$inferInsert>,
): Promise<void> {
  await db.update(donors).set(values).where(eq(donors.userId, userId));
}

/** The center's settings (its pre-form rules among them), defaults filled in. */
export async function centerRules(db: Db, centerId: number): Promise<CenterSettings> {
  const [row] = await db
    .select({ settings: centers.settings })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return centerSettings(row?.settings ?? {});
}

/** Writes some settings keys of a center in one statement, keeping the others. */
export async function mergeCenterSettings(
  db: Db,
  centerId: number,
  values: Partial<CenterSettings>,
  now: Date,
): Promise<void> {
  await db
    .update(centers)
    .set({ settings: sql`${centers.settings} || ${JSON.stringify(values)}::jsonb`, updatedAt: now })
    .where(eq(centers.id, centerId));
}
