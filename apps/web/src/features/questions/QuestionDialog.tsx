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
  Alert,
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
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useSaveQuestion } from './queries';

interface Draft {
  question: string;
  type: QuestionType;
  status: QuestionVisibility;
  isRequired: boolean;
  tab: QuestionTab;
  options: QuestionOption[];
}

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

/** Errors keyed 'question', 'options', 'option.N' or 'form'. */
type Errors = Record<string, string>;

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const [field, index] = issue.path;
    const key =
      field === 'options' && typeof index === 'number' ? `option.${index}` : String(field ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(question));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveQuestion();
  const choice = isChoiceType(draft.type);
  const texts = draft.options.map((o) => o.text);
  // Blank options are reported on save; duplicates as soon as they are typed.
  const liveOptionErrors = optionErrors(texts).map((m) => (m === MSG.QUESTION_OPTION_DUPLICATE ? m : null));

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => {
      const { [key]: _cleared, form: _form, ...rest } = e;
      return rest;
    });
  };
  const setOptions = (options: QuestionOption[]) => set('options', options);

  const changeType = (type: QuestionType) => {
    // A choice question starts with two empty options to fill in.
    if (isChoiceType(type) && draft.options.length === 0) {
      setDraft((d) => ({
        ...d,
        type,
        options: [
          { text: '', isDefault: false },
          { text: '', isDefault: false },
        ],
      }));
    } else set('type', type);
  };

  const submit = () => {
    const parsed = saveQuestionBody.safeParse(draft);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    save.mutate(question ? { ...parsed.data, questionId: question.id } : parsed.data, {
      onSuccess: onClose,
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : MSG.HTTP_FAILURE;
        setErrors(message === MSG.QUESTION_DUPLICATE ? { question: message } : { form: message });
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit question' : 'Add question'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <Textarea
            label="Question"
            required
            rows={2}
            value={draft.question}
            error={errors.question}
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
                      error={liveOptionErrors[i] ?? errors[`option.${i}`]}
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
                {errors.options ? (
                  <Text c="red.8" fz="sm" role="alert">
                    {errors.options}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save question
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
