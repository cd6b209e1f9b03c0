import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  type DonorReminderState,
  dueReminder,
  emailScheduleSchema,
  MSG_REMINDER,
  type ReminderSchedule,
} from './reminders.js';

const schedule = fc.record({
  emailFlag: fc.boolean(),
  durationFirst: fc.integer({ min: 1, max: 7 }),
  durationRecurring: fc.integer({ min: 1, max: 7 }),
  totalReminders: fc.integer({ min: 0, max: 7 }),
});
const start = new Date('2026-01-01T00:00:00Z').getTime();

/**
 * Runs the scheduler's rule as a job would: a pass every `stepMs` for `days` days over one
 * donor who completes her application at `completeAt` (or never), recording what is sent.
 */
function simulate(s: ReminderSchedule, stepMs: number, days: number, completeAt: number | null) {
  const sent: { sequence: number; kind: string; at: number }[] = [];
  for (let now = start; now <= start + days * DAY_MS; now += stepMs) {
    const donor: DonorReminderState = {
      incomplete: completeAt === null || now < completeAt,
      lastActivityAt: new Date(start),
      sent: sent.length,
      lastSentAt: sent.length ? new Date(sent.at(-1)!.at) : null,
    };
    const due = dueReminder(s, donor, new Date(now));
    if (due) sent.push({ ...due, at: now });
  }
  return sent;
}

describe('dueReminder', () => {
  it('sends the total, on the right days, first then recurring, when on', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 60_000, max: 6 * 3600_000 }), (s, step) => {
        const sent = simulate(s, step, 60, null);
        expect(sent.length).toBe(s.emailFlag ? s.totalReminders : 0);
        sent.forEach((r, i) => {
          expect(r.sequence).toBe(i + 1);
          expect(r.kind).toBe(i === 0 ? 'first' : 'recurring');
          const dueAt =
            i === 0 ? start + s.durationFirst * DAY_MS : sent[i - 1]!.at + s.durationRecurring * DAY_MS;
          // Sent at the first pass on or after the day it falls due.
          expect(r.at).toBeGreaterThanOrEqual(dueAt);
          expect(r.at - dueAt).toBeLessThan(step);
        });
      }),
    );
  });

  it('never sends after the donor completes her application', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 40 * 24 }), (s, completeHours) => {
        const completeAt = start + completeHours * 3600_000;
        const sent = simulate({ ...s, emailFlag: true }, 3600_000, 60, completeAt);
        for (const r of sent) expect(r.at).toBeLessThan(completeAt);
      }),
    );
  });

  it('never more than one reminder per pass, never above the total, never two of one sequence', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 100 * DAY_MS }),
        fc.integer({ min: 0, max: 100 * DAY_MS }),
        (s, already, sinceActivity, sinceSent) => {
          const now = new Date(start + 200 * DAY_MS);
          const due = dueReminder(
            s,
            {
              incomplete: true,
              lastActivityAt: new Date(now.getTime() - sinceActivity),
              sent: already,
              lastSentAt: already ? new Date(now.getTime() - sinceSent) : null,
            },
            now,
          );
          if (due === null) return;
          expect(s.emailFlag).toBe(true);
          expect(due.sequence).toBe(already + 1);
          expect(due.sequence).toBeLessThanOrEqual(s.totalReminders);
          if (already > 0) expect(sinceSent).toBeGreaterThanOrEqual(s.durationRecurring * DAY_MS);
          else expect(sinceActivity).toBeGreaterThanOrEqual(s.durationFirst * DAY_MS);
        },
      ),
    );
  });

  it('sends nothing when the schedule is off or the total is None', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 60_000, max: DAY_MS }), (s, step) => {
        expect(simulate({ ...s, emailFlag: false }, step, 60, null)).toEqual([]);
        expect(simulate({ ...s, totalReminders: 0 }, step, 60, null)).toEqual([]);
      }),
    );
  });
});

describe('emailScheduleSchema', () => {
  const valid = {
    durationFirst: 2,
    durationRecurring: 3,
    totalReminders: 0,
    emailFlag: true,
    selectedFirstEmail: 22,
    selectedRecurringEmail: 23,
    subject: 'Finish your application',
  };
  const firstMessage = (input: unknown) => {
    const r = emailScheduleSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('accepts every interval 1-7 and every total 0-7', () => {
    for (const d of [1, 2, 3, 4, 5, 6, 7])
      for (const n of [0, 1, 2, 3, 4, 5, 6, 7])
        expect(
          firstMessage({ ...valid, durationFirst: d, durationRecurring: d, totalReminders: n }),
        ).toBeNull();
  });

  it('requires every field', () => {
    for (const key of Object.keys(valid)) {
      const { [key]: _, ...rest } = valid as Record<string, unknown>;
      expect(firstMessage(rest), key).toBe(MSG_REMINDER.MANDATORY);
      if (key !== 'emailFlag')
        expect(firstMessage({ ...valid, [key]: '' }), key).toBe(MSG_REMINDER.MANDATORY);
    }
    expect(firstMessage({ ...valid, subject: '   ' })).toBe(MSG_REMINDER.MANDATORY);
  });

  it('refuses intervals and totals out of range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const interval = firstMessage({ ...valid, durationRecurring: n });
        expect(interval).toBe(n >= 1 && n <= 7 ? null : MSG_REMINDER.INTERVAL);
        expect(firstMessage({ ...valid, durationFirst: n })).toBe(interval);
        expect(firstMessage({ ...valid, totalReminders: n })).toBe(
          n >= 0 && n <= 7 ? null : MSG_REMINDER.TOTAL,
        );
      }),
    );
    expect(firstMessage({ ...valid, durationRecurring: 2.5 })).toBe(MSG_REMINDER.INTERVAL);
    expect(firstMessage({ ...valid, selectedFirstEmail: 1 })).toBe(MSG_REMINDER.EMAIL_TYPE);
  });
});
