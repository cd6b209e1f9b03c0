import {
  type CancelMatchBody,
  type DonorFields,
  type DonorMatchStatus,
  donorDisplayId,
  EMAIL_TYPE,
  followedMatches,
  isDonationComplete,
  isDonorCenterStaff,
  MATCH_MSG,
  type MatchAction,
  type MatchContact,
  type MatchEventRow,
  type MatchGridBody,
  type MatchPage,
  type MatchReportBody,
  type MatchRequestBody,
  type MatchRow,
  type MatchStatus,
  MSG,
  matchActor,
  matchesAsParent,
  matchGridBody,
  matchReportBody,
  matchTransition,
  mayStartMatchFor,
  OPEN_MATCH_STATUSES,
  type QueueType,
  type ResolveMatchBody,
  ROLE,
  STAFF_DONOR_MSG,
  seesMatchDonorName,
  statusesForFilters,
  takesPartInMatches,
  usesMatchStaffTools,
  WAITING_MATCH_STATUSES,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { assertDonorVisible } from '../donor-access/donor-access.js';
import { remainingQueue } from '../search/search.service.js';
import * as repo from './matches.repo.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets'>;

const isStaffRole = usesMatchStaffTools;
/** The availabilities the workflow moves a donor between; any other is left as staff set it. */
const WORKFLOW_AVAILABILITY = ['Available', 'Under Review', 'In Cycle'];
const REMOVED_BY_CONFIRM = 'The intended parent was matched with another donor.';
const FROZEN_EGGS_PENDING = 'Frozen Eggs Pending';

function assertMatchRole(auth: Auth): void {
  if (!takesPartInMatches(auth)) throw forbidden();
}

function rowOf(r: repo.MatchRecord, showDonorName: boolean): MatchRow {
  return {
    matchId: r.matchId,
    donorId: r.donorId,
    donorDisplayId: donorDisplayId({
      agencyDisplayId: r.donorAgencyDisplayId,
      displayId: r.donorDisplayId,
      id: r.donorId,
    }),
    donorName: showDonorName ? `${r.donorFirstName} ${r.donorLastName}`.trim() : '',
    donorAvailability: r.donorAvailability,
    donorCenterId: r.donorCenterId,
    parentId: r.parentId,
    parentFirstName: r.parentFirstName,
    parentLastName: r.parentLastName,
    ipAgencyName: r.ipAgencyName,
    parentCenterId: r.parentCenterId,
    portfolioId: r.portfolioId,
    queueType: r.queueType,
    status: r.status as MatchStatus,
    queuePosition: r.queuePosition,
    cancelReason: r.cancelReason,
    requestedAt: r.requestedAt.toISOString(),
    statusChangedAt: r.statusChangedAt.toISOString(),
  };
}

/** The donor of a staff action: it must belong to the caller's center (another center's is 404). */
async function staffDonor(db: Db, auth: Auth, donorId: number) {
  if (!isStaffRole(auth)) throw forbidden();
  const row = await repo.donorWithCenter(db, donorId);
  if (!row || row.donor.centerId !== auth.centerId) throw notFound();
  return row;
}

/**
 * Recounts what the donor's matches imply, under the donor's row lock: queue positions (order
 * of request among waiting matches of one queue type), the fresh and frozen queue counts shown
 * on search cards, and the availability (In Cycle with an active match, Under Review with a
 * waiting one, Available otherwise) unless staff set the donor outside the workflow.
 */
async function settleDonor(
  db: Db,
  donor: { userId: number; centerId: number; availability: string; frozenAvailability: string | null },
  now: Date,
  override?: string | null,
): Promise<void> {
  const open = await repo.matchesOfDonor(db, donor.userId, OPEN_MATCH_STATUSES);
  const counts: Record<string, number> = { Fresh: 0, Frozen: 0 };
  for (const m of open) {
    if (m.status === 'Active') {
      if (m.queuePosition !== null) await repo.updateMatch(db, m.id, { queuePosition: null });
      continue;
    }
    counts[m.queueType] = (counts[m.queueType] ?? 0) + 1;
    const position = counts[m.queueType]!;
    if (m.queuePosition !== position) await repo.updateMatch(db, m.id, { queuePosition: position });
  }
  let availability = donor.availability;
  if (override) availability = override;
  else if (WORKFLOW_AVAILABILITY.includes(donor.availability)) {
    if (open.some((m) => m.status === 'Active')) availability = 'In Cycle';
    else if (open.length > 0) availability = 'Under Review';
    else availability = 'Available';
  }
  // Frozen Eggs Pending (one center: the frozenEggsPending setting): while a frozen-queue match
  // is open the frozen availability shows it; when none is left it is Available again.
  let frozen = donor.frozenAvailability;
  if ((await repo.centerSettingsOf(db, donor.centerId)).frozenEggsPending) {
    const frozenOpen = open.some((m) => m.queueType === 'Frozen');
    if (frozenOpen && (frozen === null || frozen === 'Available')) frozen = FROZEN_EGGS_PENDING;
    else if (!frozenOpen && frozen === FROZEN_EGGS_PENDING) frozen = 'Available';
  }
  await repo.updateDonor(db, donor.userId, {
    queueCount: counts.Fresh ?? 0,
    frozenQueueCount: counts.Frozen ?? 0,
    ...(availability !== donor.availability ? { availability, availabilityChangedAt: now } : {}),
    ...(frozen !== donor.frozenAvailability ? { frozenAvailability: frozen } : {}),
    updatedAt: now,
  });
}

interface ActInput {
  action: MatchAction;
  donorId: number;
  parentId?: number | null;
  matchId?: number;
  queueType?: QueueType;
  portfolioId?: number | null;
  managerId?: number | null;
  reason?: string | null;
  setUnavailable?: boolean;
  donation?: ResolveMatchBody;
  /** unreserve: the availability the donor is released to. */
  releaseTo?: string;
}

const MAIL_STATUS: Partial<Record<MatchAction, string>> = {
  confirm: 'Active',
  queue: 'Queued',
  accept_referral: 'Referral Accepted',
  complete: 'Waiting to Confirm',
  resolve: 'Completed',
  reserve: 'Reserved',
};

/**
 * Every write of the workflow: checks who acts, locks the parent and the donors involved
 * (parent first, donors by id) so that parallel requests see each other's counts, applies the
 * transition of match-state (packages/shared/src/match.ts), writes one event per changed match,
 * settles the donors and queues the e-mail, all in one transaction.
 */
async function act(deps: Deps, auth: Auth, input: ActInput): Promise<MatchRow | null> {
  assertMatchRole(auth);
  if (input.donation && !isDonationComplete(input.donation)) throw badRequest(MSG.MANDATORY);
  const { db, clock } = deps;
  let donorId = input.donorId;
  if (input.matchId !== undefined) {
    const m = await repo.matchById(db, input.matchId);
    if (!m) throw notFound();
    donorId = m.donorId;
  }
  let parentId: number;
  if (matchesAsParent(auth)) {
    await assertDonorVisible(db, auth, donorId);
    if (input.parentId && input.parentId !== auth.userId) throw notFound();
    parentId = auth.userId;
  } else {
    await staffDonor(db, auth, donorId);
    if (!input.parentId) throw badRequest(MATCH_MSG.SELECT_PARENT);
    parentId = input.parentId;
  }
  const parentRow = await repo.userWithCenter(db, parentId);
  if (!parentRow || parentRow.user.role !== ROLE.CLIENT) throw notFound();
  // Staff start requests and reservations only for their own center's parents.
  if (!mayStartMatchFor(auth, input.action, parentRow.user)) throw notFound();
  const now = clock.now();

  const result = await db.transaction(async (tx) => {
    await repo.lockUser(tx, parentId);
    const others =
      input.action === 'confirm'
        ? (await repo.matchesOfParent(tx, parentId, WAITING_MATCH_STATUSES)).filter(
            (m) => m.donorId !== donorId,
          )
        : [];
    const locked = await repo.lockDonors(tx, [donorId, ...others.map((m) => m.donorId)]);
    const donor = locked.get(donorId);
    if (!donor) throw notFound();
    const core = (await repo.donorWithCenter(tx, donorId))!;
    const settings = core.settings;
    const current =
      input.matchId !== undefined
        ? await repo.matchById(tx, input.matchId)
        : await repo.openMatchOf(tx, donorId, parentId, OPEN_MATCH_STATUSES);
    if (input.matchId !== undefined && (!current || current.parentId !== parentId)) throw notFound();
    const from = current && OPEN_MATCH_STATUSES.includes(current.status as MatchStatus) ? current : null;
    const actor = matchActor(auth, parentId, donor);
    const to = matchTransition((from?.status as MatchStatus | undefined) ?? null, input.action, actor);
    if (!to) {
      if (actor === 'other') throw forbidden();
      if (input.action === 'request') throw badRequest(MATCH_MSG.ALREADY_REQUESTED);
      throw badRequest(from ? MATCH_MSG.NOT_ALLOWED : MATCH_MSG.NO_OPEN_MATCH);
    }
    if (input.action === 'cancel' && !input.reason?.trim()) throw badRequest(MATCH_MSG.CANCEL_REASON);
    if (input.action === 'reserve' && donor.availability === 'Reserved')
      throw badRequest(STAFF_DONOR_MSG.ALREADY_RESERVED);
    if (
      input.action === 'unreserve' &&
      (donor.availability !== 'Reserved' || donor.reservedParentId !== parentId)
    )
      throw badRequest(STAFF_DONOR_MSG.NOT_RESERVED);

    const queueType = (from?.queueType as QueueType | undefined) ?? input.queueType ?? 'Fresh';
    const donorOpen = await repo.matchesOfDonor(tx, donorId, OPEN_MATCH_STATUSES);
    let override: string | null = null;
    let cycleId: number | null = null;

    if (input.action === 'request') {
      if (!WORKFLOW_AVAILABILITY.includes(donor.availability))
        throw badRequest(MATCH_MSG.DONOR_NOT_AVAILABLE);
      if (donor.donationCount >= settings.maxDonations) throw badRequest(MATCH_MSG.MAX_DONATIONS);
      const taken =
        settings.combinedRequestLimit !== null
          ? donorOpen.length
          : donorOpen.filter((m) => m.status !== 'Active' && m.queueType === queueType).length;
      if (taken >= (settings.combinedRequestLimit ?? settings.queueSize))
        throw badRequest(MATCH_MSG.QUEUE_FULL);
      const parentLimit = parentRow.settings.matchRequestLimit;
      if (parentLimit !== null) {
        const mine = await repo.matchesOfParent(tx, parentId, WAITING_MATCH_STATUSES);
        if (mine.length >= parentLimit) throw badRequest(MATCH_MSG.PARENT_LIMIT);
      }
    }
    if (input.action === 'reserve') {
      if (!WORKFLOW_AVAILABILITY.includes(donor.availability))
        throw badRequest(MATCH_MSG.DONOR_NOT_AVAILABLE);
      override = 'Reserved';
      await repo.updateDonor(tx, donorId, {
        reservedParentId: parentId,
        reservedManagerId: input.managerId ?? parentRow.user.managerId,
      });
    }
    if (input.action === 'unreserve') {
      override = input.releaseTo ?? 'Available';
      await repo.updateDonor(tx, donorId, { reservedParentId: null, reservedManagerId: null });
    }
    if (input.action === 'confirm') {
      if (donor.donationCount >= settings.maxDonations) throw badRequest(MATCH_MSG.MAX_DONATIONS);
      if (donorOpen.some((m) => m.status === 'Active' && m.queueType === queueType)) {
        throw badRequest(MATCH_MSG.DONOR_IN_CYCLE);
      }
    }
    if (input.action === 'resolve') {
      const d = input.donation!;
      cycleId = await repo.insertDonationCycle(tx, {
        donorId,
        nameOfClinic: d.name_of_clinic ?? null,
        cycleDate: d.cycle_date || null,
        queueType,
        eggsRetrieved: d.eggs_retrieved ?? null,
        eggsMature: d.eggs_mature ?? null,
        eggsFertilized: d.eggs_fertilized ?? null,
        embryosCreated: d.embryos_created ?? null,
        embryosTransferred: d.embryos_transferred ?? null,
        qualityOfEmbryosTransferred: d.quality_of_embryos_transferred ?? null,
        embryosFrozen: d.embryos_frozen ?? null,
        qualityOfEmbryosFrozen: d.quality_of_embryos_frozen ?? null,
        pgsPgdCcs: d.pgs_pgd_ccs ?? null,
        normalCount: d.normal_count ?? null,
        abnormalCount: d.abnormal_count ?? null,
        pregnancyResult: d.pregnancy_result ?? null,
        otherDetails: d.other_details ?? null,
        eggsPurchased: d.eggs_purchased ?? null,
      });
      await repo.updateDonor(tx, donorId, { donationCount: donor.donationCount + 1, previousDonor: true });
      if (d.set_unavailable) override = 'Unavailable';
      else if (d.other_availability && !donorOpen.some((m) => m.id !== from?.id))
        override = d.other_availability;
    }
    if ((input.action === 'cancel' || input.action === 'cancel_request') && input.setUnavailable) {
      override = 'Unavailable';
    }

    let matchId: number;
    const reason = input.reason?.trim() || null;
    if (!from && input.action === 'unreserve') {
      // The reservation's match was already closed: only the donor is released.
      await settleDonor(tx, donor, now, override);
      await audit(tx, auth, {
        action: 'match.unreserve',
        entityType: 'donor',
        entityId: donorId,
        centerId: donor.centerId,
        details: { parentId, to: override },
      });
      return null;
    }
    if (!from) {
      // The portfolio a request comes from must be the parent's own; any other id is unknown.
      if (input.portfolioId != null && !(await repo.isParentsPortfolio(tx, input.portfolioId, parentId)))
        throw notFound();
      const created = await repo.insertMatch(tx, {
        donorId,
        parentId,
        managerId: input.managerId ?? parentRow.user.managerId,
        donorCenterId: donor.centerId,
        parentCenterId: parentRow.user.centerId,
        portfolioId: input.portfolioId ?? null,
        queueType,
        status: to,
        requestedAt: now,
        statusChangedAt: now,
        createdBy: auth.userId,
      });
      matchId = created.id;
    } else {
      matchId = from.id;
      await repo.updateMatch(tx, matchId, {
        status: to,
        statusChangedAt: now,
        ...(input.action === 'reserve' && input.managerId ? { managerId: input.managerId } : {}),
        ...(to === 'Cancel Request' ? { cancelReason: reason } : {}),
        ...(cycleId !== null ? { donationCycleId: cycleId } : {}),
      });
    }
    await repo.insertEvent(tx, {
      matchId,
      actorUserId: auth.userId,
      action: input.action,
      fromStatus: from?.status ?? null,
      toStatus: to,
      reason,
      at: now,
    });

    // Confirming a parent's match removes that parent's other open requests.
    for (const other of others) {
      await repo.updateMatch(tx, other.id, {
        status: 'Cancel Request',
        cancelReason: REMOVED_BY_CONFIRM,
        statusChangedAt: now,
      });
      await repo.insertEvent(tx, {
        matchId: other.id,
        actorUserId: auth.userId,
        action: 'cancel',
        fromStatus: other.status,
        toStatus: 'Cancel Request',
        reason: REMOVED_BY_CONFIRM,
        at: now,
      });
    }
    await settleDonor(tx, donor, now, override);
    for (const [id, d] of locked) if (id !== donorId) await settleDonor(tx, d, now);
    // Cancelling a queued match of a donor who is (now) Unavailable hides her from intended
    // parents for a while (search spec section 4; duration: the unavailableHideHours setting).
    if (
      (input.action === 'cancel' || input.action === 'cancel_request') &&
      from?.status === 'Queued' &&
      (override ?? donor.availability) === 'Unavailable' &&
      settings.unavailableHideHours > 0
    ) {
      await repo.hideDonorFor(tx, donorId, settings.unavailableHideHours);
    }

    await audit(tx, auth, {
      action: `match.${input.action}`,
      entityType: 'match',
      entityId: matchId,
      centerId: donor.centerId,
      details: { donorId, parentId, from: from?.status ?? null, to, removed: others.map((o) => o.id) },
    });
    await notify(tx, deps, auth, {
      action: input.action,
      parent: parentRow.user,
      donorLabel: donorDisplayId({ ...core.donor, id: donorId }),
      donorId,
      reason,
    });
    const [row] = await repo.matchRows(tx, { matchId });
    return row!;
  });
  return result ? rowOf(result, seesMatchDonorName(auth)) : null;
}

async function notify(
  db: Db,
  deps: Deps,
  auth: Auth,
  m: {
    action: MatchAction;
    parent: {
      id: number;
      username: string;
      firstName: string;
      lastName: string;
      managerId: number | null;
      centerId: number;
    };
    donorLabel: string;
    donorId: number;
    reason: string | null;
  },
): Promise<void> {
  const link = `${deps.config.publicUrl}/#/donordetails/${m.donorId}`;
  const parentName = `${m.parent.firstName} ${m.parent.lastName}`.trim();
  if (m.action === 'request') {
    if (!m.parent.managerId) return;
    const manager = await repo.userWithCenter(db, m.parent.managerId);
    if (!manager) return;
    await queueTemplatedMail(db, deps.secrets, {
      centerId: m.parent.centerId,
      emailTypeId: EMAIL_TYPE.MATCH_REQUESTED,
      to: manager.user.username,
      vars: {
        recipient: `${manager.user.firstName} ${manager.user.lastName}`.trim(),
        parent: parentName,
        donor: m.donorLabel,
        link,
      },
    });
    return;
  }
  // A parent withdrawing their own request needs no e-mail about it, nor a released reservation.
  if (m.action === 'cancel_request' && auth.userId === m.parent.id) return;
  if (m.action === 'unreserve') return;
  if (m.action === 'cancel' || m.action === 'cancel_request') {
    await queueTemplatedMail(db, deps.secrets, {
      centerId: m.parent.centerId,
      emailTypeId: EMAIL_TYPE.MATCH_CANCELLED,
      to: m.parent.username,
      vars: { recipient: parentName, donor: m.donorLabel, reason: m.reason ?? '' },
    });
    return;
  }
  await queueTemplatedMail(db, deps.secrets, {
    centerId: m.parent.centerId,
    emailTypeId: EMAIL_TYPE.MATCH_STATUS_CHANGED,
    to: m.parent.username,
    vars: { recipient: parentName, donor: m.donorLabel, status: MAIL_STATUS[m.action] ?? '', link },
  });
}

/** act() for the actions that always leave a match to show (all but a released reservation). */
async function actRow(deps: Deps, auth: Auth, input: ActInput): Promise<MatchRow> {
  const row = await act(deps, auth, input);
  if (!row) throw notFound();
  return row;
}

const common = (b: MatchRequestBody) => ({
  donorId: b.donor_id,
  parentId: b.parent_id ?? null,
  queueType: b.queue_type,
  portfolioId: b.portfolio_id ?? null,
  managerId: b.manager_id ?? null,
  reason: b.comment ?? null,
});

export const startRequest = (deps: Deps, auth: Auth, b: MatchRequestBody) =>
  actRow(deps, auth, { action: 'request', ...common(b) });
export const confirmMatch = (deps: Deps, auth: Auth, b: MatchRequestBody) =>
  actRow(deps, auth, { action: 'confirm', ...common(b) });
export const completeMatch = (deps: Deps, auth: Auth, b: MatchRequestBody) =>
  actRow(deps, auth, { action: 'complete', ...common(b) });
export const addToQueue = (deps: Deps, auth: Auth, b: MatchRequestBody) =>
  actRow(deps, auth, { action: 'queue', ...common(b) });
export const cancelRequest = (deps: Deps, auth: Auth, b: MatchRequestBody) =>
  actRow(deps, auth, { action: 'cancel_request', ...common(b) });
export const cancelMatch = (deps: Deps, auth: Auth, b: CancelMatchBody) =>
  actRow(deps, auth, { action: 'cancel', ...common(b), setUnavailable: b.set_unavailable === true });
export const acceptReferral = (deps: Deps, auth: Auth, b: { match_id: number; parent_id: number }) =>
  actRow(deps, auth, { action: 'accept_referral', donorId: 0, matchId: b.match_id, parentId: b.parent_id });
export const resolveMatch = (deps: Deps, auth: Auth, b: ResolveMatchBody) =>
  actRow(deps, auth, {
    action: 'resolve',
    donorId: b.donorId,
    parentId: b.parent_id,
    queueType: b.queue_type,
    donation: b,
  });

/**
 * reservedonorformatch: holds the donor for a parent of the caller's center, through the match
 * workflow (the parent's and donor's row locks, the transition table, an event and the e-mail).
 */
export const reserveDonor = (
  deps: Deps,
  auth: Auth,
  b: { donorId: number; parentId: number; managerId: number | null },
) => act(deps, auth, { action: 'reserve', donorId: b.donorId, parentId: b.parentId, managerId: b.managerId });

/** unreservedonorformatch: releases the reservation to the availability staff chose. */
export async function unreserveDonor(deps: Deps, auth: Auth, donorId: number, status: string) {
  const core = await staffDonor(deps.db, auth, donorId);
  if (core.donor.availability !== 'Reserved' || !core.donor.reservedParentId)
    throw badRequest(STAFF_DONOR_MSG.NOT_RESERVED);
  return act(deps, auth, {
    action: 'unreserve',
    donorId,
    parentId: core.donor.reservedParentId,
    reason: 'Reservation released.',
    releaseTo: status,
  });
}

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

type GridScope = 'donorCenter' | 'parentCenter';

function gridWhere(
  auth: Auth,
  scope: GridScope,
  b: ReturnType<typeof matchGridBody.parse>,
): repo.MatchFilter {
  // The caller's center on its side of the match; the center picked in the grid on the other.
  const other = b.center || undefined;
  return {
    donorCenterId: scope === 'donorCenter' ? auth.centerId : other,
    parentCenterId: scope === 'donorCenter' ? other : auth.centerId,
    statuses: statusesForFilters(b.match_status_filter),
    donorAvailabilities: b.donor_availability,
    search: b.search,
  };
}

/**
 * getotheragenciesmatchrequestedip (scope donorCenter: requests for the caller's center's donors,
 * from any agency) and getmatchrequestedipwithotheragencies (scope parentCenter: the caller's
 * center's parents' requests, tracked on /trackmatchrequests). from/to are row offsets.
 */
export async function matchGrid(
  deps: Deps,
  auth: Auth,
  scope: GridScope,
  input: MatchGridBody,
): Promise<MatchPage> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchGridBody.parse(input);
  const limit = Math.max(1, Math.min(100, b.to - b.from));
  const page = await repo.matchPage(deps.db, gridWhere(auth, scope, b), b.sort, b.ord, b.from, limit);
  return { total: page.total, rows: page.rows.map((r) => rowOf(r, r.donorCenterId === auth.centerId)) };
}

