import { dateRange } from '@dm/shared';
import type { FieldDef, FieldTemplate, Values } from '../fields';

export interface TabProps {
  values: Values;
  set: (patch: Values) => void;
  readOnly: boolean;
  highlight: ReadonlySet<string>;
  settings: { raceTotalFree: boolean; raceEvenSplit: boolean; selfOnlyRelations: boolean };
  /** The center's template for this tab (general, health, characteristics), if it has one. */
  template?: FieldTemplate;
  /** The center's name for the clinic field (past donations). */
  clinicLabel?: string;
}

/** A date input with the picker's range of `years` back to today. */
export const ranged = (defs: readonly FieldDef[], key: string, years: number): FieldDef[] =>
  defs.map((d) => (d.key === key ? { ...d, ...dateRange(years, new Date()) } : d));

const FEET = ['3', '4', '5', '6', '7'].map((v) => ({ value: v, label: `${v} ft` }));
const INCHES = Array.from({ length: 12 }, (_, i) => ({ value: String(i), label: `${i} in` }));
export const YES_NO_FIELDS = (keys: [string, string][]): FieldDef[] =>
  keys.map(([key, label]) => ({ key, label, kind: 'bool' }));
export const rows = (v: unknown) => (Array.isArray(v) ? (v as Values[]) : []);
export const numeric =
  (key: string): ((v: Values) => Values) =>
  (v) => ({ ...v, [key]: v[key] === null ? null : Number(v[key]) });

/** The props every input of a tab shares. */
export function bind({ values, set, readOnly, highlight, template }: TabProps) {
  return { values, readOnly, highlight, template, onChange: (k: string, v: unknown) => set({ [k]: v }) };
}

/** The props of a repeating section stored under `key` of the tab. */
export function section({ values, set, readOnly, highlight }: TabProps, key: string) {
  return {
    section: key,
    rows: rows(values[key]),
    onRows: (r: Values[]) => set({ [key]: r }),
    readOnly,
    highlight,
  };
}

export function heightFields(prefix = ''): FieldDef[] {
  return [
    { key: 'heightFeet', label: `${prefix}Height (feet)`, kind: 'select', options: FEET },
    { key: 'heightInches', label: `${prefix}Height (inches)`, kind: 'select', options: INCHES },
  ];
}

/** Selects give strings; the height parts are numbers. */
export function normaliseHeights(v: Values): Values {
  return numeric('heightInches')(numeric('heightFeet')(v));
}
