import { and, eq, inArray } from 'drizzle-orm';
import { donorPictures } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Where the given pictures of one donor are stored, in one query. */
export async function pictureKeys(db: Db, donorId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: donorPictures.id, storageKey: donorPictures.storageKey })
    .from(donorPictures)
    .where(and(eq(donorPictures.donorId, donorId), inArray(donorPictures.id, ids)));
  return new Map(rows.map((r) => [r.id, r.storageKey]));
}
