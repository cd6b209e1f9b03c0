import {
  COACHING_MSG,
  type CoachingHours,
  type CoachingSession,
  type CoachingSlots,
  type SessionUser,
} from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayKey, formatLongDay, formatTime, viewerTimeZone } from '../../lib/dates';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import CoachingAvailabilityPage from './CoachingAvailabilityPage';
import CoachingSessionsPage from './CoachingSessionsPage';
import { CommentsDialog } from './CommentsDialog';
import ScheduleCoachingPage from './ScheduleCoachingPage';

const consumer = (overrides: Partial<SessionUser> = {}) =>
  sessionUser({
    userId: 50,
    center: { ...sessionUser().center, id: 111, payments: true, consumerSite: true, preActiveAccess: true },
    ...overrides,
  });
const manager = sessionUser({ userId: 60, role: 6, client: null, center: consumer().center });

const SLOTS: CoachingSlots = {
  manager: { id: 60, name: 'Casey Manager', timeZone: 'America/New_York' },
  slotMinutes: 60,
  slots: ['2030-03-11T14:00:00.000Z', '2030-03-11T15:00:00.000Z', '2030-03-12T14:00:00.000Z'],
};

const session = (over: Partial<CoachingSession> = {}): CoachingSession => ({
  sessionId: 7,
  status: 'Requested',
  scheduledTime: '2030-03-11T15:00:00.000Z',
  endTime: '2030-03-11T16:00:00.000Z',
  details: 'Talk about donors',
  clientId: 50,
  clientName: 'Pat Parent',
  managerId: 60,
  managerName: 'Casey Manager',
  location: 'https://meet.example.test/room',
  bookedAt: '2030-03-01T10:00:00.000Z',
  doneAt: null,
  cancelledAt: null,
  comments: 0,
  ...over,
});

const page = (rows: CoachingSession[]) => ok({ rows, total: rows.length });

describe('ScheduleCoachingPage (/schedule-coaching-session)', () => {
  it('tells a Pre-Active client to subscribe and asks for nothing else', async () => {
    const { requests } = renderPage(<ScheduleCoachingPage />, {
      api: { me: ok(consumer({ status: 'Pre-Active' })) },
    });
    expect(await screen.findByText(new RegExp(COACHING_MSG.SUBSCRIBE))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the premium subscription' }).getAttribute('href')).toBe(
      '/paymentsubscription',
    );
    expect(requests.some((r) => r.name === 'getcoachingslots' || r.name === 'getavailablesessioncount')).toBe(
      false,
    );
  });

  it('sends a client without credits to buy them', async () => {
    renderPage(<ScheduleCoachingPage />, {
      api: {
        me: ok(consumer()),
        getavailablesessioncount: ok({ prod_available: 0 }),
        fetchcoahingsessionaddress: fail(400, COACHING_MSG.NO_HOURS),
        getcounsellingsessionlist: page([]),
      },
    });
    expect(await screen.findByText(new RegExp(COACHING_MSG.NO_CREDITS))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy coaching credit' }).getAttribute('href')).toBe(
      '/buy-coaching-credit',
    );
    expect(screen.queryByRole('button', { name: 'Book session' })).toBeNull();
  });

  it('offers the free times in the viewer zone and books the chosen one, then confirms by the poll', async () => {
    const zone = viewerTimeZone();
    const { requests } = renderPage(<ScheduleCoachingPage />, {
      api: {
        me: ok(consumer()),
        getavailablesessioncount: ok({ prod_available: 2 }),
        getcoachingslots: ok(SLOTS),
        fetchcoahingsessionaddress: ok({
          managerId: 60,
          managerName: 'Casey Manager',
          meetingAddress: 'https://meet.example.test/room',
          timeZone: 'America/New_York',
        }),
        getcounsellingsessionlist: page([]),
        schedulecounsellingsession: (r: StubRequest) =>
          ok(
            session({ scheduledTime: (r.body as { scheduledTime: string }).scheduledTime }),
            COACHING_MSG.BOOKED,
          ),
        fetchcalendlycallback: (r: StubRequest) =>
          ok({
            count: (r.body as { count: number }).count,
            confirmed: true,
            session: session(),
            prod_available: 1,
          }),
      },
    });
    expect(await screen.findByText(zone, { selector: 'b' })).toBeTruthy();
    // Nothing chosen: the form says so before asking the server.
    fireEvent.click(screen.getByRole('button', { name: 'Book session' }));
    expect(await screen.findByText(COACHING_MSG.SLOT_INVALID)).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Day' }));
    fireEvent.click(await screen.findByRole('option', { name: formatLongDay(SLOTS.slots[0]!, zone) }));
    const times = within(await screen.findByRole('radiogroup', { name: 'Time' }));
    const sameDay = SLOTS.slots.filter((s) => dayKey(s, zone) === dayKey(SLOTS.slots[0]!, zone));
    expect(times.getAllByRole('radio')).toHaveLength(sameDay.length);
    fireEvent.click(times.getByRole('radio', { name: formatTime(SLOTS.slots[1]!, zone) }));
    fireEvent.change(screen.getByRole('textbox', { name: /What would you like to talk about/ }), {
      target: { value: '  Known donors  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Book session' }));

    expect(await screen.findByText(/Confirmed: the calendar invitation is on its way/)).toBeTruthy();
    const booking = requests.find((r) => r.name === 'schedulecounsellingsession')!;
    expect(booking.body).toEqual({
      scheduledTime: SLOTS.slots[1],
      details: 'Known donors',
      managerId: 60,
      timeZone: zone,
    });
    expect(requests.find((r) => r.name === 'fetchcalendlycallback')!.body).toEqual({ count: 1 });
  });

  it('shows a slot just taken by someone else on the form', async () => {
    renderPage(<ScheduleCoachingPage />, {
      api: {
        me: ok(consumer()),
        getavailablesessioncount: ok({ prod_available: 1 }),
        getcoachingslots: ok(SLOTS),
        fetchcoahingsessionaddress: fail(400, COACHING_MSG.NO_HOURS),
        getcounsellingsessionlist: page([]),
        schedulecounsellingsession: fail(409, COACHING_MSG.SLOT_TAKEN),
      },
    });
    const zone = viewerTimeZone();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Day' }));
    fireEvent.click(await screen.findByRole('option', { name: formatLongDay(SLOTS.slots[2]!, zone) }));
    fireEvent.click(await screen.findByRole('radio', { name: formatTime(SLOTS.slots[2]!, zone) }));
    fireEvent.change(screen.getByRole('textbox', { name: /What would you like/ }), {
      target: { value: 'x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Book session' }));
    expect(await screen.findByText(COACHING_MSG.SLOT_TAKEN)).toBeTruthy();
  });
});

