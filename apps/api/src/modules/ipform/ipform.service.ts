import {
  defaultIpDob,
  emptyIpFertility,
  emptyIpGeneral,
  emptyIpPersonal,
  IP_FORM_MSG,
  type IpFormDetails,
  type IpFormDetailsBody,
  type IpFormStatus,
  type IpFormUpdateBody,
  type IpGeneral,
  ipFormAccess,
  isClient,
  normaliseIpTab,
  personalComplete,
  ROLE,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import * as repo from './ipform.repo.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock'>;

/** GET /checkipformvisibility: whether the caller's center has the IP form on. */
export async function visibility(deps: Deps, auth: Auth): Promise<{ ipFormVisible: boolean }> {
  return { ipFormVisible: await repo.centerIpFormVisible(deps.db, auth.centerId) };
}

/**
 * GET /getipformstatuscenter: the caller's center's setting and, for an intended parent, whether
 * their own form is submitted (staff: submitted null).
 */
export async function statusCenter(
  deps: Deps,
  auth: Auth,
): Promise<{ ipFormVisible: boolean; submitted: boolean | null }> {
  const ipFormVisible = await repo.centerIpFormVisible(deps.db, auth.centerId);
  if (!isClient(auth)) return { ipFormVisible, submitted: null };
  const me = await repo.findParent(deps.db, auth.userId);
  return { ipFormVisible, submitted: me?.ipFormSubmittedAt != null };
}

/**
 * The parent a call is about, and how the caller may open the form; anyone else (another
 * client, another center's staff, a center with the form off, not a client) gets 404.
 */
async function openForm(deps: Deps, auth: Auth, userId: number) {
  const parent = await repo.findParent(deps.db, userId);
  const access = parent ? ipFormAccess(auth, parent) : null;
  if (!parent || !access) throw notFound(IP_FORM_MSG.NOT_AVAILABLE);
  return { parent, access };
}

/** GET /getipformstatus/{userId}: whether the parent's form is submitted (no answers). */
export async function status(deps: Deps, auth: Auth, userId: number): Promise<IpFormStatus> {
  const parent = await repo.findParent(deps.db, userId);
  const seen =
    parent &&
    parent.role === ROLE.CLIENT &&
    (auth.role === ROLE.CLIENT ? auth.userId === userId : auth.centerId === parent.centerId);
  if (!parent || !seen) throw notFound(IP_FORM_MSG.NOT_AVAILABLE);
  return {
    userId,
    ipFormVisible: parent.ipFormVisible,
    submitted: parent.ipFormSubmittedAt !== null,
    submittedAt: parent.ipFormSubmittedAt?.toISOString() ?? null,
  };
}

/**
 * POST /getipformdetails: the asked tab (confirm: all three), as saved; a tab never saved comes
 * blank, the parent's general tab with the date of birth 26 years ago. Staff read in preview,
 * and every staff read is audited (the tab's name only, never an answer).
 */
export async function details(deps: Deps, auth: Auth, body: IpFormDetailsBody): Promise<IpFormDetails> {
  const { parent, access } = await openForm(deps, auth, body.userId);
  const form = await repo.findForm(deps.db, body.userId);
  const now = deps.clock.now();
  const general = (): IpGeneral =>
    form?.general ?? { ...emptyIpGeneral(), dob: access === 'edit' ? defaultIpDob(now) : null };
  const all = body.tabName === 'confirm';
  if (access === 'preview') {
    await audit(deps.db, auth, {
      action: 'ipform.read',
      entityType: 'user',
      entityId: body.userId,
      centerId: parent.centerId,
      details: { tabName: body.tabName },
    });
  }
  return {
    userId: body.userId,
    tabName: body.tabName,
    access,
    submittedAt: parent.ipFormSubmittedAt?.toISOString() ?? null,
    general: all || body.tabName === 'general' ? general() : null,
    personalCharacteristics:
      all || body.tabName === 'personalCharacteristics'
        ? (form?.personalCharacteristics ?? emptyIpPersonal())
        : null,
    fertilityHistory:
      all || body.tabName === 'fertilityHistory' ? (form?.fertilityHistory ?? emptyIpFertility()) : null,
  };
}

/**
 * POST /updateipformdetails: the parent saves one tab, normalised by the spec's rules (empty
 * dates null, descriptions of a "no" cleared, an invalid zip null). Staff of the center preview
 * only (403); others 404. The audit entry names the tab, not the answers.
 */
export async function update(deps: Deps, auth: Auth, body: IpFormUpdateBody): Promise<IpFormDetails> {
  const { parent, access } = await openForm(deps, auth, body.userId);
  if (access !== 'edit') throw forbidden(IP_FORM_MSG.PARENT_ONLY);
  const data = normaliseIpTab(body);
  const now = deps.clock.now();
  if (body.tabName === 'general') {
    const today = now.toISOString().slice(0, 10);
    const g = data as IpGeneral;
    if (g.dob && g.dob > today) throw badRequest(IP_FORM_MSG.incorrect('Date of birth'), { field: 'dob' });
    if (g.sec_partner_dob && g.sec_partner_dob > today) {
      throw badRequest(IP_FORM_MSG.incorrect("Partner's date of birth"), { field: 'sec_partner_dob' });
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.saveTab(tx, body.userId, { [body.tabName]: data }, now);
    await audit(tx, auth, {
      action: 'ipform.update',
      entityType: 'user',
      entityId: body.userId,
      centerId: parent.centerId,
      details: { tabName: body.tabName },
    });
  });
  return details(deps, auth, { tabName: body.tabName, userId: body.userId });
}

/**
 * GET /ipformsubmission: the parent submits their form (users.ip_form_submitted_at, the one
 * truth of "submitted"); the personal characteristics must be saved and valid (every other
 * answer is optional). Submitting again keeps the first time.
 */
export async function submit(deps: Deps, auth: Auth): Promise<{ submittedAt: string }> {
  if (!isClient(auth)) throw forbidden(IP_FORM_MSG.PARENT_ONLY);
  const { parent } = await openForm(deps, auth, auth.userId);
  const form = await repo.findForm(deps.db, auth.userId);
  if (!personalComplete(form?.personalCharacteristics ?? null)) {
    throw badRequest(IP_FORM_MSG.INCOMPLETE);
  }
  if (parent.ipFormSubmittedAt) return { submittedAt: parent.ipFormSubmittedAt.toISOString() };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.markSubmitted(tx, auth.userId, now);
    await audit(tx, auth, {
      action: 'ipform.submit',
      entityType: 'user',
      entityId: auth.userId,
      centerId: parent.centerId,
    });
  });
  return { submittedAt: now.toISOString() };
}
