import { DEFAULT_REJECTION_RANGE, MSG, RANGE_NOT_SET, type RejectionQuestion } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import AutoRejectionPage from './AutoRejectionPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const QUESTIONS: RejectionQuestion[] = [
  { id: 8, label: 'Nicotine use', question: 'Do you smoke?', disqualifying: 'yes', is_enabled: true },
  {
    id: 10,
    label: 'Both ovaries',
    question: 'Do you have both ovaries?',
    disqualifying: 'no',
    is_enabled: true,
  },
];

const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;

describe('AutoRejectionPage', () => {
  it('refuses the switch while a range is not set, fills the defaults and saves', async () => {
    let saved: unknown = null;
    renderPage(<AutoRejectionPage />, {
      api: {
        me: ok(admin),
        donorformrejectionrange: (r: StubRequest) => {
          if (r.method === 'POST') {
            saved = r.body;
            return ok(r.body, MSG.CHANGES_SAVED);
          }
          return ok({ ...RANGE_NOT_SET, auto_rejection: false });
        },
        defaultdonorformrejectionrange: ok(DEFAULT_REJECTION_RANGE),
        getalldonorformrejectionquestion: ok(QUESTIONS),
      },
    });
    const toggle = await screen.findByRole('switch', { name: /^Auto rejection/ });
    expect(select('BMI minimum').value).toBe('0');
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.SET_RANGE_FIRST);
    expect((toggle as HTMLInputElement).checked).toBe(false);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Use default ranges' })).toBeTruthy());
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Use default ranges' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use default ranges' }));
    expect(select('BMI maximum').value).toBe('29.9');
    fireEvent.change(select('BMI maximum'), { target: { value: '27.5' } });
    fireEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual({ ...DEFAULT_REJECTION_RANGE, bmi_max: 27.5, auto_rejection: true }),
    );
  });

  it('switches a question off for auto-rejection', async () => {
    let sent: unknown = null;
    renderPage(<AutoRejectionPage />, {
      api: {
        me: ok(admin),
        donorformrejectionrange: ok({ ...DEFAULT_REJECTION_RANGE, auto_rejection: true }),
        defaultdonorformrejectionrange: ok(DEFAULT_REJECTION_RANGE),
        getalldonorformrejectionquestion: ok(QUESTIONS),
        updatealldonorformrejectionquestion: (r: StubRequest) => {
          sent = r.body;
          return ok(
            QUESTIONS.map((q) => ({ ...q, is_enabled: q.id !== 8 })),
            MSG.CHANGES_SAVED,
          );
        },
      },
    });
    const nicotine = (await screen.findByRole('switch', {
      name: 'Enabled: Nicotine use',
    })) as HTMLInputElement;
    fireEvent.click(nicotine);
    await waitFor(() => expect(nicotine.checked).toBe(false));
    expect(sent).toEqual({
      questions: [
        { id: 8, is_enabled: false },
        { id: 10, is_enabled: true },
      ],
    });
  });
});
