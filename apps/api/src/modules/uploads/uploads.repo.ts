import { and, asc, count, desc, eq, lt, max, ne, sql } from 'drizzle-orm';
import {
  donorAdditionalDocuments,
  donorDocuments,
  donorPictures,
  donorProfiles,
  donors,
  donorUploadChunks,
  donorUploadSessions,
  donorUploadState,
  donorVideos,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Queries only; who may do what is decided in the services (uploads.shared.ts and its parts). */

export async function donorCenter(db: Db, donorId: number): Promise<number | null> {
  const [row] = await db
    .select({ centerId: donors.centerId })
    .from(donors)
    .where(eq(donors.userId, donorId))
    .limit(1);
  return row?.centerId ?? null;
}

/** Serialises uploads of one donor so two requests cannot both pass a count limit. */
export async function lockDonor(tx: Db, donorId: number): Promise<void> {
  await tx.execute(sql`select 1 from donors where user_id = ${donorId} for update`);
}

export const picturesOf = (db: Db, donorId: number) =>
  db
    .select()
    .from(donorPictures)
    .where(eq(donorPictures.donorId, donorId))
    .orderBy(desc(donorPictures.isDefault), asc(donorPictures.position), asc(donorPictures.id));

export const videosOf = (db: Db, donorId: number) =>
  db.select().from(donorVideos).where(eq(donorVideos.donorId, donorId)).orderBy(asc(donorVideos.id));

/** The COVID card is a document row too, but not one of the donor's documents list or count. */
export async function covidDocumentId(db: Db, donorId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: donorProfiles.covidVaccinationDocumentId })
    .from(donorProfiles)
    .where(eq(donorProfiles.donorId, donorId))
    .limit(1);
  return row?.id ?? null;
}

export async function documentsOf(db: Db, donorId: number) {
  const covid = await covidDocumentId(db, donorId);
  const rows = await db
    .select()
    .from(donorDocuments)
    .where(eq(donorDocuments.donorId, donorId))
    .orderBy(asc(donorDocuments.id));
  return { documents: rows.filter((r) => r.id !== covid), covid: rows.find((r) => r.id === covid) ?? null };
}

export const additionalOf = (db: Db, donorId: number, kind: string) =>
  db
    .select()
    .from(donorAdditionalDocuments)
    .where(and(eq(donorAdditionalDocuments.donorId, donorId), eq(donorAdditionalDocuments.kind, kind)));

export async function countPictures(db: Db, donorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(donorPictures).where(eq(donorPictures.donorId, donorId));
  return row?.n ?? 0;
}

export async function countVideos(db: Db, donorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(donorVideos).where(eq(donorVideos.donorId, donorId));
  return row?.n ?? 0;
}

export async function countOpenSessions(db: Db, donorId: number, exceptId = ''): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(donorUploadSessions)
    .where(and(eq(donorUploadSessions.donorId, donorId), ne(donorUploadSessions.id, exceptId)));
  return row?.n ?? 0;
}

export async function countAdditional(db: Db, donorId: number, kind: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(donorAdditionalDocuments)
    .where(and(eq(donorAdditionalDocuments.donorId, donorId), eq(donorAdditionalDocuments.kind, kind)));
  return row?.n ?? 0;
}

export const sessionsOf = (db: Db, donorId: number) =>
  db
    .select()
    .from(donorUploadSessions)
    .where(eq(donorUploadSessions.donorId, donorId))
    .orderBy(asc(donorUploadSessions.createdAt));

export async function sessionById(db: Db, id: string) {
  const [row] = await db.select().from(donorUploadSessions).where(eq(donorUploadSessions.id, id)).limit(1);
  return row ?? null;
}

export const insertSession = (db: Db, row: typeof donorUploadSessions.$inferInsert) =>
  db.insert(donorUploadSessions).values(row);

export const setSessionStatus = (db: Db, id: string, status: string, now: Date) =>
  db
    .update(donorUploadSessions)
    .set({ status, updatedAt: now })
    .where(eq(donorUploadSessions.id, id))
    .returning({ id: donorUploadSessions.id });

