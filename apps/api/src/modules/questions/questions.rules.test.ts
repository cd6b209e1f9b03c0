import {
  answerProblem,
  answerText,
  canAddOption,
  isDuplicateQuestion,
  MSG,
  optionErrors,
  QUESTION_TAB_LABELS,
  QUESTION_TABS,
  questionKey,
  saveQuestionBody,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';

describe('question rules (packages/shared/src/questions.ts)', () => {
  it('a question sits on the donor form tabs 2-9, named as the question screens show them', () => {
    expect(QUESTION_TAB_LABELS).toEqual({
      general: 'General',
      personalHealth: 'Personal health',
      personalCharacterstics: 'Personal characteristics',
      familyHealth: 'Family health',
      disease: 'Disease',
      pastDonation: 'Past donation',
      educationDetails: 'Education',
      miscellaneous: 'Miscellaneous',
    });
    expect(QUESTION_TABS).toEqual(Object.keys(QUESTION_TAB_LABELS));
  });

  it('duplicates ignore case and every space', () => {
    expect(questionKey('  Do you  Smoke? ')).toBe('doyousmoke?');
    expect(isDuplicateQuestion('do you smoke?', ['Do You Smoke?'])).toBe(true);
    expect(isDuplicateQuestion('doyousmoke?', ['Do you smoke?'])).toBe(true);
    expect(isDuplicateQuestion('Do you smoke daily?', ['Do you smoke?'])).toBe(false);
  });

  it('flags blank options and later case-insensitive duplicates', () => {
    expect(optionErrors(['Yes', ' ', 'yes', 'No', 'NO '])).toEqual([
      null,
      MSG.QUESTION_OPTION_BLANK,
      MSG.QUESTION_OPTION_DUPLICATE,
      null,
      MSG.QUESTION_OPTION_DUPLICATE,
    ]);
  });

  it('adds an option only when the last one has text', () => {
    expect(canAddOption([])).toBe(true);
    expect(canAddOption(['A'])).toBe(true);
    expect(canAddOption(['A', '  '])).toBe(false);
  });

  it('choice types need two distinct, non-blank options and one default at most', () => {
    const issues = (body: object) =>
      saveQuestionBody
        .safeParse({ question: 'Q?', ...body })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ type: 'dropdown', options: [{ text: 'A' }] })).toEqual([
      ['options', MSG.QUESTION_OPTIONS_MIN],
    ]);
    expect(issues({ type: 'radio', options: [{ text: 'A' }, { text: '' }] })).toEqual([
      ['options.1.text', MSG.QUESTION_OPTION_BLANK],
    ]);
    expect(
      issues({
        type: 'checkbox',
        options: [
          { text: 'A', isDefault: true },
          { text: 'B', isDefault: true },
        ],
      }),
    ).toEqual([['options', 'Only one option can be the default.']]);
    expect(issues({ type: 'text', options: [] })).toBeUndefined();
  });

  it('answers are checked against type, options and required', () => {
    const radio = { type: 'radio' as const, isRequired: true, options: [{ text: 'A' }, { text: 'B' }] };
    expect(answerProblem(radio, '')).toBe(MSG.ANSWER_REQUIRED);
    expect(answerProblem(radio, 'C')).toBe(MSG.ANSWER_NOT_AN_OPTION);
    expect(answerProblem(radio, ['A', 'B'])).toBe(MSG.ANSWER_NOT_AN_OPTION);
    expect(answerProblem(radio, 'A')).toBeNull();
    expect(answerProblem({ ...radio, type: 'checkbox' }, ['A', 'B'])).toBeNull();
    expect(answerProblem({ ...radio, isRequired: false }, '')).toBeNull();
    expect(answerProblem({ type: 'textarea', isRequired: true, options: [] }, '  ')).toBe(
      MSG.ANSWER_REQUIRED,
    );
    expect(answerText(['A', ' B '])).toBe('A, B');
  });
});
