import {
  type DonorWatchBodyOut,
  type DonorWatchData,
  type MyQueue,
  type QueuePlace,
  type QueueType,
  takesRequests,
  watchesDonors,
  watchRefusal,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { assertDonorVisible, donorVisibility, isDonorVisible } from '../donor-access/index.js';
import * as repo from './queue.repo.js';

export type QueueDeps = Pick<ModuleDeps, 'db' | 'clock'>;

function assertWatcher(auth: Auth): void {
  if (!watchesDonors(auth)) throw forbidden();
}

const placeOf = (r: Awaited<ReturnType<typeof repo.placesOf>>[number]): QueuePlace => ({
  matchId: r.matchId,
  donorId: r.donorId,
  donorDisplayId: r.donorDisplayId,
  status: r.status,
  queueType: r.queueType,
  place: r.place,
  of: r.of,
});

/**
 * GET myqueue: the caller's open matches with her place in each donor's queue, and the donors
 * she watches that she may still see (a donor she can no longer see drops out of the list).
 */
export async function myQueue(deps: QueueDeps, auth: Auth): Promise<MyQueue> {
  assertWatcher(auth);
  const places = await repo.placesOf(deps.db, auth.userId);
  const visible = await donorVisibility(deps.db, auth);
  const watches = [];
  for (const w of await repo.watchesOf(deps.db, auth.userId)) {
    if (!(await isDonorVisible(deps.db, w.donorId, visible))) continue;
    watches.push({
      ...w,
      createdAt: w.createdAt.toISOString(),
      notifiedAt: w.notifiedAt?.toISOString() ?? null,
    });
  }
  return { places: places.map(placeOf), watches };
}

/** GET donorqueue/{donorId}: the caller's place with one donor, whether she watches it and may. */
export async function donorQueue(
  deps: QueueDeps,
  auth: Auth,
  donorId: number,
): Promise<{ place: QueuePlace | null; watching: boolean; takesRequests: boolean }> {
  assertWatcher(auth);
  await assertDonorVisible(deps.db, auth, donorId);
  const [place] = await repo.placesOf(deps.db, auth.userId, donorId);
  const [watch] = await repo.watchesOf(deps.db, auth.userId, donorId);
  const q = await repo.donorQueueState(deps.db, donorId);
  if (!q) throw notFound();
  return {
    place: place ? placeOf(place) : null,
    watching: watch !== undefined,
    takesRequests: takesRequests(q.state, q.settings, (watch?.queueType as QueueType | undefined) ?? 'Fresh'),
  };
}

/**
 * PUT donorwatch {donor_id, notify, queue_type}: switches notify-me on a donor the caller may
 * see (else 404). On only while the donor takes no request of that queue and the caller has no
 * open match with her (400 with the reason); switching on twice keeps the first. Off deletes it.
 */
export async function setWatch(
  deps: QueueDeps,
  auth: Auth,
  body: DonorWatchBodyOut,
): Promise<DonorWatchData> {
  assertWatcher(auth);
  await assertDonorVisible(deps.db, auth, body.donor_id);
  if (!body.notify) {
    await repo.deleteWatch(deps.db, auth.userId, body.donor_id);
    return { donorId: body.donor_id, notify: false };
  }
  const q = await repo.donorQueueState(deps.db, body.donor_id);
  if (!q) throw notFound();
  const refusal = watchRefusal({
    takesRequests: takesRequests(q.state, q.settings, body.queue_type),
    hasOpenMatch: await repo.hasOpenMatch(deps.db, auth.userId, body.donor_id),
  });
  if (refusal) throw badRequest(refusal);
  await repo.insertWatch(deps.db, {
    userId: auth.userId,
    donorId: body.donor_id,
    queueType: body.queue_type,
    at: deps.clock.now(),
  });
  return { donorId: body.donor_id, notify: true };
}
