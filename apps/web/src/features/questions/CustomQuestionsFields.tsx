import {
  answerProblem,
  CHECKBOX_SEPARATOR,
  type CustomQuestion,
  type DonorQuestion,
  type QuestionTab,
  type UserAnswer,
} from '@dm/shared';
import { Checkbox, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { ChoiceSelect, choicesText, ReadOnlyValue } from '../../components/ReadOnlyValue';

/** Answers being edited, by question id: a string, or the chosen options of a checkbox question. */
export type CustomAnswers = Record<number, string | string[]>;

/**
 * The starting answers of a tab: the stored answer, else the default option of a choice
 * question. A stored checkbox answer is split back into the options it names.
 */
export function initialAnswers(
  questions: readonly (CustomQuestion | DonorQuestion)[],
  tab: QuestionTab,
): CustomAnswers {
  const answers: CustomAnswers = {};
  for (const q of questions) {
    if (q.tab !== tab || !q.isActive) continue;
    const stored = 'answer' in q ? q.answer : '';
    const fallback = q.options.find((o) => o.isDefault)?.text ?? '';
    if (q.type === 'checkbox') {
      const names = new Set(q.options.map((o) => o.text));
      const chosen = stored ? stored.split(CHECKBOX_SEPARATOR).filter((s) => names.has(s)) : [];
      answers[q.id] = stored ? chosen : fallback ? [fallback] : [];
    } else answers[q.id] = stored || fallback;
  }
  return answers;
}

/** The problems of a tab's answers by question id (empty when it may be submitted). */
export function validateCustomAnswers(
  questions: readonly CustomQuestion[],
  tab: QuestionTab,
  answers: CustomAnswers,
): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const q of questions) {
    if (q.tab !== tab || !q.isActive) continue;
    const problem = answerProblem(q, answers[q.id] ?? '');
    if (problem) problems[q.id] = problem;
  }
  return problems;
}

/** The body's userAnswers for a tab. */
export function userAnswersOf(
  questions: readonly CustomQuestion[],
  tab: QuestionTab,
  answers: CustomAnswers,
): UserAnswer[] {
  return questions
    .filter((q) => q.tab === tab && q.isActive)
    .map((q) => ({ questionId: q.id, answer: answers[q.id] ?? (q.type === 'checkbox' ? [] : '') }));
}

/**
 * The agency's questions of one donor-form tab as inputs. The donor form keeps the answers and
 * the errors (from validateCustomAnswers, or data.answers of a 400 from submitcustomizedanswers).
 */
export function CustomQuestionsFields({
  questions,
  tab,
  answers,
  errors = {},
  onChange,
  readOnly = false,
}: {
  questions: readonly CustomQuestion[];
  tab: QuestionTab;
  answers: CustomAnswers;
  errors?: Record<number, string>;
  onChange: (questionId: number, answer: string | string[]) => void;
  readOnly?: boolean;
}) {
  const onTab = questions.filter((q) => q.tab === tab && q.isActive);
  if (onTab.length === 0) return null;
  return (
    <Stack>
      {onTab.map((q) => {
        const common = { label: q.question, required: q.isRequired, error: errors[q.id] };
        const value = answers[q.id];
        const text = typeof value === 'string' ? value : '';
        switch (q.type) {
          case 'textarea':
            return (
              <Textarea
                key={q.id}
                {...common}
                rows={3}
                readOnly={readOnly}
                value={text}
                onChange={(e) => onChange(q.id, e.currentTarget.value)}
              />
            );
          case 'text':
            return (
              <TextInput
                key={q.id}
                {...common}
                readOnly={readOnly}
                value={text}
                onChange={(e) => onChange(q.id, e.currentTarget.value)}
              />
            );
          case 'dropdown':
            return (
              <ChoiceSelect
                key={q.id}
                {...common}
                readOnly={readOnly}
                data={[
                  { value: '', label: 'Select' },
                  ...q.options.map((o) => ({ value: o.text, label: o.text })),
                ]}
                value={text}
                onChange={(e) => onChange(q.id, e.currentTarget.value)}
              />
            );
          case 'radio':
            return readOnly ? (
              <ReadOnlyValue key={q.id} label={common.label} error={common.error} value={text} />
            ) : (
              <Radio.Group key={q.id} {...common} value={text} onChange={(v) => onChange(q.id, v)}>
                <Group mt="xs">
                  {q.options.map((o) => (
                    <Radio key={o.text} value={o.text} label={o.text} />
                  ))}
                </Group>
              </Radio.Group>
            );
          default:
            return readOnly ? (
              <ReadOnlyValue
                key={q.id}
                label={common.label}
                error={common.error}
                value={choicesText(value)}
              />
            ) : (
              <Checkbox.Group
                key={q.id}
                {...common}
                value={Array.isArray(value) ? value : []}
                onChange={(v) => onChange(q.id, v)}
              >
                <Group mt="xs">
                  {q.options.map((o) => (
                    <Checkbox key={o.text} value={o.text} label={o.text} />
                  ))}
                </Group>
              </Checkbox.Group>
            );
        }
      })}
    </Stack>
  );
}
