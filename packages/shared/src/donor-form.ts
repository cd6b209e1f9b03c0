import { z } from 'zod';
import { SSN_LENGTH } from './constants.js';
import {
  BIRTH_CONTROL,
  DEFAULT_RELATIONS,
  DONOR_TYPES,
  EDUCATION_RECORD_TYPES,
  ENROLLMENT_YEARS,
  EXAM_TYPES,
  FAMILY_HISTORY_KEYS,
  MAX_ETHNICITY_COUNT,
  MAX_RACE_COUNT,
  QUEUE_TYPES,
  RACE_PERCENTAGE_TOTAL,
  RACE_PERCENTAGES,
  WEIGHT_LB_NULL_AT_OR_BELOW,
} from './donor.js';
import { MSG } from './messages.js';
import type { DonorAvailability } from './roles.js';

/**
 * The donor form (donor-forms spec sections 2-5): its 11 tabs, one zod schema per savable tab
 * (the web form and the server judge alike), the race/ethnicity percentage rules, the mandatory
 * fields checked at submission, the status flow and the change-set diff.
 */

// ---------------------------------------------------------------------------------------------
// Tabs

/** Tabs by number (1-based): the spec's names, typo included. */
export const DONOR_FORM_TABS = [
  'guidelines',
  'general',
  'personalHealth',
  'personalCharacterstics',
  'familyHealth',
  'disease',
  'pastDonation',
  'educationDetails',
  'miscellaneous',
  'uploadPhotos',
  'submitForm',
] as const;
export type DonorFormTab = (typeof DONOR_FORM_TABS)[number];
export const DONOR_FORM_TAB_LABELS: Record<DonorFormTab, string> = {
  guidelines: 'Guidelines',
  general: 'General',
  personalHealth: 'Personal health',
  personalCharacterstics: 'Characteristics',
  familyHealth: 'Family health',
  disease: 'Diseases',
  pastDonation: 'Past donations',
  educationDetails: 'Education',
  miscellaneous: 'Miscellaneous',
  uploadPhotos: 'Photos & media',
  submitForm: 'Submit',
};
export const tabNumber = (tab: DonorFormTab): number => DONOR_FORM_TABS.indexOf(tab) + 1;
export const tabAt = (page: number): DonorFormTab | null => DONOR_FORM_TABS[page - 1] ?? null;

/** The tabs saved through updatedonorformdetails (miscellaneous goes through the custom answers). */
export const SAVABLE_TABS = [
  'general',
  'personalHealth',
  'personalCharacterstics',
  'familyHealth',
  'disease',
  'pastDonation',
  'educationDetails',
] as const;
export type SavableTab = (typeof SAVABLE_TABS)[number];
export const isSavableTab = (tab: string): tab is SavableTab =>
  (SAVABLE_TABS as readonly string[]).includes(tab);

/** The initial form: the tabs a donor fills before the agency accepts her (1-3 and 10). */
export const INITIAL_FORM_TABS: readonly DonorFormTab[] = [
  'guidelines',
  'general',
  'personalHealth',
  'uploadPhotos',
];
/** Default tab when nothing better is known. */
export const DEFAULT_FORM_PAGE = 2;

// ---------------------------------------------------------------------------------------------
// Status flow (spec section 4, "Donor form flow")

/** The initial form is editable in these states. */
export const INITIAL_FORM_STATES: readonly DonorAvailability[] = [
  'Invited',
  'General Info Pending Review',
  'Rejected Initial Form',
];
/** The donor fills only the initial form in these states. */
export const INITIAL_STAGE_STATES: readonly DonorAvailability[] = ['Invited', 'Rejected Initial Form'];
/** The main form may be submitted only from these. */
export const MAIN_SUBMIT_STATES: readonly DonorAvailability[] = [
  'Initial form Accepted',
  'Rejected Main Form',
];
/** Read-only for the donor while the agency reviews. */
export const PREVIEW_STATES: readonly DonorAvailability[] = [
  'General Info Pending Review',
  'Main Form Pending Review',
];
/** Also opened in preview: the donor is in a cycle or under review. */
export const PREVIEW_LANDING_STATES: readonly DonorAvailability[] = [
  'General Info Pending Review',
  'In Cycle',
  'Under Review',
];
/**
 * A donor saving in these states records a change set and moves to Available Donor Changes
 * Pending Review (the spec's list; Initial form Accepted included as the spec has it).
 */
export const CHANGE_TRACKED_STATES: readonly DonorAvailability[] = [
  'Available',
  'In Cycle',
  'On Hold',
  'Unavailable',
  'Available Donor Changes Pending Review',
  'Rejected Form Changes',
];
export const CHANGES_PENDING: DonorAvailability = 'Available Donor Changes Pending Review';

