import { z } from 'zod';
import { ageFrom, HEIGHT_CM_MAX, HEIGHT_CM_MIN, LB_PER_KG_BMI } from './donor.js';
import { MSG } from './messages.js';
import { idSchema } from './validation.js';

/**
 * The donor pre-form (pre-screening questionnaire) and the auto-rejection rules that judge it
 * (donor-forms spec sections 3, 4, 5 and 7). The spec names the pre-form's fields (name, e-mail,
 * date of birth, answers keyed by question id, texts with age placeholders) but not its
 * questions; the questions below are chosen: the screening a US egg-donor agency asks before
 * the full application. Every rule here is pure, so the page and the API judge alike.
 */

// ---------------------------------------------------------------------------------------------
// Questions

const preformAnswerKind = z.enum(['name', 'email', 'date', 'height', 'weight', 'yesno']);
export type PreformAnswerKind = z.output<typeof preformAnswerKind>;
const yesNo = z.enum(['yes', 'no']);
export type YesNo = z.output<typeof yesNo>;

export interface PreformQuestion {
  id: number;
  kind: PreformAnswerKind;
  /** Short name of the field, used in messages and in the auto-rejection list. */
  label: string;
  /** The question as the donor reads it; may hold the age placeholders of AGE_PLACEHOLDERS. */
  text: string;
  /** The answer that makes the donor ineligible while the question is enabled. */
  disqualifying?: YesNo;
  /** The answer says whether the donor has donated before (which age range applies). */
  previousDonation?: true;
}

export const PREFORM_QUESTIONS: readonly PreformQuestion[] = [
  { id: 1, kind: 'name', label: 'First name', text: 'First name' },
  { id: 2, kind: 'name', label: 'Last name', text: 'Last name' },
  { id: 3, kind: 'email', label: 'Email', text: 'Email' },
  { id: 4, kind: 'date', label: 'Date of birth', text: 'Date of birth (MM/DD/YYYY)' },
  { id: 5, kind: 'height', label: 'Height', text: 'Height' },
  { id: 6, kind: 'weight', label: 'Weight', text: 'Weight (lbs)' },
  {
    id: 7,
    kind: 'yesno',
    label: 'Previous egg donation',
    previousDonation: true,
    text: 'Have you donated eggs before? First-time donors must be at least {first_time_donor_min_age} and under {first_time_donor_max_age} years old; experienced donors at least {experience_donor_min_age} and under {experience_donor_max_age}.',
  },
  {
    id: 8,
    kind: 'yesno',
    label: 'Nicotine use',
    disqualifying: 'yes',
    text: 'Do you smoke cigarettes, vape or use other nicotine products?',
  },
  {
    id: 9,
    kind: 'yesno',
    label: 'Recreational drugs',
    disqualifying: 'yes',
    text: 'Do you use recreational drugs?',
  },
  { id: 10, kind: 'yesno', label: 'Both ovaries', disqualifying: 'no', text: 'Do you have both ovaries?' },
  {
    id: 11,
    kind: 'yesno',
    label: 'Regular periods',
    disqualifying: 'no',
    text: 'Do you have regular monthly periods?',
  },
  {
    id: 12,
    kind: 'yesno',
    label: 'Pregnant or breastfeeding',
    disqualifying: 'yes',
    text: 'Are you currently pregnant or breastfeeding?',
  },
  {
    id: 13,
    kind: 'yesno',
    label: 'Serious mental illness',
    disqualifying: 'yes',
    text: 'Have you ever been diagnosed with bipolar disorder, schizophrenia or another serious mental illness?',
  },
  {
    id: 14,
    kind: 'yesno',
    label: 'Recent sexually transmitted infection',
    disqualifying: 'yes',
    text: 'Have you had a sexually transmitted infection in the last 12 months?',
  },
  {
    id: 15,
    kind: 'yesno',
    label: 'Family medical history',
    disqualifying: 'no',
    text: "Do you know your biological family's medical history?",
  },
  {
    id: 16,
    kind: 'yesno',
    label: 'Willing to take injections',
    disqualifying: 'no',
    text: 'Are you willing to take daily injections and attend early-morning appointments for about three weeks?',
  },
];

