// The coaching e-mails: booking and cancellation, to the client and to her case
// manager, each with the calendar invitation attached and the time in the recipient's own zone.
// Queued in the caller's transaction. The session's details stay out of the mail and the
// invitation (calendars sync elsewhere); the link leads to the session in the app.
import { EMAIL_TYPE, PAGES } from '@dm/shared';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { sessionInviteAttachment } from './coaching.ics.js';

type Deps = Pick<ModuleDeps, 'secrets' | 'config' | 'clock'>;

/** A moment as "Monday, March 9, 2026 at 10:00 AM (America/Los_Angeles)". */
export function formatInZone(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    at,
  );
  // ICU puts a narrow no-break space before AM/PM: a plain one reads the same in every mail client.
  return `${text.replace(/\s/g, ' ')} (${timeZone})`;
}

export interface SessionMailFacts {
  sessionId: number;
  centerId: number;
  startsAt: Date;
  endsAt: Date;
  location: string;
  sequence: number;
  client: { name: string; email: string; timeZone: string };
  manager: { name: string; email: string; timeZone: string };
}

/** Queues the booking (REQUEST) or cancellation (CANCEL) mails of a session to both people. */
export async function queueSessionMails(
  tx: Db,
  deps: Deps,
  facts: SessionMailFacts,
  method: 'REQUEST' | 'CANCEL',
): Promise<void> {
  const base = deps.config.publicUrl;
  const recipients = [
    { person: facts.client, link: `${base}/#${PAGES['schedule-coaching-session'].path}` },
    { person: facts.manager, link: `${base}/#${PAGES['coaching-sessions'].path}` },
  ];
  const attachment = await sessionInviteAttachment({
    sessionId: facts.sessionId,
    host: new URL(base).hostname,
    method,
    sequence: facts.sequence,
    start: facts.startsAt,
    end: facts.endsAt,
    stamp: deps.clock.now(),
    title: `Coaching session: ${facts.client.name} with ${facts.manager.name}`,
    location: facts.location,
    url: recipients[0]!.link,
    organizer: { name: facts.manager.name, email: facts.manager.email },
    attendee: { name: facts.client.name, email: facts.client.email },
  });
  for (const { person, link } of recipients) {
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: facts.centerId,
      emailTypeId:
        method === 'REQUEST' ? EMAIL_TYPE.COACHING_SESSION_BOOKED : EMAIL_TYPE.COACHING_SESSION_CANCELLED,
      to: person.email,
      vars: {
        recipient: person.name,
        client: facts.client.name,
        manager: facts.manager.name,
        time: formatInZone(facts.startsAt, person.timeZone),
        location: facts.location,
        link,
      },
      attachments: [attachment],
    });
  }
}