/** A scraped-profile donor is not auto-submitted in these states (spec section 4). */
export const SCRAPED_NO_AUTO_SUBMIT_STATES: readonly DonorAvailability[] = [
  'Invited',
  'General Info Pending Review',
  'Main Form Pending Review',
  'Available Donor Changes Pending Review',
  'Rejected Initial Form',
];
/**
 * Whether a scraped-profile donor's form is submitted for her when she opens it: outside the
 * listed states, and only where a main-form submission is possible at all.
 */
export const scrapedAutoSubmits = (status: string): boolean =>
  !SCRAPED_NO_AUTO_SUBMIT_STATES.includes(status as DonorAvailability) &&
  MAIN_SUBMIT_STATES.includes(status as DonorAvailability);

/** The eligibility check (age and BMI against the center's range) runs only in these. */
export const ELIGIBILITY_CHECK_STATES: readonly DonorAvailability[] = [
  'General Info Pending Review',
  'Main Form Pending Review',
  'Available Donor Changes Pending Review',
  'Rejected Initial Form',
];
export const eligibilityChecked = (status: string): boolean =>
  ELIGIBILITY_CHECK_STATES.includes(status as DonorAvailability);

/** The donor's main form is submitted as she opens the submit tab when compensation is visible. */
export function autoSubmitOnSubmitTab(status: {
  preview: boolean;
  canSubmitMain: boolean;
  centerSettings: { isCompensationVisible: boolean };
}): boolean {
  return status.centerSettings.isCompensationVisible && !status.preview && status.canSubmitMain;
}

/**
 * Whether the donor herself may save in this state. Initial form Accepted is an editing state:
 * the donor fills the main form there, so her saves are not change sets until the main form is
 * approved (the spec's list names it, but it would turn every first fill into a review).
 */
export function donorMayEdit(status: string): boolean {
  return !PREVIEW_STATES.includes(status as DonorAvailability) && status !== 'Under Review';
}
export const isChangeTracked = (status: string): boolean =>
  CHANGE_TRACKED_STATES.includes(status as DonorAvailability);
export const inInitialStage = (status: string): boolean =>
  INITIAL_STAGE_STATES.includes(status as DonorAvailability);

/** Whether a tab may be opened by the donor in this state (initial stage: tabs 1-3 and 10). */
export function tabOpen(status: string, tab: DonorFormTab): boolean {
  if (inInitialStage(status) || status === 'General Info Pending Review') {
    return INITIAL_FORM_TABS.includes(tab) || tab === 'submitForm';
  }
  return true;
}

/**
 * The tab the donor lands on: Invited or Rejected Initial Form go to their last tab, normalised
 * to 2 unless it is 10 or below 4; otherwise the last tab, default 2.
 */
export function landingPage(status: string, lastTab: number | null): number {
  const last = lastTab && lastTab >= 1 && lastTab <= DONOR_FORM_TABS.length ? lastTab : null;
  if (inInitialStage(status)) {
    if (last === null) return DEFAULT_FORM_PAGE;
    return last === 10 || last < 4 ? last : DEFAULT_FORM_PAGE;
  }
  return last ?? DEFAULT_FORM_PAGE;
}

/** Whether the donor sees the form read-only. */
export function formPreview(status: string, hasCurrentMatch = false): boolean {
  return (
    PREVIEW_STATES.includes(status as DonorAvailability) ||
    PREVIEW_LANDING_STATES.includes(status as DonorAvailability) ||
    (status === 'Available' && hasCurrentMatch)
  );
}

/** Staff decisions: from which state to which, and what the donor is told. */
export const REVIEW_DECISIONS = {
  'General Info Pending Review': { accept: 'Initial form Accepted', reject: 'Rejected Initial Form' },
  'Main Form Pending Review': { accept: 'Available', reject: 'Rejected Main Form' },
  'Available Donor Changes Pending Review': { accept: 'Available', reject: 'Rejected Form Changes' },
} as const satisfies Record<string, { accept: DonorAvailability; reject: DonorAvailability }>;
export type ReviewState = keyof typeof REVIEW_DECISIONS;
export const isReviewState = (status: string): status is ReviewState => status in REVIEW_DECISIONS;

export const reviewBody = z.object({
  donorId: z.coerce.number().int().positive(),
  decision: z.enum(['accept', 'reject']),
  message: z.string().trim().max(5000).default(''),
});
export type ReviewBody = z.infer<typeof reviewBody>;

// ---------------------------------------------------------------------------------------------
// Race and ethnicity percentages (spec sections 5 and 8)

export interface PercentageEntry {
  name: string;
  percentage: number | null;
}
export type PercentageKind = 'race' | 'ethnicity';

/**
 * The first problem of a race or ethnicity list while it is being filled (null when none):
 * at most 4 entries, each entry's percentage chosen before the next, one entry of 100 excludes
 * others, and the total never above 100. With `totalFree` (a center setting) a percentage is any
 * whole number from 1 and only the ceiling applies.
 */
