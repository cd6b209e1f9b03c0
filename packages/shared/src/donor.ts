/**
 * The donor profile's enumerations, limits and unit conversions (donor-forms spec sections 3
 * and 9, platform spec section 9, search spec sections 3 and 9). The spec names several
 * enumerations without listing their values; those marked "chosen" below are the values a US
 * egg-donor agency typically offers, picked here so that forms, search and the seed agree.
 */

// ---------------------------------------------------------------------------------------------
// Limits

export const HEIGHT_CM_MIN = 120;
export const HEIGHT_CM_MAX = 211;
/** At most this many race entries and this many ethnicity entries per donor. */
export const MAX_RACE_COUNT = 4;
export const MAX_ETHNICITY_COUNT = 4;
/** The percentage options of a race or ethnicity entry; a donor's entries total 100. */
export const RACE_PERCENTAGES = [100, 75, 50, 25, 15, 10] as const;
export type RacePercentage = (typeof RACE_PERCENTAGES)[number];
export const RACE_PERCENTAGE_TOTAL = 100;
/** Education enrollment years offered: the last 20 years. */
export const ENROLLMENT_YEARS = 20;
export const DEFAULT_NUMBER_OF_PREGNANCIES = 1;
/** A weight of 50 (lb) or less is stored as null. */
export const WEIGHT_LB_NULL_AT_OR_BELOW = 50;
/** Search defaults: age 19 to 36. */
export const SEARCH_AGE_MIN = 19;
export const SEARCH_AGE_MAX = 36;

// ---------------------------------------------------------------------------------------------
// Enumerations

export const DONOR_TYPES = ['Fresh', 'Frozen', 'Both'] as const;
export type DonorType = (typeof DONOR_TYPES)[number];
export const DONOR_TYPE_LABEL: Record<DonorType, string> = {
  Fresh: 'Fresh',
  Frozen: 'Frozen',
  Both: 'Both (Fresh and Frozen)',
};

export const QUEUE_TYPES = ['Fresh', 'Frozen'] as const;
export type QueueType = (typeof QUEUE_TYPES)[number];

/** The short list of availability values offered by the donor status filter. */
export const SHORTLIST_AVAILABILITY = ['Available', 'Unavailable', 'In Cycle', 'Under Review'] as const;
export type ShortlistAvailability = (typeof SHORTLIST_AVAILABILITY)[number];

export const EGG_DONATION_ARRANGEMENTS = [
  'Known',
  'Semi-Known',
  'Identity-Release',
  'De-Identified',
] as const;
export type EggDonationArrangement = (typeof EGG_DONATION_ARRANGEMENTS)[number];

export const IP_WILLING_TO_WORK = [
  'Heterosexual Singles',
  'Heterosexual Couples',
  'Same-Sex Male Couples',
  'Same-Sex Female Couples',
  'Single Females',
  'Single Males',
  'All of the Above',
] as const;
export type IpWillingToWork = (typeof IP_WILLING_TO_WORK)[number];

