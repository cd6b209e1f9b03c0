import { and, eq, sql } from 'drizzle-orm';
import { chats, userPictures, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Queries only; who may see or change a picture is decided in profile-picture.service.ts. */

export async function userFacts(db: Db, userId: number) {
  const [row] = await db
    .select({ userId: users.id, role: users.role, centerId: users.centerId, parentId: users.parentId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function pictureOf(db: Db, userId: number) {
  const [row] = await db.select().from(userPictures).where(eq(userPictures.userId, userId)).limit(1);
  return row ?? null;
}

/** Whether the two users have a chat (the pair is stored low id first). */
export async function haveChat(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(chats)
    .where(and(eq(chats.userLow, Math.min(a, b)), eq(chats.userHigh, Math.max(a, b))))
    .limit(1);
  return row !== undefined;
}

/**
 * Stores the user's picture, replacing the one before; answers the replaced file's key (to
 * remove once committed) and the new row. The row is locked so two uploads cannot both keep theirs.
 */
export async function savePicture(
  tx: Db,
  row: { userId: number; storageKey: string; contentType: string; sizeBytes: number; updatedAt: Date },
) {
  const [previous] = await tx
    .select({ storageKey: userPictures.storageKey })
    .from(userPictures)
    .where(eq(userPictures.userId, row.userId))
    .for('update');
  const [saved] = await tx
    .insert(userPictures)
    .values(row)
    .onConflictDoUpdate({
      target: userPictures.userId,
      set: {
        storageKey: row.storageKey,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  return { previousKey: previous?.storageKey ?? null, saved: saved! };
}

/** Deletes the user's picture row; answers its file's key, or null when there was none. */
export async function deletePicture(tx: Db, userId: number): Promise<string | null> {
  const [row] = await tx
    .delete(userPictures)
    .where(eq(userPictures.userId, userId))
    .returning({ storageKey: userPictures.storageKey });
  return row?.storageKey ?? null;
}