export const PREFORM_QUESTION = {
  FIRST_NAME: 1,
  LAST_NAME: 2,
  EMAIL: 3,
  DATE_OF_BIRTH: 4,
  HEIGHT: 5,
  WEIGHT: 6,
  PREVIOUS_DONATION: 7,
} as const;

/** The questions an admin may switch on or off for auto-rejection: those with a disqualifying answer. */
export const REJECTION_QUESTIONS = PREFORM_QUESTIONS.filter((q) => q.disqualifying !== undefined);

// ---------------------------------------------------------------------------------------------
// Rejection range (center settings)

/** The rejection-range settings, with the spec's field names. 0 means "not set" (Select). */
export const rejectionRange = z.object({
  first_time_donor_min_age: z.number(),
  first_time_donor_max_age: z.number(),
  experience_donor_min_age: z.number(),
  experience_donor_max_age: z.number(),
  bmi_min: z.number(),
  bmi_max: z.number(),
});
export type RejectionRange = z.output<typeof rejectionRange>;

export const rejectionSettings = rejectionRange.extend({ auto_rejection: z.boolean() });
export type RejectionSettings = z.output<typeof rejectionSettings>;

export const RANGE_NOT_SET: RejectionRange = {
  first_time_donor_min_age: 0,
  first_time_donor_max_age: 0,
  experience_donor_min_age: 0,
  experience_donor_max_age: 0,
  bmi_min: 0,
  bmi_max: 0,
};

/**
 * Chosen defaults (GET /defaultdonorformrejectionrange): the ASRM guidance of 21 to 34 for
 * donors, a little older for proven donors, and a healthy-to-overweight BMI.
 */
export const DEFAULT_REJECTION_RANGE: RejectionRange = {
  first_time_donor_min_age: 21,
  first_time_donor_max_age: 30,
  experience_donor_min_age: 21,
  experience_donor_max_age: 33,
  bmi_min: 18.5,
  bmi_max: 29.9,
};

/** Chosen age options (the spec's constant is not shown): 18 to 45. */
export const REJECTION_AGE_MIN = 18;
export const REJECTION_AGE_MAX = 45;
export const REJECTION_AGE_OPTIONS: readonly number[] = Array.from(
  { length: REJECTION_AGE_MAX - REJECTION_AGE_MIN + 1 },
  (_, i) => REJECTION_AGE_MIN + i,
);
/** BMI options 15.0 to 35.9 in 0.1 steps, held as tenths so that no float drift creeps in. */
export const BMI_OPTION_MIN_TENTHS = 150;
export const BMI_OPTION_MAX_TENTHS = 359;
export const BMI_OPTIONS: readonly number[] = Array.from(
  { length: BMI_OPTION_MAX_TENTHS - BMI_OPTION_MIN_TENTHS + 1 },
  (_, i) => (BMI_OPTION_MIN_TENTHS + i) / 10,
);

const AGE_PLACEHOLDERS = [
  'first_time_donor_min_age',
  'first_time_donor_max_age',
  'experience_donor_min_age',
  'experience_donor_max_age',
] as const;

/** A question's text with the age placeholders filled from the center's range (the default where unset). */
export function fillAgePlaceholders(text: string, range: RejectionRange): string {
  let filled = text;
  for (const key of AGE_PLACEHOLDERS) {
    const value = range[key] || DEFAULT_REJECTION_RANGE[key];
    filled = filled.replaceAll(`{${key}}`, String(value));
  }
  return filled;
}

const RANGE_KEYS = Object.keys(RANGE_NOT_SET) as (keyof RejectionRange)[];

/** Every age and BMI bound is set (auto-rejection may be switched on). */
export function rangeComplete(range: RejectionRange): boolean {
  return RANGE_KEYS.every((key) => range[key] > 0);
}

