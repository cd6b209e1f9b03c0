import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  chunkCount,
  chunkLength,
  extensionOf,
  MAX_VIDEOS,
  type MediaFile,
  UPLOAD_MSG,
  VIDEO_CHUNK_BYTES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
  type VideoUploadState,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { EXTENSIONS, storedMatchesExtension } from './sniff.js';
import * as repo from './uploads.repo.js';
import { assertMayManage, type Deps, record, removeMediaRow, removeStored, view } from './uploads.shared.js';

// --- videos in chunks
//
// Each chunk is a file in the file store, listed in donor_upload_chunks; the upload's own row
// says what the whole must be. No chunk depends on one process's disk, so consecutive chunks and
// the join may each reach a different API process (decision 032).

/** The extension of a stored chunk: a part of a file, never served. */
const CHUNK_EXT = 'part';

export async function sessionView(deps: Deps, s: repo.UploadSession): Promise<VideoUploadState> {
  return {
    uploadId: s.id,
    fileName: s.originalName,
    sizeBytes: s.sizeBytes,
    chunkSize: s.chunkSize,
    totalChunks: s.totalChunks,
    received: await repo.chunkIndexes(deps.db, s.id),
    status: s.status === 'assembling' ? 'assembling' : 'uploading',
  };
}

/** An upload untouched this long is abandoned: it no longer holds a place or stored chunks. */
export const STALE_UPLOAD_MS = 7 * 24 * 60 * 60 * 1000;

/** Ends an upload: its row and chunk rows, then its chunks' files; `also` runs in the same transaction. */
async function dropSession(deps: Deps, uploadId: string, also?: (tx: Deps['db']) => Promise<unknown>) {
  const keys = await deps.db.transaction(async (tx) => {
    const chunkKeys = await repo.deleteSessionWithChunks(tx, uploadId);
    if (also) await also(tx);
    return chunkKeys;
  });
  await removeStored(deps, keys);
}

async function dropStaleSessions(deps: Deps, donorId: number, now: Date): Promise<void> {
  const stale = await repo.staleSessions(deps.db, donorId, new Date(now.getTime() - STALE_UPLOAD_MS));
  for (const { id } of stale) await dropSession(deps, id);
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

/** The body as it streams in, refused (CHUNK_INVALID) the moment it is longer or shorter than `expected`. */
async function* exactly(body: Readable, expected: number): AsyncIterable<Uint8Array> {
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > expected) throw badRequest(UPLOAD_MSG.CHUNK_INVALID);
    yield chunk;
  }
  if (bytes !== expected) throw badRequest(UPLOAD_MSG.CHUNK_INVALID);
}

/**
 * PUT uploaddonorvideo/{id}/{uploadId}/{index}: one chunk, streamed into the file store. A chunk
 * must be exactly its length (3,072,000 bytes but for the last); it only counts once whole and
 * recorded, so a dropped connection leaves nothing half-written behind. Sending a chunk again
 * replaces it.
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
  let key: string;
  try {
    key = await deps.storage.putStream(exactly(body, expected), CHUNK_EXT);
  } catch (error) {
    throw error instanceof AppError ? error : badRequest(UPLOAD_MSG.UPLOAD_RETRY);
  }
  let replaced: string | null;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      // Under the session's lock: a chunk lands before the upload is claimed for joining (and
      // is joined) or is refused, never in between.
      const locked = await repo.lockSession(tx, uploadId);
      if (!locked) throw notFound(UPLOAD_MSG.UPLOAD_SESSION_GONE);
      if (locked.status !== 'uploading') throw badRequest(UPLOAD_MSG.BUSY);
      const now = deps.clock.now();
      const old = await repo.putChunkRow(tx, {
        uploadId,
        chunkIndex: index,
        storageKey: key,
        sizeBytes: expected,
        createdAt: now,
      });
      await repo.touchSession(tx, uploadId, now);
      return old;
    });
  } catch (error) {
    await removeStored(deps, [key]);
    throw error;
  }
  if (replaced) await removeStored(deps, [replaced]);
  return { index };
}

/**
 * POST uploaddonorvideo/{id}/{uploadId}/complete: joins the stored chunks in order into one
 * stored file (streamed, never whole in memory or on a local disk), checks the bytes are the
 * video the name says, and records it; the video is ready when this answers. While it runs the
 * upload shows as assembling.
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
  const have = await repo.chunkIndexes(deps.db, uploadId);
  if (have.length !== session.totalChunks) {
    throw badRequest(UPLOAD_MSG.UPLOAD_INCOMPLETE, { received: have, totalChunks: session.totalChunks });
  }
  if (!(await repo.claimSession(deps.db, uploadId, deps.clock.now()))) throw badRequest(UPLOAD_MSG.BUSY);
  // Claimed: no chunk changes any more (putChunk checks the status under the session's lock).
  const chunks = await repo.chunksOf(deps.db, uploadId);
  let key: string | null = null;
  try {
    const joined = async function* () {
      for (const chunk of chunks) yield* (await deps.storage.open(chunk.storageKey)).stream;
    };
    key = await deps.storage.putStream(joined(), session.extension);
    if ((await deps.storage.size(key)) !== session.sizeBytes) throw badRequest(UPLOAD_MSG.UPLOAD_RETRY);
    if (!(await storedMatchesExtension(deps.storage, key, session.extension))) {
      throw badRequest(UPLOAD_MSG.INVALID);
    }
    const storedKey = key;
    const row = await deps.db.transaction(async (tx) => {
      await repo.lockDonor(tx, donorId);
      if ((await repo.countVideos(tx, donorId)) >= MAX_VIDEOS) throw badRequest(UPLOAD_MSG.total(MAX_VIDEOS));
      const inserted = await repo.insertVideo(tx, {
        donorId,
        storageKey: storedKey,
        originalName: session.originalName,
        contentType: EXTENSIONS[session.extension]!.contentType,
        sizeBytes: session.sizeBytes,
        private: false,
      });
      await repo.deleteSession(tx, uploadId);
      await record(tx, auth, donorId, centerId, 'donor.media.video.add', { id: inserted.id });
      return inserted;
    });
    await removeStored(
      deps,
      chunks.map((c) => c.storageKey),
    );
    return view('video', row);
  } catch (error) {
    if (key) await removeStored(deps, [key]);
    if (error instanceof AppError && error.message === UPLOAD_MSG.INVALID) {
      // Not a video: the chunks are worthless, the upload is over.
      await dropSession(deps, uploadId);
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
  await dropSession(deps, uploadId, (tx) =>
    record(tx, auth, donorId, centerId, 'donor.media.video.cancel', { uploadId }),
  );
}

export const removeVideo = (deps: Deps, auth: Auth, donorId: number, videoId: number) =>
  removeMediaRow(deps, auth, donorId, 'video', videoId, 'donor.media.video.remove');
