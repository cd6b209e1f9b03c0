import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ADDITIONAL_DOCUMENT_LIMITS,
  type AdditionalDocumentKind,
  type AdditionalUploadResult,
  COVID_FILE_TYPES,
  canManageDonorMedia,
  chunkCount,
  chunkLength,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DonorMedia,
  extensionOf,
  IMAGE_MAX_BYTES,
  MAX_DOCUMENTS,
  MAX_IMAGES,
  MAX_IMAGES_PER_SELECTION,
  MAX_VIDEOS,
  type MediaFile,
  mayManageDonorMedia,
  PHOTO_TYPES,
  tracksMediaVisits,
  UPLOAD_MSG,
  VIDEO_CHUNK_BYTES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
  type VideoUploadState,
} from '@dm/shared';
import { and, eq, max } from 'drizzle-orm';
import {
  donorAdditionalDocuments,
  donorDocuments,
  donorPictures,
  donorUploadSessions,
  donorVideos,
} from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { reencodeImage } from './images.js';
import { headOf, type Receive, type ReceivedFile } from './received.js';
import { EXTENSIONS, matchesExtension, sniff } from './sniff.js';
import * as repo from './uploads.repo.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock'> & { storage: FileStorage; workDir: string };

type FileKind = 'picture' | 'video' | 'document' | 'additional';
type Row = {
  id: number;
  originalName: string | null;
  contentType: string;
  sizeBytes: number;
  private: boolean;
  createdAt: Date;
  caption?: string | null;
  title?: string | null;
  isDefault?: boolean;
};

const view = (kind: FileKind, row: Row): MediaFile => ({
  id: row.id,
  url: `/api/donorfile/${kind}/${row.id}`,
  name: row.originalName,
  caption: row.caption ?? row.title ?? null,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  private: row.private,
  isDefault: row.isDefault ?? false,
  createdAt: row.createdAt.toISOString(),
});

const isStaff = tracksMediaVisits;

/**
 * Who may upload to, change or list a donor's media: the donor herself, and the admins and case
 * managers of the donor's own center. Anyone else's donor answers 404 as if it did not exist.
 * Returns the donor's center.
 */
export async function assertMayManage(deps: Deps, auth: Auth, donorId: number): Promise<number> {
  if (!mayManageDonorMedia(auth)) throw forbidden();
  const centerId = await repo.donorCenter(deps.db, donorId);
  if (centerId === null) throw notFound();
  if (!canManageDonorMedia(auth, { donorId, centerId })) throw notFound();
  return centerId;
}

/** Staff-only tools (additional documents): admin and case manager of the donor's center. */
async function assertStaffOf(deps: Deps, auth: Auth, donorId: number): Promise<number> {
  if (!isStaff(auth)) throw forbidden();
  return assertMayManage(deps, auth, donorId);
}

const record = (
  db: Db,
  auth: Auth,
  donorId: number,
  centerId: number,
  action: string,
  details: Record<string, unknown>,
) => audit(db, auth, { action, entityType: 'donor', entityId: donorId, centerId, details });

// --- checks shared by every upload

/** What a stored file will be: bytes (images re-encoded), extension and content type. */
interface Checked {
  file: ReceivedFile;
  ext: string;
  contentType: string;
  /** Re-encoded image bytes; other files are moved in from their work file. */
  data?: Buffer;
}

function checkFile(
  file: ReceivedFile,
  types: readonly string[],
  maxBytes: number,
  wrongType: string,
): string | null {
  if (!types.includes(file.ext)) return wrongType;
  if (file.size === 0) return UPLOAD_MSG.INVALID;
  if (file.tooBig || file.size > maxBytes) return UPLOAD_MSG.TOO_BIG;
  return null;
}

/** Bytes must be what the name says; images are decoded and re-encoded without metadata. */
async function checkContent(file: ReceivedFile): Promise<Checked | string> {
  const head = await headOf(file.path);
  const family = sniff(head);
  if (family === 'png' || family === 'jpeg' || family === 'gif' || family === 'bmp') {
    if (!matchesExtension(file.ext, head)) return UPLOAD_MSG.INVALID;
    try {
      const encoded = await reencodeImage(await readFile(file.path), family);
      return { file, ext: encoded.ext, contentType: encoded.contentType, data: encoded.data };
    } catch {
      return UPLOAD_MSG.READ_IMAGES_FAILED;
    }
  }
  // Zip containers (docx, pptx) name their parts anywhere in the file: documents are at most 25 MB.
  const whole = head[0] === 0x50 && head[1] === 0x4b ? await readFile(file.path) : undefined;
  if (!matchesExtension(file.ext, head, whole)) return UPLOAD_MSG.INVALID;
  return { file, ext: file.ext, contentType: EXTENSIONS[file.ext]!.contentType };
}

