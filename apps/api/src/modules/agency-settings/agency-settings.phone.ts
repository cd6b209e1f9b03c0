import {
  type AgencyTwilio,
  accountSidHint,
  EMAIL_TYPE,
  MSG_SETTINGS,
  mayRequestAgencyNumberChange,
  maySetAgencyPhone,
  pagePath,
  type TwilioChangeRequestInput,
  type TwilioSettingsInput,
  type twilioChangeRequestBody,
  type twilioSettingsBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { announceAll, notify } from '../notifications/index.js';
import {
  activeMasterAdmins,
  centerSettingsRow,
  insertNumberRequest,
  pendingNumberRequest,
  userName,
} from './agency-settings.repo.js';
import { centerRead, changeCenterSettings, type SettingsDeps } from './agency-settings.service.js';

export type { TwilioChangeRequestInput, TwilioSettingsInput };

// The agency phone settings (Twilio number, account SID, sealed auth token) and the request flow.

async function twilioOf(db: Db, centerId: number): Promise<AgencyTwilio> {
  const row = await centerSettingsRow(db, centerId);
  if (!row) throw notFound();
  const pending = await pendingNumberRequest(db, centerId);
  return {
    centerId,
    twilioPhoneNumber: row.twilioPhoneNumber,
    accountSidHint: accountSidHint(row.twilioAccountSid),
    authTokenSet: row.twilioAuthTokenSealed !== null,
    pendingRequest: pending
      ? {
          id: pending.id,
          requestedNumber: pending.requestedNumber,
          reason: pending.reason,
          requestedByName:
            `${pending.firstName ?? ''} ${pending.lastName ?? ''}`.trim() || (pending.username ?? ''),
          createdAt: pending.createdAt.toISOString(),
        }
      : null,
  };
}

/** GET getagencytwilionumber?center_id=: the number, the SID's last characters, whether a token is set. */
export const agencyTwilio = centerRead(twilioOf);

/**
 * POST updateagencytwiliophonenumber {twilioPhoneNumber, twilioAccountSid, twilioAuthToken,
 * center_id}: the master admin sets an agency's phone (a blank token keeps the stored one); it
 * answers the agency's pending change request.
 */
export async function updateAgencyTwilio(
  deps: SettingsDeps,
  auth: Auth,
  body: z.output<typeof twilioSettingsBody>,
): Promise<AgencyTwilio> {
  if (!maySetAgencyPhone(auth)) throw forbidden();
  return changeCenterSettings(
    deps,
    auth,
    body.center_id,
    {
      twilio: {
        phoneNumber: body.twilioPhoneNumber,
        accountSid: body.twilioAccountSid,
        authToken: body.twilioAuthToken,
      },
    },
    twilioOf,
  );
}

/**
 * POST agencyrequestfortwilionumberchange {requestedNumber?, reason}: an agency admin asks the
 * master admins to change her agency's number. Recorded (one pending request per agency), each
 * active master admin is e-mailed and notified, and the screen shows it pending until the
 * master admin saves the agency's phone settings.
 */
export async function requestNumberChange(
  deps: SettingsDeps,
  auth: Auth,
  body: z.output<typeof twilioChangeRequestBody>,
): Promise<AgencyTwilio> {
  if (!mayRequestAgencyNumberChange(auth)) throw forbidden();
  const now = deps.clock.now();
  try {
    const { answer, announce } = await deps.db.transaction(async (tx) => {
      const centerId = auth.centerId;
      const center = await centerSettingsRow(tx, centerId, true);
      if (!center) throw notFound();
      if (await pendingNumberRequest(tx, centerId)) throw badRequest(MSG_SETTINGS.REQUEST_PENDING);
      const requestId = await insertNumberRequest(tx, {
        centerId,
        requestedBy: auth.userId,
        requestedNumber: body.requestedNumber ?? null,
        reason: body.reason,
        createdAt: now,
      });
      const sender = (await userName(tx, auth.userId)) ?? '';
      const link = `${deps.config.publicUrl}/#${pagePath('generalconfiguration')}`;
      const masters = await activeMasterAdmins(tx);
      for (const master of masters)
        await queueTemplatedMail(tx, deps.secrets, {
          centerId: master.centerId,
          emailTypeId: EMAIL_TYPE.TWILIO_NUMBER_CHANGE_REQUEST,
          to: master.username,
          vars: {
            recipient: master.firstName || master.username,
            sender,
            agency: center.name,
            number: body.requestedNumber ?? 'not named',
            message: body.reason,
            link,
          },
        });
      const announce = await notify(
        tx,
        masters.map((m) => ({
          userId: m.id,
          sharedBy: auth.userId,
          kind: 'message' as const,
          text: `${center.name} asks for a new text message number`,
          link: pagePath('generalconfiguration'),
        })),
      );
      await audit(tx, auth, {
        action: 'twilio_number_change_requested',
        entityType: 'center',
        entityId: centerId,
        centerId,
        details: { requestId, numberNamed: body.requestedNumber !== undefined },
      });
      return { answer: await twilioOf(tx, centerId), announce };
    });
    announceAll(deps.realtime, [announce]);
    return answer;
  } catch (error) {
    // Two requests at once: the partial unique index keeps one pending.
    if (isUniqueViolation(error)) throw badRequest(MSG_SETTINGS.REQUEST_PENDING);
    throw error;
  }
}
