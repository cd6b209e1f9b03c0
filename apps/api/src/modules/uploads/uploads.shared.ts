import { canManageDonorMedia, type MediaFile, mayManageDonorMedia, tracksMediaVisits } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import * as repo from './uploads.repo.js';

/**
 * What every part of the uploads service shares: who may manage a donor's media, the file view,
 * the audit record and the stored files. The parts: uploads.service.ts (the tab, visibility),
 * uploads.photos.ts, uploads.documents.ts, uploads.video.ts, uploads.additional.ts.
 */

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'storage'>;

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

export const view = (kind: FileKind, row: Row): MediaFile => ({
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

export const isStaff = tracksMediaVisits;

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
export async function assertStaffOf(deps: Deps, auth: Auth, donorId: number): Promise<number> {
  if (!isStaff(auth)) throw forbidden();
  return assertMayManage(deps, auth, donorId);
}

export const record = (
  db: Db,
  auth: Auth,
  donorId: number,
  centerId: number,
  action: string,
  details: Record<string, unknown>,
) => audit(db, auth, { action, entityType: 'donor', entityId: donorId, centerId, details });

export async function removeStored(deps: Deps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => {})));
}

/** Deletes one of the donor's videos or documents, audited, then its stored file. */
export async function removeMediaRow(
  deps: Deps,
  auth: Auth,
  donorId: number,
  type: 'video' | 'document',
  id: number,
  action: string,
) {
  const centerId = await assertMayManage(deps, auth, donorId);
  const row = await repo.mediaOwner(deps.db, type, id);
  if (!row || row.donorId !== donorId) throw notFound();
  await deps.db.transaction(async (tx) => {
    await repo.deleteMedia(tx, type, id);
    await record(tx, auth, donorId, centerId, action, { id });
  });
  await removeStored(deps, [row.storageKey]);
}
