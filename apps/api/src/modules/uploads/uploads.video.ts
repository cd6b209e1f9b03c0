import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import { EXTENSIONS, matchesExtension } from './sniff.js';
import * as repo from './uploads.repo.js';
import { assertMayManage, type Deps, record, removeMediaRow, removeStored, view } from './uploads.shared.js';

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

export async function sessionView(deps: Deps, s: repo.UploadSession): Promise<VideoUploadState> {
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
  if (!(await repo.claimSession(deps.db, uploadId, deps.clock.now()))) throw badRequest(UPLOAD_MSG.BUSY);
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
    if (!(await matchesExtension(session.extension, whole))) throw badRequest(UPLOAD_MSG.INVALID);
    key = await deps.storage.putFile(whole, session.extension);
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

export const removeVideo = (deps: Deps, auth: Auth, donorId: number, videoId: number) =>
  removeMediaRow(deps, auth, donorId, 'video', videoId, 'donor.media.video.remove');