const tenths = (value: number) => Math.round(value * 10);

const ageSetting = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .int(`${label} is invalid.`)
    .refine((v) => v === 0 || REJECTION_AGE_OPTIONS.includes(v), `${label} is invalid.`);

const bmiSetting = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .refine(
      (v) =>
        v === 0 ||
        (Math.abs(v * 10 - tenths(v)) < 1e-6 &&
          tenths(v) >= BMI_OPTION_MIN_TENTHS &&
          tenths(v) <= BMI_OPTION_MAX_TENTHS),
      `${label} must be 15.0 to 35.9 in steps of 0.1.`,
    );

/** POST /donorformrejectionrange and the auto-rejection form. */
export const rejectionSettingsBody = z
  .object({
    first_time_donor_min_age: ageSetting('First-time donor minimum age'),
    first_time_donor_max_age: ageSetting('First-time donor maximum age'),
    experience_donor_min_age: ageSetting('Experienced donor minimum age'),
    experience_donor_max_age: ageSetting('Experienced donor maximum age'),
    bmi_min: bmiSetting('BMI minimum'),
    bmi_max: bmiSetting('BMI maximum'),
    auto_rejection: z.boolean({ error: 'Auto rejection is required.' }),
  })
  .superRefine((v, ctx) => {
    const pairs = [
      ['first_time_donor_min_age', 'first_time_donor_max_age', 'First-time donor'],
      ['experience_donor_min_age', 'experience_donor_max_age', 'Experienced donor'],
    ] as const;
    for (const [min, max, who] of pairs) {
      if (v[min] > 0 && v[max] > 0 && v[max] <= v[min])
        ctx.addIssue({
          code: 'custom',
          path: [max],
          message: `${who} maximum age must be above the minimum age.`,
        });
    }
    if (v.bmi_min > 0 && v.bmi_max > 0 && tenths(v.bmi_max) < tenths(v.bmi_min))
      ctx.addIssue({
        code: 'custom',
        path: ['bmi_max'],
        message: 'BMI maximum must not be below the minimum.',
      });
    if (v.auto_rejection && !rangeComplete(v))
      ctx.addIssue({ code: 'custom', path: ['auto_rejection'], message: MSG.SET_RANGE_FIRST });
  });
export type RejectionSettingsBody = z.infer<typeof rejectionSettingsBody>;

/** One row of the auto-rejection question list (GET /getalldonorformrejectionquestion). */
export const rejectionQuestion = z.object({
  id: z.number(),
  label: z.string(),
  question: z.string(),
  disqualifying: yesNo,
  is_enabled: z.boolean(),
});
export type RejectionQuestion = z.output<typeof rejectionQuestion>;

/** POST /updatealldonorformrejectionquestion */
export const rejectionQuestionsBody = z.object({
  questions: z
    .array(
      z.object({
        id: idSchema({ label: 'Question id' }).refine(
          (id) => REJECTION_QUESTIONS.some((q) => q.id === id),
          'Question id is invalid.',
        ),
        is_enabled: z.boolean({ error: 'Enabled is required.' }),
      }),
      { error: 'Questions are required.' },
    )
    .min(1, 'Questions are required.'),
});
export type RejectionQuestionsBody = z.infer<typeof rejectionQuestionsBody>;

// ---------------------------------------------------------------------------------------------
// The pre-form's answers

export const preformMessages = {
  required: (label: string) => `${label} is required.`,
  incorrect: (label: string) => `${label} seems incorrect.`,
  answer: (label: string) => `Please answer the question: ${label}.`,
};