async function store(deps: Deps, checked: Checked): Promise<string> {
  return checked.data
    ? deps.storage.put(checked.data, checked.ext)
    : deps.storage.putFile(checked.file.path, checked.ext);
}

async function removeStored(deps: Deps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => {})));
}

/** One file or none: the first file's check failure is the answer. */
async function singleFile(
  received: Awaited<ReturnType<Receive>>,
  types: readonly string[],
  maxBytes: number,
  wrongType: string,
): Promise<Checked> {
  const file = received.files[0];
  if (!file) throw badRequest(UPLOAD_MSG.SELECT_FILE);
  const problem = checkFile(file, types, maxBytes, wrongType);
  if (problem) throw badRequest(problem);
  const checked = await checkContent(file);
  if (typeof checked === 'string') throw badRequest(checked);
  return checked;
}

// --- the tab

/** GET donormedia/{id}: everything the photos & media tab shows. */
export async function media(deps: Deps, auth: Auth, donorId: number): Promise<DonorMedia> {
  const centerId = await assertMayManage(deps, auth, donorId);
  const [pictures, videos, docs, sessions, state] = await Promise.all([
    repo.picturesOf(deps.db, donorId),
    repo.videosOf(deps.db, donorId),
    repo.documentsOf(deps.db, donorId),
    repo.sessionsOf(deps.db, donorId),
    repo.uploadState(deps.db, donorId),
  ]);
  const videoUploads = await Promise.all(sessions.map((s) => sessionView(deps, s)));
  if (isStaff(auth)) await record(deps.db, auth, donorId, centerId, 'donor.read', { section: 'media' });
  return {
    donorId,
    pictures: pictures.map((p) => view('picture', p)),
    videos: videos.map((v) => view('video', v)),
    videoUploads,
    documents: docs.documents.map((d) => view('document', d)),
    covidDocument: docs.covid ? view('document', docs.covid) : null,
    imageGuidelinesAccepted: state?.imageGuidelinesAcceptedAt != null,
    lastVisitedAt: isStaff(auth) ? (state?.lastVisitedAt?.toISOString() ?? null) : null,
  };
}

/** POST savelastvisitedtimeonuploads: staff opened the tab (what was added before is no longer new). */
export async function saveLastVisit(deps: Deps, auth: Auth, donorId: number): Promise<void> {
  const centerId = await assertStaffOf(deps, auth, donorId);
  await deps.db.transaction(async (tx) => {
    await repo.saveLastVisit(tx, donorId, deps.clock.now());
    await record(tx, auth, donorId, centerId, 'donor.media.visited', {});
  });
}

/** POST getlastvisitedtimeonuploads. */
export async function lastVisit(
  deps: Deps,
  auth: Auth,
  donorId: number,
): Promise<{ lastVisitedAt: string | null }> {
  await assertStaffOf(deps, auth, donorId);
  const state = await repo.uploadState(deps.db, donorId);
  return { lastVisitedAt: state?.lastVisitedAt?.toISOString() ?? null };
}

export async function acceptImageGuidelines(deps: Deps, auth: Auth, donorId: number): Promise<void> {
  const centerId = await assertMayManage(deps, auth, donorId);
  await deps.db.transaction(async (tx) => {
    await repo.acceptGuidelines(tx, donorId, deps.clock.now());
    await record(tx, auth, donorId, centerId, 'donor.media.guidelines', {});
  });
}

// --- photos

/**
 * POST uploaddonorpic/{id}: one selection of photos (at most half the maximum), each with its
 * caption (the `caption` fields in file order). All are checked before any is stored; the
 * donor's first photo becomes the profile picture.
 */