describe('CoachingSessionsPage (/coaching-sessions)', () => {
  it('lists the sessions with the filters, and the manager marks one done after confirming', async () => {
    const { requests } = renderPage(
      <ModalsProvider>
        <CoachingSessionsPage />
      </ModalsProvider>,
      {
        api: {
          me: ok(manager),
          getcounsellingsessionlist: page([
            session(),
            session({ sessionId: 8, status: 'Done', clientName: 'Kim' }),
          ]),
          updatesessionstatus: ok(session({ status: 'Done' }), COACHING_MSG.DONE),
        },
      },
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Pat Parent')).toBeTruthy();
    expect(within(table).getAllByRole('link', { name: 'https://meet.example.test/room' })).toHaveLength(2);
    // Only the requested session can be marked done.
    expect(within(table).getAllByRole('button', { name: /^Mark done: / })).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: /^Mark done: .* with Pat Parent$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the session as done?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'updatesessionstatus')).toBe(true));
    expect(requests.find((r) => r.name === 'updatesessionstatus')!.body).toEqual({
      session_id: 7,
      user_id: 50,
    });

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Done' }));
    await waitFor(() =>
      expect(
        (
          requests.filter((r) => r.name === 'getcounsellingsessionlist').at(-1)!.body as {
            session_status: string;
          }
        ).session_status,
      ).toBe('Done'),
    );
    const last = requests.filter((r) => r.name === 'getcounsellingsessionlist').at(-1)!.body as Record<
      string,
      unknown
    >;
    expect(last).toMatchObject({
      from: 0,
      to: 10,
      sortKey: 'scheduledTime',
      ord: 'desc',
      timeZone: viewerTimeZone(),
    });
  });
});

describe('CommentsDialog (a coaching session’s comments)', () => {
  it('shows the save in progress with the comment read-only, sends it once and clears it once stored', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stored = {
      commentId: 1,
      sessionId: 7,
      authorId: 60,
      authorName: 'Casey Manager',
      comment: 'See you then',
      createdAt: '2030-03-02T10:00:00.000Z',
    };
    const { requests } = renderPage(<CommentsDialog session={session()} onClose={() => {}} />, {
      api: {
        me: ok(manager),
        'getallsessioncomments/7': ok([]),
        savesessioncomment: async () => {
          await answered;
          return ok([stored]);
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: /Comments on the session/ });
    const text = within(dialog).getByRole('textbox', { name: /Comment/ }) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'See you then' } });
    const add = within(dialog).getByRole('button', { name: 'Add comment' });
    fireEvent.click(add);
    await waitFor(() => expect(add.hasAttribute('data-loading')).toBe(true));
    // Not editable while it saves: the success clears the field, and words typed meanwhile would go.
    expect(text.readOnly).toBe(true);
    expect(text.value).toBe('See you then');
    release();
    await within(dialog).findByText('See you then', { selector: 'p' });
    await waitFor(() => expect(text.value).toBe(''));
    expect(text.readOnly).toBe(false);
    expect(requests.filter((r) => r.name === 'savesessioncomment')).toHaveLength(1);
  });
});

describe('CoachingAvailabilityPage (/coaching-availability)', () => {
  const unpublished: CoachingHours = {
    published: false,
    timeZone: 'America/New_York',
    slotMinutes: 60,
    meetingAddress: '',
    weekly: [],
    blockedDates: [],
    updatedAt: null,
  };

  it('refuses overlapping hours before asking, then publishes weekday hours', async () => {
    const { requests } = renderPage(<CoachingAvailabilityPage />, {
      api: {
        me: ok(manager),
        getcoachingavailability: ok(unpublished),
        savecoachingavailability: (r: StubRequest) =>
          ok({ ...unpublished, ...(r.body as object), published: true }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Coaching hours' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Meeting link or address' }), {
      target: { value: 'https://meet.example.test/casey' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish hours' }));
    expect(await screen.findByText(COACHING_MSG.PERIOD_OVERLAP)).toBeTruthy();
    expect(requests.some((r) => r.name === 'savecoachingavailability')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Weekdays 9:00 to 17:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish hours' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'savecoachingavailability')).toBe(true));
    expect(requests.find((r) => r.name === 'savecoachingavailability')!.body).toMatchObject({
      timeZone: viewerTimeZone(),
      slotMinutes: 60,
      meetingAddress: 'https://meet.example.test/casey',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      blockedDates: [],
    });
  });
});
