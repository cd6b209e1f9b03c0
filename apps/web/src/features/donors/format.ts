import { DONOR_TABS } from '@dm/shared';

// The labels are shared with the donor PDF.
export { DONOR_TABS, formatDate, labelOf, valueText } from '@dm/shared';
export { formatNoteDate } from '../../lib/dates';

/** settab 0 to 7 selects a tab; anything else (over 7, negative, not a number) falls back to 0. */
export function tabIndex(settab: string | undefined): number {
  const n = Number(settab);
  return Number.isInteger(n) && n >= 0 && n < DONOR_TABS.length ? n : 0;
}
