import {
  COVID_FILE_TYPES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  MAX_DOCUMENTS,
  type MediaFile,
  UPLOAD_MSG,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Receive } from './received.js';
import { singleFile, store } from './uploads.checks.js';
import * as repo from './uploads.repo.js';
import { assertMayManage, type Deps, record, removeMediaRow, removeStored, view } from './uploads.shared.js';

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
      const inserted = await repo.insertDocument(tx, {
        donorId,
        storageKey: storedKey,
        originalName: checked.file.name,
        contentType: checked.contentType,
        sizeBytes: checked.data?.length ?? checked.file.size,
        private: received.fields.private?.[0] === 'true',
        title: received.fields.title?.[0]?.trim().slice(0, 200) || checked.file.name,
      });
      await record(tx, auth, donorId, centerId, 'donor.media.document.add', { id: inserted.id });
      return inserted;
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
  removeMediaRow(deps, auth, donorId, 'document', documentId, 'donor.media.document.remove');

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
      const inserted = await repo.insertDocument(tx, {
        donorId,
        storageKey: storedKey,
        originalName: checked.file.name,
        contentType: checked.contentType,
        sizeBytes: checked.data?.length ?? checked.file.size,
        private: true,
        title: 'COVID vaccination card',
      });
      await repo.setCovidDocument(tx, donorId, inserted.id);
      if (previous) await repo.deleteMedia(tx, 'document', previous.id);
      await record(tx, auth, donorId, centerId, 'donor.media.covid.add', { id: inserted.id });
      return { row: inserted, old: previous };
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
    await repo.deleteMedia(tx, 'document', covid.id);
    await record(tx, auth, donorId, centerId, 'donor.media.covid.remove', { id: covid.id });
  });
  await removeStored(deps, [covid.storageKey]);
}
