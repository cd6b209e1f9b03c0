import {
  type AgencyContact,
  ageEligible,
  type BlankField,
  blankCharacteristics,
  blankEducation,
  blankFamily,
  blankGeneral,
  blankPastDonation,
  blankPersonalHealth,
  bmiEligible,
  bmiFromPounds,
  CHANGES_PENDING,
  type ChangeSetSummary,
  CLINIC_DATE_YEARS,
  clinicOrDateMessage,
  type DonorFormFields,
  type DonorFormStatus,
  type DonorFormTab,
  type DonorFormTabAnswer,
  type DonorHome,
  diffTab,
  dobInRange,
  donorHiddenBySettings,
  donorMayEdit,
  EMAIL_TYPE,
  eligibilityChecked,
  type FieldChange,
  feetInchesToCm,
  formFields,
  formPreview,
  INITIAL_FORM_TABS,
  INITIAL_STAGE_STATES,
  inInitialStage,
  isChangeTracked,
  isReviewState,
  isSavableTab,
  landingPage,
  MAIN_SUBMIT_STATES,
  MSG,
  mayEditDonorForm,
  mayReviewDonorForm,
  PREGNANCY_DATE_YEARS,
  pagePath,
  percentageProblem,
  QUESTION_TABS,
  REVIEW_DECISIONS,
  type ReviewBody,
  ROLE,
  type SavableTab,
  type SubmitResult,
  scrapedAutoSubmits,
  TAB_SCHEMAS,
  type TabData,
  tabOpen,
  type UpdateFormBody,
  withHiddenFields,
  withinYears,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import { type Auth, assertCenter } from '../../platform/auth-context.js';
import { type Db, readAll } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { assertDonorVisible } from '../donor-access/index.js';
import * as donorsRepo from '../donors/donors.repo.js';
import * as repo from './donorform.repo.js';
import { readTab, writeTab } from './donorform.tabs.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'secrets' | 'config'>;

const isDonor = (auth: Auth) => auth.role === ROLE.DONOR;

/**
 * The donor whose form is read or written: the donor herself (any other id is 404), or for
 * admin and manager a donor of their own center (the form holds medical answers, so staff of a
 * partner center that may see the published profile still get 404).
 */
async function target(db: Db, auth: Auth, userId: number | undefined): Promise<donorsRepo.DonorCore> {
  const donorId = userId ?? auth.userId;
  // Every 404 here answers 'User Not Found' (error catalogue): the web app then sends the user
  // home. A donor of another center and an id that does not exist answer the same.
  if (isDonor(auth)) {
    if (donorId !== auth.userId) throw notFound(MSG.USER_NOT_FOUND);
  } else {
    if (!mayReviewDonorForm(auth)) throw forbidden();
    await assertDonorVisible(db, auth, donorId).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 404 ? notFound(MSG.USER_NOT_FOUND) : error;
    });
  }
  const core = await donorsRepo.donorCore(db, donorId);
  if (!core) throw notFound(MSG.USER_NOT_FOUND);
  if (!isDonor(auth)) {
    try {
      assertCenter(auth, core.donor.centerId);
    } catch (error) {
      throw error instanceof AppError && error.statusCode === 404 ? notFound(MSG.USER_NOT_FOUND) : error;
    }
  }
  return core;
}

/**
 * The eligibility check of the donor form (only in the four states the spec lists): age from
 * the date of birth against the first-time or experienced range, BMI from height and weight
 * against the center's range. A part the form does not yet hold is not judged.
 */
async function eligibilityOf(
  db: Db,
  core: donorsRepo.DonorCore,
  now: Date,
): Promise<DonorFormStatus['eligibility']> {
  if (!eligibilityChecked(core.donor.availability)) return null;
  const g = await readTab(db, core.donor.userId, 'general');
  const range = core.settings.rejectionRange;
  const reasons: ('age' | 'bmi')[] = [];
  const [min, max] = g.previousDonor
    ? [range.experience_donor_min_age, range.experience_donor_max_age]
    : [range.first_time_donor_min_age, range.first_time_donor_max_age];
  if (g.dateOfBirth && !ageEligible(g.dateOfBirth, min, max, now)) reasons.push('age');
  if (g.heightFeet !== null && g.weightLb !== null) {
    const bmi = bmiFromPounds(g.weightLb, feetInchesToCm(g.heightFeet, g.heightInches ?? 0));
    if (!bmiEligible(bmi, range.bmi_min, range.bmi_max)) reasons.push('bmi');
  }
  return { eligible: reasons.length === 0, reasons };
}

