import {
  BMI_OPTIONS,
  MSG,
  REJECTION_AGE_OPTIONS,
  type RejectionQuestion,
  type RejectionRange,
  type RejectionSettings,
  rangeComplete,
  rejectionSettingsBody,
} from '@dm/shared';
import {
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  preformKeys,
  saveRejectionQuestions,
  saveRejectionSettings,
  useRejectionDefaults,
  useRejectionQuestions,
  useRejectionSettings,
} from './queries';

type RangeKey = keyof RejectionRange;

const AGE_FIELDS: { key: RangeKey; label: string }[] = [
  { key: 'first_time_donor_min_age', label: 'First-time donor minimum age' },
  { key: 'first_time_donor_max_age', label: 'First-time donor maximum age' },
  { key: 'experience_donor_min_age', label: 'Experienced donor minimum age' },
  { key: 'experience_donor_max_age', label: 'Experienced donor maximum age' },
];
const BMI_FIELDS: { key: RangeKey; label: string }[] = [
  { key: 'bmi_min', label: 'BMI minimum' },
  { key: 'bmi_max', label: 'BMI maximum' },
];

const SELECT = { value: '0', label: 'Select' };
const AGE_DATA = [SELECT, ...REJECTION_AGE_OPTIONS.map((a) => ({ value: String(a), label: String(a) }))];
const BMI_DATA = [SELECT, ...BMI_OPTIONS.map((b) => ({ value: String(b), label: b.toFixed(1) }))];

function RangeForm({ saved }: { saved: RejectionSettings }) {
  const queryClient = useQueryClient();
  const defaults = useRejectionDefaults();
  const { form } = useZodForm<RejectionSettings>(rejectionSettingsBody, saved);
  const values = form.values;
  const errors = form.errors;
  const [alert, setAlert] = useState<string | null>(null);

  const set = (key: RangeKey, value: number) => {
    form.setFieldValue(key, value);
    setAlert(null);
  };

  const toggle = (on: boolean) => {
    if (on && !rangeComplete(values)) {
      form.setFieldError('auto_rejection', MSG.SET_RANGE_FIRST);
      return;
    }
    form.setFieldValue('auto_rejection', on);
  };

  const save = useFormSubmit(form, async (v) => {
    const answer = await saveRejectionSettings(rejectionSettingsBody.parse(v));
    queryClient.setQueryData(preformKeys.rejection, answer);
    queryClient.invalidateQueries({ queryKey: preformKeys.rejectionQuestions });
    notify('success', MSG.CHANGES_SAVED);
  });
  // A refused check names the first problem above the buttons too.
  const refused = (failed: typeof errors) => setAlert(String(Object.values(failed)[0] ?? MSG.MANDATORY));

  const select = (field: { key: RangeKey; label: string }, data: typeof AGE_DATA) => (
    <NativeSelect
      key={field.key}
      label={field.label}
      data={data}
      {...form.getInputProps(field.key)}
      value={String(values[field.key])}
      onChange={(event) => set(field.key, Number(event.currentTarget.value))}
    />
  );

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} fz="h4">
          Age and BMI range
        </Title>
        <Text size="sm">
          A donor must be at least the minimum age and under the maximum age; one year under the maximum and
          within 3 months of reaching it is too old. The BMI range includes both ends.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{AGE_FIELDS.map((f) => select(f, AGE_DATA))}</SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{BMI_FIELDS.map((f) => select(f, BMI_DATA))}</SimpleGrid>
        <Switch
          label="Auto rejection"
          description="Pre-forms outside these rules are not accepted."
          checked={values.auto_rejection}
          error={errors.auto_rejection}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        {errors.auto_rejection ? (
          <FormAlert message={errors.auto_rejection} />
        ) : (
          <FormAlert message={alert ?? save.error} />
        )}
        <Group>
          <Button onClick={() => form.onSubmit(save.submit, refused)()} loading={save.busy}>
            Save
          </Button>
          <Button
            variant="default"
            disabled={!defaults.data}
            onClick={() => {
              if (!defaults.data) return;
              form.setValues(defaults.data);
              form.clearErrors();
              setAlert(null);
              save.setError(null);
            }}
          >
            Use default ranges
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function QuestionList({ questions }: { questions: RejectionQuestion[] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (id: number, enabled: boolean) => {
    setBusy(id);
    try {
      const answer = await saveRejectionQuestions(
        questions.map((q) => ({ id: q.id, is_enabled: q.id === id ? enabled : q.is_enabled })),
      );
      queryClient.setQueryData(preformKeys.rejectionQuestions, answer);
    } catch {
      // The request wrapper has shown the message; the switch keeps its saved state.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} fz="h4">
          Questions
        </Title>
        <Text size="sm">An enabled question rejects a donor who gives the answer shown.</Text>
        <ListTable
          caption="Auto-rejection questions"
          hideCaption
          columns={[
            {
              key: 'question',
              label: 'Question',
              rowHeader: true,
              cellStyle: { fontWeight: 'normal' },
              render: (q) => q.question,
            },
            {
              key: 'rejects',
              label: 'Rejects when answered',
              render: (q) => (q.disqualifying === 'yes' ? 'Yes' : 'No'),
            },
            {
              key: 'enabled',
              label: 'Enabled',
              render: (q) => (
                <Switch
                  aria-label={`Enabled: ${q.label}`}
                  checked={q.is_enabled}
                  disabled={busy !== null}
                  onChange={(event) => toggle(q.id, event.currentTarget.checked)}
                />
              ),
            },
          ]}
          rows={questions}
          rowKey={(q) => q.id}
          empty={null}
          tableProps={{ striped: true, highlightOnHover: false, withTableBorder: true }}
        />
      </Stack>
    </Paper>
  );
}

/** /donorformautorejection: the admin's age and BMI ranges, the auto-rejection switch and questions. */
export default function AutoRejectionPage() {
  const settings = useRejectionSettings();
  const questions = useRejectionQuestions();
  return (
    <Stack maw={900}>
      <Title order={1}>Auto-rejection</Title>
      {settings.isPending || questions.isPending ? <Loader aria-label="Loading" /> : null}
      {settings.data ? <RangeForm saved={settings.data} /> : null}
      {questions.data ? <QuestionList questions={questions.data} /> : null}
    </Stack>
  );
}
