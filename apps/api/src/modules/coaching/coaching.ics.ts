// Calendar invitations of coaching sessions: RFC 5545 iCalendar through the `ics`
// package (loaded on first use), METHOD REQUEST on booking and CANCEL on cancellation (RFC 5546),
// one UID per session and a SEQUENCE that each update raises, so calendars replace the entry.
import type { MailAttachment } from '../../platform/mail.js';

export interface SessionInvite {
  sessionId: number;
  /** The host of PUBLIC_URL: UIDs are unique per installation. */
  host: string;
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  title: string;
  location: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/**
 * Folds content lines at 75 octets (RFC 5545 section 3.1): the package folds at 75 characters,
 * which is longer for text outside ASCII. A fold never splits a character.
 */
export function foldLines(text: string): string {
  const unfolded = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  return unfolded
    .map((line) => {
      const parts: string[] = [];
      let current = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char, 'utf8');
        // The first line holds 75 octets; a continuation 74 after its leading space.
        if (octets + size > (parts.length === 0 ? 75 : 74)) {
          parts.push(current);
          current = '';
          octets = 0;
        }
        current += char;
        octets += size;
      }
      parts.push(current);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** The invitation's text (CRLF lines folded at 75 octets). */
export async function sessionCalendar(invite: SessionInvite): Promise<string> {
  const { createEvent } = await import('ics');
  const utc = { inputType: 'utc', outputType: 'utc' } as const;
  // DTSTAMP: the package reads `timestamp` (its default is now) though its types leave it out.
  const stamp = { timestamp: invite.stamp.getTime() } as object;
  const { error, value } = createEvent({
    ...stamp,
    method: invite.method,
    productId: '-//Donor Match//Coaching sessions//EN',
    uid: `coaching-session-${invite.sessionId}@${invite.host}`,
    sequence: invite.sequence,
    start: invite.start.getTime(),
    startInputType: utc.inputType,
    startOutputType: utc.outputType,
    end: invite.end.getTime(),
    endInputType: utc.inputType,
    endOutputType: utc.outputType,
    title: invite.title,
    location: invite.location,
    url: invite.url.startsWith('http') ? invite.url : undefined,
    status: invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: invite.organizer,
    attendees: [
      {
        name: invite.attendee.name,
        email: invite.attendee.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw new Error(`calendar invitation not made: ${error?.message ?? 'no value'}`);
  return foldLines(value);
}

/** The invitation as a mail attachment (text/calendar with its method, as calendars expect). */
export async function sessionInviteAttachment(invite: SessionInvite): Promise<MailAttachment> {
  return {
    filename: invite.method === 'CANCEL' ? 'coaching-session-cancelled.ics' : 'coaching-session.ics',
    contentType: `text/calendar; charset=utf-8; method=${invite.method}`,
    content: await sessionCalendar(invite),
  };
}