async function statusOf(db: Db, core: donorsRepo.DonorCore, now: Date): Promise<DonorFormStatus> {
  const d = core.donor;
  const settings = core.settings;
  const pending = await repo.pendingChangeSets(db, d.userId);
  return {
    donorId: d.userId,
    availability: d.availability,
    lastTab: d.lastTab,
    landingPage: landingPage(d.availability, d.lastTab),
    preview: formPreview(d.availability, await repo.hasActiveMatch(db, d.userId)),
    initialStage: inInitialStage(d.availability),
    changeTracked: isChangeTracked(d.availability),
    canSubmitMain: MAIN_SUBMIT_STATES.includes(d.availability as never),
    pendingChangeVersion: pending.at(-1)?.version ?? null,
    centerSettings: {
      raceTotalFree: settings.raceTotalFree,
      raceEvenSplit: settings.raceEvenSplit,
      selfOnlyRelations: settings.selfOnlyRelations,
      isCompensationVisible: settings.isCompensationVisible,
      isDonorTypeVisible: settings.isDonorTypeVisible,
    },
    eligibility: await eligibilityOf(db, core, now),
    autoSubmitted: false,
  };
}

const auditStaff = (db: Db, auth: Auth, action: string, core: donorsRepo.DonorCore, details = {}) =>
  isDonor(auth)
    ? Promise.resolve()
    : audit(db, auth, {
        action,
        entityType: 'donor',
        entityId: core.donor.userId,
        centerId: core.donor.centerId,
        details,
      });

/** POST /getdonorformdetails: one tab's saved values and the form's status. */
export async function getTab(
  deps: Deps,
  auth: Auth,
  body: { tabName: DonorFormTab; userId?: number },
): Promise<DonorFormTabAnswer> {
  const core = await target(deps.db, auth, body.userId);
  const status = await statusOf(deps.db, core, deps.clock.now());
  const data = isSavableTab(body.tabName) ? await readTab(deps.db, core.donor.userId, body.tabName) : {};
  const profile = body.tabName === 'general' ? await donorsRepo.profileOf(deps.db, core.donor.userId) : null;
  await auditStaff(deps.db, auth, 'donor.form.read', core, { tab: body.tabName });
  return {
    tabName: body.tabName,
    data: data as Record<string, unknown>,
    status,
    ...(body.tabName === 'general' ? { hasSsn: !!profile?.ssnEncrypted } : {}),
  };
}

/**
 * GET /getdonorformstatus/{id}. A scraped-profile donor opening her form is auto-submitted
 * (outside the states the spec excludes) when nothing mandatory is blank.
 */
export async function formStatus(deps: Deps, auth: Auth, userId: number): Promise<DonorFormStatus> {
  let core = await target(deps.db, auth, userId);
  await auditStaff(deps.db, auth, 'donor.form.status.read', core);
  if (
    isDonor(auth) &&
    core.donor.isScraped &&
    core.donor.preFormStatus === 1 &&
    scrapedAutoSubmits(core.donor.availability)
  ) {
    const submitted = await submitMain(deps, auth).then(
      () => true,
      () => false,
    );
    if (submitted) {
      core = await target(deps.db, auth, userId);
      return { ...(await statusOf(deps.db, core, deps.clock.now())), autoSubmitted: true };
    }
  }
  return statusOf(deps.db, core, deps.clock.now());
}