/** The columns of the match CSV exports (the grid's columns). */
export const MATCH_CSV_HEADER = [
  'Match ID',
  'Donor ID',
  'Donor name',
  'Donor availability',
  'Intended parent',
  'IP agency',
  'Queue type',
  'Match status',
  'Queue number',
  'Cancel reason',
  'Requested at',
  'Updated at',
] as const;

function csvRow(r: MatchRow): unknown[] {
  return [
    r.matchId,
    r.donorDisplayId,
    r.donorName,
    r.donorAvailability,
    `${r.parentFirstName} ${r.parentLastName}`.trim(),
    r.ipAgencyName,
    r.queueType,
    r.status,
    r.queuePosition,
    r.cancelReason,
    r.requestedAt,
    r.statusChangedAt,
  ];
}

async function* csvBatches(
  batches: AsyncIterable<repo.MatchRecord[]>,
  toRow: (r: repo.MatchRecord) => MatchRow,
): AsyncGenerator<unknown[][]> {
  for await (const batch of batches) yield batch.map((r) => csvRow(toRow(r)));
}

/**
 * The CSV export of a grid: every row the filters select, not one page, streamed in batches.
 * Access and input are judged before the first byte is sent.
 */
export function matchGridCsv(
  deps: Deps,
  auth: Auth,
  scope: GridScope,
  input: MatchGridBody,
): AsyncIterable<unknown[][]> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchGridBody.parse(input);
  return csvBatches(repo.matchBatches(deps.db, gridWhere(auth, scope, b), b.sort, b.ord), (r) =>
    rowOf(r, r.donorCenterId === auth.centerId),
  );
}

