import { eq } from 'drizzle-orm';
import { centerSettings, centers, ipForms, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type IpFormRow = typeof ipForms.$inferSelect;

/** Whether a center has the IP form on (settings.ipFormVisible, default off). */
export async function centerIpFormVisible(db: Db, centerId: number): Promise<boolean> {
  const [row] = await db
    .select({ settings: centers.settings })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return centerSettings(row?.settings ?? {}).ipFormVisible;
}

/** The user the form belongs to, with their center's IP form setting. */
export async function findParent(db: Db, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      centerId: users.centerId,
      ipFormSubmittedAt: users.ipFormSubmittedAt,
      settings: centers.settings,
    })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { settings, ...rest } = row;
  return { ...rest, ipFormVisible: centerSettings(settings ?? {}).ipFormVisible };
}

export async function findForm(db: Db, userId: number): Promise<IpFormRow | undefined> {
  const [row] = await db.select().from(ipForms).where(eq(ipForms.userId, userId)).limit(1);
  return row;
}

type TabColumns = Pick<IpFormRow, 'general' | 'personalCharacteristics' | 'fertilityHistory'>;

/** Saves one tab (the others kept), creating the row on the first save. */
export async function saveTab(db: Db, userId: number, tab: Partial<TabColumns>, now: Date): Promise<void> {
  await db
    .insert(ipForms)
    .values({ userId, ...tab, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: ipForms.userId, set: { ...tab, updatedAt: now } });
}

export async function markSubmitted(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ ipFormSubmittedAt: now, updatedAt: now }).where(eq(users.id, userId));
}