/** Parses a tab's form data with the shared schema and the rules that need the center or clock. */
function parseTab<T extends SavableTab>(
  tab: T,
  formData: Record<string, unknown>,
  core: donorsRepo.DonorCore,
  now: Date,
): TabData[T] {
  const parsed = TAB_SCHEMAS[tab].safeParse(formData);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const message =
      issue.message === MSG.CLINIC_OR_DATE
        ? clinicOrDateMessage(formFields(core.settings.donorFormTemplate).clinicLabel)
        : issue.message;
    throw badRequest(message, { field: issue.path.join('.') });
  }
  const data = parsed.data as TabData[T];
  if (tab === 'general') {
    const g = data as TabData['general'];
    if (g.dateOfBirth && !dobInRange(g.dateOfBirth, now))
      throw badRequest(MSG.DOB_RANGE, { field: 'dateOfBirth' });
    const i = g.deliveries.findIndex(
      (p) => p.dateOfBirth && !withinYears(p.dateOfBirth, PREGNANCY_DATE_YEARS, now),
    );
    if (i >= 0) throw badRequest(MSG.PREGNANCY_DATE_RANGE, { field: `deliveries.${i}.dateOfBirth` });
  }
  if (tab === 'pastDonation') {
    const p = data as TabData['pastDonation'];
    const i = p.cycles.findIndex((c) => c.cycleDate && !withinYears(c.cycleDate, CLINIC_DATE_YEARS, now));
    if (i >= 0) throw badRequest(MSG.CLINIC_DATE_RANGE, { field: `cycles.${i}.cycleDate` });
  }
  if (tab === 'personalCharacterstics') {
    const c = data as TabData['personalCharacterstics'];
    const free = core.settings.raceTotalFree;
    const even = core.settings.raceEvenSplit;
    const race = percentageProblem(c.races, 'race', free, even);
    if (race) throw badRequest(race, { field: 'races' });
    const ethnicity = percentageProblem(c.ethnicities, 'ethnicity', free, even);
    if (ethnicity) throw badRequest(ethnicity, { field: 'ethnicities' });
  }
  if (tab === 'familyHealth' && core.settings.selfOnlyRelations) {
    const f = data as TabData['familyHealth'];
    if (f.members.some((m) => m.relation !== 'Self'))
      throw badRequest(MSG.COMPLETE_DETAILS, { field: 'members' });
  }
  return data;
}

/**
 * POST /updatedonorformdetails: saves one tab in one transaction (a failed save changes nothing).
 * The donor saves while her state allows it; after approval (change-tracked states) the save
 * is recorded as a change set and she moves to Available Donor Changes Pending Review. Admins
 * edit fields directly (audited by field name, never by value); managers only read.
 */
export async function saveTab(
  deps: Deps,
  auth: Auth,
  body: UpdateFormBody,
): Promise<{ status: DonorFormStatus; changeVersion: number | null }> {
  if (!mayEditDonorForm(auth)) throw forbidden();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const core = await target(tx, auth, body.userId);
    const donorId = core.donor.userId;
    const availability = core.donor.availability;
    if (isDonor(auth)) {
      if (core.donor.preFormStatus !== 1) throw badRequest(MSG.FILL_PREFORM);
      if (!donorMayEdit(availability)) throw badRequest(MSG.FORM_READ_ONLY);
      if (!tabOpen(availability, body.tabName)) throw badRequest(MSG.FORM_TAB_LOCKED);
    }
    const data = parseTab(body.tabName, body.formData, core, now);
    const tracked = isDonor(auth) && isChangeTracked(availability);
    await repo.lockDonor(tx, donorId);
    const before = tracked ? await readTab(tx, donorId, body.tabName) : null;
    await writeTab(tx, donorId, body.tabName, data, {
      centerId: core.donor.centerId,
      now,
      secrets: deps.secrets,
      // What the center's settings keep from the donor stays as it was when she saves.
      keep: isDonor(auth) ? donorHiddenBySettings(core.settings) : [],
    });
    let changeVersion: number | null = null;
    if (before) {
      const after = await readTab(tx, donorId, body.tabName);
      const changes: FieldChange[] = diffTab(before, after);
      if (body.tabName === 'general' && (data as TabData['general']).ssn) {
        changes.push({ field: 'ssn', before: '(hidden)', after: '(changed)' });
      }
      if (changes.length > 0) {
        const pending = await repo.pendingChangeSets(tx, donorId);
        changeVersion = await repo.nextVersion(tx, donorId);
        await repo.insertChangeSet(tx, {
          donorId,
          version: changeVersion,
          tab: body.tabName,
          changes,
          // Approval restores this; after rejected changes, approval makes the donor Available again.
          previousAvailability:
            availability === CHANGES_PENDING
              ? (pending[0]?.previousAvailability ?? 'Available')
              : availability === 'Rejected Form Changes'
                ? 'Available'
                : availability,
          createdBy: auth.userId,
          createdAt: now,
        });
        await repo.updateDonor(tx, donorId, { availability: CHANGES_PENDING, availabilityChangedAt: now });
      }
    }
    await audit(tx, auth, {
      action: isDonor(auth) ? 'donor.form.save' : 'donor.form.staff_edit',
      entityType: 'donor',
      entityId: donorId,
      centerId: core.donor.centerId,
      details: { tab: body.tabName, fields: Object.keys(body.formData), changeVersion },
    });
    const fresh = (await donorsRepo.donorCore(tx, donorId))!;
    return { status: await statusOf(tx, fresh, now), changeVersion };
  });
}

