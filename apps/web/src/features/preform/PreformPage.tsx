import {
  cmToFeetInches,
  feetInchesToCm,
  MSG,
  type PreformDetails,
  type PreformQuestionAnswer,
  ROLE,
  type SubmitPreformBody,
  submitPreformBody,
} from '@dm/shared';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { KeyValueTable } from '../../components/KeyValueTable';
import { FormAlert, messageOf, useZodForm } from '../../lib/form';
import { useSession } from '../../lib/session';
import { preformKeys, submitPreform, usePreformDetails } from './queries';

interface Values extends Record<string, unknown> {
  preFormDetails: Record<string, string>;
  finalDeclaration: boolean;
}

const FEET = ['4', '5', '6'];
const INCHES = Array.from({ length: 12 }, (_, i) => String(i));

const answerLabel = (q: PreformQuestionAnswer) => {
  if (q.answer === null || q.answer === '') return 'Not answered';
  if (q.kind === 'yesno') return q.answer === 'yes' ? 'Yes' : 'No';
  if (q.kind === 'height') {
    const { feet, inches } = cmToFeetInches(Number(q.answer));
    return `${feet}' ${inches}" (${q.answer} cm)`;
  }
  if (q.kind === 'weight') return `${q.answer} lbs`;
  return q.answer;
};

const REASON_LABEL = { age: 'age', bmi: 'BMI', answers: 'answers' } as const;

/** Staff (and /preform/{id}/preview): the answers, read-only, with how the rules judged them. */
function PreformPreview({ details }: { details: PreformDetails }) {
  const status =
    details.preFormStatus === 1 ? 'Accepted' : details.preFormStatus === 0 ? 'Not accepted' : 'Not submitted';
  const e = details.eligibility;
  return (
    <Stack>
      <Text>
        Result: <strong>{status}</strong>
        {e && !e.eligible
          ? ` (outside the rules on ${e.reasons.map((r) => REASON_LABEL[r]).join(', ')})`
          : ''}
        {e ? `. BMI ${e.bmi}.` : ''}
      </Text>
      <KeyValueTable
        headers={['Question', 'Answer']}
        plainLabels
        rows={details.questions.map((q) => ({
          key: q.questionId,
          label: q.question,
          value: `${answerLabel(q)}${e?.disqualifyingQuestionIds.includes(q.questionId) ? ' (disqualifying)' : ''}`,
        }))}
      />
    </Stack>
  );
}

