import { describe, expect, it } from 'vitest';
import { type SessionInvite, sessionCalendar, sessionInviteAttachment } from './coaching.ics.js';

const invite = (over: Partial<SessionInvite> = {}): SessionInvite => ({
  sessionId: 42,
  host: 'donors.example.test',
  method: 'REQUEST',
  sequence: 0,
  start: new Date('2026-03-09T14:00:00Z'),
  end: new Date('2026-03-09T15:00:00Z'),
  stamp: new Date('2026-03-01T08:30:00Z'),
  title: 'Coaching session: Jordan Parent with Casey Manager',
  location:
    'Suite 4, 2nd floor; ring twice — https://meet.example.test/room/a-very-long-meeting-room-name-that-needs-folding',
  url: 'https://donors.example.test/#/schedule-coaching-session',
  organizer: { name: 'Casey Manager', email: 'manager@example.test' },
  attendee: { name: 'Jördan Parent', email: 'parent@example.test' },
  ...over,
});

/** RFC 5545 section 3.1: content lines end in CRLF; a fold is CRLF and one space or tab. */
function unfold(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
}

/** The properties of each component, by name (parameters dropped), in order. */
function components(lines: string[]): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  const stack: string[] = [];
  for (const line of lines) {
    const [head, ...rest] = line.split(':');
    const value = rest.join(':');
    const name = head!.split(';')[0]!;
    if (name === 'BEGIN') stack.push(value);
    else if (name === 'END') expect(stack.pop()).toBe(value);
    else out.set(stack.at(-1)!, [...(out.get(stack.at(-1)!) ?? []), [name, line]]);
  }
  expect(stack).toEqual([]);
  return out;
}

const one = (props: [string, string][], name: string) => {
  const found = props.filter(([n]) => n === name);
  expect(found, name).toHaveLength(1);
  return found[0]![1];
};

describe('coaching session invitations (RFC 5545 / RFC 5546)', () => {
  it('has the required calendar and event properties, UTC times, the organizer and the attendee', async () => {
    const text = await sessionCalendar(invite());
    const lines = unfold(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const parts = components(lines);
    const cal = parts.get('VCALENDAR')!;
    expect(one(cal, 'VERSION')).toBe('VERSION:2.0');
    expect(one(cal, 'PRODID')).toBe('PRODID:-//Donor Match//Coaching sessions//EN');
    expect(one(cal, 'METHOD')).toBe('METHOD:REQUEST');
    const event = parts.get('VEVENT')!;
    expect(one(event, 'UID')).toBe('UID:coaching-session-42@donors.example.test');
    expect(one(event, 'DTSTAMP')).toBe('DTSTAMP:20260301T083000Z');
    expect(one(event, 'DTSTART')).toBe('DTSTART:20260309T140000Z');
    expect(one(event, 'DTEND')).toBe('DTEND:20260309T150000Z');
    expect(one(event, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(one(event, 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(one(event, 'ORGANIZER')).toMatch(/^ORGANIZER;CN="?Casey Manager"?:mailto:manager@example\.test$/i);
    expect(one(event, 'ATTENDEE')).toMatch(/:mailto:parent@example\.test$/i);
    // TEXT values escape commas and semicolons (section 3.3.11).
    expect(one(event, 'LOCATION')).toContain('Suite 4\\, 2nd floor\\; ring twice');
  });

  it('folds long lines at 75 octets, counting UTF-8 bytes', async () => {
    const text = await sessionCalendar(invite({ title: `Coaching ${'é'.repeat(80)}` }));
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(unfold(text).find((l) => l.startsWith('SUMMARY:'))).toBe(`SUMMARY:Coaching ${'é'.repeat(80)}`);
  });

  it('cancels with the same UID, a higher sequence and STATUS:CANCELLED', async () => {
    const attachment = await sessionInviteAttachment(invite({ method: 'CANCEL', sequence: 1 }));
    expect(attachment.filename).toBe('coaching-session-cancelled.ics');
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const event = components(unfold(attachment.content)).get('VEVENT')!;
    expect(one(event, 'UID')).toBe('UID:coaching-session-42@donors.example.test');
    expect(one(event, 'SEQUENCE')).toBe('SEQUENCE:1');
    expect(one(event, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(one(components(unfold(attachment.content)).get('VCALENDAR')!, 'METHOD')).toBe('METHOD:CANCEL');
  });
});
