import { DONOR_TABS } from '@dm/shared';

// The labels are shared with the donor PDF.
export { DONOR_TABS, formatDate, labelOf, valueText } from '@dm/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Note timestamps as the spec shows them: MMM dd yyyy hh:mm a, in the viewer's time zone. */
export function formatNoteDate(iso: string): string {
  const d = new Date(iso);
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const ampm = d.getHours() < 12 ? 'AM' : 'PM';
  return `${MONTHS[d.getMonth()]} ${pad(d.getDate())} ${d.getFullYear()} ${pad(hours)}:${pad(d.getMinutes())} ${ampm}`;
}

/** settab 0 to 7 selects a tab; anything else (over 7, negative, not a number) falls back to 0. */
export function tabIndex(settab: string | undefined): number {
  const n = Number(settab);
  return Number.isInteger(n) && n >= 0 && n < DONOR_TABS.length ? n : 0;
}
