import { type DonorQuestion, MSG } from '@dm/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type CustomAnswers,
  CustomQuestionsFields,
  initialAnswers,
  userAnswersOf,
  validateCustomAnswers,
} from './CustomQuestionsFields';

const base = {
  centerId: 1,
  status: 'public' as const,
  isActive: true,
  tab: 'miscellaneous' as const,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const QUESTIONS: DonorQuestion[] = [
  { ...base, id: 1, question: 'Why donate?', type: 'textarea', isRequired: true, options: [], answer: '' },
  {
    ...base,
    id: 2,
    question: 'Favourite season?',
    type: 'radio',
    isRequired: true,
    options: [
      { text: 'Spring', isDefault: false },
      { text: 'Autumn', isDefault: false },
    ],
    answer: '',
  },
  {
    ...base,
    id: 3,
    question: 'Sports?',
    type: 'checkbox',
    isRequired: false,
    options: [
      { text: 'Golf', isDefault: false },
      { text: 'Tennis', isDefault: true },
    ],
    answer: 'Golf, Tennis',
  },
  {
    ...base,
    id: 4,
    question: 'On another tab',
    type: 'text',
    isRequired: true,
    options: [],
    answer: '',
    tab: 'general',
  },
];

function Harness({
  onSubmit,
}: {
  onSubmit: (answers: CustomAnswers, errors: Record<number, string>) => void;
}) {
  const [answers, setAnswers] = useState(() => initialAnswers(QUESTIONS, 'miscellaneous'));
  const [errors, setErrors] = useState<Record<number, string>>({});
  return (
    <MantineProvider env="test">
      <CustomQuestionsFields
        questions={QUESTIONS}
        tab="miscellaneous"
        answers={answers}
        errors={errors}
        onChange={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
      />
      <button
        type="button"
        onClick={() => {
          const problems = validateCustomAnswers(QUESTIONS, 'miscellaneous', answers);
          setErrors(problems);
          onSubmit(answers, problems);
        }}
      >
        Next
      </button>
    </MantineProvider>
  );
}

describe('CustomQuestionsFields', () => {
  it("renders the tab's questions by type and blocks until required ones are answered", async () => {
    let last: { answers: CustomAnswers; errors: Record<number, string> } | undefined;
    render(<Harness onSubmit={(answers, errors) => (last = { answers, errors })} />);
    expect(screen.queryByText('On another tab')).toBeNull();
    // the stored checkbox answer is split back into its options
    expect((screen.getByRole('checkbox', { name: 'Golf' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(last?.errors).toEqual({ 1: MSG.ANSWER_REQUIRED, 2: MSG.ANSWER_REQUIRED });
    expect(await screen.findAllByText(MSG.ANSWER_REQUIRED)).toHaveLength(2);

    fireEvent.change(screen.getByRole('textbox', { name: /Why donate\?/ }), {
      target: { value: 'To help.' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Autumn' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Golf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(last?.errors).toEqual({});
    expect(userAnswersOf(QUESTIONS, 'miscellaneous', last!.answers)).toEqual([
      { questionId: 1, answer: 'To help.' },
      { questionId: 2, answer: 'Autumn' },
      { questionId: 3, answer: ['Tennis'] },
    ]);
  });

  it('starts a choice question at its default option', () => {
    const fresh = QUESTIONS.map((q) => ({ ...q, answer: '' }));
    expect(initialAnswers(fresh, 'miscellaneous')).toEqual({ 1: '', 2: '', 3: ['Tennis'] });
  });
});

describe('CustomQuestionsFields read only (a preview of the donor form)', () => {
  it('shows every answer as labelled read-only text, no control disabled', () => {
    const { container } = render(
      <MantineProvider env="test">
        <CustomQuestionsFields
          questions={QUESTIONS}
          tab="miscellaneous"
          answers={{ 1: 'To help.', 2: 'Autumn', 3: ['Golf', 'Tennis'] }}
          onChange={() => {}}
          readOnly
        />
      </MantineProvider>,
    );
    const answer = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
    expect(
      [answer(/Why donate\?/), answer(/Favourite season\?/), answer(/Sports\?/)].map((i) => i.value),
    ).toEqual(['To help.', 'Autumn', 'Golf, Tennis']);
    expect(
      [answer(/Why donate\?/), answer(/Favourite season\?/), answer(/Sports\?/)].every((i) => i.readOnly),
    ).toBe(true);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(container.querySelectorAll(':disabled, [data-disabled]')).toHaveLength(0);
  });
});