function HeightField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (cm: string) => void;
}) {
  const initial = value ? cmToFeetInches(Number(value)) : null;
  const [feet, setFeet] = useState(initial ? String(initial.feet) : '');
  const [inches, setInches] = useState(initial ? String(initial.inches) : '0');
  const change = (f: string, i: string) => {
    setFeet(f);
    setInches(i);
    onChange(f === '' ? '' : String(feetInchesToCm(Number(f), Number(i || '0'))));
  };
  return (
    <SimpleGrid cols={2}>
      <NativeSelect
        label="Height (feet)"
        aria-required
        data={[{ value: '', label: 'Select' }, ...FEET]}
        value={feet}
        error={error}
        aria-invalid={error ? true : undefined}
        onChange={(event) => change(event.currentTarget.value, inches)}
      />
      <NativeSelect
        label="Height (inches)"
        data={INCHES}
        value={inches}
        onChange={(event) => change(feet, event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}

function PreformForm({ details }: { details: PreformDetails }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const { form, formRef, focusFirstError } = useZodForm<Values>(submitPreformBody, {
    preFormDetails: Object.fromEntries(details.questions.map((q) => [String(q.questionId), q.answer ?? ''])),
    finalDeclaration: false,
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const path = (q: PreformQuestionAnswer) => `preFormDetails.${q.questionId}`;

  const onInvalid = (errors: Record<string, unknown>) => {
    const first = Object.values(errors).find((m) => typeof m === 'string') as string | undefined;
    setAlert(
      errors.finalDeclaration && Object.keys(errors).length === 1
        ? MSG.FINAL_DECLARATION
        : (first ?? MSG.MANDATORY),
    );
    focusFirstError();
  };

  const confirm = async () => {
    setSending(true);
    try {
      const body = submitPreformBody.parse(form.getValues()) as SubmitPreformBody;
      const result = await submitPreform(body);
      queryClient.removeQueries({ queryKey: preformKeys.all });
      await refresh();
      navigate(result.preFormStatus === 1 ? '/donorform' : '/not-accepted-preform');
    } catch (error) {
      setConfirming(false);
      setAlert(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  const about = details.questions.filter((q) => q.kind !== 'yesno');
  const questions = details.questions.filter((q) => q.kind === 'yesno');
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit(() => {
        setAlert(null);
        setConfirming(true);
      }, onInvalid)}
    >
      <Stack>
        <Paper withBorder p="md">
          <Title order={2} fz="h4" mb="sm">
            About you
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {about.map((q) =>
              q.kind === 'height' ? (
                <HeightField
                  key={q.questionId}
                  value={form.values.preFormDetails[String(q.questionId)] ?? ''}
                  error={form.errors[path(q)] as string | undefined}
                  onChange={(cm) => form.setFieldValue(path(q), cm as never)}
                />
              ) : (
                <TextInput
                  key={q.questionId}
                  label={q.question}
                  aria-required
                  type={q.kind === 'email' ? 'email' : 'text'}
                  inputMode={q.kind === 'weight' ? 'decimal' : undefined}
                  placeholder={q.kind === 'date' ? 'MM/DD/YYYY' : undefined}
                  autoComplete={
                    q.kind === 'email'
                      ? 'email'
                      : q.kind === 'date'
                        ? 'bday'
                        : q.questionId === 1
                          ? 'given-name'
                          : q.questionId === 2
                            ? 'family-name'
                            : undefined
                  }
                  {...form.getInputProps(path(q))}
                />
              ),
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} fz="h4" mb="sm">
            Screening questions
          </Title>
          <Stack>
            {questions.map((q) => (
              <Radio.Group
                key={q.questionId}
                label={q.question}
                withAsterisk
                {...form.getInputProps(path(q))}
              >
                <Group mt={4}>
                  <Radio value="yes" label="Yes" />
                  <Radio value="no" label="No" />
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        </Paper>
        <Checkbox
          label="I declare that the answers I have given are true and complete to the best of my knowledge."
          {...form.getInputProps('finalDeclaration', { type: 'checkbox' })}
        />
        <FormAlert message={alert} />
        <Group>
          <Button type="submit">Submit</Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Confirm submission">
        <Stack>
          <Text>Submit your pre-form? Your answers cannot be changed after submission.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={sending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

/**
 * /preform/{id?}/{mode?}: the donor answers the pre-screening questions, ticks the final
 * declaration and confirms; accepted goes on to the donor form, otherwise to the not-accepted
 * page. A case manager (or mode preview) sees the answers read-only.
 */
export default function PreformPage() {
  const params = useParams();
  const { user } = useSession();
  const isDonor = user?.role === ROLE.DONOR;
  const id = params.id ? Number(params.id) : (user?.userId ?? null);
  const preview = !isDonor || params.mode === 'preview';
  const details = usePreformDetails(Number.isInteger(id) && id ? id : null);

  if (isDonor && !preview && details.data) {
    if (details.data.preFormStatus === 1) return <Navigate to="/donorform" replace />;
    if (details.data.preFormStatus === 0) return <Navigate to="/not-accepted-preform" replace />;
  }
  return (
    <Stack maw={900}>
      <Title order={1}>Pre-screening form</Title>
      {!preview ? (
        <Text>
          Please answer every question. Your answers help us see whether you can become a donor with us.
        </Text>
      ) : null}
      {details.isPending && details.fetchStatus !== 'idle' ? <Loader aria-label="Loading" /> : null}
      {details.error ? <FormAlert message={messageOf(details.error)} /> : null}
      {details.data ? (
        preview ? (
          <PreformPreview details={details.data} />
        ) : (
          <PreformForm details={details.data} />
        )
      ) : null}
    </Stack>
  );
}
