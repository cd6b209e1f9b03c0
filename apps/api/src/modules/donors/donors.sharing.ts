import {
  canAskAboutDonor,
  canShareWithManager,
  donorDisplayId,
  EMAIL_TYPE,
  type ManagerOption,
  MSG,
  type SharedDonor,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { donorVisibility } from '../donor-access/index.js';
import { notify } from '../notifications/index.js';
import { clientCaseManager } from '../users/case-manager.js';
import { type Deps, loadVisible, summaryOf } from './donors.access.js';
import * as repo from './donors.repo.js';

// Sharing a donor with another case manager, asking for more details, telling the case manager.

// --- sharing with another case manager

export async function managers(deps: Deps, auth: Auth): Promise<ManagerOption[]> {
  const rows = await repo.managersOf(deps.db, auth.centerId, auth.userId);
  return rows.map((r) => ({ userId: r.userId, name: `${r.firstName} ${r.lastName}`.trim() }));
}

export async function shareDonor(
  deps: Deps,
  auth: Auth,
  input: { donorId: number; sharedTo: number | undefined; message: string },
): Promise<void> {
  if (!input.sharedTo) throw badRequest(MSG.SELECT_MANAGER);
  const { donor, user } = await loadVisible(deps, auth, input.donorId);
  const target = await repo.userById(deps.db, input.sharedTo);
  if (
    !target ||
    !canShareWithManager(auth, {
      userId: target.id,
      role: target.role,
      status: target.status,
      centerId: target.centerId,
    })
  ) {
    throw badRequest(MSG.SELECT_MANAGER);
  }
  const sender = await repo.userById(deps.db, auth.userId);
  const senderName = `${sender?.firstName ?? ''} ${sender?.lastName ?? ''}`.trim();
  const label = donorDisplayId({ ...donor, id: donor.userId });
  const announce = await deps.db.transaction(async (tx) => {
    const share = await repo.insertShare(tx, {
      donorId: input.donorId,
      sharedBy: auth.userId,
      sharedTo: target.id,
      message: input.message,
      createdAt: deps.clock.now(),
    });
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: auth.centerId,
      emailTypeId: EMAIL_TYPE.SHARE_DONOR,
      to: target.username,
      vars: {
        recipient: `${target.firstName} ${target.lastName}`.trim(),
        sender: senderName,
        donor: donorDisplayId({ ...donor, id: donor.userId }),
        message: input.message,
        link: `${deps.config.publicUrl}/#/donordetails/${donor.userId}`,
      },
    });
    await audit(tx, auth, {
      action: 'donor.share',
      entityType: 'donor',
      entityId: input.donorId,
      centerId: donor.centerId,
      details: { shareId: share.id, sharedTo: target.id, donorUser: user.id },
    });
    return notify(tx, [
      {
        userId: target.id,
        sharedBy: auth.userId,
        kind: 'donor_shared',
        text: `${senderName || 'A case manager'} shared donor ${label} with you`,
        link: `/donordetails/${donor.userId}`,
      },
    ]);
  });
  announce(deps.realtime);
}

export async function sharedDonors(deps: Deps, auth: Auth): Promise<SharedDonor[]> {
  const rows = await repo.sharedWith(deps.db, auth.userId, await donorVisibility(deps.db, auth));
  return rows.map((r) => ({
    ...summaryOf(deps, auth, r),
    shareId: r.shareId,
    sharedByName: r.sharedByName,
    message: r.message,
    sharedAt: r.sharedAt.toISOString(),
  }));
}

// --- more access to a donor's details

/** The calling client and their case manager; none answers "No case manager is assigned...". */
async function clientAndManager(deps: Deps, auth: Auth) {
  const { client, manager } = await clientCaseManager(deps.db, auth.userId, auth.centerId);
  if (!manager) throw badRequest(MSG.NO_CASE_MANAGER);
  return { client, manager };
}

