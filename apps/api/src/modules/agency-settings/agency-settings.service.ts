import {
  type AgencyAccessDetails,
  type AgencyDefaultManager,
  type AgencyManager,
  MSG_SETTINGS,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { oneCenterInScope } from '../centers/centers.service.js';
import { findActiveManager } from '../users/users.repo.js';
import {
  type CenterSettings,
  type CenterSettingsRow,
  caseManagersOf,
  centerSettingsRow,
  resolveNumberRequests,
  settingsWithDefaults,
  userName,
  writeCenterSettings,
} from './agency-settings.repo.js';

export type SettingsDeps = Pick<ModuleDeps, 'db' | 'clock' | 'secrets' | 'config' | 'realtime'>;

/** The settings of the general configuration and fee screens (the spec's "Agency settings"). */
export type SettingKey =
  | 'isFirstNameVisible'
  | 'ipFormVisible'
  | 'receiveTextMessages'
  | 'canPreactiveIpAccessDonorDetail'
  | 'isDonorTypeVisible'
  | 'isCompensationVisible'
  | 'portfolioDonorCount'
  | 'defaultCaseManagerId';

/** One change of a center's settings: switches and values, and the agency phone (master admin). */
export interface SettingsChange {
  settings?: Partial<Pick<CenterSettings, SettingKey>>;
  /** The token is plain here and sealed before it is stored; undefined keeps the stored SID or token. */
  twilio?: { phoneNumber: string; accountSid: string | undefined; authToken: string | undefined };
}

/** What the audit row says of one setting: never the value of a SID or token, only that it is set. */
interface AuditedChange {
  setting: string;
  from: unknown;
  to: unknown;
}

const SECRET = (set: boolean) => (set ? 'set' : 'not set');

function phoneChanges(
  row: CenterSettingsRow,
  twilio: NonNullable<SettingsChange['twilio']>,
): { changes: AuditedChange[]; values: { twilioPhoneNumber?: string; twilioAccountSid?: string } } {
  const changes: AuditedChange[] = [];
  const values: { twilioPhoneNumber?: string; twilioAccountSid?: string } = {};
  if (row.twilioPhoneNumber !== twilio.phoneNumber) {
    changes.push({ setting: 'twilioPhoneNumber', from: row.twilioPhoneNumber, to: twilio.phoneNumber });
    values.twilioPhoneNumber = twilio.phoneNumber;
  }
  if (twilio.accountSid !== undefined && row.twilioAccountSid !== twilio.accountSid) {
    changes.push({ setting: 'twilioAccountSid', from: SECRET(row.twilioAccountSid !== null), to: 'changed' });
    values.twilioAccountSid = twilio.accountSid;
  }
  if (twilio.authToken !== undefined)
    changes.push({
      setting: 'twilioAuthToken',
      from: SECRET(row.twilioAuthTokenSealed !== null),
      to: 'changed',
    });
  return { changes, values };
}

/**
 * THE way a center's settings change (every toggle and value of /generalconfiguration and
 * /feeandpayment goes through it; decision 018): in one transaction it resolves the center the
 * caller may act on (the master admin names it; an agency admin her own, another: 404), locks
 * the center's row, checks the values that need the database (the default case manager must be
 * an active case manager of that center), writes only what changed, seals a new Twilio token,
 * resolves a pending number change request when the master admin sets the number, and records
 * one audit row naming who changed which setting from what to what (a SID or token only as
 * set/changed). After commit every signed-in browser of the center is told to refetch, so the
 * change shows at once (nothing on the server caches settings: every request reads them).
 * `view` builds the answer inside the same transaction.
 */
export async function changeCenterSettings<T>(
  deps: SettingsDeps,
  auth: Auth,
  requestedCenterId: number | undefined,
  change: SettingsChange,
  view: (tx: Db, centerId: number) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  let changedCenter: number | null = null;
  const answer = await deps.db.transaction(async (tx) => {
    const centerId = await oneCenterInScope(tx, auth, requestedCenterId);
    const row = await centerSettingsRow(tx, centerId, true);
    if (!row) throw notFound();
    const patch = change.settings ?? {};
    const managerId = patch.defaultCaseManagerId;
    if (managerId !== undefined && managerId !== null && !(await findActiveManager(tx, managerId, centerId)))
      throw badRequest(MSG_SETTINGS.NOT_A_MANAGER);

    const current = settingsWithDefaults(row.settings);
    const changes: AuditedChange[] = [];
    const changedSettings: Partial<CenterSettings> = {};
    for (const [key, to] of Object.entries(patch) as [SettingKey, unknown][]) {
      if (to === undefined || current[key] === to) continue;
      changes.push({ setting: key, from: current[key], to });
      Object.assign(changedSettings, { [key]: to });
    }
    const phone = change.twilio ? phoneChanges(row, change.twilio) : { changes: [], values: {} };
    changes.push(...phone.changes);
    if (change.twilio?.accountSid === undefined && change.twilio && row.twilioAccountSid === null)
      throw badRequest(MSG_SETTINGS.TWILIO_SID_REQUIRED);
    if (change.twilio && change.twilio.authToken === undefined && row.twilioAuthTokenSealed === null)
      throw badRequest(MSG_SETTINGS.TWILIO_TOKEN_REQUIRED);

    if (changes.length > 0) {
      await writeCenterSettings(tx, centerId, {
        ...(Object.keys(changedSettings).length > 0
          ? { settings: { ...row.settings, ...changedSettings } }
          : {}),
        ...phone.values,
        ...(change.twilio?.authToken !== undefined
          ? { twilioAuthTokenSealed: deps.secrets.seal(change.twilio.authToken) }
          : {}),
        updatedAt: now,
      });
      changedCenter = centerId;
    }
    // Saving the number answers the agency's request, even when the number stays as it was.
    const resolved = change.twilio ? await resolveNumberRequests(tx, centerId, auth.userId, now) : [];
    if (changes.length > 0 || resolved.length > 0)
      await audit(tx, auth, {
        action: 'agency_settings_changed',
        entityType: 'center',
        entityId: centerId,
        centerId,
        details: { changes, ...(resolved.length > 0 ? { resolvedRequests: resolved } : {}) },
      });
    return view(tx, centerId);
  });
  if (changedCenter !== null)
    deps.realtime.emitToCenter(changedCenter, 'center:settings', { centerId: changedCenter });
  return answer;
}

// --- reading

export async function accessDetailsOf(db: Db, centerId: number): Promise<AgencyAccessDetails> {
  const row = await centerSettingsRow(db, centerId);
  if (!row) throw notFound();
  const s = settingsWithDefaults(row.settings);
  return {
    centerId,
    centerName: row.name,
    isFirstNameVisible: s.isFirstNameVisible,
    ipFormVisible: s.ipFormVisible,
    receiveTextMessages: s.receiveTextMessages,
    canPreactiveIpAccessDonorDetail: s.canPreactiveIpAccessDonorDetail,
    isDonorTypeVisible: s.isDonorTypeVisible,
    isCompensationVisible: s.isCompensationVisible,
    portfolioDonorCount: s.portfolioDonorCount,
    defaultCaseManagerId: s.defaultCaseManagerId,
    preActiveAccess: row.preActiveAccess,
  };
}

/** GET getagencyaccessdetails?center_id= */
export async function accessDetails(
  deps: SettingsDeps,
  auth: Auth,
  centerId: number | undefined,
): Promise<AgencyAccessDetails> {
  return accessDetailsOf(deps.db, await oneCenterInScope(deps.db, auth, centerId));
}

/** GET getagencymanagerdetails?center_id=: the case managers the default may be. */
export async function managers(
  deps: SettingsDeps,
  auth: Auth,
  centerId: number | undefined,
): Promise<AgencyManager[]> {
  const rows = await caseManagersOf(deps.db, await oneCenterInScope(deps.db, auth, centerId));
  return rows.map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim() || r.username,
    email: r.username,
    status: r.status,
  }));
}