export function percentageProblem(
  entries: readonly PercentageEntry[],
  kind: PercentageKind,
  totalFree: boolean,
  evenSplit = false,
): string | null {
  const max = kind === 'race' ? MAX_RACE_COUNT : MAX_ETHNICITY_COUNT;
  if (entries.length > max) {
    return `${kind === 'race' ? MSG.RACE_MAX_PREFIX : MSG.ETHNICITY_MAX_PREFIX}${max}!`;
  }
  const names = new Set<string>();
  for (const e of entries) {
    if (names.has(e.name)) return MSG.RACE_DUPLICATE;
    names.add(e.name);
  }
  if (entries.some((e) => e.percentage === null)) return MSG.PERCENTAGE_PREVIOUS_FIRST;
  const values = entries.map((e) => e.percentage as number);
  if (evenSplit) {
    const cents = (list: readonly number[]) => list.map((v) => Math.round(v * 100)).sort((a, b) => a - b);
    const want = cents(splitEvenly(entries.length));
    return cents(values).every((v, i) => v === want[i]) ? null : MSG.PERCENTAGE_EXCEED;
  }
  if (!totalFree && values.some((v) => !(RACE_PERCENTAGES as readonly number[]).includes(v))) {
    return MSG.PERCENTAGE_PREVIOUS_FIRST;
  }
  if (totalFree && values.some((v) => v < 1 || v > RACE_PERCENTAGE_TOTAL)) return MSG.PERCENTAGE_EXCEED;
  if (entries.length > 1 && values.includes(RACE_PERCENTAGE_TOTAL)) {
    return kind === 'race' ? MSG.RACE_ALREADY_100 : MSG.ETHNICITY_ALREADY_100;
  }
  if (values.reduce((a, b) => a + b, 0) > RACE_PERCENTAGE_TOTAL) return MSG.PERCENTAGE_EXCEED;
  return null;
}

/** Complete for submission: no problem, at least one entry, and a total of exactly 100 (unless free). */
export function percentagesSubmittable(
  entries: readonly PercentageEntry[],
  kind: PercentageKind,
  totalFree: boolean,
  evenSplit = false,
): boolean {
  if (entries.length === 0 || percentageProblem(entries, kind, totalFree, evenSplit)) return false;
  if (totalFree || evenSplit) return true;
  return entries.reduce((a, e) => a + (e.percentage ?? 0), 0) === RACE_PERCENTAGE_TOTAL;
}

/**
 * The center setting raceEvenSplit: n selections share 100 evenly to two decimals, the last
 * taking the rounding remainder (3 -> 33.33, 33.33, 33.34).
 */
export function splitEvenly(n: number): number[] {
  if (n <= 0) return [];
  const each = Math.floor((RACE_PERCENTAGE_TOTAL * 100) / n) / 100;
  const last = Math.round((RACE_PERCENTAGE_TOTAL - each * (n - 1)) * 100) / 100;
  return [...Array.from({ length: n - 1 }, () => each), last];
}

/** Which percentage options may still be picked for the next entry (the web's select). */
export function percentageOptionsLeft(entries: readonly PercentageEntry[]): number[] {
  const used = entries.reduce((a, e) => a + (e.percentage ?? 0), 0);
  return RACE_PERCENTAGES.filter((p) => p + used <= RACE_PERCENTAGE_TOTAL);
}

// ---------------------------------------------------------------------------------------------
// Tab schemas

const text = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v));
const isoDate = z
  .string()
  .nullable()
  .default(null)
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Date must be YYYY-MM-DD.');
const count = (max = 99) => z.coerce.number().int().min(0).max(max).default(0);
const optCount = (max = 999) => z.coerce.number().int().min(0).max(max).nullable().default(null);
const flag = z.boolean().default(false);
const id = z.number().int().positive().nullable().default(null);

export const deliverySchema = z.object({
  id,
  dateOfBirth: isoDate.refine((v) => v !== null, MSG.DELIVERY_DATE_REQUIRED),
  babyGender: text(20),
  deliveryType: text(40),
  pregnancyResult: text(60),
  pregnancyComplications: text(),
  birthWeightG: optCount(10000),
  birthLengthCm: z.coerce.number().min(0).max(100).nullable().default(null),
  medicalIssues: text(),
  otherDetails: text(),
});