/**
 * POST requestdonordetailsaccess: a client asks for more of a donor's details than their role
 * shows (first name, compensation, contact through the agency). The question is kept with the
 * client's other questions and mailed to their case manager (the center's default case manager
 * when none is assigned). Clients only; a donor the client may not see is 404.
 */
export async function requestDetailsAccess(
  deps: Deps,
  auth: Auth,
  input: { donorId: number; query: string },
): Promise<{ id: number }> {
  if (!canAskAboutDonor(auth)) throw forbidden();
  const { donor } = await loadVisible(deps, auth, input.donorId);
  const { client, manager } = await clientAndManager(deps, auth);
  const donorLabel = donorDisplayId({ ...donor, id: donor.userId });
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertDetailsAccessRequest(tx, {
      centerId: auth.centerId,
      userId: auth.userId,
      donorId: input.donorId,
      queryType: 'request_details_access',
      query: input.query,
      createdAt: deps.clock.now(),
    });
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: auth.centerId,
      emailTypeId: EMAIL_TYPE.DETAILS_ACCESS_REQUEST,
      to: manager.username,
      vars: {
        recipient: `${manager.firstName} ${manager.lastName}`.trim(),
        client: client ? `${client.firstName} ${client.lastName}`.trim() : '',
        donor: donorLabel,
        message: input.query,
        link: `${deps.config.publicUrl}/#/donordetails/${donor.userId}`,
      },
    });
    await audit(tx, auth, {
      action: 'donor.details_access_request',
      entityType: 'donor',
      entityId: input.donorId,
      centerId: donor.centerId,
      details: { queryId: id, managerId: manager.id },
    });
    return { id };
  });
}

// --- favourite and notes notification

const FAV_NOTES_ACTION = { favorite: 'added to their favourites', notes: 'wrote a note on' } as const;

/**
 * POST setfavandnotesnotification: when a client favourites a donor or writes a note on one, their
 * case manager hears of it (e-mail type 45 through the template system). Clients only; a donor
 * the client may not see is 404; a note needs text ("Note cannot be blank."). shared_by of the
 * body is ignored: the session says who.
 */
export async function favAndNotesNotification(
  deps: Deps,
  auth: Auth,
  input: { donorId: number; type: keyof typeof FAV_NOTES_ACTION; message: string },
): Promise<void> {
  if (!canAskAboutDonor(auth)) throw forbidden();
  if (input.type === 'notes' && !input.message.trim()) throw badRequest(MSG.NOTE_BLANK);
  const { donor } = await loadVisible(deps, auth, input.donorId);
  const { client, manager } = await clientAndManager(deps, auth);
  const clientName = client ? `${client.firstName} ${client.lastName}`.trim() : '';
  const label = donorDisplayId({ ...donor, id: donor.userId });
  const announce = await deps.db.transaction(async (tx) => {
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: auth.centerId,
      emailTypeId: EMAIL_TYPE.FAVORITE_NOTES_NOTIFICATION,
      to: manager.username,
      vars: {
        recipient: `${manager.firstName} ${manager.lastName}`.trim(),
        sender: client ? `${client.firstName} ${client.lastName}`.trim() : '',
        donor: donorDisplayId({ ...donor, id: donor.userId }),
        action: FAV_NOTES_ACTION[input.type],
        message: input.message.trim(),
        link: `${deps.config.publicUrl}/#/donordetails/${donor.userId}`,
      },
    });
    await audit(tx, auth, {
      action: `donor.notify_${input.type}`,
      entityType: 'donor',
      entityId: input.donorId,
      centerId: donor.centerId,
      details: { managerId: manager.id },
    });
    // The note's text stays out of the notification (it may speak of health): who and which donor.
    return notify(tx, [
      {
        userId: manager.id,
        sharedBy: auth.userId,
        kind: input.type === 'favorite' ? 'favourite' : 'note',
        text: `${clientName || 'Your client'} ${FAV_NOTES_ACTION[input.type]} donor ${label}`,
        link: `/donordetails/${donor.userId}`,
      },
    ]);
  });
  announce(deps.realtime);
}