export async function uploadPictures(
  deps: Deps,
  auth: Auth,
  donorId: number,
  receive: Receive,
): Promise<MediaFile[]> {
  const centerId = await assertMayManage(deps, auth, donorId);
  const received = await receive();
  const stored: string[] = [];
  try {
    const { files } = received;
    if (files.length === 0) throw badRequest(UPLOAD_MSG.SELECT_FILE);
    if (files.length + received.overflow > MAX_IMAGES_PER_SELECTION)
      throw badRequest(UPLOAD_MSG.perSelection());
    for (const f of files) {
      const problem = checkFile(f, PHOTO_TYPES, IMAGE_MAX_BYTES, UPLOAD_MSG.onlyImages());
      if (problem) throw badRequest(problem);
    }
    if ((await repo.countPictures(deps.db, donorId)) + files.length > MAX_IMAGES)
      throw badRequest(UPLOAD_MSG.total(MAX_IMAGES));
    const checked: Checked[] = [];
    for (const f of files) {
      const c = await checkContent(f);
      if (typeof c === 'string') throw badRequest(c);
      checked.push(c);
    }
    for (const c of checked) stored.push(await store(deps, c));
    const captions = received.fields.caption ?? [];
    const isPrivate = received.fields.private?.[0] === 'true';
    const rows = await deps.db.transaction(async (tx) => {
      await repo.lockDonor(tx, donorId);
      const existing = await repo.countPictures(tx, donorId);
      if (existing + checked.length > MAX_IMAGES) throw badRequest(UPLOAD_MSG.total(MAX_IMAGES));
      const [last] = await tx
        .select({ p: max(donorPictures.position) })
        .from(donorPictures)
        .where(eq(donorPictures.donorId, donorId));
      const start = (last?.p ?? -1) + 1;
      const inserted = await tx
        .insert(donorPictures)
        .values(
          checked.map((c, i) => ({
            donorId,
            storageKey: stored[i]!,
            originalName: c.file.name,
            contentType: c.contentType,
            sizeBytes: c.data?.length ?? c.file.size,
            private: isPrivate,
            caption: captions[i]?.trim().slice(0, 200) || null,
            isDefault: existing === 0 && i === 0,
            position: start + i,
          })),
        )
        .returning();
      await record(tx, auth, donorId, centerId, 'donor.media.picture.add', {
        ids: inserted.map((r) => r.id),
      });
      return inserted;
    });
    return rows.map((r) => view('picture', r));
  } catch (error) {
    await removeStored(deps, stored);
    throw error;
  } finally {
    await received.cleanup();
  }
}

/**
 * POST /api/uploadprofilepic/{id}/1/{donor role}: one photo that becomes the donor's profile
 * picture, checked and stored like any photo ('Please select a photo' without one; an empty
 * file is 'Profile picture size is too small').
 */
export async function uploadProfilePicture(
  deps: Deps,
  auth: Auth,
  donorId: number,
  receive: Receive,
): Promise<MediaFile> {
  const one: Receive = async () => {
    const received = await receive();
    const problem =
      received.files.length === 0
        ? UPLOAD_MSG.SELECT_PHOTO
        : received.files.length + received.overflow > 1
          ? UPLOAD_MSG.perSelection(1)
          : received.files[0]!.size === 0
            ? UPLOAD_MSG.PROFILE_TOO_SMALL
            : null;
    if (problem) {
      await received.cleanup();
      throw badRequest(problem);
    }
    return received;
  };
  const [picture] = await uploadPictures(deps, auth, donorId, one);
  await setProfilePicture(deps, auth, donorId, picture!.id);
  return { ...picture!, isDefault: true };
}

async function pictureOf(deps: Deps, auth: Auth, picId: number, donorId: number) {
  const [row] = await deps.db.select().from(donorPictures).where(eq(donorPictures.id, picId)).limit(1);
  if (!row || row.donorId !== donorId) throw notFound(UPLOAD_MSG.IMAGE_NOT_FOUND);
  const centerId = await assertMayManage(deps, auth, row.donorId);
  return { row, centerId };
}

/**
 * POST updatedonorpic/{id}: an edited picture (cropped, turned) replaces the stored one, checked
 * and re-encoded like a new upload; `is_profile` also makes it the profile picture.
 */
export async function replacePicture(
  deps: Deps,
  auth: Auth,
  donorId: number,
  receive: Receive,
): Promise<MediaFile> {
  await assertMayManage(deps, auth, donorId);
  const received = await receive();
  let key: string | null = null;
  try {
    const picId = Number(received.fields.pic_id?.[0]);
    if (!Number.isInteger(picId) || picId <= 0) throw notFound(UPLOAD_MSG.IMAGE_NOT_FOUND);
    const { row, centerId } = await pictureOf(deps, auth, picId, donorId);
    const file = received.files[0];
    if (!file) throw badRequest(UPLOAD_MSG.SELECT_FILE);
    if (file.size === 0) throw badRequest(UPLOAD_MSG.EDITED_TOO_SMALL);
    const problem = checkFile(file, PHOTO_TYPES, IMAGE_MAX_BYTES, UPLOAD_MSG.onlyImages());
    if (problem) throw badRequest(problem);
    const checked = await checkContent(file);
    if (typeof checked === 'string') throw badRequest(checked);
    key = await store(deps, checked);
    const storedKey = key;
    const makeProfile = ['1', 'true'].includes(received.fields.is_profile?.[0] ?? '');
    const updated = await deps.db.transaction(async (tx) => {
      if (makeProfile) {
        await tx
          .update(donorPictures)
          .set({ isDefault: false })
          .where(and(eq(donorPictures.donorId, donorId), eq(donorPictures.isDefault, true)));
      }
      const [next] = await tx
        .update(donorPictures)
        .set({
          storageKey: storedKey,
          originalName: file.name,
          contentType: checked.contentType,
          sizeBytes: checked.data?.length ?? file.size,
          ...(makeProfile ? { isDefault: true } : {}),
        })
        .where(eq(donorPictures.id, picId))
        .returning();
      await record(tx, auth, donorId, centerId, 'donor.media.picture.replace', { id: picId });
      return next!;
    });
    await removeStored(deps, [row.storageKey]);
    return view('picture', updated);
  } catch (error) {
    if (key) await removeStored(deps, [key]);
    throw error;
  } finally {
    await received.cleanup();
  }
}

