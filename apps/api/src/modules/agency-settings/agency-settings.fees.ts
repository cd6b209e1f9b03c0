import {
  type FeeOptions,
  feeOptionKey,
  MSG_SETTINGS,
  mayManageGlobalFeeOptions,
  type removeFeeOptionBody,
  type saveFeeOptionBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { oneCenterInScope } from '../centers/centers.service.js';
import {
  centerSettingsRow,
  deleteFeeOption,
  feeOptionKeyTaken,
  feeOptionsOf,
  findFeeOption,
  insertFeeOption,
  lockFeeOptions,
  settingsWithDefaults,
} from './agency-settings.repo.js';
import { centerRead, type SettingsDeps } from './agency-settings.service.js';

// Fee options (/feeandpayment): the choices of the donor form's fee question.

async function feeOptionsView(db: Db, centerId: number): Promise<FeeOptions> {
  const row = await centerSettingsRow(db, centerId);
  if (!row) throw notFound();
  return {
    centerId,
    isCompensationVisible: settingsWithDefaults(row.settings).isCompensationVisible,
    options: await feeOptionsOf(db, centerId),
  };
}

/**
 * GET getfeeoptions?center_id=: the agency's own options and the global ones. The donor form reads
 * it (a donor and her agency's staff: their own agency), the fee screen too (the master admin
 * names the agency).
 */
export const feeOptions = centerRead(feeOptionsView);

/**
 * POST savefeeoption {newOption, newOptionComment, center_id, global}: an option of the agency,
 * or (the master admin, `global`) of every agency. "Option already exists." when the text, without
 * case and spaces, equals one of the agency's own or a global option (a global one: any agency's).
 */
export async function saveFeeOption(
  deps: SettingsDeps,
  auth: Auth,
  body: z.output<typeof saveFeeOptionBody>,
): Promise<FeeOptions> {
  if (body.global && !mayManageGlobalFeeOptions(auth)) throw forbidden();
  const key = feeOptionKey(body.newOption);
  try {
    return await deps.db.transaction(async (tx) => {
      const centerId = await oneCenterInScope(tx, auth, body.center_id);
      const scope = body.global ? null : centerId;
      await lockFeeOptions(tx);
      if (await feeOptionKeyTaken(tx, key, scope)) throw badRequest(MSG_SETTINGS.OPTION_EXISTS);
      const optionId = await insertFeeOption(tx, {
        options: body.newOption,
        optionKey: key,
        centerId: scope,
        comment: body.newOptionComment,
        createdBy: auth.userId,
        createdAt: deps.clock.now(),
      });
      await audit(tx, auth, {
        action: 'fee_option_added',
        entityType: 'fee_option',
        entityId: optionId,
        centerId: scope,
        details: { option: body.newOption, global: scope === null },
      });
      return feeOptionsView(tx, centerId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG_SETTINGS.OPTION_EXISTS);
    throw error;
  }
}

/**
 * POST removefeeoption {option_id, center_id}: the agency's own option (an agency admin: only her
 * agency's, another's is 404), or a global one (the master admin alone: 403). Donors who chose it
 * keep their answer; the form shows it until they choose again.
 */
export async function removeFeeOption(
  deps: SettingsDeps,
  auth: Auth,
  body: z.output<typeof removeFeeOptionBody>,
): Promise<FeeOptions> {
  return deps.db.transaction(async (tx) => {
    const option = await findFeeOption(tx, body.option_id);
    if (!option) throw notFound();
    const named = body.center_id ?? null;
    if (option.centerId === null) {
      if (!mayManageGlobalFeeOptions(auth)) throw forbidden();
    } else if (named !== null && named !== option.centerId) throw notFound();
    // The agency the answer shows: the option's own, or for a global one the one named (or the caller's).
    const centerId = await oneCenterInScope(tx, auth, option.centerId ?? named ?? auth.centerId);
    await lockFeeOptions(tx);
    await deleteFeeOption(tx, option.id);
    await audit(tx, auth, {
      action: 'fee_option_removed',
      entityType: 'fee_option',
      entityId: option.id,
      centerId: option.centerId,
      details: { option: option.options, global: option.centerId === null },
    });
    return feeOptionsView(tx, centerId);
  });
}
