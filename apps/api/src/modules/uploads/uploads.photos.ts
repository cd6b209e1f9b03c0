import {
  IMAGE_MAX_BYTES,
  idSchema,
  MAX_IMAGES,
  MAX_IMAGES_PER_SELECTION,
  type MediaFile,
  PHOTO_TYPES,
  UPLOAD_MSG,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Receive } from './received.js';
import { type Checked, checkContent, checkFile, store } from './uploads.checks.js';
import * as repo from './uploads.repo.js';
import { assertMayManage, type Deps, record, removeStored, view } from './uploads.shared.js';

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
      const start = await repo.nextPicturePosition(tx, donorId);
      const inserted = await repo.insertPictures(
        tx,
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
      );
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
  const row = await repo.pictureById(deps.db, picId);
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
    const parsedPicId = idSchema().safeParse(received.fields.pic_id?.[0]);
    if (!parsedPicId.success) throw notFound(UPLOAD_MSG.IMAGE_NOT_FOUND);
    const picId = parsedPicId.data;
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
      if (makeProfile) await repo.clearProfilePicture(tx, donorId);
      const next = await repo.updatePicture(tx, picId, {
        storageKey: storedKey,
        originalName: file.name,
        contentType: checked.contentType,
        sizeBytes: checked.data?.length ?? file.size,
        ...(makeProfile ? { isDefault: true } : {}),
      });
      await record(tx, auth, donorId, centerId, 'donor.media.picture.replace', { id: picId });
      return next;
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
    await repo.clearProfilePicture(tx, row.donorId);
    await repo.updatePicture(tx, picId, { isDefault: true });
    await record(tx, auth, row.donorId, centerId, 'donor.media.picture.profile', { id: picId });
  });
}

export async function setCaption(deps: Deps, auth: Auth, donorId: number, picId: number, caption: string) {
  const { row, centerId } = await pictureOf(deps, auth, picId, donorId);
  await deps.db.transaction(async (tx) => {
    await repo.updatePicture(tx, picId, { caption: caption.trim() || null });
    await record(tx, auth, row.donorId, centerId, 'donor.media.picture.caption', { id: picId });
  });
}

/** POST removedonorpic: the next picture becomes the profile picture when that one goes. */
export async function removePicture(deps: Deps, auth: Auth, donorId: number, picId: number) {
  const { row, centerId } = await pictureOf(deps, auth, picId, donorId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteMedia(tx, 'picture', picId);
    if (row.isDefault) {
      const [next] = await repo.picturesOf(tx, row.donorId);
      if (next) await repo.updatePicture(tx, next.id, { isDefault: true });
    }
    await record(tx, auth, row.donorId, centerId, 'donor.media.picture.remove', { id: picId });
  });
  await removeStored(deps, [row.storageKey]);
}