/** POST updatedonorprofilepic: the profile (default) picture. */
export async function setProfilePicture(deps: Deps, auth: Auth, donorId: number, picId: number) {
  const { row, centerId } = await pictureOf(deps, auth, picId, donorId);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(donorPictures)
      .set({ isDefault: false })
      .where(and(eq(donorPictures.donorId, row.donorId), eq(donorPictures.isDefault, true)));
    await tx.update(donorPictures).set({ isDefault: true }).where(eq(donorPictures.id, picId));
    await record(tx, auth, row.donorId, centerId, 'donor.media.picture.profile', { id: picId });
  });
}

export async function setCaption(deps: Deps, auth: Auth, donorId: number, picId: number, caption: string) {
  const { row, centerId } = await pictureOf(deps, auth, picId, donorId);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(donorPictures)
      .set({ caption: caption.trim() || null })
      .where(eq(donorPictures.id, picId));
    await record(tx, auth, row.donorId, centerId, 'donor.media.picture.caption', { id: picId });
  });
}

/** POST removedonorpic: the next picture becomes the profile picture when that one goes. */
export async function removePicture(deps: Deps, auth: Auth, donorId: number, picId: number) {
  const { row, centerId } = await pictureOf(deps, auth, picId, donorId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(donorPictures).where(eq(donorPictures.id, picId));
    if (row.isDefault) {
      const [next] = await repo.picturesOf(tx, row.donorId);
      if (next) await tx.update(donorPictures).set({ isDefault: true }).where(eq(donorPictures.id, next.id));
    }
    await record(tx, auth, row.donorId, centerId, 'donor.media.picture.remove', { id: picId });
  });
  await removeStored(deps, [row.storageKey]);
}

// --- visibility and deletion of videos and documents

const TABLES = { picture: donorPictures, video: donorVideos, document: donorDocuments } as const;

/** POST donoruploaditemsvisibility: a picture, video or document public or private. */
export async function setVisibility(
  deps: Deps,
  auth: Auth,
  donorId: number,
  type: keyof typeof TABLES,
  id: number,
  isPublic: boolean,
) {
  const table = TABLES[type];
  const [row] = await deps.db.select({ donorId: table.donorId }).from(table).where(eq(table.id, id)).limit(1);
  if (!row || row.donorId !== donorId) throw notFound();
  const centerId = await assertMayManage(deps, auth, donorId);
  await deps.db.transaction(async (tx) => {
    await tx.update(table).set({ private: !isPublic }).where(eq(table.id, id));
    await record(tx, auth, donorId, centerId, 'donor.media.visibility', { type, id, isPublic });
  });
}

/** Deletes one of the donor's videos or documents, audited, then its stored file. */
async function removeMediaRow(
  deps: Deps,
  auth: Auth,
  donorId: number,
  table: typeof donorVideos | typeof donorDocuments,
  id: number,
  action: string,
) {
  const centerId = await assertMayManage(deps, auth, donorId);
  const [row] = await deps.db
    .select({ donorId: table.donorId, storageKey: table.storageKey })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  if (!row || row.donorId !== donorId) throw notFound();
  await deps.db.transaction(async (tx) => {
    await tx.delete(table).where(eq(table.id, id));
    await record(tx, auth, donorId, centerId, action, { id });
  });
  await removeStored(deps, [row.storageKey]);
}

export const removeVideo = (deps: Deps, auth: Auth, donorId: number, videoId: number) =>
  removeMediaRow(deps, auth, donorId, donorVideos, videoId, 'donor.media.video.remove');

// --- documents and the COVID card

