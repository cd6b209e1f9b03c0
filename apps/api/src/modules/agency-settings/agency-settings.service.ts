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

/**
 * A read of one center's screen: the master admin names the center, an agency admin reads her own
 * (another named: 404), then `view` answers.
 */
export const centerRead =
  <T>(view: (db: Db, centerId: number) => Promise<T>) =>
  async (deps: Pick<SettingsDeps, 'db'>, auth: Auth, centerId: number | undefined): Promise<T> =>
    view(deps.db, await oneCenterInScope(deps.db, auth, centerId));

/** GET getagencyaccessdetails?center_id= */
export const accessDetails = centerRead(accessDetailsOf);

/** GET getagencymanagerdetails?center_id=: the case managers the default may be. */
export const managers = centerRead(async (db, centerId): Promise<AgencyManager[]> => {
  const rows = await caseManagersOf(db, centerId);
  return rows.map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim() || r.username,
    email: r.username,
    status: r.status,
  }));
});

async function defaultManagerOf(db: Db, centerId: number): Promise<AgencyDefaultManager> {
  const { defaultCaseManagerId } = await accessDetailsOf(db, centerId);
  return {
    defaultCaseManagerId,
    name: defaultCaseManagerId === null ? null : await userName(db, defaultCaseManagerId),
  };
}

/** GET getagencydefaultmanager?center_id= */
export const defaultManager = centerRead(defaultManagerOf);

// --- the calls that change a setting (each one call of changeCenterSettings)

/**
 * The call that sets `key` from the body's `field` (with the body's center_id), answering `view`:
 * every toggle and value of the screens is one line.
 */
const setting =
  <K extends SettingKey, F extends string, T = AgencyAccessDetails>(
    key: K,
    field: F,
    view: (db: Db, centerId: number) => Promise<T> = accessDetailsOf as never,
  ) =>
  (deps: SettingsDeps, auth: Auth, body: Record<F, CenterSettings[K]> & { center_id?: number | undefined }) =>
    changeCenterSettings(deps, auth, body.center_id, { settings: { [key]: body[field] } }, view);

/** POST firstnamevisibility {status, center_id} */
export const firstNameVisibility = setting('isFirstNameVisible', 'status');
/** POST ipformtoggle {status, center_id} */
export const ipFormToggle = setting('ipFormVisible', 'status');
/** POST textmessagestoggle {status, center_id} */
export const textMessagesToggle = setting('receiveTextMessages', 'status');
/** POST donortypevisibility {status, center_id} */
export const donorTypeVisibility = setting('isDonorTypeVisible', 'status');
/** POST donordetailsaccesstoggle {donorDetailsVisible, center_id} */
export const donorDetailsAccessToggle = setting('canPreactiveIpAccessDonorDetail', 'donorDetailsVisible');
/** POST feepaymentoptionvisibility {is_compensation_visible, center_id} */
export const compensationVisibility = setting('isCompensationVisible', 'is_compensation_visible');
/** POST updateportfoliodonorcount {portfolio_donor_count, center_id}: greater than 1 (the schema). */
export const portfolioDonorCount = setting('portfolioDonorCount', 'portfolio_donor_count');
/** POST saveagencydefaultmanager {default_case_manager_id, center_id}: a case manager of that center, or null. */
export const saveDefaultManager = setting(
  'defaultCaseManagerId',
  'default_case_manager_id',
  defaultManagerOf,
);
