import { MSG, PREFORM_QUESTIONS, type PreformDetails } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import NotAcceptedPreformPage from './NotAcceptedPreformPage';
import PreformPage from './PreformPage';

const donor = sessionUser({
  userId: 42,
  username: 'newdonor@demo.test',
  role: 2,
  client: null,
  donor: { preFormStatus: null, availability: 'Invited', lastTab: null },
});

const ANSWERS: Record<number, string> = {
  1: 'Nia',
  2: 'Newdonor',
  3: 'newdonor@demo.test',
  4: '06/15/2000',
  5: '165.1',
  6: '140',
  7: 'no',
  8: 'no',
  9: 'no',
  10: 'yes',
  11: 'yes',
  12: 'no',
  13: 'no',
  14: 'no',
  15: 'yes',
  16: 'yes',
};

function details(answered: boolean, over: Partial<PreformDetails> = {}): PreformDetails {
  return {
    userId: 42,
    preFormStatus: null,
    submittedAt: null,
    eligibility: null,
    questions: PREFORM_QUESTIONS.map((q) => ({
      questionId: q.id,
      kind: q.kind,
      label: q.label,
      question: q.text.replace(/\{[a-z_]+\}/g, '25'),
      answer: answered || q.id <= 3 ? ANSWERS[q.id]! : null,
    })),
    ...over,
  };
}

const location = () => screen.getByTestId('location').textContent;

describe('PreformPage', () => {
  it('checks every field with the shared messages before asking to confirm', async () => {
    const { requests } = renderPage(<PreformPage />, {
      route: '/preform',
      path: '/preform/:id?/:mode?',
      api: { me: ok(donor), 'getpreformdetails/42': ok(details(false)) },
    });
    const first = (await screen.findByRole('textbox', { name: /First name/ })) as HTMLInputElement;
    expect(first.value).toBe('Nia');
    fireEvent.change(first, { target: { value: 'N1a' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Date of birth/ }), {
      target: { value: '02/30/2000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('First name seems incorrect.', { selector: '[role="alert"] *' }),
    ).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Date of birth seems incorrect.').length).toBeGreaterThan(0);
    expect(screen.getByText('Please answer the question: Nicotine use.')).toBeTruthy();
    expect(screen.getByText(MSG.FINAL_DECLARATION)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.name === 'submitpreform')).toBe(false);
  });

  it('asks for the final declaration, confirms, submits the answers by question id and goes to the donor form', async () => {
    let sent: unknown = null;
    renderPage(<PreformPage />, {
      route: '/preform',
      path: '/preform/:id?/:mode?',
      api: {
        me: ok(donor),
        'getpreformdetails/42': ok(details(true)),
        submitpreform: (r: StubRequest) => {
          sent = r.body;
          return ok({ preFormStatus: 1 }, MSG.PREFORM_SUBMITTED);
        },
      },
    });
    const smoke = await screen.findByRole('radiogroup', { name: /nicotine/ });
    expect((within(smoke).getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Height (feet)' }) as HTMLSelectElement).value).toBe('5');

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.FINAL_DECLARATION);

    fireEvent.click(screen.getByRole('checkbox', { name: /I declare/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm submission' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location()).toBe('/donorform'));
    expect(sent).toEqual({
      preFormDetails: Object.fromEntries(Object.entries(ANSWERS).map(([k, v]) => [k, v])),
      finalDeclaration: true,
    });
  });

  it('goes to the not-accepted page when the pre-form is not accepted', async () => {
    renderPage(<PreformPage />, {
      route: '/preform',
      path: '/preform/:id?/:mode?',
      api: {
        me: ok(donor),
        'getpreformdetails/42': ok(details(true)),
        submitpreform: ok({ preFormStatus: 0 }),
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /I declare/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location()).toBe('/not-accepted-preform'));
  });

  it('shows a case manager the answers read-only with the judgement', async () => {
    const manager = sessionUser({ userId: 3, role: 6, client: null });
    renderPage(<PreformPage />, {
      route: '/preform/42/preview',
      path: '/preform/:id?/:mode?',
      api: {
        me: ok(manager),
        'getpreformdetails/42': ok(
          details(true, {
            preFormStatus: 0,
            eligibility: { eligible: false, reasons: ['answers'], bmi: 23.3, disqualifyingQuestionIds: [8] },
          }),
        ),
      },
    });
    expect(await screen.findByText(/Not accepted/)).toBeTruthy();
    const row = screen.getByRole('row', { name: /nicotine/ });
    expect(within(row).getByText('No (disqualifying)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});

describe('NotAcceptedPreformPage', () => {
  it('offers to fill the pre-form again', async () => {
    const { requests } = renderPage(<NotAcceptedPreformPage />, {
      route: '/not-accepted-preform',
      api: {
        me: ok({ ...donor, donor: { ...donor.donor!, preFormStatus: 0 } }),
        resetpreformdetails: ok(null),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fill the pre-form again' }));
    await waitFor(() => expect(location()).toBe('/preform'));
    expect(requests.find((r) => r.name === 'resetpreformdetails')?.method).toBe('POST');
  });
});
