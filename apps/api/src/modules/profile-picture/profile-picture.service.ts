import type { Readable } from 'node:stream';
import {
  canChangeUserPicture,
  canSeeUserPicture,
  hasUserPicture,
  IMAGE_MAX_BYTES,
  isStaff,
  PHOTO_TYPES,
  UPLOAD_MSG,
  type UserPicture,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Receive } from '../uploads/received.js';
import { checkContent, checkFile, store } from '../uploads/uploads.checks.js';
import { type Deps, removeStored } from '../uploads/uploads.shared.js';
import * as repo from './profile-picture.repo.js';
import { USER_TYPE_INVALID } from './profile-picture.schemas.js';

/**
 * The profile picture of a user who is not a donor (/profileimg). One picture per user, checked,
 * re-encoded without metadata and stored exactly like a donor's photo (uploads.checks.ts, the
 * same storage); donors keep theirs on the donor form (uploadprofilepic/{id}/1/{donor role}).
 */

type Target = NonNullable<Awaited<ReturnType<typeof repo.userFacts>>>;

const record = (db: Db, auth: Auth, target: Target, action: string, details: Record<string, unknown> = {}) =>
  audit(db, auth, {
    action,
    entityType: 'user',
    entityId: target.userId,
    centerId: target.centerId,
    details,
  });

const view = (userId: number, row: { updatedAt: Date } | null): UserPicture => ({
  userId,
  url: row ? `/api/profilepicture/${userId}/file?v=${row.updatedAt.getTime()}` : null,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/**
 * The user whose picture the caller changes: a donor has none here (400: hers is on the donor form;
 * the page is hers too, so not 403, which means the page table refuses), another user is unseen (404).
 */
async function ownTarget(deps: Deps, auth: Auth, userId: number): Promise<Target> {
  if (!hasUserPicture(auth)) throw badRequest(UPLOAD_MSG.DONOR_PICTURE_ON_FORM);
  const target = await repo.userFacts(deps.db, userId);
  if (!target || !canChangeUserPicture(auth, target)) throw notFound();
  return target;
}

/** A user the caller may see the picture of; anyone else's answers 404 as if there were none. */
async function seenTarget(deps: Deps, auth: Auth, userId: number): Promise<Target> {
  const target = await repo.userFacts(deps.db, userId);
  if (!target) throw notFound();
  const chatPartner = auth.userId !== userId && (await repo.haveChat(deps.db, auth.userId, userId));
  if (!canSeeUserPicture(auth, target, chatPartner)) throw notFound();
  return target;
}

/** Staff looking at someone else's picture leave a trace (every staff read of a profile is audited). */
const auditStaffRead = async (deps: Deps, auth: Auth, target: Target, what: string) => {
  if (isStaff(auth) && auth.userId !== target.userId)
    await record(deps.db, auth, target, 'user.picture.read', { what });
};

/** GET profilepicture/{userId}: whether the user has a picture, and its address. */
export async function pictureInfo(deps: Deps, auth: Auth, userId: number): Promise<UserPicture> {
  const target = await seenTarget(deps, auth, userId);
  const row = await repo.pictureOf(deps.db, userId);
  await auditStaffRead(deps, auth, target, 'info');
  return view(userId, row);
}

/** GET profilepicture/{userId}/file: the stored picture, to a caller who may see it. */
export async function pictureFile(
  deps: Deps,
  auth: Auth,
  userId: number,
): Promise<{ stream: Readable; size: number; contentType: string }> {
  const target = await seenTarget(deps, auth, userId);
  const row = await repo.pictureOf(deps.db, userId);
  if (!row) throw notFound();
  const file = await deps.storage.open(row.storageKey);
  await auditStaffRead(deps, auth, target, 'file');
  return { ...file, contentType: row.contentType };
}

/**
 * POST uploadprofilepic/{userId}/0/{userTypeId}: one photo (multipart `file`; field `edited`
 * when it comes out of the crop and rotate editor) becomes the user's picture, replacing the one
 * before. The spec's messages: 'Invalid File Type' (not a photo type, or bytes that are not what
 * the name says), 'Profile picture size is too small' (empty), 'Edited image size is too small'
 * (an empty edited image), 'File is too big.' (over the photo maximum).
 */
export async function uploadPicture(
  deps: Deps,
  auth: Auth,
  userId: number,
  userTypeId: number,
  receive: Receive,
): Promise<UserPicture> {
  const target = await ownTarget(deps, auth, userId);
  if (target.role !== userTypeId) throw badRequest(USER_TYPE_INVALID);
  const received = await receive();
  let key: string | null = null;
  try {
    const file = received.files[0];
    if (!file) throw badRequest(UPLOAD_MSG.SELECT_PHOTO);
    if (received.files.length + received.overflow > 1) throw badRequest(UPLOAD_MSG.perSelection(1));
    const edited = ['1', 'true'].includes(received.fields.edited?.[0] ?? '');
    if (!PHOTO_TYPES.includes(file.ext as never)) throw badRequest(UPLOAD_MSG.INVALID_FILE_TYPE);
    if (file.size === 0)
      throw badRequest(edited ? UPLOAD_MSG.EDITED_TOO_SMALL : UPLOAD_MSG.PROFILE_TOO_SMALL);
    const problem = checkFile(file, PHOTO_TYPES, IMAGE_MAX_BYTES, UPLOAD_MSG.INVALID_FILE_TYPE);
    if (problem) throw badRequest(problem);
    const checked = await checkContent(file);
    if (typeof checked === 'string')
      throw badRequest(checked === UPLOAD_MSG.INVALID ? UPLOAD_MSG.INVALID_FILE_TYPE : checked);
    key = await store(deps, checked);
    const storageKey = key;
    const { previousKey, saved } = await deps.db.transaction(async (tx) => {
      const result = await repo.savePicture(tx, {
        userId,
        storageKey,
        contentType: checked.contentType,
        sizeBytes: checked.data?.length ?? file.size,
        updatedAt: deps.clock.now(),
      });
      await record(tx, auth, target, 'user.picture.set', { edited });
      return result;
    });
    if (previousKey) await removeStored(deps, [previousKey]);
    return view(userId, saved);
  } catch (error) {
    if (key) await removeStored(deps, [key]);
    throw error;
  } finally {
    await received.cleanup();
  }
}

/** DELETE profilepicture/{userId}: the user's picture is removed (initials show instead). */
export async function removePicture(deps: Deps, auth: Auth, userId: number): Promise<UserPicture> {
  const target = await ownTarget(deps, auth, userId);
  const key = await deps.db.transaction(async (tx) => {
    const removed = await repo.deletePicture(tx, userId);
    if (removed) await record(tx, auth, target, 'user.picture.remove');
    return removed;
  });
  if (key) await removeStored(deps, [key]);
  return view(userId, null);
}
