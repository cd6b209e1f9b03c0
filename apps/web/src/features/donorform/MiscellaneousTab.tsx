import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { checksSchema, useZodForm } from '../../lib/form';
import {
  type CustomAnswers,
  CustomQuestionsFields,
  initialAnswers,
  userAnswersOf,
  validateCustomAnswers,
} from '../questions/CustomQuestionsFields';
import { useDonorQuestions, useSubmitAnswers } from '../questions/queries';

/** Tab 11: the agency's own questions, answered through the custom answers. */
export function MiscellaneousTab({ donorId, readOnly }: { donorId: number; readOnly: boolean }) {
  const questions = useDonorQuestions(donorId);
  const submit = useSubmitAnswers(donorId);
  const list = questions.data ?? [];
  // The answers by question id, checked by the questions' own rules (required, options).
  const { form } = useZodForm<CustomAnswers>(
    checksSchema((answers: CustomAnswers) => validateCustomAnswers(list, 'miscellaneous', answers)),
    initialAnswers(list, 'miscellaneous'),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    if (!questions.data) return;
    form.setInitialValues(initialAnswers(questions.data, 'miscellaneous'));
    form.reset();
  }, [questions.data]);
  if (questions.isPending) return <Loader role="status" aria-label="Loading" />;
  if (!list.some((q) => q.tab === 'miscellaneous' && q.isActive)) return <Text>No further questions.</Text>;
  return (
    <Stack>
      <CustomQuestionsFields
        questions={list}
        tab="miscellaneous"
        answers={form.values}
        errors={form.errors as Record<number, string>}
        readOnly={readOnly}
        onChange={(id, answer) => form.setFieldValue(String(id), answer)}
      />
      {!readOnly && (
        <Group>
          <Button
            loading={submit.isPending}
            onClick={() =>
              form.onSubmit((answers) =>
                submit.mutate({
                  donorId,
                  tab: 'miscellaneous',
                  userAnswers: userAnswersOf(list, 'miscellaneous', answers),
                }),
              )()
            }
          >
            Save answers
          </Button>
        </Group>
      )}
    </Stack>
  );
}
