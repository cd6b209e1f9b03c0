import { z } from 'zod';
import { SSN_LENGTH } from '../constants.js';
import {
  BIRTH_CONTROL,
  DONOR_TYPES,
  EDUCATION_RECORD_TYPES,
  EXAM_TYPES,
  FAMILY_HISTORY_KEYS,
  QUEUE_TYPES,
  WEIGHT_LB_NULL_AT_OR_BELOW,
} from '../donor.js';
import { MSG } from '../messages.js';
import { idSchema } from '../validation.js';
import type { SavableTab } from './tabs.js';

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
const id = idSchema().nullable().default(null);

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
