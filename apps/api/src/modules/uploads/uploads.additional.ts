import {
  ADDITIONAL_DOCUMENT_LIMITS,
  type AdditionalDocumentKind,
  type AdditionalUploadResult,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  IMAGE_MAX_BYTES,
  PHOTO_TYPES,
  UPLOAD_MSG,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { Receive } from './received.js';
import { checkContent, checkFile, store } from './uploads.checks.js';
import * as repo from './uploads.repo.js';
import { assertStaffOf, type Deps, record, removeStored, view } from './uploads.shared.js';

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
          const inserted = await repo.insertAdditional(tx, {
            donorId,
            kind,
            storageKey: key,
            originalName: file.name,
            contentType: checked.contentType,
            sizeBytes: checked.data?.length ?? file.size,
            private: !isPublic,
            title: file.name,
            uploadedBy: auth.userId,
          });
          await record(tx, auth, donorId, centerId, 'donor.media.additional.add', { id: inserted.id, kind });
          return inserted;
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
  const row = await repo.additionalById(deps.db, docId);
  if (!row) throw notFound();
  const centerId = await assertStaffOf(deps, auth, row.donorId);
  return { row, centerId };
}

export async function removeAdditional(deps: Deps, auth: Auth, docId: number): Promise<void> {
  const { row, centerId } = await additionalRow(deps, auth, docId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteAdditional(tx, docId);
    await record(tx, auth, row.donorId, centerId, 'donor.media.additional.remove', { id: docId });
  });
  await removeStored(deps, [row.storageKey]);
}

export async function setAdditionalVisibility(deps: Deps, auth: Auth, docId: number, isPublic: boolean) {
  const { row, centerId } = await additionalRow(deps, auth, docId);
  await deps.db.transaction(async (tx) => {
    await repo.setAdditionalPrivate(tx, docId, !isPublic);
    await record(tx, auth, row.donorId, centerId, 'donor.media.additional.visibility', {
      id: docId,
      isPublic,
    });
  });
}