/** The blank mandatory fields of the initial form (general, personal health, a photo). */
async function blankInitial(db: Db, core: donorsRepo.DonorCore): Promise<BlankField[]> {
  const id = core.donor.userId;
  const [general, health, pictures, questions] = await readAll(db, [
    () => readTab(db, id, 'general'),
    () => readTab(db, id, 'personalHealth'),
    () => repo.pictureCount(db, id),
    () => repo.unansweredRequired(db, core.donor.centerId, id, ['general', 'personalHealth']),
  ]);
  return [
    ...blankGeneral(general, formFields(core.settings.donorFormTemplate).tabs[0]!.hidden),
    ...blankPersonalHealth(health),
    ...(pictures === 0 ? [{ tab: 'uploadPhotos' as const, field: 'pictures', label: 'Photo' }] : []),
    ...questions.map((q) => ({ tab: q.tab as DonorFormTab, field: `question.${q.id}`, label: q.question })),
  ];
}

/** The blank mandatory fields of the whole form. */
export async function blankMain(db: Db, core: donorsRepo.DonorCore): Promise<BlankField[]> {
  const id = core.donor.userId;
  const free = core.settings.raceTotalFree;
  const even = core.settings.raceEvenSplit;
  const [initial, characteristics, family, education, past, questions] = await readAll(db, [
    () => blankInitial(db, core),
    () => readTab(db, id, 'personalCharacterstics'),
    () => readTab(db, id, 'familyHealth'),
    () => readTab(db, id, 'educationDetails'),
    () => readTab(db, id, 'pastDonation'),
    () =>
      repo.unansweredRequired(
        db,
        core.donor.centerId,
        id,
        QUESTION_TABS.filter((tab) => !INITIAL_FORM_TABS.includes(tab)),
      ),
  ]);
  return [
    ...initial,
    ...blankCharacteristics(characteristics, free, even),
    ...blankFamily(family),
    ...blankEducation(education),
    ...blankPastDonation(past),
    ...questions.map((q) => ({ tab: q.tab as DonorFormTab, field: `question.${q.id}`, label: q.question })),
  ];
}

