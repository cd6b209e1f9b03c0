import type { DonorFieldValue } from './api.js';

/**
 * How the donor page names and shows profile fields; the web page and the PDF both use these,
 * so a field reads the same on screen and on paper.
 */

/** The donor page's tabs, in the order settab numbers them (0 to 7). */
export const DONOR_TABS = [
  'General',
  'Personal health',
  'Characteristics',
  'Family',
  'Education',
  'Past donations',
  'Photos and videos',
  'Documents',
] as const;

/** camelCase field name -> "Camel case" label. */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  const fixed = words
    .replace(/\bamh\b/g, 'AMH')
    .replace(/\bcm\b/g, '(cm)')
    .replace(/\bkg\b/g, '(kg)')
    .replace(/\bbmi\b/g, 'BMI')
    .replace(/\bgpa\b/g, 'GPA')
    .replace(/\bpgs pgd ccs\b/, 'PGS/PGD/CCS')
    .replace(/\bip\b/g, 'IP');
  return fixed.charAt(0).toUpperCase() + fixed.slice(1);
}

/** The ids a donor row carries: the agency's own id, the system display id, the numeric user id. */
export type DonorIds = { agencyDisplayId?: string | null; displayId?: string | null } & (
  | { id: number }
  | { donorId: number }
);

/**
 * The one id a donor is shown by everywhere (cards, details, favourites, portfolios, comparison,
 * PDF, spreadsheet, CSV, e-mails): the agency's id when set, else the system display id, else the
 * numeric id. A search by id matches the agency id and the display id alike.
 */
export function donorDisplayId(d: DonorIds): string {
  const agency = d.agencyDisplayId?.trim();
  if (agency) return agency;
  const system = d.displayId?.trim();
  if (system) return system;
  return String('donorId' in d ? d.donorId : d.id);
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The one date format of the product: MM/DD/YYYY (platform.md: date display; search spec:
 * MM/dd/yyyy). A calendar date (YYYY-MM-DD) is shown as it is, without time-zone shifts; a
 * timestamp in the viewer's time zone, or in UTC with `utc` (the PDF, rendered on the server).
 * Anything that is no date comes back unchanged.
 */
export function formatDate(value: string | Date, utc = false): string {
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value);
    if (day) return `${day[2]}/${day[3]}/${day[1]}`;
    if (!TIMESTAMP.test(value)) return value;
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return utc
    ? `${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())}/${d.getUTCFullYear()}`
    : `${pad2(d.getMonth() + 1)}/${pad2(d.getDate())}/${d.getFullYear()}`;
}

/** A profile field as text; dates as MM/DD/YYYY (timestamps by UTC, the same on page and PDF). */
export function valueText(value: DonorFieldValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return formatDate(value, true);
}