/** POST uploaddonordocument/{id}: one document (doc, docx, pdf, ppt, pptx, odt). */
export async function uploadDocument(
  deps: Deps,
  auth: Auth,
  donorId: number,
  receive: Receive,
): Promise<MediaFile> {
  const centerId = await assertMayManage(deps, auth, donorId);
  const received = await receive();
  let key: string | null = null;
  try {
    const checked = await singleFile(received, DOCUMENT_TYPES, DOCUMENT_MAX_BYTES, UPLOAD_MSG.INVALID_FORMAT);
    if ((await repo.documentsOf(deps.db, donorId)).documents.length >= MAX_DOCUMENTS)
      throw badRequest(UPLOAD_MSG.total(MAX_DOCUMENTS));
    key = await store(deps, checked);
    const storedKey = key;
    const row = await deps.db.transaction(async (tx) => {
      await repo.lockDonor(tx, donorId);
      if ((await repo.documentsOf(tx, donorId)).documents.length >= MAX_DOCUMENTS)
        throw badRequest(UPLOAD_MSG.total(MAX_DOCUMENTS));
      const [inserted] = await tx
        .insert(donorDocuments)
        .values({
          donorId,
          storageKey: storedKey,
          originalName: checked.file.name,
          contentType: checked.contentType,
          sizeBytes: checked.data?.length ?? checked.file.size,
          private: received.fields.private?.[0] === 'true',
          title: received.fields.title?.[0]?.trim().slice(0, 200) || checked.file.name,
        })
        .returning();
      await record(tx, auth, donorId, centerId, 'donor.media.document.add', { id: inserted!.id });
      return inserted!;
    });
    return view('document', row);
  } catch (error) {
    if (key) await removeStored(deps, [key]);
    throw error;
  } finally {
    await received.cleanup();
  }
}

export const removeDocument = (deps: Deps, auth: Auth, donorId: number, documentId: number) =>
  removeMediaRow(deps, auth, donorId, donorDocuments, documentId, 'donor.media.document.remove');

/**
 * POST uploadcoviddocument/{id}: the vaccination card (a document or a photo of it), always
 * private (medical), replacing the one before.
 */
export async function uploadCovidDocument(
  deps: Deps,
  auth: Auth,
  donorId: number,
  receive: Receive,
): Promise<MediaFile> {
  const centerId = await assertMayManage(deps, auth, donorId);
  const received = await receive();
  let key: string | null = null;
  try {
    const checked = await singleFile(
      received,
      COVID_FILE_TYPES,
      DOCUMENT_MAX_BYTES,
      UPLOAD_MSG.INVALID_FORMAT,
    );
    key = await store(deps, checked);
    const storedKey = key;
    const { row, old } = await deps.db.transaction(async (tx) => {
      await repo.lockDonor(tx, donorId);
      const previous = (await repo.documentsOf(tx, donorId)).covid;
      const [inserted] = await tx
        .insert(donorDocuments)
        .values({
          donorId,
          storageKey: storedKey,
          originalName: checked.file.name,
          contentType: checked.contentType,
          sizeBytes: checked.data?.length ?? checked.file.size,
          private: true,
          title: 'COVID vaccination card',
        })
        .returning();
      await repo.setCovidDocument(tx, donorId, inserted!.id);
      if (previous) await tx.delete(donorDocuments).where(eq(donorDocuments.id, previous.id));
      await record(tx, auth, donorId, centerId, 'donor.media.covid.add', { id: inserted!.id });
      return { row: inserted!, old: previous };
    });
    if (old) await removeStored(deps, [old.storageKey]);
    return view('document', row);
  } catch (error) {
    if (key) await removeStored(deps, [key]);
    throw error;
  } finally {
    await received.cleanup();
  }
}

/** POST deletecoviddocpath. */
export async function removeCovidDocument(deps: Deps, auth: Auth, donorId: number): Promise<void> {
  const centerId = await assertMayManage(deps, auth, donorId);
  const { covid } = await repo.documentsOf(deps.db, donorId);
  if (!covid) throw notFound();
  await deps.db.transaction(async (tx) => {
    await repo.setCovidDocument(tx, donorId, null);
    await tx.delete(donorDocuments).where(eq(donorDocuments.id, covid.id));
    await record(tx, auth, donorId, centerId, 'donor.media.covid.remove', { id: covid.id });
  });
  await removeStored(deps, [covid.storageKey]);
}

// --- videos in chunks

const sessionDir = (deps: Deps, id: string) => path.join(deps.workDir, 'sessions', id);
const CHUNK_NAME = /^\d+$/;

async function receivedChunks(deps: Deps, id: string): Promise<number[]> {
  const names = await readdir(sessionDir(deps, id)).catch(() => [] as string[]);
  return names
    .filter((n) => CHUNK_NAME.test(n))
    .map(Number)
    .sort((a, b) => a - b);
}