async function submit(deps: Deps, auth: Auth, kind: 'initial' | 'main'): Promise<SubmitResult> {
  if (!isDonor(auth)) throw forbidden();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await repo.lockDonor(tx, auth.userId);
    const core = await target(tx, auth, auth.userId);
    if (core.donor.preFormStatus !== 1) throw badRequest(MSG.FILL_PREFORM);
    const from = core.donor.availability;
    const allowed = kind === 'initial' ? INITIAL_STAGE_STATES : MAIN_SUBMIT_STATES;
    if (!allowed.includes(from as never)) throw badRequest(MSG.DONOR_FORM_ALREADY_SUBMIT);
    const blank = kind === 'initial' ? await blankInitial(tx, core) : await blankMain(tx, core);
    if (blank.length > 0) throw badRequest(MSG.MANDATORY_REMAINING, { blank });
    const availability = kind === 'initial' ? 'General Info Pending Review' : 'Main Form Pending Review';
    await repo.updateDonor(tx, auth.userId, { availability, availabilityChangedAt: now, updatedAt: now });
    await audit(tx, auth, {
      action: `donor.form.submit_${kind}`,
      entityType: 'donor',
      entityId: auth.userId,
      centerId: core.donor.centerId,
      details: { from, to: availability },
    });
    return { availability, blank: [] };
  });
}

/** POST /submitinitialform */
export const submitInitial = (deps: Deps, auth: Auth) => submit(deps, auth, 'initial');
/** POST /submitdonorform */
export const submitMain = (deps: Deps, auth: Auth) => submit(deps, auth, 'main');

/** GET /getdonorformsubmissiondetails/{id}: what is still blank for the next submission. */
export async function submissionDetails(deps: Deps, auth: Auth, userId: number): Promise<SubmitResult> {
  const core = await target(deps.db, auth, userId);
  await auditStaff(deps.db, auth, 'donor.form.blank.read', core);
  const blank = inInitialStage(core.donor.availability)
    ? await blankInitial(deps.db, core)
    : await blankMain(deps.db, core);
  return { availability: core.donor.availability, blank };
}

/** POST /savelastvisitedpage */
export async function saveLastVisited(deps: Deps, auth: Auth, lastTab: number): Promise<null> {
  if (!isDonor(auth)) throw forbidden();
  await repo.updateDonor(deps.db, auth.userId, { lastTab });
  return null;
}

/** POST /checkagencydonorid: whether the agency donor id is free in the donor's center. */
export async function checkAgencyDonorId(
  deps: Deps,
  auth: Auth,
  body: { userId: number; displayId: string },
): Promise<{ available: boolean }> {
  const core = await target(deps.db, auth, body.userId);
  const taken = await repo.agencyIdTaken(deps.db, core.donor.centerId, core.donor.userId, body.displayId);
  return { available: !taken };
}

/**
 * POST /reviewdonorform: an admin or manager accepts or rejects the initial form, the
 * main form or the pending changes, with a message e-mailed to the donor. Accepting changes
 * restores the availability the donor had before them.
 */
export async function review(deps: Deps, auth: Auth, body: ReviewBody): Promise<DonorFormStatus> {
  if (!mayReviewDonorForm(auth)) throw forbidden();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await repo.lockDonor(tx, body.donorId);
    const core = await target(tx, auth, body.donorId);
    const from = core.donor.availability;
    if (!isReviewState(from)) throw badRequest(MSG.FORM_STATUS_NOT_ALLOWED);
    let to: string = REVIEW_DECISIONS[from][body.decision];
    if (from === CHANGES_PENDING) {
      const pending = await repo.pendingChangeSets(tx, body.donorId);
      if (body.decision === 'accept') to = pending[0]?.previousAvailability ?? 'Available';
      await repo.closePendingChangeSets(
        tx,
        body.donorId,
        body.decision === 'accept' ? 'approved' : 'rejected',
        auth.userId,
        now,
      );
    }
    await repo.updateDonor(tx, body.donorId, {
      availability: to,
      availabilityChangedAt: now,
      updatedAt: now,
    });
    await repo.insertStatusMessage(tx, {
      donorId: body.donorId,
      status: to,
      message: body.message,
      sentBy: auth.userId,
      createdAt: now,
    });
    const link = `${deps.config.publicUrl}/#${pagePath('donorhome')}`;
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: core.donor.centerId,
      emailTypeId: EMAIL_TYPE.DONOR_FORM_STATUS,
      to: core.user.username,
      vars: {
        recipient: `${core.user.firstName} ${core.user.lastName}`.trim(),
        status: to,
        message: body.message,
        link,
      },
    });
    await audit(tx, auth, {
      action: `donor.form.review_${body.decision}`,
      entityType: 'donor',
      entityId: body.donorId,
      centerId: core.donor.centerId,
      details: { from, to },
    });
    const fresh = (await donorsRepo.donorCore(tx, body.donorId))!;
    return statusOf(tx, fresh, now);
  });
}

