import type { DonorFieldValue } from '@dm/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Note timestamps as the spec shows them: MMM dd yyyy hh:mm a, in the viewer's time zone. */
export function formatNoteDate(iso: string): string {
  const d = new Date(iso);
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const ampm = d.getHours() < 12 ? 'AM' : 'PM';
  return `${MONTHS[d.getMonth()]} ${pad(d.getDate())} ${d.getFullYear()} ${pad(hours)}:${pad(d.getMinutes())} ${ampm}`;
}

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

/** settab 0 to 7 selects a tab; anything else (over 7, negative, not a number) falls back to 0. */
export function tabIndex(settab: string | undefined): number {
  const n = Number(settab);
  return Number.isInteger(n) && n >= 0 && n < DONOR_TABS.length ? n : 0;
}

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

export function valueText(value: DonorFieldValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return value;
}
