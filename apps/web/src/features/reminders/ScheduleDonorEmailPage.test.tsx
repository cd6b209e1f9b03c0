import { type EmailSchedulerData, MSG_REMINDER } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import ScheduleDonorEmailPage from './ScheduleDonorEmailPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const TEMPLATES: EmailSchedulerData['resultsEmail'] = [
  {
    email_type: 22,
    title: 'Donor Form Reminder (first)',
    definition: '<p>x</p>',
    subject: 'Your donor application is waiting',
  },
  {
    email_type: 23,
    title: 'Donor Form Reminder (recurring)',
    definition: '<p>y</p>',
    subject: 'Reminder: finish',
  },
];
const data = (
  resultsDuration: EmailSchedulerData['resultsDuration'] = null,
  centerId = 1,
): EmailSchedulerData => ({
  centerId,
  resultsDuration,
  resultsEmail: TEMPLATES,
});
const SAVED: EmailSchedulerData['resultsDuration'] = {
  duration_first_email: 2,
  duration_email_afterward: 3,
  total_reminder: 0,
  send_email_flag: true,
  selected_first_email: 22,
  selected_recurring_email: 23,
  subject: 'Finish your application',
};

/** Picks an option of one select: its own list (several selects offer the same options). */
async function choose(label: string, option: string) {
  const box = await screen.findByRole('combobox', { name: new RegExp(`^${label}`) });
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

describe('ScheduleDonorEmailPage', () => {
  it('requires every field with the spec message, then saves the schedule as numbers', async () => {
    const { requests } = renderPage(<ScheduleDonorEmailPage />, {
      api: {
        me: ok(admin),
        getemailscheduler: ok(data()),
        saveemailscheduler: (r: StubRequest) => {
          const s = (r.body as { emailSchedule: Record<string, unknown> }).emailSchedule;
          return ok(
            data({
              duration_first_email: s.durationFirst as number,
              duration_email_afterward: s.durationRecurring as number,
              total_reminder: s.totalReminders as number,
              send_email_flag: s.emailFlag as boolean,
              selected_first_email: s.selectedFirstEmail as number,
              selected_recurring_email: s.selectedRecurringEmail as number,
              subject: s.subject as string,
            }),
            MSG_REMINDER.SAVED,
          );
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Donor e-mail reminders' })).toBeTruthy();
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await waitFor(() => expect(screen.getAllByText(MSG_REMINDER.MANDATORY).length).toBe(6));
    expect(requests.some((r) => r.name === 'saveemailscheduler')).toBe(false);

    await choose('First e-mail after', '2 days');
    await choose('Then every', '7 days');
    await choose('Total reminders', 'None');
    await choose('First e-mail template', 'Donor Form Reminder (first)');
    await choose('Recurring e-mail template', 'Donor Form Reminder (recurring)');
    fireEvent.change(screen.getByRole('textbox', { name: /^Subject/ }), {
      target: { value: 'Please finish' },
    });
    // Before a schedule is saved, the switch is part of the form.
    fireEvent.click(screen.getByRole('switch', { name: /Send reminder e-mails/ }));
    fireEvent.click(save);
    await waitFor(() => expect(requests.some((r) => r.name === 'saveemailscheduler')).toBe(true));
    expect(requests.find((r) => r.name === 'saveemailscheduler')?.body).toEqual({
      center_id: 1,
      emailSchedule: {
        durationFirst: 2,
        durationRecurring: 7,
        totalReminders: 0,
        emailFlag: true,
        selectedFirstEmail: 22,
        selectedRecurringEmail: 23,
        subject: 'Please finish',
      },
    });
    expect(requests.some((r) => r.name === 'saveemailschedulertoggle')).toBe(false);
  });

  it('shows the saved schedule and switches it off at once', async () => {
    const { requests } = renderPage(<ScheduleDonorEmailPage />, {
      api: {
        me: ok(admin),
        getemailscheduler: ok(data(SAVED)),
        saveemailschedulertoggle: ok(data({ ...SAVED!, send_email_flag: false }), MSG_REMINDER.OFF),
      },
    });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe(
        'Finish your application',
      ),
    );
    expect((screen.getByRole('combobox', { name: /^Total reminders/ }) as HTMLInputElement).value).toBe(
      'None',
    );
    expect((screen.getByRole('combobox', { name: /^Then every/ }) as HTMLInputElement).value).toBe('3 days');
    const toggle = screen.getByRole('switch', { name: /Send reminder e-mails/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(requests.some((r) => r.name === 'saveemailschedulertoggle')).toBe(true));
    expect(requests.find((r) => r.name === 'saveemailschedulertoggle')?.body).toEqual({
      center_id: 1,
      emailSchedule: { emailFlag: false },
    });
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('lets the master admin pick the agency first', async () => {
    const { requests } = renderPage(<ScheduleDonorEmailPage />, {
      api: {
        me: ok(master),
        getcenters: ok([
          { centerId: 1, name: 'Main Agency' },
          { centerId: 85, name: 'Hatch' },
        ]),
        getemailscheduler: ok(data(null, 85)),
      },
    });
    fireEvent.click(await screen.findByRole('combobox', { name: /^Agency/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch', hidden: true }));
    await screen.findByRole('button', { name: 'Save' });
    expect(requests.find((r) => r.name === 'getemailscheduler')?.query.get('center_id')).toBe('85');
  });
});