export const generalTab = z.object({
  firstName: z.string().trim().min(1, MSG.FILL_MANDATORY_FIRST).max(100),
  lastName: z.string().trim().min(1, MSG.FILL_MANDATORY_FIRST).max(100),
  dateOfBirth: isoDate,
  contactNo: z
    .string()
    .trim()
    .min(1, MSG.CONTACT_REQUIRED)
    .regex(/^\d{1,10}$/, 'Contact number must be at most 10 digits.'),
  contactType: z.coerce.number().int().min(0).max(2).default(0),
  mobile: text(20),
  contactWork: text(20),
  contactHome: text(20),
  address: text(),
  zipcode: text(10),
  country: z.string().trim().min(1).max(100).default('United States'),
  state: text(100),
  city: text(100),
  cityOther: text(100),
  birthCountry: text(100),
  birthState: text(100),
  birthCity: text(100),
  birthCityOther: text(100),
  donorFee: text(100),
  donorFeeOther: text(20),
  /** Digits only; null leaves the stored SSN as it is, '' clears it. */
  ssn: z
    .string()
    .trim()
    .nullable()
    .default(null)
    .refine(
      (v) => v === null || v === '' || new RegExp(`^\\d{${SSN_LENGTH}}$`).test(v.replace(/-/g, '')),
      MSG.SSN_LENGTH,
    ),
  weightLb: z.coerce
    .number()
    .min(0)
    .max(1000)
    .nullable()
    .default(null)
    .transform((v) => (v !== null && v <= WEIGHT_LB_NULL_AT_OR_BELOW ? null : v)),
  heightFeet: z.coerce.number().int().min(0).max(8).nullable().default(null),
  heightInches: z.coerce.number().int().min(0).max(11).nullable().default(null),
  educationLevel: text(100),
  donorType: z.enum(DONOR_TYPES).default('Fresh'),
  agencyDisplayId: text(40),
  maritalStatus: text(40),
  occupation: text(100),
  numberOfPregnancies: count(20).default(1),
  previousDonor: flag,
  currentlyPregnant: flag,
  breastfeeding: flag,
  childCount: count(20),
  miscarriages: count(20),
  abortionCount: count(20),
  ipWillingToWork: z.array(z.string().max(60)).max(10).default([]),
  eggDonationArrangement: text(40),
  referrals: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  deliveries: z.array(deliverySchema).max(30).default([]),
});
export type GeneralTab = z.infer<typeof generalTab>;

export const medicationSchema = z.object({
  id,
  name: z.string().trim().min(1, MSG.MEDICATION_NAME_REQUIRED).max(200),
  isDrug: flag,
  prescribedBy: text(200),
  purpose: text(),
  diagnosis: text(),
  dosage: text(100),
  howOften: text(100),
  sideEffects: text(),
  prescribedOn: isoDate,
  currentlyTaking: flag,
  dateStopped: isoDate,
  lengthOfTime: text(100),
  otherDetails: text(),
});

export const personalHealthTab = z
  .object({
    bloodGroup: text(10),
    birthControl: z.enum(BIRTH_CONTROL).nullable().default(null),
    contraceptiveTypes: z.array(z.string().max(100)).max(20).default([]),
    depoProvera: flag,
    hasPiercing: flag,
    piercingDate: isoDate,
    hasTattoo: flag,
    tattooDate: isoDate,
    amhValue: z.coerce.number().min(0).max(50).nullable().default(null),
    amhTestDate: isoDate,
    covidLastDoseDate: isoDate,
    covidVaccineName: text(100),
    anxietyDisorder: flag,
    recreationalDrugs: flag,
    anyMedications: flag,
    transmittedDiseases: z.array(z.string().max(100)).max(30).default([]),
    medications: z.array(medicationSchema).max(30).default([]),
  })
  .refine((t) => !t.birthControl || t.birthControl === 'No' || t.contraceptiveTypes.length > 0, {
    message: MSG.CONTRACEPTIVE_REQUIRED,
    path: ['contraceptiveTypes'],
  });
export type PersonalHealthTab = z.infer<typeof personalHealthTab>;

const percentageEntry = z.object({
  name: z.string().trim().min(1).max(100),
  percentage: z.number().min(0).max(100).nullable(),
});

/** The shape only; percentageProblem (with the center's setting) judges the values. */
export const characteristicsTab = z.object({
  races: z.array(percentageEntry).max(10).default([]),
  ethnicities: z.array(percentageEntry).max(10).default([]),
  raceDetails: text(),
  ethnicityDetails: text(),
  eyeColor: text(40),
  hairColor: text(40),
  skinType: text(40),
  religion: text(60),
  bodyType: text(40),
  dominantHand: text(20),
  personality: text(2000),
  hobbies: text(2000),
  heritage: z.array(z.string().max(60)).max(20).default([]),
});
export type CharacteristicsTab = z.infer<typeof characteristicsTab>;