async function sessionView(
  deps: Deps,
  s: typeof donorUploadSessions.$inferSelect,
): Promise<VideoUploadState> {
  return {
    uploadId: s.id,
    fileName: s.originalName,
    sizeBytes: s.sizeBytes,
    chunkSize: s.chunkSize,
    totalChunks: s.totalChunks,
    received: await receivedChunks(deps, s.id),
    status: s.status === 'assembling' ? 'assembling' : 'uploading',
  };
}

/** An upload untouched this long is abandoned: it no longer holds a place or disk space. */
export const STALE_UPLOAD_MS = 7 * 24 * 60 * 60 * 1000;

async function dropStaleSessions(deps: Deps, donorId: number, now: Date): Promise<void> {
  const stale = await repo.staleSessions(deps.db, donorId, new Date(now.getTime() - STALE_UPLOAD_MS));
  for (const { id } of stale) {
    await repo.deleteSession(deps.db, id);
    await rm(sessionDir(deps, id), { recursive: true, force: true });
  }
}

/** POST uploaddonorvideo/{id}/start: a resumable upload of one video, checked by name and size first. */
export async function startVideo(
  deps: Deps,
  auth: Auth,
  donorId: number,
  input: { fileName: string; size: number },
): Promise<VideoUploadState> {
  const centerId = await assertMayManage(deps, auth, donorId);
  const name = input.fileName.replace(/[^\x20-\x7e]/g, '').slice(-200) || 'video';
  const ext = extensionOf(name);
  if (!(VIDEO_TYPES as readonly string[]).includes(ext)) throw badRequest(UPLOAD_MSG.INVALID_FORMAT);
  if (input.size <= 0) throw badRequest(UPLOAD_MSG.INVALID);
  if (input.size > VIDEO_MAX_BYTES) throw badRequest(UPLOAD_MSG.TOO_BIG);
  const id = randomUUID();
  const now = deps.clock.now();
  await dropStaleSessions(deps, donorId, now);
  await deps.db.transaction(async (tx) => {
    await repo.lockDonor(tx, donorId);
    const used = (await repo.countVideos(tx, donorId)) + (await repo.countOpenSessions(tx, donorId));
    if (used >= MAX_VIDEOS) throw badRequest(UPLOAD_MSG.total(MAX_VIDEOS));
    await repo.insertSession(tx, {
      id,
      donorId,
      area: 'video',
      originalName: name,
      extension: ext,
      sizeBytes: input.size,
      chunkSize: VIDEO_CHUNK_BYTES,
      totalChunks: chunkCount(input.size),
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    await record(tx, auth, donorId, centerId, 'donor.media.video.start', { uploadId: id, size: input.size });
  });
  await mkdir(sessionDir(deps, id), { recursive: true });
  const session = await repo.sessionById(deps.db, id);
  return sessionView(deps, session!);
}

async function sessionOf(deps: Deps, auth: Auth, donorId: number, uploadId: string) {
  await assertMayManage(deps, auth, donorId);
  const session = await repo.sessionById(deps.db, uploadId);
  if (!session || session.donorId !== donorId) throw notFound(UPLOAD_MSG.UPLOAD_SESSION_GONE);
  return session;
}

/** GET uploaddonorvideo/{id}/{uploadId}: which chunks the server holds, to resume from. */
export async function videoStatus(
  deps: Deps,
  auth: Auth,
  donorId: number,
  uploadId: string,
): Promise<VideoUploadState> {
  return sessionView(deps, await sessionOf(deps, auth, donorId, uploadId));
}

/**
 * PUT uploaddonorvideo/{id}/{uploadId}/{index}: one chunk, streamed to its own file. A chunk
 * must be exactly its length (3,072,000 bytes but for the last); it only counts once whole, so
 * a dropped connection leaves nothing half-written behind. Sending a chunk again replaces it.
 */
export async function putChunk(
  deps: Deps,
  auth: Auth,
  donorId: number,
  uploadId: string,
  index: number,
  body: Readable,
): Promise<{ index: number }> {
  const session = await sessionOf(deps, auth, donorId, uploadId);
  if (session.status !== 'uploading') throw badRequest(UPLOAD_MSG.BUSY);
  if (index >= session.totalChunks) throw badRequest(UPLOAD_MSG.CHUNK_INVALID);
  const expected = chunkLength(session.sizeBytes, index);
  const dir = sessionDir(deps, uploadId);
  await mkdir(dir, { recursive: true });
  const partial = path.join(dir, `${index}.${randomUUID()}.part`);
  let bytes = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          bytes += chunk.length;
          if (bytes > expected) throw badRequest(UPLOAD_MSG.CHUNK_INVALID);
          yield chunk;
        }
      },
      createWriteStream(partial),
    );
    if (bytes !== expected) throw badRequest(UPLOAD_MSG.CHUNK_INVALID);
    await rename(partial, path.join(dir, String(index)));
    await repo.touchSession(deps.db, uploadId, deps.clock.now());
  } catch (error) {
    await rm(partial, { force: true });
    throw error instanceof AppError ? error : badRequest(UPLOAD_MSG.UPLOAD_RETRY);
  }
  return { index };
}

