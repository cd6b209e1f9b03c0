import {
  cmToFeetInches,
  feetInchesToCm,
  IP_DIAGNOSES,
  IP_OUTCOMES,
  IP_SPERM_SOURCES,
  IP_TREATMENTS,
  type IpFertility,
  type IpGeneral,
  type IpPersonal,
  ipPersonalSchema,
  kgToLb,
  lbToKg,
} from '@dm/shared';
import type { FieldDef, Values } from '../donorform/fields';

/**
 * The IP form's inputs and what each tab sends: yes / no answers are selects ('1' / '0'),
 * heights are entered in feet and inches and weights in pounds, sent in cm and kg with the
 * spec's factors (shared donor.ts conversions).
 */

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
const answer = (v: unknown): 0 | 1 | null => (v === '1' || v === 1 ? 1 : v === '0' || v === 0 ? 0 : null);
const yes = (key: string) => (v: Values) => answer(v[key]) === 1;

// --- general

export const GENERAL_DATES: FieldDef[] = [
  { key: 'dob', label: 'Your date of birth', kind: 'date' },
  { key: 'sec_partner_dob', label: "Partner's date of birth", kind: 'date' },
  { key: 'consultation_date', label: 'Consultation date', kind: 'date' },
];

export const GENERAL_QUESTIONS: FieldDef[] = [
  { key: 'previous_therapy', label: 'Have you had previous therapy?', kind: 'select', options: YES_NO },
  {
    key: 'previous_therapy_description',
    label: 'Please describe the therapy',
    kind: 'textarea',
    when: yes('previous_therapy'),
  },
  {
    key: 'psychological_medication',
    label: 'Do you take psychological medication?',
    kind: 'select',
    options: YES_NO,
  },
  {
    key: 'psychological_medication_description',
    label: 'Please describe the medication',
    kind: 'textarea',
    when: yes('psychological_medication'),
  },
  {
    key: 'convicted_in_child_abuse',
    label: 'Have you been convicted of child abuse?',
    kind: 'select',
    options: YES_NO,
  },
  {
    key: 'convicted_in_child_abuse_description',
    label: 'Please describe the conviction',
    kind: 'textarea',
    when: yes('convicted_in_child_abuse'),
  },
];

export function generalValues(g: IpGeneral): Values {
  const str = (n: 0 | 1 | null) => (n === null ? null : String(n));
  return {
    ...g,
    previous_therapy: str(g.previous_therapy),
    psychological_medication: str(g.psychological_medication),
    convicted_in_child_abuse: str(g.convicted_in_child_abuse),
  };
}

export function generalBody(v: Values): Values {
  return {
    ...v,
    previous_therapy: answer(v.previous_therapy),
    psychological_medication: answer(v.psychological_medication),
    convicted_in_child_abuse: answer(v.convicted_in_child_abuse),
  };
}

// --- personal characteristics

const FEET = ['3', '4', '5', '6', '7', '8'].map((v) => ({ value: v, label: `${v} ft` }));
const INCHES = Array.from({ length: 12 }, (_, i) => ({ value: String(i), label: `${i} in` }));

/** The height inputs (cm key, label) and the weight inputs (kg key, label). */
export const HEIGHTS: [keyof IpPersonal, string][] = [
  ['height', 'Your height'],
  ['sec_partner_height', "Partner's height"],
  ['donor_height', 'Preferred donor height'],
];
export const WEIGHTS: [keyof IpPersonal, string][] = [
  ['weight', 'Your weight (lb)'],
  ['sec_partner_weight', "Partner's weight (lb)"],
];

export const PERSONAL_FIELDS: FieldDef[] = [
  ...HEIGHTS.flatMap(([key, label]): FieldDef[] => [
    { key: `${key}_ft`, label: `${label} (feet)`, kind: 'select', options: FEET, required: key === 'height' },
    { key: `${key}_in`, label: `${label} (inches)`, kind: 'select', options: INCHES },
  ]),
  ...WEIGHTS.map(([key, label]): FieldDef => ({ key: `${key}_lb`, label, kind: 'number' })),
];

export function personalValues(p: IpPersonal): Values {
  const v: Values = {};
  for (const [key] of HEIGHTS) {
    const cm = p[key];
    const fi = cm === null ? null : cmToFeetInches(cm);
    v[`${key}_ft`] = fi ? String(fi.feet) : null;
    v[`${key}_in`] = fi ? String(fi.inches) : null;
  }
  for (const [key] of WEIGHTS) v[`${key}_lb`] = p[key] === null ? null : kgToLb(p[key] as number);
  return v;
}

export function personalBody(v: Values): IpPersonal {
  const out: Record<string, number | null> = {};
  for (const [key] of HEIGHTS) {
    const ft = v[`${key}_ft`];
    out[key] =
      ft === null || ft === undefined || ft === ''
        ? null
        : feetInchesToCm(Number(ft), Number(v[`${key}_in`] ?? 0));
  }
  for (const [key] of WEIGHTS) {
    const lb = v[`${key}_lb`];
    out[key] = lb === null || lb === undefined || lb === '' ? null : lbToKg(Number(lb));
  }
  return out as unknown as IpPersonal;
}

/** The input a body field's message belongs to (height -> its feet select). */
export function personalInputOf(field: string): string {
  if (HEIGHTS.some(([k]) => k === field)) return `${field}_ft`;
  if (WEIGHTS.some(([k]) => k === field)) return `${field}_lb`;
  return field;
}

/** The spec's rule: no advancing past personal characteristics while they are invalid. */
export const personalValid = (v: Values): boolean => ipPersonalSchema.safeParse(personalBody(v)).success;

// --- fertility history

export const FERTILITY_FIELDS: FieldDef[] = [
  { key: 'diagnosis', label: 'Diagnosis', kind: 'multi', options: IP_DIAGNOSES },
  {
    key: 'diagnosis_other',
    label: 'Other diagnosis',
    kind: 'text',
    when: (v) => Array.isArray(v.diagnosis) && v.diagnosis.includes('Other'),
  },
  { key: 'months_trying', label: 'Months trying to conceive', kind: 'number' },
  { key: 'previous_pregnancies', label: 'Previous pregnancies', kind: 'number' },
  { key: 'live_births', label: 'Live births', kind: 'number' },
  { key: 'frozen_embryos', label: 'Frozen embryos in storage', kind: 'number' },
  { key: 'clinic_name', label: 'Fertility clinic', kind: 'text' },
  { key: 'clinic_city', label: 'Clinic city', kind: 'text' },
  { key: 'physician_name', label: 'Physician', kind: 'text' },
  { key: 'sperm_source', label: 'Sperm source', kind: 'select', options: IP_SPERM_SOURCES },
  { key: 'notes', label: 'Anything else your clinic should know', kind: 'textarea' },
];

export const CYCLE_FIELDS: FieldDef[] = [
  { key: 'treatment', label: 'Treatment', kind: 'select', options: IP_TREATMENTS },
  { key: 'year', label: 'Year', kind: 'number' },
  { key: 'outcome', label: 'Outcome', kind: 'select', options: IP_OUTCOMES },
];

export const fertilityValues = (f: IpFertility): Values => ({ ...f });
export const fertilityBody = (v: Values): Values => v;
