import type { DonorMedia } from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './uploads.repo.js';
import { assertMayManage, assertStaffOf, type Deps, isStaff, record, view } from './uploads.shared.js';
import { sessionView } from './uploads.video.js';

/**
 * The photos & media tab as a whole (what it shows, the staff's last visit, the guidelines) and
 * the visibility of its files. Uploads live in their parts: uploads.photos.ts,
 * uploads.documents.ts, uploads.video.ts, uploads.additional.ts.
 */

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

// --- visibility

/** POST donoruploaditemsvisibility: a picture, video or document public or private. */
export async function setVisibility(
  deps: Deps,
  auth: Auth,
  donorId: number,
  type: repo.MediaTable,
  id: number,
  isPublic: boolean,
) {
  const row = await repo.mediaOwner(deps.db, type, id);
  if (!row || row.donorId !== donorId) throw notFound();
  const centerId = await assertMayManage(deps, auth, donorId);
  await deps.db.transaction(async (tx) => {
    await repo.setMediaPrivate(tx, type, id, !isPublic);
    await record(tx, auth, donorId, centerId, 'donor.media.visibility', { type, id, isPublic });
  });
}