/** A chunk arrived: the upload is alive (see staleSessions). */
export const touchSession = (db: Db, id: string, now: Date) =>
  db.update(donorUploadSessions).set({ updatedAt: now }).where(eq(donorUploadSessions.id, id));

export const deleteSession = (db: Db, id: string) =>
  db.delete(donorUploadSessions).where(eq(donorUploadSessions.id, id));

/**
 * The session's status with its row locked until the transaction ends: the chunks of one upload,
 * its claim for joining and its removal go one at a time, whichever process serves them.
 */
export async function lockSession(tx: Db, id: string): Promise<{ status: string } | null> {
  const [row] = await tx
    .select({ status: donorUploadSessions.status })
    .from(donorUploadSessions)
    .where(eq(donorUploadSessions.id, id))
    .for('update');
  return row ?? null;
}

/** The indexes of the chunks received, in order. */
export async function chunkIndexes(db: Db, uploadId: string): Promise<number[]> {
  const rows = await db
    .select({ index: donorUploadChunks.chunkIndex })
    .from(donorUploadChunks)
    .where(eq(donorUploadChunks.uploadId, uploadId))
    .orderBy(asc(donorUploadChunks.chunkIndex));
  return rows.map((r) => r.index);
}

/** The chunks received, in order, with the stored file of each. */
export const chunksOf = (db: Db, uploadId: string) =>
  db
    .select({ index: donorUploadChunks.chunkIndex, storageKey: donorUploadChunks.storageKey })
    .from(donorUploadChunks)
    .where(eq(donorUploadChunks.uploadId, uploadId))
    .orderBy(asc(donorUploadChunks.chunkIndex));

/**
 * Records a received chunk (the session row locked first, lockSession); returns the stored file of
 * the chunk it replaced, to remove once committed.
 */
export async function putChunkRow(
  tx: Db,
  row: typeof donorUploadChunks.$inferInsert & { createdAt: Date },
): Promise<string | null> {
  const [old] = await tx
    .select({ storageKey: donorUploadChunks.storageKey })
    .from(donorUploadChunks)
    .where(
      and(eq(donorUploadChunks.uploadId, row.uploadId), eq(donorUploadChunks.chunkIndex, row.chunkIndex)),
    );
  await tx
    .insert(donorUploadChunks)
    .values(row)
    .onConflictDoUpdate({
      target: [donorUploadChunks.uploadId, donorUploadChunks.chunkIndex],
      set: { storageKey: row.storageKey, sizeBytes: row.sizeBytes, createdAt: row.createdAt },
    });
  return old?.storageKey ?? null;
}

/** Deletes a session and its chunk rows (the session locked first); returns the chunks' stored files. */
export async function deleteSessionWithChunks(tx: Db, id: string): Promise<string[]> {
  await lockSession(tx, id);
  const chunks = await chunksOf(tx, id);
  await deleteSession(tx, id);
  return chunks.map((c) => c.storageKey);
}

export async function uploadState(db: Db, donorId: number) {
  const [row] = await db
    .select()
    .from(donorUploadState)
    .where(eq(donorUploadState.donorId, donorId))
    .limit(1);
  return row ?? null;
}

export const acceptGuidelines = (db: Db, donorId: number, now: Date) =>
  db
    .insert(donorUploadState)
    .values({ donorId, imageGuidelinesAcceptedAt: now })
    .onConflictDoUpdate({ target: donorUploadState.donorId, set: { imageGuidelinesAcceptedAt: now } });

/** Points the profile at the COVID card, creating the profile row if the form has not yet. */
export const setCovidDocument = (db: Db, donorId: number, documentId: number | null) =>
  db
    .insert(donorProfiles)
    .values({ donorId, covidVaccinationDocumentId: documentId })
    .onConflictDoUpdate({ target: donorProfiles.donorId, set: { covidVaccinationDocumentId: documentId } });

export const saveLastVisit = (db: Db, donorId: number, now: Date) =>
  db
    .insert(donorUploadState)
    .values({ donorId, lastVisitedAt: now })
    .onConflictDoUpdate({ target: donorUploadState.donorId, set: { lastVisitedAt: now } });

