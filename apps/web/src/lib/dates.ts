// Every date the web shows goes through here (issue 18): days as MM/dd/yyyy (the spec's format),
// times in the viewer's own time zone, which Intl reads from the browser.
export { formatDate } from '@dm/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Note timestamps as the spec shows them: MMM dd yyyy hh:mm a, in the viewer's time zone. */
export function formatNoteDate(iso: string): string {
  const d = new Date(iso);
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const ampm = d.getHours() < 12 ? 'AM' : 'PM';
  return `${MONTHS[d.getMonth()]} ${pad(d.getDate())} ${d.getFullYear()} ${pad(hours)}:${pad(d.getMinutes())} ${ampm}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone,
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * A moment as MM/dd/yyyy hh:mm AM/PM in the viewer's time zone (or the one given, for tests).
 * Empty or unreadable values come back as `empty`, so a column can show its own dash.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  options: { timeZone?: string; empty?: string } = {},
): string {
  const empty = options.empty ?? '';
  if (value === null || value === undefined || value === '') return empty;
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return empty;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of dateTimeFormat(options.timeZone).formatToParts(d)) part[p.type] = p.value;
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

/** A yyyy-mm month key as the charts label it (Jan 2026); the key has no time zone. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