export const familyMemberSchema = z
  .object({
    id,
    relation: z.string().trim().min(1, MSG.COMPLETE_DETAILS).max(40),
    applicable: z.boolean().default(true),
    gender: text(20),
    maternalOrPaternal: text(20),
    dateOfBirth: isoDate,
    living: z.boolean().default(true),
    ageAtDeath: optCount(130),
    deathReason: text(),
    heightFeet: z.coerce.number().int().min(0).max(8).nullable().default(null),
    heightInches: z.coerce.number().int().min(0).max(11).nullable().default(null),
    weightLb: z.coerce.number().min(0).max(1000).nullable().default(null),
    hairColor: text(40),
    eyeColor: text(40),
    bodyType: text(40),
    education: text(100),
    occupation: text(100),
    otherDetails: text(),
  })
  .refine((m) => m.living || !m.applicable || (m.deathReason !== null && m.ageAtDeath !== null), {
    message: MSG.COMPLETE_DETAILS,
    path: ['deathReason'],
  });
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export const familyHealthTab = z.object({
  siblingCount: count(30),
  halfSiblingCount: count(30),
  geneticDefectBirthCondition: text(),
  members: z.array(familyMemberSchema).max(60).default([]),
  history: z
    .array(
      z
        .object({ key: z.enum(FAMILY_HISTORY_KEYS), answer: z.boolean(), details: text() })
        .refine((h) => !h.answer || h.details !== null, { message: MSG.COMPLETE_DETAILS, path: ['details'] })
        // Details need a yes answer first.
        .refine((h) => h.answer || h.details === null, { message: MSG.FILL_ABOVE_FIRST, path: ['details'] }),
    )
    .max(FAMILY_HISTORY_KEYS.length)
    .default([]),
});
export type FamilyHealthTab = z.infer<typeof familyHealthTab>;

export const diseaseTab = z.object({
  diseases: z
    .array(
      z
        .object({
          id,
          disease: z.string().trim().min(1).max(100),
          relation: z.string().trim().min(1, MSG.FILL_DISEASE_FIRST).max(40),
          details: text(),
        })
        .refine((d) => d.relation === 'Nobody' || d.details !== null, {
          message: MSG.FILL_DISEASE_FIRST,
          path: ['details'],
        }),
    )
    .max(200)
    .default([])
    .superRefine((rows, ctx) => {
      const problem = diseaseRelationProblem(rows);
      if (problem)
        ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.index, 'relation'] });
    }),
});

/**
 * The disease table's relation rules (spec section 4): for one disease, Nobody excludes every
 * other relation, and each relation (Self included: her own history is entered once) appears
 * once. Returns the first offending row.
 */
export function diseaseRelationProblem(
  rows: readonly { disease: string; relation: string }[],
): { index: number; message: string } | null {
  const seen = new Map<string, Set<string>>();
  for (const [index, row] of rows.entries()) {
    const relations = seen.get(row.disease) ?? new Set<string>();
    if (relations.has(row.relation)) return { index, message: MSG.DISEASE_RELATION_TWICE };
    if (relations.size > 0 && (row.relation === 'Nobody' || relations.has('Nobody'))) {
      return { index, message: MSG.NOBODY_EXCLUSIVE };
    }
    relations.add(row.relation);
    seen.set(row.disease, relations);
  }
  return null;
}

/** The relations still offered for a disease row, given the table's other rows (Nobody excludes). */
export function relationsOffered(
  all: readonly string[],
  rows: readonly { disease: string; relation: string }[],
  index: number,
): string[] {
  const disease = rows[index]?.disease;
  const others = rows.filter((r, i) => i !== index && r.disease === disease && r.relation !== '');
  if (others.some((r) => r.relation === 'Nobody')) return [];
  const used = new Set(others.map((r) => r.relation));
  return all.filter((r) => !used.has(r) && (r !== 'Nobody' || others.length === 0));
}
export type DiseaseTab = z.infer<typeof diseaseTab>;

export const donationCycleSchema = z
  .object({
    id,
    nameOfClinic: text(200),
    cycleDate: isoDate,
    queueType: z.enum(QUEUE_TYPES).default('Fresh'),
    eggsRetrieved: optCount(),
    eggsMature: optCount(),
    eggsFertilized: optCount(),
    embryosCreated: optCount(),
    embryosTransferred: optCount(),
    qualityOfEmbryosTransferred: text(100),
    embryosFrozen: optCount(),
    qualityOfEmbryosFrozen: text(100),
    pgsPgdCcs: z.boolean().nullable().default(null),
    normalCount: optCount(),
    abnormalCount: optCount(),
    pregnancyResult: text(60),
    eggsPurchased: optCount(),
    otherDetails: text(),
  })
  .refine((c) => c.nameOfClinic !== null || c.cycleDate !== null, {
    message: MSG.CLINIC_OR_DATE,
    path: ['nameOfClinic'],
  });

/** The default label of the clinic field; a center template may name it otherwise. */
export const DEFAULT_CLINIC_LABEL = 'Name of Clinic';
/** The spec's "{clinic label} or Date of Retrieval is required." */
export const clinicOrDateMessage = (label: string = DEFAULT_CLINIC_LABEL): string =>
  `${label} or Date of Retrieval is required.`;