function reportWhere(auth: Auth, b: ReturnType<typeof matchReportBody.parse>): repo.MatchFilter {
  let end: Date | undefined;
  if (b.lastdate) {
    end = new Date(`${b.lastdate}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
  }
  return {
    statuses: ['Cancel Request'],
    donorCenterId: auth.centerId,
    changedFrom: b.startdate ? new Date(`${b.startdate}T00:00:00Z`) : undefined,
    changedBefore: end,
  };
}

/** The Match Cancelled Report (/donormatchreport): cancelled matches of the center's donors. */
export async function cancelledReport(deps: Deps, auth: Auth, input: MatchReportBody): Promise<MatchPage> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchReportBody.parse(input);
  const limit = Math.max(1, Math.min(100, b.to - b.from));
  const page = await repo.matchPage(deps.db, reportWhere(auth, b), b.sort, b.ord, b.from, limit);
  return { total: page.total, rows: page.rows.map((r) => rowOf(r, true)) };
}

/** The Match Cancelled Report as a streamed CSV: the center's donors' cancelled matches. */
export function cancelledReportCsv(
  deps: Deps,
  auth: Auth,
  input: MatchReportBody,
): AsyncIterable<unknown[][]> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchReportBody.parse(input);
  return csvBatches(repo.matchBatches(deps.db, reportWhere(auth, b), b.sort, b.ord), (r) => rowOf(r, true));
}
