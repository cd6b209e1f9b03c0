// Every date the web shows goes through here: days as MM/dd/yyyy (the spec's format),
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

/** The viewer's own IANA time zone (the browser's), as the coaching scheduler shows it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A moment's calendar day in a zone as YYYY-MM-DD (grouping by the viewer's day). */
export function dayKey(value: string | Date, timeZone?: string): string {
  return new Date(value).toLocaleDateString('en-CA', { timeZone });
}

/** A moment's day as "Monday, March 9, 2026" in the viewer's (or the given) zone. */
export function formatLongDay(value: string | Date, timeZone?: string): string {
  return new Date(value).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
}

/** A moment's time of day as "10:30 AM" in the viewer's (or the given) zone (a plain space before AM). */
export function formatTime(value: string | Date, timeZone?: string): string {
  return new Date(value)
    .toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone })
    .replace(/\s/g, ' ');
}
