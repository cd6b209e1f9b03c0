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

export function valueText(value: DonorFieldValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return value;
}