const NAME_PATTERN = /^[\p{L}][\p{L} '.-]*$/u;
const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
export const PREFORM_WEIGHT_MIN_LB = 51;
export const PREFORM_WEIGHT_MAX_LB = 500;

/** A MM/DD/YYYY date as YYYY-MM-DD, or null when it is not a real calendar date. */
export function usDateToIso(value: string): string | null {
  const m = DATE_PATTERN.exec(value.trim());
  if (!m) return null;
  const [, mm, dd, yyyy] = m;
  const d = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (
    d.getUTCFullYear() !== Number(yyyy) ||
    d.getUTCMonth() !== Number(mm) - 1 ||
    d.getUTCDate() !== Number(dd)
  )
    return null;
  if (Number(yyyy) < 1900) return null;
  return `${yyyy}-${mm}-${dd}`;
}

function answerSchema(q: PreformQuestion): z.ZodType<string> {
  const required = preformMessages.required(q.label);
  const incorrect = preformMessages.incorrect(q.label);
  const text = z.string({ error: required }).trim().min(1, required);
  switch (q.kind) {
    case 'name':
      return text.max(50, incorrect).regex(NAME_PATTERN, incorrect);
    case 'email':
      return text.pipe(z.email({ message: incorrect }));
    case 'date':
      return text.refine((v) => usDateToIso(v) !== null, incorrect);
    case 'height':
      return text.refine((v) => {
        const cm = Number(v);
        return Number.isFinite(cm) && cm >= HEIGHT_CM_MIN && cm <= HEIGHT_CM_MAX;
      }, incorrect);
    case 'weight':
      return text.refine((v) => {
        const lb = Number(v);
        return Number.isFinite(lb) && lb >= PREFORM_WEIGHT_MIN_LB && lb <= PREFORM_WEIGHT_MAX_LB;
      }, incorrect);
    case 'yesno':
      return z.enum(['yes', 'no'], { error: preformMessages.answer(q.label) });
  }
}

/** POST /submitpreform: every question's answer keyed by question id, and the final declaration. */
export const submitPreformBody = z.object({
  preFormDetails: z.object(
    Object.fromEntries(PREFORM_QUESTIONS.map((q) => [String(q.id), answerSchema(q)])) as Record<
      string,
      z.ZodType<string>
    >,
    { error: MSG.MANDATORY },
  ),
  finalDeclaration: z.literal(true, { error: MSG.FINAL_DECLARATION }),
});
export type SubmitPreformBody = z.infer<typeof submitPreformBody>;

// ---------------------------------------------------------------------------------------------
// Eligibility

/** Body-mass index from pounds and centimetres (the spec's 2.20462 lb per kg), to one decimal. */
export function bmiFromPounds(weightLb: number, heightCm: number): number {
  const m = heightCm / 100;
  return Math.round((weightLb / LB_PER_KG_BMI / (m * m)) * 10) / 10;
}

/** The date `months` calendar months from a UTC date; a day past the month's end is clamped. */
function addMonthsUtc(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/** How many months before reaching the maximum age a donor is already too old. */
export const AGE_MAX_MARGIN_MONTHS = 3;

/**
 * The age rule: age (whole years, the birthday counting as completed) at least `min` and below
 * `max`; a donor one year under the maximum whose birthday reaching it is 3 months away or less
 * is ineligible too. A bound of 0 is not set and does not limit.
 */
export function ageEligible(dateOfBirth: string, min: number, max: number, now: Date): boolean {
  const age = ageFrom(dateOfBirth, now);
  if (min > 0 && age < min) return false;
  if (max > 0) {
    if (age >= max) return false;
    if (age === max - 1) {
      const dob = new Date(`${dateOfBirth.slice(0, 10)}T00:00:00Z`);
      const reachesMax = addMonthsUtc(dob, max * 12);
      if (now.getTime() >= addMonthsUtc(reachesMax, -AGE_MAX_MARGIN_MONTHS).getTime()) return false;
    }
  }
  return true;
}

/** BMI (to one decimal) within [min, max], both inclusive; a bound of 0 is not set. */
export function bmiEligible(bmiValue: number, min: number, max: number): boolean {
  const b = tenths(bmiValue);
  if (min > 0 && b < tenths(min)) return false;
  if (max > 0 && b > tenths(max)) return false;
  return true;
}

const eligibilityReason = z.enum(['age', 'bmi', 'answers']);
export type EligibilityReason = z.output<typeof eligibilityReason>;

const eligibilityData = z.object({
  eligible: z.boolean(),
  reasons: z.array(eligibilityReason),
  bmi: z.number(),
  /** Enabled questions answered with their disqualifying answer. */
  disqualifyingQuestionIds: z.array(z.number()),
});
export type Eligibility = z.output<typeof eligibilityData>;

export interface EligibilityFacts {
  /** YYYY-MM-DD */
  dateOfBirth: string;
  heightCm: number;
  weightLb: number;
  previousDonor: boolean;
  answers: Readonly<Record<string, string>>;
}

/**
 * Whether a donor passes the center's rules: the age range for first-time or experienced
 * donors, the BMI range, and no enabled question answered with its disqualifying answer.
 */
export function preformEligibility(
  facts: EligibilityFacts,
  range: RejectionRange,
  disabledQuestionIds: readonly number[],
  now: Date,
): Eligibility {
  const reasons: EligibilityReason[] = [];
  const [min, max] = facts.previousDonor
    ? [range.experience_donor_min_age, range.experience_donor_max_age]
    : [range.first_time_donor_min_age, range.first_time_donor_max_age];
  if (!ageEligible(facts.dateOfBirth, min, max, now)) reasons.push('age');
  const bmi = bmiFromPounds(facts.weightLb, facts.heightCm);
  if (!bmiEligible(bmi, range.bmi_min, range.bmi_max)) reasons.push('bmi');
  const disqualifyingQuestionIds = REJECTION_QUESTIONS.filter(
    (q) => !disabledQuestionIds.includes(q.id) && facts.answers[String(q.id)] === q.disqualifying,
  ).map((q) => q.id);
  if (disqualifyingQuestionIds.length > 0) reasons.push('answers');
  return { eligible: reasons.length === 0, reasons, bmi, disqualifyingQuestionIds };
}

/** The eligibility facts in a valid pre-form's answers. */
export function eligibilityFacts(answers: Readonly<Record<string, string>>): EligibilityFacts {
  const a = (id: number) => answers[String(id)] ?? '';
  return {
    dateOfBirth: usDateToIso(a(PREFORM_QUESTION.DATE_OF_BIRTH)) ?? '',
    heightCm: Number(a(PREFORM_QUESTION.HEIGHT)),
    weightLb: Number(a(PREFORM_QUESTION.WEIGHT)),
    previousDonor: a(PREFORM_QUESTION.PREVIOUS_DONATION) === 'yes',
    answers,
  };
}

/** pre_form_status after a submit: 1 accepted, 0 not accepted (only while auto-rejection is on). */
export function preFormStatusOf(eligibility: Eligibility, autoRejection: boolean): 0 | 1 {
  return !autoRejection || eligibility.eligible ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Answers of the API

/** One question of GET /getpreformdetails/{userId}, its text filled for the donor's center. */
export const preformQuestionAnswer = z.object({
  questionId: z.number(),
  kind: preformAnswerKind,
  label: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
});
export type PreformQuestionAnswer = z.output<typeof preformQuestionAnswer>;

export const preformDetails = z.object({
  userId: z.number(),
  /** null not filled, 1 accepted, 0 not accepted. */
  preFormStatus: z.union([z.literal(0), z.literal(1)]).nullable(),
  submittedAt: z.string().nullable(),
  questions: z.array(preformQuestionAnswer),
  /** Staff only: why the rules judged as they did (null for the donor). */
  eligibility: eligibilityData.nullable(),
});
export type PreformDetails = z.output<typeof preformDetails>;

/** POST /submitpreform */
export const preformResult = z.object({ preFormStatus: z.union([z.literal(0), z.literal(1)]) });
export type PreformResult = z.output<typeof preformResult>;

/** GET /getpreformdetails/{userId} */
export const preformUserIdParams = z.object({ userId: idSchema({ label: 'User id' }) });
