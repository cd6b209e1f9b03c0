import { DEFAULT_RELATIONS, ENROLLMENT_YEARS } from '../donor.js';

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
