import {
  bmi as bmiOf,
  DEFAULT_REJECTION_RANGE,
  eligibilityFacts,
  fillAgePlaceholders,
  lbToKg,
  MSG,
  mayFillPreform,
  PREFORM_QUESTION,
  PREFORM_QUESTIONS,
  type PreformDetails,
  type PreformResult,
  preFormStatusOf,
  preformEligibility,
  preformMessages,
  REJECTION_QUESTIONS,
  type RejectionQuestion,
  type RejectionQuestionsBody,
  type RejectionRange,
  type RejectionSettings,
  type RejectionSettingsBody,
  ROLE,
  type SubmitPreformBody,
  usDateToIso,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import { type Auth, assertCenter } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { assertDonorVisible } from '../donor-access/index.js';
import * as repo from './preform.repo.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock'>;

/**
 * GET /getpreformdetails/{userId}: the donor's own pre-form, or (case manager) a donor of the
 * caller's own center in preview. The answers are medical, so staff of a partner center that may
 * see the published profile still get 404 here; every staff read is audited.
 */
export async function preformDetails(deps: Deps, auth: Auth, userId: number): Promise<PreformDetails> {
  const staff = auth.role !== ROLE.DONOR;
  if (!staff && userId !== auth.userId) throw notFound();
  if (staff) await assertDonorVisible(deps.db, auth, userId);
  const donor = await repo.findDonor(deps.db, userId);
  if (!donor) throw notFound();
  if (staff) assertCenter(auth, donor.centerId);
  const [saved, settings] = await Promise.all([
    repo.findPreform(deps.db, userId),
    repo.centerRules(deps.db, donor.centerId),
  ]);
  // A donor who has not filled the form yet starts from her account's name and e-mail.
  const prefill: Record<string, string> = {
    [PREFORM_QUESTION.FIRST_NAME]: donor.firstName,
    [PREFORM_QUESTION.LAST_NAME]: donor.lastName,
    [PREFORM_QUESTION.EMAIL]: donor.email,
  };
  const answers = saved?.answers ?? (staff ? {} : prefill);
  if (staff) {
    await audit(deps.db, auth, {
      action: 'donor.preform.read',
      entityType: 'donor',
      entityId: userId,
      centerId: donor.centerId,
    });
  }
  return {
    userId,
    preFormStatus: donor.preFormStatus === 0 || donor.preFormStatus === 1 ? donor.preFormStatus : null,
    submittedAt: saved?.submittedAt.toISOString() ?? null,
    questions: PREFORM_QUESTIONS.map((q) => ({
      questionId: q.id,
      kind: q.kind,
      label: q.label,
      question: fillAgePlaceholders(q.text, settings.rejectionRange),
      answer: answers[String(q.id)] ?? null,
    })),
    eligibility:
      staff && saved
        ? {
            eligible: saved.eligible,
            reasons: saved.reasons,
            bmi: saved.bmi,
            disqualifyingQuestionIds: saved.disqualifyingQuestionIds,
          }
        : null,
  };
}

/**
 * POST /submitpreform: judges the answers by the center's rules and stores them with the
 * outcome, in one transaction. Only a donor whose pre-form is not filled (or was reset) may
 * submit. The answers never reach the audit log, only the outcome.
 */
export async function submitPreform(deps: Deps, auth: Auth, body: SubmitPreformBody): Promise<PreformResult> {
  if (!mayFillPreform(auth)) throw forbidden(MSG.PREFORM_DONOR_ONLY);
  const now = deps.clock.now();
  const answers = body.preFormDetails;
  const dob = usDateToIso(answers[String(PREFORM_QUESTION.DATE_OF_BIRTH)] ?? '');
  if (!dob || dob > now.toISOString().slice(0, 10)) {
    throw badRequest(preformMessages.incorrect('Date of birth'));
  }
  return deps.db.transaction(async (tx) => {
    const donor = await repo.findDonor(tx, auth.userId);
    if (!donor) throw notFound();
    if (donor.preFormStatus !== null) throw badRequest(MSG.PREFORM_ALREADY_SUBMITTED);
    const settings = await repo.centerRules(tx, donor.centerId);
    const facts = eligibilityFacts(answers);
    const eligibility = preformEligibility(
      facts,
      settings.rejectionRange,
      settings.disabledRejectionQuestions,
      now,
    );
    const status = preFormStatusOf(eligibility, settings.autoRejection);
    await repo.upsertPreform(tx, {
      userId: auth.userId,
      centerId: donor.centerId,
      answers: Object.fromEntries(PREFORM_QUESTIONS.map((q) => [String(q.id), answers[String(q.id)] ?? ''])),
      eligible: eligibility.eligible,
      reasons: eligibility.reasons,
      disqualifyingQuestionIds: eligibility.disqualifyingQuestionIds,
      bmi: eligibility.bmi,
      autoRejection: settings.autoRejection,
      submittedAt: now,
    });
    const weightKg = lbToKg(facts.weightLb);
    await repo.updateDonorFromPreform(tx, auth.userId, {
      preFormStatus: status,
      dateOfBirth: facts.dateOfBirth,
      heightCm: facts.heightCm,
      weightKg,
      bmi: bmiOf(weightKg, facts.heightCm),
      previousDonor: facts.previousDonor,
      updatedAt: now,
    });
    await audit(tx, auth, {
      action: 'donor.preform.submit',
      entityType: 'donor',
      entityId: auth.userId,
      centerId: donor.centerId,
      details: { preFormStatus: status },
    });
    return { preFormStatus: status };
  });
}

/** POST /resetpreformdetails: a donor whose pre-form was not accepted may fill it again. */
export async function resetPreform(deps: Deps, auth: Auth): Promise<null> {
  if (!mayFillPreform(auth)) throw forbidden(MSG.PREFORM_DONOR_ONLY);
  await deps.db.transaction(async (tx) => {
    const donor = await repo.findDonor(tx, auth.userId);
    if (!donor) throw notFound();
    if (donor.preFormStatus !== 0) throw badRequest(MSG.PREFORM_RESET_NOT_ALLOWED);
    await repo.updateDonorFromPreform(tx, auth.userId, { preFormStatus: null, updatedAt: deps.clock.now() });
    await audit(tx, auth, {
      action: 'donor.preform.reset',
      entityType: 'donor',
      entityId: auth.userId,
      centerId: donor.centerId,
    });
  });
  return null;
}

// --- auto-rejection settings (admin of the center)

const settingsAnswer = (range: RejectionRange, autoRejection: boolean): RejectionSettings => ({
  ...range,
  auto_rejection: autoRejection,
});

/** GET /donorformrejectionrange */
export async function rejectionSettings(deps: Deps, auth: Auth): Promise<RejectionSettings> {
  const settings = await repo.centerRules(deps.db, auth.centerId);
  return settingsAnswer(settings.rejectionRange, settings.autoRejection);
}

/** GET /defaultdonorformrejectionrange */
export function defaultRejectionRange(): RejectionRange {
  return DEFAULT_REJECTION_RANGE;
}

/** POST /donorformrejectionrange */
export async function saveRejectionSettings(
  deps: Deps,
  auth: Auth,
  body: RejectionSettingsBody,
): Promise<RejectionSettings> {
  const { auto_rejection, ...range } = body;
  await deps.db.transaction(async (tx) => {
    await repo.mergeCenterSettings(
      tx,
      auth.centerId,
      { rejectionRange: range, autoRejection: auto_rejection },
      deps.clock.now(),
    );
    await audit(tx, auth, {
      action: 'center.rejection-range.update',
      entityType: 'center',
      entityId: auth.centerId,
      details: { ...body },
    });
  });
  return settingsAnswer(range, auto_rejection);
}

/** GET /getalldonorformrejectionquestion */
export async function rejectionQuestions(deps: Deps, auth: Auth): Promise<RejectionQuestion[]> {
  const settings = await repo.centerRules(deps.db, auth.centerId);
  return REJECTION_QUESTIONS.map((q) => ({
    id: q.id,
    label: q.label,
    question: fillAgePlaceholders(q.text, settings.rejectionRange),
    disqualifying: q.disqualifying!,
    is_enabled: !settings.disabledRejectionQuestions.includes(q.id),
  }));
}

/** POST /updatealldonorformrejectionquestion: questions not named keep their state. */
export async function saveRejectionQuestions(
  deps: Deps,
  auth: Auth,
  body: RejectionQuestionsBody,
): Promise<RejectionQuestion[]> {
  await deps.db.transaction(async (tx) => {
    const disabled = new Set((await repo.centerRules(tx, auth.centerId)).disabledRejectionQuestions);
    for (const q of body.questions) {
      if (q.is_enabled) disabled.delete(q.id);
      else disabled.add(q.id);
    }
    const list = [...disabled].sort((a, b) => a - b);
    await repo.mergeCenterSettings(tx, auth.centerId, { disabledRejectionQuestions: list }, deps.clock.now());
    await audit(tx, auth, {
      action: 'center.rejection-questions.update',
      entityType: 'center',
      entityId: auth.centerId,
      details: { disabled: list },
    });
  });
  return rejectionQuestions(deps, auth);
}