export const frozenBatchSchema = z
  .object({
    id,
    refId: text(60),
    altId: text(60),
    frozenDate: isoDate,
    batchAge: optCount(60),
    eggCount: optCount(),
    note: text(),
  })
  .refine((b) => [b.refId, b.altId, b.frozenDate, b.batchAge, b.eggCount, b.note].some((v) => v !== null), {
    message: MSG.FILL_FROZEN_BATCH_FIRST,
    path: ['refId'],
  });

export const pastDonationTab = z.object({
  donationCount: count(30),
  cycles: z.array(donationCycleSchema).max(30).default([]),
  frozenBatches: z.array(frozenBatchSchema).max(30).default([]),
});
export type PastDonationTab = z.infer<typeof pastDonationTab>;

export const educationRecordSchema = z.object({
  id,
  type: z.enum(EDUCATION_RECORD_TYPES, { message: MSG.EDUCATION_TYPE_REQUIRED }),
  institution: text(200),
  university: text(200),
  subjects: text(),
  enrollmentYear: z.coerce.number().int().min(1900).max(2200).nullable().default(null),
  endYear: z.coerce.number().int().min(1900).max(2200).nullable().default(null),
  pursuing: flag,
  marksObtained: z.coerce.number().min(0).max(10000).nullable().default(null),
  maxMarks: z.coerce.number().min(0).max(10000).nullable().default(null),
  otherDetails: text(),
});
export const examScoreSchema = z.object({
  id,
  exam: z.enum(EXAM_TYPES),
  score: z.coerce.number().min(0).max(10000),
  takenYear: z.coerce.number().int().min(1900).max(2200).nullable().default(null),
});

export const educationTab = z.object({
  records: z.array(educationRecordSchema).max(20).default([]),
  exams: z.array(examScoreSchema).max(20).default([]),
});
export type EducationTab = z.infer<typeof educationTab>;

export const TAB_SCHEMAS = {
  general: generalTab,
  personalHealth: personalHealthTab,
  personalCharacterstics: characteristicsTab,
  familyHealth: familyHealthTab,
  disease: diseaseTab,
  pastDonation: pastDonationTab,
  educationDetails: educationTab,
} as const satisfies Record<SavableTab, z.ZodType>;
export interface TabData {
  general: GeneralTab;
  personalHealth: PersonalHealthTab;
  personalCharacterstics: CharacteristicsTab;
  familyHealth: FamilyHealthTab;
  disease: DiseaseTab;
  pastDonation: PastDonationTab;
  educationDetails: EducationTab;
}

/** Enrollment years offered: the last 20; end years run to now, plus Pursuing. */
export function enrollmentYears(now: Date): number[] {
  const y = now.getUTCFullYear();
  return Array.from({ length: ENROLLMENT_YEARS }, (_, i) => y - i);
}

/** Pregnancy (delivery) dates run back 32 years; donation cycle (clinic) dates 30 years. */
export const PREGNANCY_DATE_YEARS = 32;
export const CLINIC_DATE_YEARS = 30;

/** A date from `years` years ago up to today (the date pickers' ranges). */
export function withinYears(date: string, years: number, now: Date): boolean {
  const y = now.getUTCFullYear();
  const md = now.toISOString().slice(4, 10);
  return date >= `${y - years}${md}` && date <= now.toISOString().slice(0, 10);
}

/** The first and last date a picker offers for a range of `years` back to today (YYYY-MM-DD). */
export function dateRange(years: number, now: Date): { min: string; max: string } {
  const iso = now.toISOString().slice(0, 10);
  return { min: `${now.getUTCFullYear() - years}${iso.slice(4)}`, max: iso };
}

/** The spec's display format MM/dd/yyyy, from YYYY-MM-DD or an ISO timestamp (its UTC day). */
export function formatUsDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** The date-of-birth picker's range: 40 to 14 years ago. */
export function dobRange(now: Date): { min: string; max: string } {
  const y = now.getUTCFullYear();
  const md = now.toISOString().slice(4, 10);
  return { min: `${y - 40}${md}`, max: `${y - 14}${md}` };
}

/** A date of birth between 40 and 14 years ago (the date picker's range). */
export function dobInRange(dob: string, now: Date): boolean {
  const y = now.getUTCFullYear();
  const md = now.toISOString().slice(4, 10);
  return dob >= `${y - 40}${md}` && dob <= `${y - 14}${md}`;
}

/** The default relations of a new family-health tab (Self only where the center says so). */
export function defaultFamilyRelations(selfOnly: boolean): string[] {
  return selfOnly ? ['Self'] : [...DEFAULT_RELATIONS];
}

// ---------------------------------------------------------------------------------------------
// Request bodies