export const EDUCATION_LEVELS = [
  'GED',
  'High School Graduate',
  'Technical School',
  'Trade School',
  'Some College',
  'Currently Pursuing College Degree',
  "Associate's Degree Completed",
  "Bachelor's Degree Completed",
  'Currently Pursuing Graduate Degree',
  'Graduate Degree Completed',
  'Currently Pursuing Doctoral Degree',
  'Doctoral Degree Completed',
  'Others',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
/** Levels that mean a completed college degree (the search's college_degree filter). */
export const COLLEGE_DEGREE_LEVELS: readonly EducationLevel[] = [
  "Associate's Degree Completed",
  "Bachelor's Degree Completed",
  'Currently Pursuing Graduate Degree',
  'Graduate Degree Completed',
  'Currently Pursuing Doctoral Degree',
  'Doctoral Degree Completed',
];

/** Chosen: US census race categories plus Other (details go to race_details). */
export const RACES = [
  'White',
  'Black or African American',
  'Asian',
  'American Indian or Alaska Native',
  'Native Hawaiian or Other Pacific Islander',
  'Middle Eastern or North African',
  'Other',
] as const;
export type Race = (typeof RACES)[number];

/** Chosen: the ethnic groups agencies list beside race (details for Other go to ethnicity_details). */
export const ETHNICITIES = [
  'Caucasian',
  'Hispanic or Latina',
  'African American',
  'African',
  'Caribbean',
  'East Asian',
  'South Asian',
  'Southeast Asian',
  'Middle Eastern',
  'Ashkenazi Jewish',
  'Sephardic Jewish',
  'Native American',
  'Pacific Islander',
  'Other',
] as const;
export type Ethnicity = (typeof ETHNICITIES)[number];

/** Chosen: national or regional ancestry (the search's heritage filter). */
export const HERITAGES = [
  'American',
  'Armenian',
  'Chinese',
  'Colombian',
  'Cuban',
  'Dutch',
  'English',
  'Ethiopian',
  'Filipino',
  'French',
  'German',
  'Greek',
  'Indian',
  'Iranian',
  'Irish',
  'Italian',
  'Jamaican',
  'Japanese',
  'Korean',
  'Lebanese',
  'Mexican',
  'Nigerian',
  'Norwegian',
  'Polish',
  'Portuguese',
  'Puerto Rican',
  'Russian',
  'Scottish',
  'Swedish',
  'Ukrainian',
  'Vietnamese',
  'Other',
] as const;
export type Heritage = (typeof HERITAGES)[number];

/** Chosen. */
export const RELIGIONS = [
  'Catholic',
  'Protestant',
  'Christian (Other)',
  'Latter-day Saint',
  'Orthodox Christian',
  'Jewish',
  'Muslim',
  'Hindu',
  'Buddhist',
  'Sikh',
  'Spiritual',
  'Agnostic',
  'Atheist',
  'None',
  'Other',
] as const;
export type Religion = (typeof RELIGIONS)[number];

/** Chosen. */
export const HAIR_COLORS = [
  'Black',
  'Dark Brown',
  'Brown',
  'Light Brown',
  'Auburn',
  'Red',
  'Strawberry Blonde',
  'Blonde',
  'Light Blonde',
  'Gray',
] as const;
export type HairColor = (typeof HAIR_COLORS)[number];

/** Chosen. */
export const EYE_COLORS = ['Brown', 'Dark Brown', 'Hazel', 'Amber', 'Green', 'Blue', 'Gray'] as const;
export type EyeColor = (typeof EYE_COLORS)[number];

/** Chosen: ABO and Rh, plus Unknown for donors who have not been typed. */
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'Unknown'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

/** Chosen: plain-language complexion scale (roughly Fitzpatrick I to VI). */
export const SKIN_TYPES = [
  'Very Fair',
  'Fair',
  'Light Olive',
  'Olive',
  'Medium Brown',
  'Brown',
  'Dark Brown',
] as const;
export type SkinType = (typeof SKIN_TYPES)[number];

/** Chosen. */
export const MARITAL_STATUSES = [
  'Single',
  'In a Relationship',
  'Married',
  'Divorced',
  'Separated',
  'Widowed',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** Chosen: body types of family members. */
export const BODY_TYPES = ['Slim', 'Average', 'Athletic', 'Muscular', 'Curvy', 'Heavy'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

/** 0 mobile, 1 work, 2 home. */
export const CONTACT_TYPES = { MOBILE: 0, WORK: 1, HOME: 2 } as const;
export type ContactType = (typeof CONTACT_TYPES)[keyof typeof CONTACT_TYPES];

export const REFERRAL_OPTIONS = [
  'Search Engine',
  'Ad',
  'Referral',
  'Google',
  'Yahoo',
  'Friend',
  'Doctor Office',
  'Press',
] as const;
export type ReferralOption = (typeof REFERRAL_OPTIONS)[number];

export const DEFAULT_RELATIONS = [
  'Biological Mother',
  'Biological Father',
  "Father's Mother",
  "Father's Father",
  "Mother's Mother",
  "Mother's Father",
] as const;
export const OTHER_RELATIONS = ['Other 1', 'Other 2', 'Other 3', 'Other 4', 'Other 5'] as const;
/** Self is the only relation at a self-only center; Nobody in a disease table excludes the others. */
export const RELATIONS = [
  'Self',
  ...DEFAULT_RELATIONS,
  'Sibling',
  'Half Sibling',
  ...OTHER_RELATIONS,
  'Nobody',
] as const;
export type Relation = (typeof RELATIONS)[number];
export const MATERNAL_OR_PATERNAL = ['Maternal', 'Paternal'] as const;

/**
 * Chosen: family-history questions, each stored as a yes/no entry under the key plus a details
 * entry under `${key}_details`.
 */
export const FAMILY_HISTORY_KEYS = [
  'adopted',
  'consanguinity',
  'birth_defects',
  'genetic_testing',
  'mental_illness',
  'substance_abuse',
  'learning_disability',
  'cancer_before_50',
  'heart_disease_before_50',
] as const;
export type FamilyHistoryKey = (typeof FAMILY_HISTORY_KEYS)[number];
export const familyHistoryDetailsKey = (key: FamilyHistoryKey) => `${key}_details` as const;

/** Chosen: the conditions the disease tables ask about, for the donor and her relatives. */
export const DISEASES = [
  'ADHD',
  "Alzheimer's Disease",
  'Anxiety Disorder',
  'Asthma',
  'Autism Spectrum Disorder',
  'Bipolar Disorder',
  'Breast Cancer',
  'Colon Cancer',
  'Cystic Fibrosis',
  'Depression',
  'Diabetes Type 1',
  'Diabetes Type 2',
  'Epilepsy',
  'Glaucoma',
  'Heart Disease',
  'Hemophilia',
  'High Blood Pressure',
  'High Cholesterol',
  'Migraine',
  'Multiple Sclerosis',
  'Ovarian Cancer',
  'Prostate Cancer',
  'Schizophrenia',
  'Sickle Cell Anemia',
  'Skin Cancer',
  'Stroke',
  'Tay-Sachs Disease',
  'Thyroid Disorder',
  'Other',
] as const;
export type Disease = (typeof DISEASES)[number];

/** Chosen: drugs and recreational substances asked about in personal health. */
export const DRUGS = ['Alcohol', 'Tobacco', 'Vaping', 'Marijuana', 'Cocaine', 'Opioids', 'Other'] as const;
export type Drug = (typeof DRUGS)[number];

/** Chosen: birth control answers; anything but No needs at least one contraceptive type. */
export const BIRTH_CONTROL = ['No', 'Yes', 'Sometimes'] as const;
export const CONTRACEPTIVE_TYPES = [
  'Oral Pill',
  'IUD (Hormonal)',
  'IUD (Copper)',
  'Implant',
  'Depo-Provera Injection',
  'Patch',
  'Vaginal Ring',
  'Condoms',
  'Other',
] as const;
export type ContraceptiveType = (typeof CONTRACEPTIVE_TYPES)[number];

/** Chosen (the spec names the list, not its values): sexually transmitted diseases asked about in personal health. */
export const TRANSMITTED_DISEASES = [
  'Chlamydia',
  'Gonorrhea',
  'Genital Herpes',
  'Genital Warts (HPV)',
  'Hepatitis B',
  'Hepatitis C',
  'HIV',
  'Syphilis',
  'Trichomoniasis',
] as const;
export type TransmittedDisease = (typeof TRANSMITTED_DISEASES)[number];

export const EXAM_TYPES = ['SAT', 'ACT', 'GMAT', 'LSAT', 'GRE', 'MCAT', 'IQ'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];
/** The score range each exam reports (current scales), for validation and search sliders. */
export const EXAM_SCORE_RANGE: Record<ExamType, { min: number; max: number }> = {
  SAT: { min: 400, max: 1600 },
  ACT: { min: 1, max: 36 },
  GMAT: { min: 200, max: 800 },
  LSAT: { min: 120, max: 180 },
  GRE: { min: 260, max: 340 },
  MCAT: { min: 472, max: 528 },
  IQ: { min: 40, max: 200 },
};
export const GPA_MAX = 4;

/** Chosen: the kinds of education record (the exam scores are separate rows). */
export const EDUCATION_RECORD_TYPES = [
  'High School',
  'College',
  'Graduate School',
  'Technical or Trade School',
  'Other',
] as const;
export type EducationRecordType = (typeof EDUCATION_RECORD_TYPES)[number];
/** An education record still in progress shows this end year. */
export const END_YEAR_PURSUING = 'Pursuing';

/** Chosen outcomes of a donation cycle or pregnancy. */
export const PREGNANCY_RESULTS = [
  'Pregnant',
  'Not Pregnant',
  'Live Birth',
  'Miscarriage',
  'Unknown',
] as const;
export const DELIVERY_TYPES = ['Vaginal', 'C-Section'] as const;
export const BABY_GENDERS = ['Female', 'Male'] as const;
export const FROZEN_BATCH_SELECTION_STATUSES = ['Available', 'Reserved', 'Selected', 'Used'] as const;
export type FrozenBatchSelectionStatus = (typeof FROZEN_BATCH_SELECTION_STATUSES)[number];
/** Additional documents are grouped by kind (image, video, document). */
export const ADDITIONAL_DOCUMENT_KINDS = ['IMG', 'VID', 'DOC'] as const;
export type AdditionalDocumentKind = (typeof ADDITIONAL_DOCUMENT_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Units

export const CM_PER_FOOT = 30.48;
export const CM_PER_INCH = 2.54;
export const LB_PER_KG = 2.2046;
/** BMI uses the more precise factor. */
export const LB_PER_KG_BMI = 2.20462;

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/** Height in cm from feet and inches, to two decimals (5'6" is 167.64). */
export function feetInchesToCm(feet: number, inches: number): number {
  return round(feet * CM_PER_FOOT + inches * CM_PER_INCH, 2);
}

/** Whole feet and inches nearest to a height in cm; 12 inches roll over into a foot. */
export function cmToFeetInches(cm: number): { feet: number; inches: number } {
  const totalInches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(totalInches / 12), inches: totalInches % 12 };
}

export function lbToKg(lb: number): number {
  return round(lb / LB_PER_KG, 2);
}

export function kgToLb(kg: number): number {
  return round(kg * LB_PER_KG, 2);
}

/** Body-mass index from weight in kg and height in cm, to one decimal. */
export function bmi(weightKg: number, heightCm: number): number {
  const m = heightCm / 100;
  return round(weightKg / (m * m), 1);
}

/**
 * Whole years between a date of birth (YYYY-MM-DD or a Date) and now, counted in UTC calendar
 * days: the birthday itself counts as a completed year.
 */
export function ageFrom(dateOfBirth: string | Date, now: Date): number {
  // A 'YYYY-MM-DD…' text is read by its digits: a search page asks this of every card, and
  // parsing a date string costs several times more.
  const text = typeof dateOfBirth === 'string' ? dateOfBirth : null;
  const year = text ? Number(text.slice(0, 4)) : (dateOfBirth as Date).getUTCFullYear();
  const month = text ? Number(text.slice(5, 7)) - 1 : (dateOfBirth as Date).getUTCMonth();
  const day = text ? Number(text.slice(8, 10)) : (dateOfBirth as Date).getUTCDate();
  let age = now.getUTCFullYear() - year;
  const monthDiff = now.getUTCMonth() - month;
  if (monthDiff < 0 || (monthDiff === 0 && now.getUTCDate() < day)) age -= 1;
  return age;
}

/** True when entries are within the count limit and total exactly 100 (race or ethnicity). */
export function percentagesComplete(entries: readonly { percentage: number }[], maxCount: number): boolean {
  if (entries.length === 0 || entries.length > maxCount) return false;
  return entries.reduce((sum, e) => sum + e.percentage, 0) === RACE_PERCENTAGE_TOTAL;
}

/**
 * The words the global text search matches for a donor: lower-case, single-spaced, empties
 * dropped. Whoever saves a field that feeds it rebuilds it in the same transaction.
 */
export function donorSearchDocument(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p && p.trim() !== '')
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A race or ethnicity of a donor with its share, as her page and her search card show it. */
export interface PercentageShare {
  name: string;
  percentage: number;
}

/**
 * The names of a donor's races (or ethnicities), sorted, the main one (highest percentage,
 * then position, then name) and the card's entries, as copied onto donors for search. The
 * database keeps the copy with triggers (migrations 0004, 0040); writers that insert a donor with
 * its entries fill it here first so the triggers find nothing to change.
 */
export function percentageFacts(
  entries: readonly { name: string; percentage: number; position?: number }[],
): {
  names: string[];
  main: string | null;
  /** The entries as a search card shows them: in the form's order (position, then name). */
  card: PercentageShare[];
} {
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  const names = entries.map((e) => e.name).sort();
  const [main] = [...entries].sort(
    (a, b) => b.percentage - a.percentage || (a.position ?? 0) - (b.position ?? 0) || byName(a, b),
  );
  const card = [...entries]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || byName(a, b))
    .map((e) => ({ name: e.name, percentage: e.percentage }));
  return { names, main: main?.name ?? null, card };
}
