import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
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
  const [answers, setAnswers] = useState(() => initialAnswers(list, 'miscellaneous'));
  const [errors, setErrors] = useState<Record<number, string>>({});
  useEffect(() => {
    if (questions.data) setAnswers(initialAnswers(questions.data, 'miscellaneous'));
  }, [questions.data]);
  if (questions.isPending) return <Loader role="status" aria-label="Loading" />;
  if (!list.some((q) => q.tab === 'miscellaneous' && q.isActive)) return <Text>No further questions.</Text>;
  return (
    <Stack>
      <CustomQuestionsFields
        questions={list}
        tab="miscellaneous"
        answers={answers}
        errors={errors}
        readOnly={readOnly}
        onChange={(id, answer) => setAnswers((a) => ({ ...a, [id]: answer }))}
      />
      {!readOnly && (
        <Group>
          <Button
            loading={submit.isPending}
            onClick={() => {
              const problems = validateCustomAnswers(list, 'miscellaneous', answers);
              setErrors(problems);
              if (Object.keys(problems).length > 0) return;
              submit.mutate({
                donorId,
                tab: 'miscellaneous',
                userAnswers: userAnswersOf(list, 'miscellaneous', answers),
              });
            }}
          >
            Save answers
          </Button>
        </Group>
      )}
    </Stack>
  );
}
