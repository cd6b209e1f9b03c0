import { describe, expect, it } from 'vitest';
import {
  dayKey,
  formatDate,
  formatDateTime,
  formatLongDay,
  formatMonth,
  formatNoteDate,
  formatTime,
} from './dates';

describe('dates', () => {
  const moment = '2026-03-04T18:05:00.000Z';

  it('shows a moment in the time zone asked for, MM/dd/yyyy hh:mm AM/PM', () => {
    expect(formatDateTime(moment, { timeZone: 'America/New_York' })).toBe('03/04/2026 01:05 PM');
    expect(formatDateTime(moment, { timeZone: 'Asia/Tokyo' })).toBe('03/05/2026 03:05 AM');
    expect(formatDateTime(new Date(moment), { timeZone: 'UTC' })).toBe('03/04/2026 06:05 PM');
  });

  it('midnight and noon read 12, not 00', () => {
    expect(formatDateTime('2026-01-01T00:30:00Z', { timeZone: 'UTC' })).toBe('01/01/2026 12:30 AM');
    expect(formatDateTime('2026-01-01T12:00:00Z', { timeZone: 'UTC' })).toBe('01/01/2026 12:00 PM');
  });

  it('an empty or unreadable value shows what the caller gives', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(null, { empty: '—' })).toBe('—');
    expect(formatDateTime('not a date', { empty: 'never' })).toBe('never');
  });

  it('the viewer time zone is the default', () => {
    const local = new Date(2026, 10, 22, 23, 59);
    expect(formatDateTime(local)).toBe('11/22/2026 11:59 PM');
  });

  it('days are MM/dd/yyyy, a date-only value not shifted by the time zone', () => {
    expect(formatDate('2026-03-04')).toBe('03/04/2026');
    expect(formatNoteDate(new Date(2026, 0, 5, 14, 7).toISOString())).toBe('Jan 05 2026 02:07 PM');
    expect(formatMonth('2026-01')).toBe('Jan 2026');
  });

  it('a coaching slot reads as its day and time in the viewer zone, the day moving with the zone', () => {
    const slot = '2026-03-09T03:30:00.000Z';
    expect(formatLongDay(slot, 'America/Los_Angeles')).toBe('Sunday, March 8, 2026');
    expect(formatTime(slot, 'America/Los_Angeles')).toBe('08:30 PM');
    expect(dayKey(slot, 'America/Los_Angeles')).toBe('2026-03-08');
    expect(formatLongDay(slot, 'Asia/Kathmandu')).toBe('Monday, March 9, 2026');
    expect(formatTime(slot, 'Asia/Kathmandu')).toBe('09:15 AM');
    expect(dayKey(slot, 'Asia/Kathmandu')).toBe('2026-03-09');
  });
});
