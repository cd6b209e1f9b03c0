import { z } from 'zod';
import { idSchema } from './validation.js';

/**
 * The intended-parent form (donor-forms spec: IP form entity, validation "IP form and profile",
 * calls getipformdetails / updateipformdetails / ipformsubmission / getipformstatus): four tabs,
 * the first three saved one at a time, the last one a review with the submit. Heights are stored
 * in cm and weights in kg; the form enters them in feet and inches and in pounds (the unit
 * conversions are donor.ts feetInchesToCm / cmToFeetInches / lbToKg, the spec's factors).
 * The answers about therapy, medication and fertility are medical: never logged, never in a message.
 */
export const IP_FORM_TABS = ['general', 'personalCharacteristics', 'fertilityHistory', 'confirm'] as const;
export type IpFormTab = (typeof IP_FORM_TABS)[number];
export const IP_FORM_SAVABLE_TABS = ['general', 'personalCharacteristics', 'fertilityHistory'] as const;
export type IpFormSavableTab = (typeof IP_FORM_SAVABLE_TABS)[number];

export const IP_FORM_TAB_LABELS: Record<IpFormTab, string> = {
  general: 'General',
  personalCharacteristics: 'Personal characteristics',
  fertilityHistory: 'Fertility history',
  confirm: 'Confirm',
};