export const getFormBody = z.object({
  tabName: z.enum(DONOR_FORM_TABS),
  userId: z.coerce.number().int().positive().optional(),
});
export const updateFormBody = z.object({
  tabName: z.enum(SAVABLE_TABS),
  userId: z.coerce.number().int().positive().optional(),
  formData: z.record(z.string(), z.unknown()),
});
export type UpdateFormBody = z.infer<typeof updateFormBody>;
export const submitFormBody = z.object({ userId: z.coerce.number().int().positive().optional() });
export const lastVisitedBody = z.object({
  lastTab: z.coerce.number().int().min(1).max(DONOR_FORM_TABS.length),
});
export const agencyDonorIdBody = z.object({
  userId: z.coerce.number().int().positive(),
  displayId: z.string().trim().min(1).max(40),
});

// ---------------------------------------------------------------------------------------------
// Mandatory fields (the blank-mandatory-fields dialog)

export interface BlankField {
  tab: DonorFormTab;
  field: string;
  label: string;
}

/**
 * "Past donation count is checked": the donation cycles entered must number the past donations
 * the donor declared (none saved counts as none).
 */
export function blankPastDonation(p: PastDonationTab | null): BlankField[] {
  const declared = p?.donationCount ?? 0;
  const entered = p?.cycles.length ?? 0;
  if (declared === entered) return [];
  return [
    {
      tab: 'pastDonation',
      field: 'donationCount',
      label: `Past donations: you said ${declared} but entered ${entered} donation cycle(s)`,
    },
  ];
}

/** The blank mandatory fields of the general tab (initial form). */
export function blankGeneral(g: GeneralTab | null, hidden: readonly string[] = []): BlankField[] {
  const out: BlankField[] = [];
  const need = (field: string, label: string, v: unknown) => {
    if (hidden.includes(field)) return;
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) {
      out.push({ tab: 'general', field, label });
    }
  };
  need('firstName', 'First name', g?.firstName);
  need('lastName', 'Last name', g?.lastName);
  need('dateOfBirth', 'Date of birth', g?.dateOfBirth);
  need('contactNo', 'Contact number', g?.contactNo);
  need('zipcode', 'Zip code', g?.zipcode);
  need('state', 'State', g?.state);
  need('city', 'City', g?.city === 'Other' ? g?.cityOther : g?.city);
  need('heightFeet', 'Height', g?.heightFeet);
  need('weightLb', 'Weight', g?.weightLb);
  need('educationLevel', 'Education level', g?.educationLevel);
  need('referrals', 'Referral source', g?.referrals);
  return out;
}

export function blankPersonalHealth(h: PersonalHealthTab | null): BlankField[] {
  const out: BlankField[] = [];
  if (!h?.birthControl) out.push({ tab: 'personalHealth', field: 'birthControl', label: 'Birth control' });
  return out;
}

export function blankCharacteristics(
  c: CharacteristicsTab | null,
  totalFree: boolean,
  evenSplit = false,
): BlankField[] {
  const out: BlankField[] = [];
  if (!c || !percentagesSubmittable(c.races, 'race', totalFree, evenSplit)) {
    out.push({ tab: 'personalCharacterstics', field: 'races', label: 'Race (percentages must total 100)' });
  }
  if (!c || !percentagesSubmittable(c.ethnicities, 'ethnicity', totalFree, evenSplit)) {
    out.push({
      tab: 'personalCharacterstics',
      field: 'ethnicities',
      label: 'Ethnicity (percentages must total 100)',
    });
  }
  if (!c?.eyeColor) out.push({ tab: 'personalCharacterstics', field: 'eyeColor', label: 'Eye color' });
  if (!c?.hairColor) out.push({ tab: 'personalCharacterstics', field: 'hairColor', label: 'Hair color' });
  return out;
}

export function blankFamily(f: FamilyHealthTab | null): BlankField[] {
  const members = f?.members.filter((m) => m.applicable) ?? [];
  if (members.length === 0) return [{ tab: 'familyHealth', field: 'members', label: 'Family members' }];
  const incomplete = members.filter(
    (m) =>
      !m.dateOfBirth ||
      !m.bodyType ||
      !m.eyeColor ||
      !m.hairColor ||
      m.heightFeet === null ||
      m.heightInches === null ||
      (!m.living && (!m.deathReason || m.ageAtDeath === null)),
  );
  return incomplete.map((m) => ({ tab: 'familyHealth', field: `members.${m.relation}`, label: m.relation }));
}

export function blankEducation(e: EducationTab | null): BlankField[] {
  return e && e.records.length > 0
    ? []
    : [{ tab: 'educationDetails', field: 'records', label: 'Education records' }];
}

// ---------------------------------------------------------------------------------------------
// Change sets