async function defaultManagerOf(db: Db, centerId: number): Promise<AgencyDefaultManager> {
  const { defaultCaseManagerId } = await accessDetailsOf(db, centerId);
  return {
    defaultCaseManagerId,
    name: defaultCaseManagerId === null ? null : await userName(db, defaultCaseManagerId),
  };
}

/** GET getagencydefaultmanager?center_id= */
export async function defaultManager(
  deps: SettingsDeps,
  auth: Auth,
  centerId: number | undefined,
): Promise<AgencyDefaultManager> {
  return defaultManagerOf(deps.db, await oneCenterInScope(deps.db, auth, centerId));
}

// --- the calls that change a setting (each one call of changeCenterSettings)

type Toggle = (
  deps: SettingsDeps,
  auth: Auth,
  body: { status: boolean; center_id?: number | undefined },
) => Promise<AgencyAccessDetails>;

const toggle =
  (key: Exclude<SettingKey, 'portfolioDonorCount' | 'defaultCaseManagerId'>): Toggle =>
  (deps, auth, body) =>
    changeCenterSettings(deps, auth, body.center_id, { settings: { [key]: body.status } }, accessDetailsOf);

/** POST firstnamevisibility {status, center_id} */
export const firstNameVisibility = toggle('isFirstNameVisible');
/** POST ipformtoggle {status, center_id} */
export const ipFormToggle = toggle('ipFormVisible');
/** POST textmessagestoggle {status, center_id} */
export const textMessagesToggle = toggle('receiveTextMessages');
/** POST donortypevisibility {status, center_id} */
export const donorTypeVisibility = toggle('isDonorTypeVisible');

/** POST donordetailsaccesstoggle {donorDetailsVisible, center_id} */
export const donorDetailsAccessToggle = (
  deps: SettingsDeps,
  auth: Auth,
  body: { donorDetailsVisible: boolean; center_id?: number | undefined },
) =>
  toggle('canPreactiveIpAccessDonorDetail')(deps, auth, {
    status: body.donorDetailsVisible,
    center_id: body.center_id,
  });

/** POST feepaymentoptionvisibility {is_compensation_visible, center_id} */
export const compensationVisibility = (
  deps: SettingsDeps,
  auth: Auth,
  body: { is_compensation_visible: boolean; center_id?: number | undefined },
) =>
  toggle('isCompensationVisible')(deps, auth, {
    status: body.is_compensation_visible,
    center_id: body.center_id,
  });

/** POST updateportfoliodonorcount {portfolio_donor_count, center_id}: greater than 1 (the schema). */
export const portfolioDonorCount = (
  deps: SettingsDeps,
  auth: Auth,
  body: { portfolio_donor_count: number; center_id?: number | undefined },
) =>
  changeCenterSettings(
    deps,
    auth,
    body.center_id,
    { settings: { portfolioDonorCount: body.portfolio_donor_count } },
    accessDetailsOf,
  );

/** POST saveagencydefaultmanager {default_case_manager_id, center_id}: a case manager of that center, or null. */
export const saveDefaultManager = (
  deps: SettingsDeps,
  auth: Auth,
  body: { default_case_manager_id: number | null; center_id?: number | undefined },
) =>
  changeCenterSettings(
    deps,
    auth,
    body.center_id,
    { settings: { defaultCaseManagerId: body.default_case_manager_id } },
    defaultManagerOf,
  );