export const IP_FORM_MSG = {
  TAB_INVALID: 'Tab name is invalid.',
  USER_INVALID: 'User id is invalid.',
  SAVED: 'IP form saved successfully.',
  SUBMITTED: 'IP form submitted successfully.',
  /** Submitting before the personal characteristics (the height is mandatory) are saved. */
  INCOMPLETE: 'Please fill the personal characteristics tab before submitting.',
  /** Staff open a client's form in preview only. */
  PARENT_ONLY: 'Only the intended parent can change the IP form.',
  NOT_AVAILABLE: 'The IP form is not available.',
  incorrect: (label: string) => `${label} seems incorrect.`,
  required: (label: string) => `${label} is required.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Small field schemas

/** The answers as stored and answered: every key present, blanks as null. */
const storedText = z.string().nullable();
const storedNumber = z.number().nullable();
const storedYesNo = z.union([z.literal(0), z.literal(1)]).nullable();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (v: string) => {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A date (YYYY-MM-DD); empty is allowed and saved as null. */
const optionalDate = (label: string) =>
  z
    .union([z.string().refine((v) => v === '' || isRealDate(v), IP_FORM_MSG.incorrect(label)), z.null()], {
      error: IP_FORM_MSG.incorrect(label),
    })
    .optional();

const optionalText = (label: string, max: number) =>
  z
    .union([z.string().max(max, IP_FORM_MSG.incorrect(label)), z.null()], {
      error: IP_FORM_MSG.incorrect(label),
    })
    .optional();

/** A yes / no answer: 1 yes, 0 no, null not answered. */
const yesNo = (label: string) =>
  z.union([z.literal(0), z.literal(1), z.null()], { error: IP_FORM_MSG.incorrect(label) }).optional();

const optionalNumber = (label: string, min: number, max: number) =>
  z
    .union(
      [z.number().min(min, IP_FORM_MSG.incorrect(label)).max(max, IP_FORM_MSG.incorrect(label)), z.null()],
      {
        error: IP_FORM_MSG.incorrect(label),
      },
    )
    .optional();

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.union([z.enum(values, { error: IP_FORM_MSG.incorrect(label) }), z.null()], {
    error: IP_FORM_MSG.incorrect(label),
  });

// ---------------------------------------------------------------------------------------------
// General

/** The yes / no questions of the general tab and the description each clears when answered no. */
export const IP_YES_NO_DESCRIPTIONS = [
  ['previous_therapy', 'previous_therapy_description'],
  ['psychological_medication', 'psychological_medication_description'],
  ['convicted_in_child_abuse', 'convicted_in_child_abuse_description'],
] as const;

export const ipGeneralSchema = z.object({
  country: optionalText('Country', 3),
  state: optionalText('State', 50),
  city: optionalText('City', 100),
  city_other: optionalText('City', 100),
  zipcode: optionalText('Zip code', 10),
  dob: optionalDate('Date of birth'),
  sec_partner_dob: optionalDate("Partner's date of birth"),
  consultation_date: optionalDate('Consultation date'),
  previous_therapy: yesNo('Previous therapy'),
  previous_therapy_description: optionalText('Previous therapy description', 2000),
  psychological_medication: yesNo('Psychological medication'),
  psychological_medication_description: optionalText('Psychological medication description', 2000),
  convicted_in_child_abuse: yesNo('Convicted in child abuse'),
  convicted_in_child_abuse_description: optionalText('Convicted in child abuse description', 2000),
});
export type IpGeneralInput = z.input<typeof ipGeneralSchema>;

/** The general tab as stored and answered: every key present, blanks as null. */
export const ipGeneral = z.object({
  country: storedText,
  state: storedText,
  city: storedText,
  city_other: storedText,
  zipcode: storedText,
  dob: storedText,
  sec_partner_dob: storedText,
  consultation_date: storedText,
  previous_therapy: storedYesNo,
  previous_therapy_description: storedText,
  psychological_medication: storedYesNo,
  psychological_medication_description: storedText,
  convicted_in_child_abuse: storedYesNo,
  convicted_in_child_abuse_description: storedText,
});
export type IpGeneral = z.output<typeof ipGeneral>;

/** Zip formats by country; countries without one accept any code (the centers' zip check shares it). */
export const ZIP_FORMAT: Record<string, RegExp> = {
  US: /^\d{5}$/,
  CA: /^[A-Z]\d[A-Z](\s?\d[A-Z]\d)?$/,
};

/** Whether a zip code fits its country's format (upper-cased, trimmed first). */
export function zipFits(country: string | null | undefined, zip: string): boolean {
  const code = zip.trim().toUpperCase();
  if (code === '' || code.length > 10 || !/^[A-Z0-9 -]+$/.test(code)) return false;
  const format = ZIP_FORMAT[(country ?? 'US').toUpperCase()];
  return format ? format.test(code) : true;
}

const blankToNull = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/**
 * The spec's rules on a general tab: empty dates become null, a description is cleared when its
 * answer is no (0), an invalid zip code is saved as null; blanks become null.
 */
export function normaliseIpGeneral(input: IpGeneralInput): IpGeneral {
  const country = blankToNull(input.country)?.toUpperCase() ?? null;
  const zip = blankToNull(input.zipcode);
  const out: IpGeneral = {
    country,
    state: blankToNull(input.state),
    city: blankToNull(input.city),
    city_other: blankToNull(input.city_other),
    zipcode: zip && zipFits(country, zip) ? zip.toUpperCase() : null,
    dob: blankToNull(input.dob),
    sec_partner_dob: blankToNull(input.sec_partner_dob),
    consultation_date: blankToNull(input.consultation_date),
    previous_therapy: input.previous_therapy ?? null,
    previous_therapy_description: blankToNull(input.previous_therapy_description),
    psychological_medication: input.psychological_medication ?? null,
    psychological_medication_description: blankToNull(input.psychological_medication_description),
    convicted_in_child_abuse: input.convicted_in_child_abuse ?? null,
    convicted_in_child_abuse_description: blankToNull(input.convicted_in_child_abuse_description),
  };
  for (const [answer, description] of IP_YES_NO_DESCRIPTIONS) {
    if (out[answer] !== 1) out[description] = null;
  }
  return out;
}

/** The date of birth a new form starts with: the same day 26 years ago (UTC). */
export function defaultIpDob(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - 26, now.getUTCMonth(), now.getUTCDate()));
  // 29 February 26 years back may not exist: Date rolls it to 1 March.
  return d.toISOString().slice(0, 10);
}

export const emptyIpGeneral = (): IpGeneral => normaliseIpGeneral({});

// ---------------------------------------------------------------------------------------------
// Personal characteristics (cm and kg; entered in feet and inches and in pounds)

/** Heights from 3 ft to 8 ft; weights from 30 to 300 kg. */
const HEIGHT_CM: [number, number] = [91, 244];
const WEIGHT_KG: [number, number] = [30, 300];

export const ipPersonalSchema = z.object({
  height: z
    .number({
      error: (i) =>
        i.input === undefined || i.input === null
          ? IP_FORM_MSG.required('Height')
          : IP_FORM_MSG.incorrect('Height'),
    })
    .min(HEIGHT_CM[0], IP_FORM_MSG.incorrect('Height'))
    .max(HEIGHT_CM[1], IP_FORM_MSG.incorrect('Height')),
  sec_partner_height: optionalNumber("Partner's height", ...HEIGHT_CM),
  donor_height: optionalNumber('Preferred donor height', ...HEIGHT_CM),
  weight: optionalNumber('Weight', ...WEIGHT_KG),
  sec_partner_weight: optionalNumber("Partner's weight", ...WEIGHT_KG),
});
export type IpPersonalInput = z.input<typeof ipPersonalSchema>;
export const ipPersonal = z.object({
  height: storedNumber,
  sec_partner_height: storedNumber,
  donor_height: storedNumber,
  weight: storedNumber,
  sec_partner_weight: storedNumber,
});
export type IpPersonal = z.output<typeof ipPersonal>;

export function normaliseIpPersonal(input: IpPersonalInput): IpPersonal {
  return {
    height: input.height ?? null,
    sec_partner_height: input.sec_partner_height ?? null,
    donor_height: input.donor_height ?? null,
    weight: input.weight ?? null,
    sec_partner_weight: input.sec_partner_weight ?? null,
  };
}

export const emptyIpPersonal = (): IpPersonal => ({
  height: null,
  sec_partner_height: null,
  donor_height: null,
  weight: null,
  sec_partner_weight: null,
});

// ---------------------------------------------------------------------------------------------
// Fertility history: a fertility clinic's intake (docs/decisions/014-ip-form-fertility-history.md)

export const IP_DIAGNOSES = [
  'Unexplained infertility',
  'Diminished ovarian reserve',
  'Premature ovarian insufficiency',
  'Ovulatory disorder (PCOS)',
  'Tubal factor',
  'Endometriosis',
  'Uterine factor',
  'Male factor',
  'Recurrent pregnancy loss',
  'Genetic condition',
  'Same-sex couple',
  'Single parent by choice',
  'Other',
] as const;
export const IP_TREATMENTS = [
  'Timed intercourse',
  'IUI',
  'IVF',
  'IVF with ICSI',
  'Frozen embryo transfer',
  'Donor egg IVF',
] as const;
export const IP_OUTCOMES = [
  'Not pregnant',
  'Biochemical pregnancy',
  'Miscarriage',
  'Ectopic pregnancy',
  'Ongoing pregnancy',
  'Live birth',
  'Cycle cancelled',
] as const;
export const IP_SPERM_SOURCES = ['Partner', 'Donor sperm', 'Undecided', 'Not applicable'] as const;

const cycleSchema = z.object({
  treatment: oneOf('Treatment', IP_TREATMENTS).optional(),
  year: optionalNumber('Cycle year', 1970, 2100),
  outcome: oneOf('Outcome', IP_OUTCOMES).optional(),
});
export const ipCycle = z.object({ treatment: storedText, year: storedNumber, outcome: storedText });
export type IpCycle = z.output<typeof ipCycle>;

export const ipFertilitySchema = z.object({
  diagnosis: z
    .array(z.enum(IP_DIAGNOSES, { error: IP_FORM_MSG.incorrect('Diagnosis') }))
    .max(IP_DIAGNOSES.length)
    .optional(),
  diagnosis_other: optionalText('Other diagnosis', 500),
  months_trying: optionalNumber('Months trying to conceive', 0, 600),
  previous_pregnancies: optionalNumber('Previous pregnancies', 0, 30),
  live_births: optionalNumber('Live births', 0, 30),
  cycles: z.array(cycleSchema).max(30, IP_FORM_MSG.incorrect('Previous cycles')).optional(),
  frozen_embryos: optionalNumber('Frozen embryos', 0, 100),
  clinic_name: optionalText('Clinic', 200),
  clinic_city: optionalText('Clinic city', 100),
  physician_name: optionalText('Physician', 100),
  sperm_source: oneOf('Sperm source', IP_SPERM_SOURCES).optional(),
  notes: optionalText('Notes', 2000),
});
export type IpFertilityInput = z.input<typeof ipFertilitySchema>;
export const ipFertility = z.object({
  diagnosis: z.array(z.string()),
  diagnosis_other: storedText,
  months_trying: storedNumber,
  previous_pregnancies: storedNumber,
  live_births: storedNumber,
  cycles: z.array(ipCycle),
  frozen_embryos: storedNumber,
  clinic_name: storedText,
  clinic_city: storedText,
  physician_name: storedText,
  sperm_source: storedText,
  notes: storedText,
});
export type IpFertility = z.output<typeof ipFertility>;

/** Blanks become null; "other" is kept only when Other is among the diagnoses; empty cycle rows dropped. */
export function normaliseIpFertility(input: IpFertilityInput): IpFertility {
  const diagnosis = [...new Set(input.diagnosis ?? [])];
  return {
    diagnosis,
    diagnosis_other: diagnosis.includes('Other') ? blankToNull(input.diagnosis_other) : null,
    months_trying: input.months_trying ?? null,
    previous_pregnancies: input.previous_pregnancies ?? null,
    live_births: input.live_births ?? null,
    cycles: (input.cycles ?? [])
      .map((c) => ({ treatment: c.treatment ?? null, year: c.year ?? null, outcome: c.outcome ?? null }))
      .filter((c) => c.treatment !== null || c.year !== null || c.outcome !== null),
    frozen_embryos: input.frozen_embryos ?? null,
    clinic_name: blankToNull(input.clinic_name),
    clinic_city: blankToNull(input.clinic_city),
    physician_name: blankToNull(input.physician_name),
    sperm_source: input.sperm_source ?? null,
    notes: blankToNull(input.notes),
  };
}

export const emptyIpFertility = (): IpFertility => normaliseIpFertility({});

// ---------------------------------------------------------------------------------------------
// Calls

const userId = idSchema({ message: IP_FORM_MSG.USER_INVALID });
const tabName = z.enum(IP_FORM_TABS, { error: IP_FORM_MSG.TAB_INVALID });

/** POST /getipformdetails {tabName, userId} */
export const ipFormDetailsBody = z.object({ tabName, userId });
export type IpFormDetailsBody = z.infer<typeof ipFormDetailsBody>;

/** POST /updateipformdetails {tabName, formData, userId}: one savable tab's answers. */
export const ipFormUpdateBody = z.discriminatedUnion(
  'tabName',
  [
    z.object({ tabName: z.literal('general'), userId, formData: ipGeneralSchema }),
    z.object({ tabName: z.literal('personalCharacteristics'), userId, formData: ipPersonalSchema }),
    z.object({ tabName: z.literal('fertilityHistory'), userId, formData: ipFertilitySchema }),
  ],
  { error: IP_FORM_MSG.TAB_INVALID },
);
export type IpFormUpdateBody = z.infer<typeof ipFormUpdateBody>;

/** The saved answers of a tab, normalised by the spec's rules. */
export function normaliseIpTab(body: IpFormUpdateBody): IpGeneral | IpPersonal | IpFertility {
  switch (body.tabName) {
    case 'general':
      return normaliseIpGeneral(body.formData);
    case 'personalCharacteristics':
      return normaliseIpPersonal(body.formData);
    case 'fertilityHistory':
      return normaliseIpFertility(body.formData);
  }
}

/** GET /getipformstatus/{userId} */
export const ipFormUserParams = z.object({ userId });

/** What getipformdetails (and updateipformdetails) answers: the asked tab (confirm: every tab), the others null. */
export const ipFormDetails = z.object({
  userId: z.number(),
  tabName: z.enum(IP_FORM_TABS),
  /** 'edit' for the parent, 'preview' for staff of the parent's center. */
  access: z.enum(['edit', 'preview']),
  submittedAt: z.string().nullable(),
  general: ipGeneral.nullable(),
  personalCharacteristics: ipPersonal.nullable(),
  fertilityHistory: ipFertility.nullable(),
});
export type IpFormDetails = z.output<typeof ipFormDetails>;

/** Whether the caller's center has the IP form on. */
export const ipFormVisibility = z.object({ ipFormVisible: z.boolean() });
/** The center's setting and, for a parent, whether their form is submitted (null for staff). */
export const ipFormStatusCenter = z.object({ ipFormVisible: z.boolean(), submitted: z.boolean().nullable() });

export const ipFormStatus = z.object({
  userId: z.number(),
  ipFormVisible: z.boolean(),
  submitted: z.boolean(),
  submittedAt: z.string().nullable(),
});
export type IpFormStatus = z.output<typeof ipFormStatus>;

export const ipFormSubmission = z.object({ submittedAt: z.string() });

/** Whether a tab's saved answers let the parent go on to the next tab / submit. */
export const personalComplete = (p: IpPersonal | null): boolean =>
  p !== null && ipPersonalSchema.safeParse(p).success;
