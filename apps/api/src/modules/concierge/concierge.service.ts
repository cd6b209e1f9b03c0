import {
  type ConciergeRequest,
  type ConciergeState,
  conciergeRequestAccess,
  type conciergeUpgradeBody,
  EMAIL_TYPE,
  type handleConciergeBody,
  MSG_CONCIERGE,
  mayRequestConcierge,
  pagePath,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { announceAll, notify } from '../notifications/index.js';
import { clientCaseManager } from '../users/case-manager.js';
import * as repo from './concierge.repo.js';

export type ConciergeDeps = Pick<ModuleDeps, 'db' | 'clock' | 'secrets' | 'config' | 'realtime'>;

// The concierge membership upgrade (decision 025): a consumer-center client asks once;
// her case manager (or the center's admins) are told; staff mark the request handled.

/**
 * GET checkconciergemembershiprequested: whether the caller asked already (the menu and dialog
 * offer the upgrade only when not), and the dialog's fields as her profile has them.
 */
export async function conciergeState(deps: ConciergeDeps, auth: Auth): Promise<ConciergeState> {
  if (!mayRequestConcierge(auth)) throw forbidden();
  const [request, contact] = await Promise.all([
    repo.requestOfUser(deps.db, auth.userId),
    repo.clientContact(deps.db, auth.userId),
  ]);
  if (!contact) throw notFound();
  return {
    requested: request !== undefined,
    status: request?.status ?? null,
    requestedAt: request?.createdAt.toISOString() ?? null,
    prefill: {
      firstname: contact.firstName,
      lastname: contact.lastName,
      email: contact.username,
      contactno: contact.contactNo,
      newsletter: contact.newsletter,
      voicemail: contact.voicemail,
    },
  };
}

/**
 * POST upgradetoconciergemembership: records the request once (the unique user: a second one is
 * refused), keeps the newsletter and voicemail choices on the profile, e-mails and notifies the
 * client's case manager (her own, else the center's default) or, without one, the center's
 * admins, and sends the client a confirmation to her account's address. One transaction.
 */
export async function requestConcierge(
  deps: ConciergeDeps,
  auth: Auth,
  body: z.output<typeof conciergeUpgradeBody>,
): Promise<ConciergeState> {
  if (!mayRequestConcierge(auth)) throw forbidden();
  const now = deps.clock.now();
  try {
    const announce = await deps.db.transaction(async (tx) => {
      if (await repo.requestOfUser(tx, auth.userId)) throw badRequest(MSG_CONCIERGE.ALREADY_REQUESTED);
      const { client, manager } = await clientCaseManager(tx, auth.userId, auth.centerId);
      if (!client) throw notFound();
      const staff = manager
        ? [{ id: manager.id, username: manager.username, firstName: manager.firstName }]
        : await repo.activeAdminsOf(tx, auth.centerId);
      const requestId = await repo.insertRequest(tx, {
        userId: auth.userId,
        centerId: auth.centerId,
        firstName: body.firstname,
        lastName: body.lastname,
        email: body.email,
        contactNo: body.contactno,
        newsletter: body.newsletter,
        voicemail: body.voicemail,
        privacyAcceptedAt: now,
        assignedTo: manager?.id ?? null,
        createdAt: now,
      });
      await repo.saveProfileChoices(tx, auth.userId, body, now);
      const clientName = `${body.firstname} ${body.lastname}`;
      const staffLink = `${deps.config.publicUrl}/#${pagePath('conciergerequests')}`;
      for (const member of staff)
        await queueTemplatedMail(tx, deps.secrets, {
          centerId: auth.centerId,
          emailTypeId: EMAIL_TYPE.CONCIERGE_REQUEST,
          to: member.username,
          vars: {
            recipient: member.firstName || member.username,
            client: clientName,
            email: body.email,
            contactno: body.contactno,
            newsletter: body.newsletter ? 'yes' : 'no',
            voicemail: body.voicemail ? 'yes' : 'no',
            link: staffLink,
          },
        });
      await queueTemplatedMail(tx, deps.secrets, {
        centerId: auth.centerId,
        emailTypeId: EMAIL_TYPE.CONCIERGE_REQUEST_RECEIVED,
        to: client.username,
        vars: {
          recipient: client.firstName || client.username,
          link: `${deps.config.publicUrl}/#${pagePath('search')}`,
        },
      });
      const announce = await notify(
        tx,
        staff.map((member) => ({
          userId: member.id,
          sharedBy: auth.userId,
          kind: 'message' as const,
          text: `${clientName} asks for the concierge membership`,
          link: pagePath('conciergerequests'),
        })),
      );
      await audit(tx, auth, {
        action: 'concierge_requested',
        entityType: 'user',
        entityId: auth.userId,
        details: { requestId, toldUsers: staff.map((m) => m.id) },
      });
      return announce;
    });
    announceAll(deps.realtime, [announce]);
  } catch (error) {
    // Two requests at once: the unique user keeps one.
    if (isUniqueViolation(error)) throw badRequest(MSG_CONCIERGE.ALREADY_REQUESTED);
    throw error;
  }
  return conciergeState(deps, auth);
}

function requestView(row: Awaited<ReturnType<typeof repo.requestsOfCenter>>[number]): ConciergeRequest {
  const r = row.request;
  return {
    id: r.id,
    userId: r.userId,
    clientName: row.clientName,
    clientStatus: row.clientStatus,
    firstname: r.firstName,
    lastname: r.lastName,
    email: r.email,
    contactno: r.contactNo,
    newsletter: r.newsletter,
    voicemail: r.voicemail,
    status: r.status,
    requestedAt: r.createdAt.toISOString(),
    assignedToName: row.assignedToName,
    handledByName: row.handledByName,
    handledAt: r.handledAt?.toISOString() ?? null,
    handledNote: r.handledNote,
  };
}

/** GET conciergerequests: the caller's center's requests, for its admins and case managers. */
export async function conciergeRequests(deps: ConciergeDeps, auth: Auth): Promise<ConciergeRequest[]> {
  if (conciergeRequestAccess(auth, { centerId: auth.centerId }) !== 'handle') throw forbidden();
  return (await repo.requestsOfCenter(deps.db, auth.centerId)).map(requestView);
}

/** POST handleconciergerequest {id, note}: staff of the client's center mark the request handled. */
export async function handleConciergeRequest(
  deps: ConciergeDeps,
  auth: Auth,
  body: z.output<typeof handleConciergeBody>,
): Promise<ConciergeRequest[]> {
  if (conciergeRequestAccess(auth, { centerId: auth.centerId }) === 'refused') throw forbidden();
  await deps.db.transaction(async (tx) => {
    const request = await repo.requestById(tx, body.id, true);
    if (!request || conciergeRequestAccess(auth, request) !== 'handle') throw notFound();
    if (request.status === 'handled') throw badRequest(MSG_CONCIERGE.ALREADY_HANDLED);
    await repo.markHandled(tx, request.id, {
      handledBy: auth.userId,
      handledAt: deps.clock.now(),
      handledNote: body.note,
    });
    await audit(tx, auth, {
      action: 'concierge_request_handled',
      entityType: 'user',
      entityId: request.userId,
      details: { requestId: request.id, noted: body.note !== '' },
    });
  });
  return conciergeRequests(deps, auth);
}