/**
 * POST uploaddonorvideo/{id}/{uploadId}/complete: joins the chunks on disk (streamed, never
 * whole in memory), checks the bytes are the video the name says, and stores it; the video is
 * ready when this answers. While it runs the upload shows as assembling.
 */
export async function completeVideo(
  deps: Deps,
  auth: Auth,
  donorId: number,
  uploadId: string,
): Promise<MediaFile> {
  const centerId = await assertMayManage(deps, auth, donorId);
  const session = await sessionOf(deps, auth, donorId, uploadId);
  if (session.status !== 'uploading') throw badRequest(UPLOAD_MSG.BUSY);
  const have = await receivedChunks(deps, uploadId);
  if (have.length !== session.totalChunks) {
    throw badRequest(UPLOAD_MSG.UPLOAD_INCOMPLETE, { received: have, totalChunks: session.totalChunks });
  }
  const [claimed] = await deps.db
    .update(donorUploadSessions)
    .set({ status: 'assembling', updatedAt: deps.clock.now() })
    .where(and(eq(donorUploadSessions.id, uploadId), eq(donorUploadSessions.status, 'uploading')))
    .returning({ id: donorUploadSessions.id });
  if (!claimed) throw badRequest(UPLOAD_MSG.BUSY);
  const dir = sessionDir(deps, uploadId);
  const whole = path.join(dir, 'assembled');
  let key: string | null = null;
  try {
    // One pipeline from every chunk file in order into the whole file: memory stays one read
    // buffer, and the output stream gets its listeners once (not once per chunk).
    const chunks = async function* () {
      for (let i = 0; i < session.totalChunks; i++) yield* createReadStream(path.join(dir, String(i)));
    };
    await pipeline(chunks, createWriteStream(whole));
    if ((await stat(whole)).size !== session.sizeBytes) throw badRequest(UPLOAD_MSG.UPLOAD_RETRY);
    if (!matchesExtension(session.extension, await headOf(whole))) throw badRequest(UPLOAD_MSG.INVALID);
    key = await deps.storage.putFile(whole, session.extension);
    const storedKey = key;
    const row = await deps.db.transaction(async (tx) => {
      await repo.lockDonor(tx, donorId);
      if ((await repo.countVideos(tx, donorId)) >= MAX_VIDEOS) throw badRequest(UPLOAD_MSG.total(MAX_VIDEOS));
      const [inserted] = await tx
        .insert(donorVideos)
        .values({
          donorId,
          storageKey: storedKey,
          originalName: session.originalName,
          contentType: EXTENSIONS[session.extension]!.contentType,
          sizeBytes: session.sizeBytes,
          private: false,
        })
        .returning();
      await repo.deleteSession(tx, uploadId);
      await record(tx, auth, donorId, centerId, 'donor.media.video.add', { id: inserted!.id });
      return inserted!;
    });
    await rm(dir, { recursive: true, force: true });
    return view('video', row);
  } catch (error) {
    if (key) await removeStored(deps, [key]);
    await rm(whole, { force: true });
    if (error instanceof AppError && error.message === UPLOAD_MSG.INVALID) {
      // Not a video: the chunks are worthless, the upload is over.
      await repo.deleteSession(deps.db, uploadId);
      await rm(dir, { recursive: true, force: true });
    } else {
      await repo.setSessionStatus(deps.db, uploadId, 'uploading', deps.clock.now());
    }
    throw error;
  }
}

/** DELETE uploaddonorvideo/{id}/{uploadId}: gives up an upload and frees its place. */
export async function cancelVideo(deps: Deps, auth: Auth, donorId: number, uploadId: string): Promise<void> {
  const centerId = await assertMayManage(deps, auth, donorId);
  await sessionOf(deps, auth, donorId, uploadId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteSession(tx, uploadId);
    await record(tx, auth, donorId, centerId, 'donor.media.video.cancel', { uploadId });
  });
  await rm(sessionDir(deps, uploadId), { recursive: true, force: true });
}

// --- additional documents (staff)

const ADDITIONAL_RULES: Record<
  AdditionalDocumentKind,
  { types: readonly string[]; maxBytes: number; wrongType: string }
