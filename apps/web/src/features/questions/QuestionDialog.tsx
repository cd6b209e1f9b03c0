import {
  type CustomQuestion,
  canAddOption,
  isChoiceType,
  MSG,
  OPTION_MAX,
  optionErrors,
  QUESTION_STATUS_LABELS,
  QUESTION_TAB_LABELS,
  QUESTION_TABS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QUESTION_VISIBILITIES,
  type QuestionOption,
  type QuestionTab,
  type QuestionType,
  type QuestionVisibility,
  saveQuestionBody,
} from '@dm/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { FormActions, FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { useSaveQuestion } from './queries';

type Draft = {
  question: string;
  type: QuestionType;
  status: QuestionVisibility;
  isRequired: boolean;
  tab: QuestionTab;
  options: QuestionOption[];
};

const NEW_DRAFT: Draft = {
  question: '',
  type: 'textarea',
  status: 'public',
  isRequired: false,
  tab: 'miscellaneous',
  options: [],
};

const draftOf = (q: CustomQuestion | null): Draft =>
  q
    ? {
        question: q.question,
        type: q.type,
        status: q.status,
        isRequired: q.isRequired,
        tab: q.tab,
        options: q.options.map((o) => ({ ...o })),
      }
    : { ...NEW_DRAFT, options: [] };

const typeOptions = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));
const statusOptions = QUESTION_VISIBILITIES.map((s) => ({ value: s, label: QUESTION_STATUS_LABELS[s] }));
const tabOptions = QUESTION_TABS.map((t) => ({ value: t, label: QUESTION_TAB_LABELS[t] }));

/** Add or edit a question; `question` null adds. Rules are the shared ones the API applies. */
export function QuestionDialog({
  question,
  opened,
  onClose,
}: {
  question: CustomQuestion | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { form } = useZodForm<Draft>(saveQuestionBody, draftOf(question));
  const save = useSaveQuestion();
  const submit = useFormSubmit(
    form,
    (values) =>
      save.mutateAsync(
        question
          ? { ...saveQuestionBody.parse(values), questionId: question.id }
          : saveQuestionBody.parse(values),
      ),
    { onDone: onClose, fieldFor: (message) => (message === MSG.QUESTION_DUPLICATE ? 'question' : undefined) },
  );
  const draft = form.values;
  const choice = isChoiceType(draft.type);
  const texts = draft.options.map((o) => o.text);
  // Blank options are reported on save; duplicates as soon as they are typed.
  const liveOptionErrors = optionErrors(texts).map((m) => (m === MSG.QUESTION_OPTION_DUPLICATE ? m : null));

  /** A change clears its field's message and the form's. */
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    form.setFieldValue(key, value as never);
    form.clearFieldError(key);
    submit.setError(null);
  };
  const setOptions = (options: QuestionOption[]) => set('options', options);

  const changeType = (type: QuestionType) => {
    // A choice question starts with two empty options to fill in.
    if (isChoiceType(type) && draft.options.length === 0) {
      form.setValues({
        type,
        options: [
          { text: '', isDefault: false },
          { text: '', isDefault: false },
        ],
      });
    } else set('type', type);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit question' : 'Add question'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={form.onSubmit(submit.submit)}>
        <Stack>
          <FormAlert message={submit.error} />
          <Textarea
            label="Question"
            required
            rows={2}
            value={draft.question}
            error={form.errors.question}
            onChange={(e) => set('question', e.currentTarget.value)}
          />
          <NativeSelect
            label="Type"
            data={typeOptions}
            value={draft.type}
            onChange={(e) => changeType(e.currentTarget.value as QuestionType)}
          />
          {choice ? (
            <Fieldset legend="Options">
              <Stack gap="xs">
                {draft.options.map((option, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
                  <Group key={i} align="flex-start" wrap="nowrap">
                    <TextInput
                      style={{ flex: 1 }}
                      label={`Option ${i + 1}`}
                      maxLength={OPTION_MAX}
                      value={option.text}
                      error={liveOptionErrors[i] ?? form.errors[`options.${i}.text`]}
                      onChange={(e) => {
                        const text = e.currentTarget.value;
                        setOptions(draft.options.map((o, j) => (j === i ? { ...o, text } : o)));
                      }}
                    />
                    <Checkbox
                      mt={32}
                      label="Default"
                      aria-label={`Option ${i + 1} is the default`}
                      checked={option.isDefault}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        setOptions(
                          draft.options.map((o, j) => ({ ...o, isDefault: j === i ? checked : false })),
                        );
                      }}
                    />
                    <ActionIcon
                      mt={28}
                      variant="subtle"
                      color="red"
                      aria-label={`Remove option ${i + 1}`}
                      onClick={() => setOptions(draft.options.filter((_, j) => j !== i))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                {form.errors.options ? (
                  <Text c="red.8" fz="sm" role="alert">
                    {form.errors.options}
                  </Text>
                ) : null}
                <Group>
                  <Button
                    variant="light"
                    disabled={!canAddOption(texts)}
                    onClick={() => setOptions([...draft.options, { text: '', isDefault: false }])}
                  >
                    Add option
                  </Button>
                  {!canAddOption(texts) ? (
                    <Text fz="sm" c="gray.8">
                      {MSG.QUESTION_PREVIOUS_OPTION_FIRST}
                    </Text>
                  ) : null}
                </Group>
              </Stack>
            </Fieldset>
          ) : null}
          <Switch
            label="Required"
            checked={draft.isRequired}
            onChange={(e) => set('isRequired', e.currentTarget.checked)}
          />
          <Group grow>
            <NativeSelect
              label="Status"
              description="Who reads the answers"
              data={statusOptions}
              value={draft.status}
              onChange={(e) => set('status', e.currentTarget.value as QuestionVisibility)}
            />
            <NativeSelect
              label="Tab"
              description="Donor form tab"
              data={tabOptions}
              value={draft.tab}
              onChange={(e) => set('tab', e.currentTarget.value as QuestionTab)}
            />
          </Group>
          <FormActions onCancel={onClose} busy={submit.busy} submitLabel="Save question" />
        </Stack>
      </form>
    </Modal>
  );
}
