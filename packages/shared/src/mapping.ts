import { z } from 'zod';
import { BLOOD_GROUPS, EDUCATION_LEVELS, EYE_COLORS, HAIR_COLORS, RACES } from './donor.js';
import { MSG, pleaseEnter } from './messages.js';
import { idSchema } from './validation.js';

/**
 * Field mapping (/mapping/{item}/{type?}): a donor import keeps a donor whose value of one of
 * these fields is not one of the app's values, leaves the field blank and records the value as a
 * Mapping row. The master admin maps the row to app value(s); the mapping is then written to every
 * donor imported with that value and used by every later import.
 */
export const MAPPING_ITEMS = {
  eye_color: { label: 'Eye color', kind: 'list', values: EYE_COLORS },
  hair_color: { label: 'Hair color', kind: 'list', values: HAIR_COLORS },
  blood_group: { label: 'Blood group', kind: 'list', values: BLOOD_GROUPS },
  education_level: { label: 'Education level', kind: 'list', values: EDUCATION_LEVELS },
  /** Races map to one or more races (mapped_type comma-joined); the row's percentage is shared. */
  race: { label: 'Race', kind: 'multi', values: RACES },
  /** Dates of birth not written YYYY-MM-DD: each maps to the date the master admin enters. */
  dob: { label: 'Date of birth', kind: 'date', values: [] as readonly string[] },
} as const satisfies Record<
  string,
  { label: string; kind: 'list' | 'multi' | 'date'; values: readonly string[] }
>;

export type MappingItem = keyof typeof MAPPING_ITEMS;
export const MAPPING_ITEM_KEYS = Object.keys(MAPPING_ITEMS) as MappingItem[];
/** Which rows a mapping page lists: values still waiting for a mapping, or those mapped. */
export const MAPPING_TYPES = ['unmapped', 'mapped'] as const;
export type MappingType = (typeof MAPPING_TYPES)[number];
/** The spec does not give the mapping page size. */
export const MAPPING_PAGE_SIZE = 20;

export const MAPPING_MSG = {
  SELECT_VALUE: MSG.SELECT_ATLEAST_ONE_VALUE,
  ITEM_INVALID: 'Mapping item is invalid.',
  VALUE_INVALID: 'Mapped value is not one of the allowed values.',
  DATE_INVALID: 'Date of birth must be a valid date, not in the future.',
  SAVED: 'Mapping saved.',
} as const;

/** "Please enter {label}" of the error catalogue: a DOB mapping saves only with a value. */
export const mappingValueRequired = (item: MappingItem) => pleaseEnter(MAPPING_ITEMS[item].label);

const item = z.enum(MAPPING_ITEM_KEYS as [MappingItem, ...MappingItem[]], {
  error: MAPPING_MSG.ITEM_INVALID,
});
const rowId = idSchema({ message: 'Mapping row is invalid.' });

export const mappingItemParams = z.object({ id: item });

/** POST getfieldtobemapped {id, type, page, search}. page starts at 1. */
export const fieldToBeMappedBody = z.object({
  id: item,
  type: z.enum(MAPPING_TYPES, { error: 'Type must be unmapped or mapped.' }).default('unmapped'),
  page: z.coerce
    .number({ error: 'Page is invalid.' })
    .int('Page is invalid.')
    .min(1, 'Page is invalid.')
    .default(1),
  search: z.string().trim().max(200, 'Search must be at most 200 characters.').default(''),
});
export type FieldToBeMappedBody = z.input<typeof fieldToBeMappedBody>;

/** The app value(s) as sent: one value, or races comma-joined. */
const mappedType = z
  .string({ error: MAPPING_MSG.SELECT_VALUE })
  .trim()
  .max(500, MAPPING_MSG.VALUE_INVALID)
  .default('');

/** POST updatemappingfield {type, mapped_type, id}: moves the selected imported values (row ids) to mapped. */
export const updateMappingBody = z.object({
  id: item,
  type: z
    .array(rowId, { error: MAPPING_MSG.SELECT_VALUE })
    .max(500, 'At most 500 values at a time.')
    .default([]),
  mapped_type: mappedType,
});
export type UpdateMappingBody = z.input<typeof updateMappingBody>;

/** POST updatemappingfielde {type_id, mapped_type, id}: sets (or changes) one row's mapping. */
export const updateMappingOneBody = z.object({ id: item, type_id: rowId, mapped_type: mappedType });
export type UpdateMappingOneBody = z.input<typeof updateMappingOneBody>;

/** The app values a comma-joined mapped_type names, or an error message. */
export function parseMappedType(
  itemKey: MappingItem,
  raw: string,
  today: string,
): { values: string[] } | { error: string } {
  const def = MAPPING_ITEMS[itemKey];
  const parts = raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0)
    return { error: def.kind === 'date' ? mappingValueRequired(itemKey) : MAPPING_MSG.SELECT_VALUE };
  if (def.kind === 'date') {
    const [date] = parts;
    if (parts.length > 1 || !isIsoDate(date!) || date! > today) return { error: MAPPING_MSG.DATE_INVALID };
    return { values: [date!] };
  }
  if (def.kind === 'list' && parts.length > 1) return { error: MAPPING_MSG.VALUE_INVALID };
  const values: string[] = [];
  for (const p of parts) {
    const found = def.values.find((v) => v.toLowerCase() === p.toLowerCase());
    if (!found) return { error: MAPPING_MSG.VALUE_INVALID };
    if (!values.includes(found)) values.push(found);
  }
  return { values };
}

/** YYYY-MM-DD naming a real day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** GET getdatafromtables/{id}: what an item maps to. */
export const mappingItemData = z.object({
  id: item,
  label: z.string(),
  kind: z.enum(['list', 'multi', 'date']),
  values: z.array(z.string()),
});
export type MappingItemData = z.output<typeof mappingItemData>;

/** A Mapping row: the imported value (type) and what it maps to. */
export const mappingRow = z.object({
  id: z.number(),
  /** The value as imported. */
  type: z.string(),
  /** The app value, races comma-joined; null while unmapped. */
  mapped_type: z.string().nullable(),
  /** mapped_type for reading (races joined with ', '). */
  mapped_type_name: z.string().nullable(),
  /** Donors imported with this value. */
  donor_count: z.number(),
  created_at: z.string(),
  mapped_at: z.string().nullable(),
});
export type MappingRow = z.output<typeof mappingRow>;

export const mappingPage = z.object({
  rows: z.array(mappingRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MappingPage = z.output<typeof mappingPage>;

export const mappingSaved = z.object({
  /** Rows mapped by this call. */
  rows: z.number(),
  /** Donors whose field was written. */
  donors: z.number(),
});
export type MappingSaved = z.output<typeof mappingSaved>;

/**
 * A race row's percentage shared among the races it maps to: equal parts to two decimals, the
 * rounding left on the first, so the parts always add up to the row's percentage.
 */
export function splitPercentage(percentage: number, parts: number): number[] {
  const each = Math.floor((percentage * 100) / parts) / 100;
  const shares = Array.from({ length: parts }, () => each);
  shares[0] = Math.round((percentage - each * (parts - 1)) * 100) / 100;
  return shares;
}