> = {
  IMG: { types: PHOTO_TYPES, maxBytes: IMAGE_MAX_BYTES, wrongType: UPLOAD_MSG.onlyImages() },
  VID: { types: VIDEO_TYPES, maxBytes: VIDEO_MAX_BYTES, wrongType: UPLOAD_MSG.INVALID_FORMAT },
  DOC: { types: DOCUMENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES, wrongType: UPLOAD_MSG.INVALID_FORMAT },
};

/**
 * POST uploadadditionaldoc?donor_id&fileType: staff add images, videos or documents beside the
 * donor's own (IMG 5, VID 2, DOC 2). Each file stands alone: the answer lists what was stored
 * and why the rest were not; when none was, the first reason is the error.
 */
export async function uploadAdditional(
  deps: Deps,
  auth: Auth,
  donorId: number,
  kind: AdditionalDocumentKind,
  receive: Receive,
): Promise<{ result: AdditionalUploadResult; message: string }> {
  const centerId = await assertStaffOf(deps, auth, donorId);
  const received = await receive();
  const rules = ADDITIONAL_RULES[kind];
  const limit = ADDITIONAL_DOCUMENT_LIMITS[kind];
  const result: AdditionalUploadResult = { uploaded: [], failed: [] };
  try {
    if (received.files.length === 0) throw badRequest(UPLOAD_MSG.SELECT_FILE);
    const isPublic = received.fields.is_public?.[0] !== 'false';
    let used = await repo.countAdditional(deps.db, donorId, kind);
    for (const file of received.files) {
      const fail = (message: string) => result.failed.push({ name: file.name, message });
      const problem = checkFile(file, rules.types, rules.maxBytes, rules.wrongType);
      if (problem) {
        fail(problem);
        continue;
      }
      if (used >= limit) {
        fail(UPLOAD_MSG.total(limit));
        continue;
      }
      const checked = await checkContent(file);
      if (typeof checked === 'string') {
        fail(checked);
        continue;
      }
      const key = await store(deps, checked);
      try {
        const row = await deps.db.transaction(async (tx) => {
          await repo.lockDonor(tx, donorId);
          if ((await repo.countAdditional(tx, donorId, kind)) >= limit)
            throw badRequest(UPLOAD_MSG.total(limit));
          const [inserted] = await tx
            .insert(donorAdditionalDocuments)
            .values({
              donorId,
              kind,
              storageKey: key,
              originalName: file.name,
              contentType: checked.contentType,
              sizeBytes: checked.data?.length ?? file.size,
              private: !isPublic,
              title: file.name,
              uploadedBy: auth.userId,
            })
            .returning();
          await record(tx, auth, donorId, centerId, 'donor.media.additional.add', { id: inserted!.id, kind });
          return inserted!;
        });
        used++;
        result.uploaded.push(view('additional', row));
      } catch (error) {
        await removeStored(deps, [key]);
        if (!(error instanceof AppError)) throw error;
        fail(error.message);
      }
    }
    for (let i = 0; i < received.overflow; i++)
      result.failed.push({ name: '', message: UPLOAD_MSG.total(limit) });
    if (result.uploaded.length === 0)
      throw badRequest(result.failed[0]?.message ?? UPLOAD_MSG.ALL_FAILED, result);
    const message =
      result.failed.length > 0 ? UPLOAD_MSG.someFailed(result.failed.length) : UPLOAD_MSG.UPLOADED;
    return { result, message };
  } finally {
    await received.cleanup();
  }
}

async function additionalRow(deps: Deps, auth: Auth, docId: number) {
  const [row] = await deps.db
    .select()
    .from(donorAdditionalDocuments)
    .where(eq(donorAdditionalDocuments.id, docId))
    .limit(1);
  if (!row) throw notFound();
  const centerId = await assertStaffOf(deps, auth, row.donorId);
  return { row, centerId };
}

export async function removeAdditional(deps: Deps, auth: Auth, docId: number): Promise<void> {
  const { row, centerId } = await additionalRow(deps, auth, docId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(donorAdditionalDocuments).where(eq(donorAdditionalDocuments.id, docId));
    await record(tx, auth, row.donorId, centerId, 'donor.media.additional.remove', { id: docId });
  });
  await removeStored(deps, [row.storageKey]);
}

export async function setAdditionalVisibility(deps: Deps, auth: Auth, docId: number, isPublic: boolean) {
  const { row, centerId } = await additionalRow(deps, auth, docId);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(donorAdditionalDocuments)
      .set({ private: !isPublic })
      .where(eq(donorAdditionalDocuments.id, docId));
    await record(tx, auth, row.donorId, centerId, 'donor.media.additional.visibility', {
      id: docId,
      isPublic,
    });
  });
}