const changeView = (row: Awaited<ReturnType<typeof repo.changeSetsOf>>[number]): ChangeSetSummary => ({
  version: row.version,
  tab: row.tab,
  status: row.status as ChangeSetSummary['status'],
  createdAt: row.createdAt.toISOString(),
  changes: row.changes,
});

/** GET /getdonorformchanges?user_id&version: one change set, or all of them newest first. */
export async function changes(
  deps: Deps,
  auth: Auth,
  userId: number,
  version: number | undefined,
): Promise<ChangeSetSummary[]> {
  const core = await target(deps.db, auth, userId);
  await auditStaff(deps.db, auth, 'donor.form.changes.read', core, { version: version ?? null });
  if (version !== undefined) {
    const row = await repo.changeSet(deps.db, userId, version);
    if (!row) throw notFound(MSG.FORM_CHANGES_NOT_FOUND);
    return [changeView(row)];
  }
  return (await repo.changeSetsOf(deps.db, userId)).map(changeView);
}

/** GET /getdonorhome: the donor's status, what is left to do, and the agency's messages. */
export async function donorHome(deps: Deps, auth: Auth): Promise<DonorHome> {
  if (!isDonor(auth)) throw forbidden();
  const core = await target(deps.db, auth, auth.userId);
  const d = core.donor;
  const preview = formPreview(d.availability, await repo.hasActiveMatch(deps.db, d.userId));
  const canStillFill = !preview && donorMayEdit(d.availability);
  const todo =
    d.preFormStatus === 1 && canStillFill && !isChangeTracked(d.availability)
      ? inInitialStage(d.availability)
        ? await blankInitial(deps.db, core)
        : await blankMain(deps.db, core)
      : [];
  const messages = await repo.statusMessagesOf(deps.db, d.userId);
  return {
    donorId: d.userId,
    firstName: core.user.firstName,
    availability: d.availability,
    preview,
    landingPage: landingPage(d.availability, d.lastTab),
    todo,
    messages: messages.map((m) => ({
      createdAt: m.createdAt.toISOString(),
      message: m.message,
      status: m.status,
    })),
  };
}

/** GET /getagencycontact: the signed-in user's agency, so a donor whose form was rejected can reach it. */
export async function agencyContact(deps: Deps, auth: Auth): Promise<AgencyContact> {
  const center = await repo.centerContact(deps.db, auth.centerId);
  if (!center) throw notFound();
  return center;
}

/**
 * GET /getdonorformfields/{id}: the donor's form with her center's template applied; the donor
 * herself, or staff of her center. The questions the center's settings keep from the donor
 * (donor type, fee) are hidden from her too.
 */
export async function donorFormFields(deps: Deps, auth: Auth, userId: number): Promise<DonorFormFields> {
  const core = await target(deps.db, auth, userId);
  const template = core.settings.donorFormTemplate;
  if (!isDonor(auth)) return formFields(template);
  return formFields(withHiddenFields(template, 'general', donorHiddenBySettings(core.settings)));
}

/** GET /getblankfieldcount: how many mandatory fields the donor has still to fill (the menu's badge). */
export async function blankFieldCount(deps: Deps, auth: Auth): Promise<{ count: number }> {
  if (!isDonor(auth)) throw forbidden();
  const core = await target(deps.db, auth, auth.userId);
  const d = core.donor;
  if (d.preFormStatus !== 1 || formPreview(d.availability) || !donorMayEdit(d.availability))
    return { count: 0 };
  const blank = inInitialStage(d.availability)
    ? await blankInitial(deps.db, core)
    : await blankMain(deps.db, core);
  return { count: blank.length };
}