/** Upload sessions of a donor untouched since `before` (abandoned), to clear out. */
export const staleSessions = (db: Db, donorId: number, before: Date) =>
  db
    .select({ id: donorUploadSessions.id })
    .from(donorUploadSessions)
    .where(and(eq(donorUploadSessions.donorId, donorId), lt(donorUploadSessions.updatedAt, before)));

export type UploadSession = typeof donorUploadSessions.$inferSelect;

/**
 * Claims a session for assembling: only one request gets it (the status was still uploading).
 * Returns whether this one did.
 */
export async function claimSession(db: Db, id: string, now: Date): Promise<boolean> {
  const [claimed] = await db
    .update(donorUploadSessions)
    .set({ status: 'assembling', updatedAt: now })
    .where(and(eq(donorUploadSessions.id, id), eq(donorUploadSessions.status, 'uploading')))
    .returning({ id: donorUploadSessions.id });
  return claimed !== undefined;
}

// --- pictures

export async function pictureById(db: Db, id: number) {
  const [row] = await db.select().from(donorPictures).where(eq(donorPictures.id, id)).limit(1);
  return row ?? null;
}

/** The position after the donor's last picture (0 for the first). */
export async function nextPicturePosition(db: Db, donorId: number): Promise<number> {
  const [last] = await db
    .select({ p: max(donorPictures.position) })
    .from(donorPictures)
    .where(eq(donorPictures.donorId, donorId));
  return (last?.p ?? -1) + 1;
}

export const insertPictures = (db: Db, rows: (typeof donorPictures.$inferInsert)[]) =>
  db.insert(donorPictures).values(rows).returning();

/** No picture of the donor is the profile picture (before another becomes it). */
export const clearProfilePicture = (db: Db, donorId: number) =>
  db
    .update(donorPictures)
    .set({ isDefault: false })
    .where(and(eq(donorPictures.donorId, donorId), eq(donorPictures.isDefault, true)));

export async function updatePicture(db: Db, id: number, set: Partial<typeof donorPictures.$inferInsert>) {
  const [row] = await db.update(donorPictures).set(set).where(eq(donorPictures.id, id)).returning();
  return row!;
}

// --- videos and documents

const MEDIA_TABLES = { picture: donorPictures, video: donorVideos, document: donorDocuments } as const;
export type MediaTable = keyof typeof MEDIA_TABLES;

/** Whose a picture, video or document is, and where its bytes are. */
export async function mediaOwner(db: Db, type: MediaTable, id: number) {
  const table = MEDIA_TABLES[type];
  const [row] = await db
    .select({ donorId: table.donorId, storageKey: table.storageKey })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row ?? null;
}

export const setMediaPrivate = (db: Db, type: MediaTable, id: number, isPrivate: boolean) => {
  const table = MEDIA_TABLES[type];
  return db.update(table).set({ private: isPrivate }).where(eq(table.id, id));
};

export const deleteMedia = (db: Db, type: MediaTable, id: number) => {
  const table = MEDIA_TABLES[type];
  return db.delete(table).where(eq(table.id, id));
};

export async function insertVideo(db: Db, row: typeof donorVideos.$inferInsert) {
  const [inserted] = await db.insert(donorVideos).values(row).returning();
  return inserted!;
}

export async function insertDocument(db: Db, row: typeof donorDocuments.$inferInsert) {
  const [inserted] = await db.insert(donorDocuments).values(row).returning();
  return inserted!;
}

// --- additional documents

export async function additionalById(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(donorAdditionalDocuments)
    .where(eq(donorAdditionalDocuments.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertAdditional(db: Db, row: typeof donorAdditionalDocuments.$inferInsert) {
  const [inserted] = await db.insert(donorAdditionalDocuments).values(row).returning();
  return inserted!;
}

export const deleteAdditional = (db: Db, id: number) =>
  db.delete(donorAdditionalDocuments).where(eq(donorAdditionalDocuments.id, id));

export const setAdditionalPrivate = (db: Db, id: number, isPrivate: boolean) =>
  db.update(donorAdditionalDocuments).set({ private: isPrivate }).where(eq(donorAdditionalDocuments.id, id));