export interface FieldChange {
  /** Dotted path: a field, or section.index.field for a repeating section. */
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed between two versions of a tab: every top-level field that differs, and inside a
 * list of objects every field of every row (a row added or removed shows all its fields).
 */
export function diffTab(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    if (same(a, b)) continue;
    const isRows = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null);
    if (isRows(a ?? []) && isRows(b ?? []) && (Array.isArray(a) || Array.isArray(b))) {
      const ra = (a ?? []) as Record<string, unknown>[];
      const rb = (b ?? []) as Record<string, unknown>[];
      for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
        const x = ra[i] ?? {};
        const y = rb[i] ?? {};
        for (const f of [...new Set([...Object.keys(x), ...Object.keys(y)])]) {
          if (f === 'id') continue;
          if (!same(x[f], y[f]))
            out.push({ field: `${key}.${i}.${f}`, before: x[f] ?? null, after: y[f] ?? null });
        }
      }
      continue;
    }
    out.push({ field: key, before: a ?? null, after: b ?? null });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Answers

export interface DonorFormStatus {
  donorId: number;
  availability: string;
  lastTab: number | null;
  landingPage: number;
  preview: boolean;
  initialStage: boolean;
  changeTracked: boolean;
  canSubmitMain: boolean;
  pendingChangeVersion: number | null;
  centerSettings: {
    raceTotalFree: boolean;
    /** Selected races (and ethnicities) share 100 evenly to two decimals (splitEvenly). */
    raceEvenSplit: boolean;
    selfOnlyRelations: boolean;
    isCompensationVisible: boolean;
    isDonorTypeVisible: boolean;
  };
  /** Age and BMI from the form against the center's range; null where the check does not run. */
  eligibility: { eligible: boolean; reasons: ('age' | 'bmi')[] } | null;
  /** Set when this read submitted a scraped-profile donor's main form for her. */
  autoSubmitted: boolean;
}

/** GET /getagencycontact: how a donor (or any user) reaches her agency. */
export interface AgencyContact {
  name: string;
  email: string;
  contactNo: string;
  address: string;
  agencyUrl: string;
}

export interface DonorFormTabAnswer<T = Record<string, unknown>> {
  tabName: DonorFormTab;
  data: T;
  status: DonorFormStatus;
  hasSsn?: boolean;
}

export interface SubmitResult {
  availability: string;
  blank: BlankField[];
}

export interface ChangeSetSummary {
  version: number;
  tab: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  changes: FieldChange[];
}

export interface DonorHome {
  donorId: number;
  firstName: string;
  availability: string;
  preview: boolean;
  landingPage: number;
  todo: BlankField[];
  messages: { createdAt: string; message: string; status: string }[];
}

// ---------------------------------------------------------------------------------------------
// Center templates (spec section 2: some centers use their own general, health and
// characteristics tabs). A template hides fields and renames them; the clinic label also names
// the past-donation message "{clinic label} or Date of Retrieval is required."

export const TEMPLATE_TABS = ['general', 'personalHealth', 'personalCharacterstics'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

export interface DonorFormTemplate {
  clinicLabel?: string;
  tabs?: Partial<Record<TemplateTab, { hidden?: string[]; labels?: Record<string, string> }>>;
}

/** Fields a template may never hide: the ones every submission needs. */
export const TEMPLATE_FIXED_FIELDS: readonly string[] = ['firstName', 'lastName', 'dateOfBirth', 'contactNo'];

/** The fields of each savable tab, in the order of its schema. */
export function tabFieldKeys(tab: SavableTab): string[] {
  return Object.keys((TAB_SCHEMAS[tab] as unknown as z.ZodObject<z.ZodRawShape>).shape);
}

export interface TabFields {
  tab: SavableTab;
  fields: string[];
  hidden: string[];
  labels: Record<string, string>;
}

/** GET getdonorformfields: a center's form, tab by tab, with its template applied. */
export interface DonorFormFields {
  clinicLabel: string;
  tabs: TabFields[];
}

/** The form's tabs and fields with a center's template applied (the default form without one). */
export function formFields(template: DonorFormTemplate | null | undefined): DonorFormFields {
  return {
    clinicLabel: template?.clinicLabel?.trim() || DEFAULT_CLINIC_LABEL,
    tabs: SAVABLE_TABS.map((tab) => {
      const all = tabFieldKeys(tab);
      const t = (TEMPLATE_TABS as readonly string[]).includes(tab)
        ? template?.tabs?.[tab as TemplateTab]
        : undefined;
      const hidden = (t?.hidden ?? []).filter((f) => all.includes(f) && !TEMPLATE_FIXED_FIELDS.includes(f));
      return {
        tab,
        fields: all.filter((f) => !hidden.includes(f)),
        hidden,
        labels: Object.fromEntries(Object.entries(t?.labels ?? {}).filter(([k]) => all.includes(k))),
      };
    }),
  };
}
