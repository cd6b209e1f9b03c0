import {
  addEmailTemplateBody,
  EMAIL_SUBJECT_LIMIT,
  MSG,
  PAGES,
  unofferedPlaceholderMessage,
  updateEmailTemplateBody,
} from '@dm/shared';
import {
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/dates';
import { bodySchema, FormAlert, useZodForm } from '../../lib/form';
import { useAgencyChoice } from './AgencyField';
import { fetchDefaultDefinition, useEmailDefinition, useEmailTypes, useTemplateWrites } from './queries';

type Field = 'subject' | 'definition' | 'signature';
type Wording = Record<Field, string>;

const EMPTY: Wording = { subject: '', definition: '', signature: '' };
const FIELD_LABEL: Record<Field, string> = {
  subject: 'Subject',
  definition: 'Definition',
  signature: 'Signature',
};

export default function EmailTemplatePage() {
  const _queryClient = useQueryClient();
  const { centerId, field: agencyField } = useAgencyChoice();
  const types = useEmailTypes();
  const [emailTypeId, setEmailTypeId] = useState<number | null>(null);
  const definition = useEmailDefinition(centerId, emailTypeId);
  const saved = definition.data;

  const toBody = (values: Wording) =>
    saved?.exist ? { id: saved.id, ...values } : { centerId: centerId ?? undefined, emailTypeId, ...values };
  const { form } = useZodForm<Wording>(
    bodySchema(saved?.exist ? updateEmailTemplateBody : addEmailTemplateBody, toBody),
    EMPTY,
  );
  const wording = form.values;
  const [formError, setFormError] = useState<string | null>(null);
  const [target, setTarget] = useState<Field>('definition');
  const refs = {
    subject: useRef<HTMLInputElement>(null),
    definition: useRef<HTMLTextAreaElement>(null),
    signature: useRef<HTMLTextAreaElement>(null),
  };

  // Show what is stored (or the default) whenever the agency, the type or the saved template changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    form.setValues(
      saved ? { subject: saved.subject, definition: saved.definition, signature: saved.signature } : EMPTY,
    );
    form.clearErrors();
    setFormError(null);
  }, [saved]);

  const placeholders =
    saved?.placeholders ?? types.data?.find((t) => t.id === emailTypeId)?.placeholders ?? [];

  const setField = (name: Field, value: string) => {
    if (name === 'subject' && value.length > EMAIL_SUBJECT_LIMIT) {
      // The spec blocks further input and says why.
      form.setFieldError('subject', MSG.SUBJECT_TOO_LONG);
      return;
    }
    form.setFieldValue(name, value);
  };

  const insertPlaceholder = (placeholder: string) => {
    const element = refs[target].current;
    const current = wording[target];
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    setField(target, current.slice(0, start) + placeholder + current.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  const onApiError = (error: Error) =>
    setFormError(error instanceof ApiError ? error.message : MSG.HTTP_FAILURE);
  const { add, update, remove } = useTemplateWrites(centerId, emailTypeId);

  const loadDefault = useMutation({
    mutationFn: () => fetchDefaultDefinition(centerId!, emailTypeId!),
    onSuccess: (answer) => {
      form.setValues({ subject: answer.subject, definition: answer.definition, signature: answer.signature });
      form.clearErrors();
    },
  });

  const submit = () => {
    setFormError(null);
    form.onSubmit((values) => {
      const unoffered = unofferedPlaceholderMessage(values, placeholders);
      if (unoffered) {
        setFormError(unoffered);
        return;
      }
      if (saved?.exist) update.mutate(updateEmailTemplateBody.parse(toBody(values)), { onError: onApiError });
      else add.mutate(addEmailTemplateBody.parse(toBody(values)), { onError: onApiError });
    })();
  };

  const confirmDelete = () => {
    if (!saved?.id) return;
    const id = saved.id;
    modals.openConfirmModal({
      title: 'Delete email template',
      children: <Text>{MSG.DELETE_TEMPLATE_CONFIRM}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(id, { onError: onApiError }),
    });
  };

  const busy = add.isPending || update.isPending || remove.isPending;
  const ready = centerId !== null && emailTypeId !== null && saved !== undefined;

  return (
    <Stack maw={900}>
      <Title order={1} fz="h2">
        {PAGES.emailtemplate.title}
      </Title>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {agencyField}
          <Select
            label="Email type"
            placeholder={types.isPending ? 'Loading email types…' : 'Choose an email type'}
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.title }))}
            value={emailTypeId === null ? null : String(emailTypeId)}
            onChange={(value) => setEmailTypeId(value === null ? null : Number(value))}
            searchable
            required
            error={form.errors.emailTypeId}
          />
        </SimpleGrid>
      </Paper>

      {centerId !== null && emailTypeId !== null && definition.isPending ? (
        <Loader aria-label="Loading template" />
      ) : null}

      {ready ? (
        <Paper withBorder p="md">
          <Stack>
            <Text fz="sm" c="dimmed">
              {saved.exist
                ? `This agency's own template${saved.updatedAt ? `, last changed ${formatDateTime(saved.updatedAt)}` : ''}.`
                : 'This agency uses the default wording for this email type. Add a template to change it.'}
            </Text>
            <TextInput
              ref={refs.subject}
              label="Subject"
              required
              value={wording.subject}
              onChange={(e) => setField('subject', e.currentTarget.value)}
              onFocus={() => setTarget('subject')}
              description={`${wording.subject.length}/${EMAIL_SUBJECT_LIMIT} characters`}
              error={form.errors.subject}
            />
            <Textarea
              ref={refs.definition}
              label="Definition"
              required
              rows={10}
              resize="vertical"
              value={wording.definition}
              onChange={(e) => setField('definition', e.currentTarget.value)}
              onFocus={() => setTarget('definition')}
              description="The body of the e-mail (HTML allowed). It must include {recipient}."
              error={form.errors.definition}
            />
            <Textarea
              ref={refs.signature}
              label="Signature"
              rows={3}
              resize="vertical"
              value={wording.signature}
              onChange={(e) => setField('signature', e.currentTarget.value)}
              onFocus={() => setTarget('signature')}
              description="Must include {organization} exactly once and no other placeholder."
              error={form.errors.signature}
            />
            <div>
              <Text fz="sm" fw={500} id="placeholder-help">
                Placeholders for this email type (inserted into the {FIELD_LABEL[target].toLowerCase()} at the
                cursor)
              </Text>
              <Group gap="xs" mt={4} role="group" aria-labelledby="placeholder-help">
                {placeholders.map((placeholder) => (
                  <Button
                    key={placeholder}
                    size="compact-sm"
                    variant="light"
                    aria-label={`Insert ${placeholder} into the ${FIELD_LABEL[target].toLowerCase()}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => insertPlaceholder(placeholder)}
                  >
                    {placeholder}
                  </Button>
                ))}
              </Group>
            </div>
            <FormAlert message={formError} title="The template was not saved" />
            <Group>
              {saved.exist ? (
                <>
                  <Button onClick={submit} loading={update.isPending} disabled={busy}>
                    Update
                  </Button>
                  <Button
                    color="red"
                    variant="outline"
                    onClick={confirmDelete}
                    loading={remove.isPending}
                    disabled={busy}
                  >
                    Delete
                  </Button>
                </>
              ) : (
                <Button onClick={submit} loading={add.isPending} disabled={busy}>
                  Add
                </Button>
              )}
              <Button
                variant="subtle"
                onClick={() => loadDefault.mutate()}
                loading={loadDefault.isPending}
                disabled={busy}
              >
                Load default wording
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
