import {
  type DonorFields,
  type DonorMatchStatus,
  followedMatches,
  isDonorCenterStaff,
  MATCH_MSG,
  type MatchAction,
  type MatchContact,
  type MatchEventRow,
  type MatchRow,
  type MatchStatus,
  matchesAsParent,
  OPEN_MATCH_STATUSES,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { assertDonorVisible } from '../donor-access/index.js';
import { remainingQueue } from '../search/search.service.js';
import { assertMatchRole, type Deps, isStaffRole, rowOf, staffDonor } from './matches.access.js';
import * as repo from './matches.repo.js';

// One donor's matches as the caller follows them: the donor page's panels, queue and history.

/**
 * The condition on a donor's matches that the caller follows (`followedMatches`): staff of the
 * donor's center every match, staff of another center their own parents' matches, others none.
 */
function followedWhere(auth: Auth, donor: { centerId: number }): repo.MatchFilter | null {
  const follows = followedMatches(auth, donor);
  if (follows === 'none') return null;
  return follows === 'ownParents' ? { parentCenterId: auth.centerId } : {};
}

/** GET getdonormatchstatus: what the donor page's match buttons need. */
export async function donorMatchStatus(deps: Deps, auth: Auth, donorId: number): Promise<DonorMatchStatus> {
  assertMatchRole(auth);
  await assertDonorVisible(deps.db, auth, donorId);
  const core = await repo.donorWithCenter(deps.db, donorId);
  if (!core) throw notFound();
  const settings = core.settings;
  const staff = isDonorCenterStaff(auth, core.donor);
  const followed = followedWhere(auth, core.donor);
  const open =
    followed === null
      ? []
      : await repo.matchRows(deps.db, { ...followed, donorId, statuses: OPEN_MATCH_STATUSES });
  const own = matchesAsParent(auth)
    ? await repo.matchRows(deps.db, { donorId, parentId: auth.userId, statuses: OPEN_MATCH_STATUSES })
    : [];
  return {
    donorId,
    donorAvailability: core.donor.availability,
    donorType: core.donor.donorType,
    remainingQueue: remainingQueue(core.donor.queueCount, settings),
    frozenRemainingQueue: remainingQueue(core.donor.frozenQueueCount, settings),
    staff,
    own: own[0] ? rowOf(own[0], false) : null,
    // Another agency's donor's name stays with that agency, as on the tracking grid.
    open: open.map((r) => rowOf(r, staff)),
  };
}

/** The donor's active and queued matches (`followed`: {} every one, the donor's name shown). */
async function activeAndQueued(db: Db, donorId: number, followed: repo.MatchFilter) {
  const rows = await repo.matchRows(db, { ...followed, donorId, statuses: ['Active', 'Queued'] }, false);
  const row = (r: repo.MatchRecord) => rowOf(r, followed.parentCenterId === undefined);
  return {
    active: rows.filter((r) => r.status === 'Active').map(row),
    queued: rows
      .filter((r) => r.status === 'Queued')
      .sort((a, b) => (a.queuePosition ?? 0) - (b.queuePosition ?? 0))
      .map(row),
  };
}

/**
 * The donor (staff only; a donor the caller may not see is 404) and the condition of the matches
 * the caller follows on it.
 */
async function followedDonor(db: Db, auth: Auth, donorId: number) {
  if (!isStaffRole(auth)) throw forbidden();
  await assertDonorVisible(db, auth, donorId);
  const row = await repo.donorWithCenter(db, donorId);
  const followed = row ? followedWhere(auth, row.donor) : null;
  if (!row || followed === null) throw notFound();
  return { row, followed };
}

/**
 * POST getactiveandqueuematchdonor: staff of the donor's center every active and queued match,
 * staff of another center that sees the donor those of their own intended parents.
 */
export async function activeAndQueuedMatches(deps: Deps, auth: Auth, donorId: number) {
  const { followed } = await followedDonor(deps.db, auth, donorId);
  return activeAndQueued(deps.db, donorId, followed);
}

/**
 * GET fetchcurrentmatchcontacts/{id}: how to reach the parents of the donor's active and queued
 * matches the caller follows, for the staff match panels (another center's staff: their own
 * parents only; a donor they may not see: 404). Each read is audited since it hands out
 * parents' e-mail addresses and phone numbers.
 */
export async function currentMatchContacts(deps: Deps, auth: Auth, donorId: number): Promise<MatchContact[]> {
  const { row: core, followed } = await followedDonor(deps.db, auth, donorId);
  const { active, queued } = await activeAndQueued(deps.db, donorId, followed);
  const rows = [...active, ...queued];
  const contacts = new Map(
    (await repo.contactsOf(deps.db, [...new Set(rows.map((r) => r.parentId))])).map((c) => [c.id, c]),
  );
  await audit(deps.db, auth, {
    action: 'donor.match_contacts.read',
    entityType: 'donor',
    entityId: donorId,
    centerId: core.donor.centerId,
    details: { parents: [...contacts.keys()] },
  });
  return rows.map((r) => {
    const c = contacts.get(r.parentId);
    return {
      matchId: r.matchId,
      parentId: r.parentId,
      parentName: `${r.parentFirstName} ${r.parentLastName}`.trim(),
      status: r.status,
      email: c?.username ?? '',
      countryCode: c?.countryCode ?? '',
      contactNo: c?.contactNo ?? '',
    };
  });
}

/**
 * The donor details page's match panels: staff of the donor's own center see every active and
 * queued match, staff of another center those of their own intended parents.
 */
export async function matchPanelsOf(
  db: Db,
  auth: Auth,
  donorId: number,
  donorCenterId: number,
): Promise<{ active: DonorFields[]; queued: DonorFields[] }> {
  const followed = followedWhere(auth, { centerId: donorCenterId });
  if (followed === null) return { active: [], queued: [] };
  const { active, queued } = await activeAndQueued(db, donorId, followed);
  const panel = (r: MatchRow): DonorFields => ({
    matchId: r.matchId,
    parentId: r.parentId,
    parentName: `${r.parentFirstName} ${r.parentLastName}`.trim(),
    ipAgencyName: r.ipAgencyName,
    queueType: r.queueType,
    status: r.status,
    queuePosition: r.queuePosition,
    requestedAt: r.requestedAt,
  });
  return { active: active.map(panel), queued: queued.map(panel) };
}

/** POST getdonorqueuedetails: the donor's availability, queue and the type of its active match. */
export async function donorQueueDetails(deps: Deps, auth: Auth, donorId: number) {
  const core = await staffDonor(deps.db, auth, donorId);
  const { active, queued } = await activeAndQueued(deps.db, donorId, {});
  return {
    donor_availability: core.donor.availability,
    donor_frozen_availability: core.donor.frozenAvailability,
    data: queued,
    queueLen: core.donor.queueCount,
    frozenQueueLen: core.donor.frozenQueueCount,
    activeConfirmMatchType: active[0]?.queueType ?? null,
  };
}

/** POST getqueuenumber: the parent's place in the donor's queue (null when not waiting). */
export async function queueNumber(deps: Deps, auth: Auth, donorId: number, parentId: number | null) {
  assertMatchRole(auth);
  let parent = parentId;
  if (matchesAsParent(auth)) {
    await assertDonorVisible(deps.db, auth, donorId);
    if (parent && parent !== auth.userId) throw notFound();
    parent = auth.userId;
  } else {
    await staffDonor(deps.db, auth, donorId);
    if (!parent) throw badRequest(MATCH_MSG.SELECT_PARENT);
  }
  const m = await repo.openMatchOf(deps.db, donorId, parent, OPEN_MATCH_STATUSES);
  return {
    queueNumber: m?.queuePosition ?? null,
    queueType: m?.queueType ?? null,
    status: m?.status ?? null,
  };
}

/** POST getdonorspecificipquery: the history of one parent's matches with one donor. */
export async function donorParentHistory(
  deps: Deps,
  auth: Auth,
  donorId: number,
  parentId: number,
): Promise<MatchEventRow[]> {
  await staffDonor(deps.db, auth, donorId);
  const rows = await repo.eventsOf(deps.db, donorId, parentId);
  return rows.map((r) => ({
    matchId: r.matchId,
    action: r.action as MatchAction,
    fromStatus: r.fromStatus as MatchStatus | null,
    toStatus: r.toStatus as MatchStatus,
    reason: r.reason,
    at: r.at.toISOString(),
    actorName: `${r.actorFirstName ?? ''} ${r.actorLastName ?? ''}`.trim(),
  }));
}

/** POST updatedonorstatus: staff set a donor's availability outside the workflow. */
export async function updateDonorStatus(deps: Deps, auth: Auth, donorId: number, status: string) {
  const core = await staffDonor(deps.db, auth, donorId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.lockDonors(tx, [donorId]);
    await repo.updateDonor(tx, donorId, { availability: status, availabilityChangedAt: now, updatedAt: now });
    await audit(tx, auth, {
      action: 'donor.status',
      entityType: 'donor',
      entityId: donorId,
      centerId: core.donor.centerId,
      details: { from: core.donor.availability, to: status },
    });
  });
  return { availability: status };
}
