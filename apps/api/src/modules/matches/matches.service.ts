import {
  type CancelMatchBody,
  donorDisplayId,
  EMAIL_TYPE,
  isDonationComplete,
  MATCH_MSG,
  type MatchAction,
  type MatchRequestBody,
  type MatchRow,
  type MatchStatus,
  MSG,
  matchActor,
  matchesAsParent,
  matchTransition,
  mayStartMatchFor,
  OPEN_MATCH_STATUSES,
  type QueueType,
  REQUESTABLE_AVAILABILITY,
  type ResolveMatchBody,
  ROLE,
  requestRefusal,
  STAFF_DONOR_MSG,
  seesMatchDonorName,
  WAITING_MATCH_STATUSES,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { assertDonorVisible } from '../donor-access/index.js';
import { type Announce, announceAll, notify as notifyInApp } from '../notifications/index.js';
import { assertMatchRole, type Deps, rowOf, staffDonor } from './matches.access.js';
import * as repo from './matches.repo.js';

export type { Deps };

/** The availabilities the workflow moves a donor between; any other is left as staff set it. */
const WORKFLOW_AVAILABILITY = REQUESTABLE_AVAILABILITY;
const REMOVED_BY_CONFIRM = 'The intended parent was matched with another donor.';
const FROZEN_EGGS_PENDING = 'Frozen Eggs Pending';

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
  // In-app notifications written in the transaction, announced once it committed.
  const announces: Announce[] = [];

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
      // The one rule of packages/shared/src/queue.ts (notify-me reads it too).
      const refusal = requestRefusal(
        {
          availability: donor.availability,
          donationCount: donor.donationCount,
          open: donorOpen.map((m) => ({ queueType: m.queueType, active: m.status === 'Active' })),
        },
        settings,
        queueType,
      );
      if (refusal) throw badRequest(MATCH_MSG[refusal]);
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
    await notify(tx, deps, auth, announces, {
      action: input.action,
      parent: parentRow.user,
      donorLabel: donorDisplayId({ ...core.donor, id: donorId }),
      donorId,
      reason,
    });
    const [row] = await repo.matchRows(tx, { matchId });
    return row!;
  });
  announceAll(deps.realtime, announces);
  return result ? rowOf(result, seesMatchDonorName(auth)) : null;
}

/** The e-mail of a match event and the same news as an in-app notification (no medical data). */
async function notify(
  db: Db,
  deps: Deps,
  auth: Auth,
  announces: Announce[],
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
  const inApp = async (userId: number, text: string, path: string) =>
    announces.push(
      await notifyInApp(db, [{ userId, sharedBy: auth.userId, kind: 'match', text, link: path }]),
    );
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
    await inApp(
      manager.user.id,
      `${parentName} requested a match with donor ${m.donorLabel}`,
      `/donordetails/${m.donorId}`,
    );
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
    await inApp(
      m.parent.id,
      `Your match with donor ${m.donorLabel} was cancelled`,
      `/donordetails/${m.donorId}`,
    );
    return;
  }
  await queueTemplatedMail(db, deps.secrets, {
    centerId: m.parent.centerId,
    emailTypeId: EMAIL_TYPE.MATCH_STATUS_CHANGED,
    to: m.parent.username,
    vars: { recipient: parentName, donor: m.donorLabel, status: MAIL_STATUS[m.action] ?? '', link },
  });
  const status = MAIL_STATUS[m.action];
  await inApp(
    m.parent.id,
    status
      ? `Your match with donor ${m.donorLabel} is now ${status}`
      : `Your match with donor ${m.donorLabel} changed`,
    `/donordetails/${m.donorId}`,
  );
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
