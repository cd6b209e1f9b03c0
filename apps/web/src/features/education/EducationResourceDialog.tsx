import {
  EDUCATION_LIMITS,
  EDUCATION_RESOURCE_TYPE_LABELS,
  EDUCATION_RESOURCE_TYPE_SINGULAR,
  EDUCATION_RESOURCE_TYPES,
  type EducationResource,
  type EducationResourceType,
  saveEducationResourceBody,
} from '@dm/shared';
import { Checkbox, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { FormActions, FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { useSaveEducationResource } from './queries';

interface Values {
  type: EducationResourceType;
  title: string;
  summary: string;
  body: string;
  link: string;
  published: boolean;
}

const TYPE_OPTIONS = EDUCATION_RESOURCE_TYPES.map((t) => ({
  value: t,
  label: EDUCATION_RESOURCE_TYPE_LABELS[t],
}));

/** Add (resource null) or edit an education resource; the route's schema checks the form. */
export function EducationResourceDialog({
  resource,
  type,
  onClose,
}: {
  resource: EducationResource | null;
  type: EducationResourceType;
  onClose: () => void;
}) {
  const initial: Values = resource
    ? {
        type: resource.type,
        title: resource.title,
        summary: resource.summary,
        body: resource.body,
        link: resource.link,
        published: resource.published,
      }
    : { type, title: '', summary: '', body: '', link: '', published: false };
  const { form, formRef, focusFirstError } = useZodForm<Values>(saveEducationResourceBody, initial);
  const save = useSaveEducationResource();
  const submit = useFormSubmit(
    form,
    (values) => save.mutateAsync({ ...saveEducationResourceBody.parse(values), id: resource?.id }),
    { onDone: onClose },
  );
  const kind = form.values.type;
  const noun = EDUCATION_RESOURCE_TYPE_SINGULAR[resource?.type ?? type];
  return (
    <Modal
      opened
      onClose={onClose}
      title={resource ? `Edit ${noun}` : `Add ${noun}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
        <Stack>
          <FormAlert message={submit.error} />
          <NativeSelect label="Type" data={TYPE_OPTIONS} {...form.getInputProps('type')} />
          <TextInput
            label={kind === 'faqs' ? 'Question' : 'Title'}
            withAsterisk
            aria-required
            maxLength={EDUCATION_LIMITS.title}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Summary"
            description="One or two sentences shown in the list."
            rows={2}
            maxLength={EDUCATION_LIMITS.summary}
            {...form.getInputProps('summary')}
          />
          <Textarea
            label={kind === 'faqs' ? 'Answer' : 'Text'}
            description="Plain text: leave a blank line between paragraphs."
            withAsterisk={kind === 'faqs'}
            rows={8}
            maxLength={EDUCATION_LIMITS.body}
            {...form.getInputProps('body')}
          />
          <TextInput
            label="Link"
            description="A web address starting with https:// (a video's address, a longer article)."
            withAsterisk={kind === 'videos'}
            type="url"
            {...form.getInputProps('link')}
          />
          <Checkbox
            label="Published: the agency's clients see it"
            {...form.getInputProps('published', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} busy={submit.busy} />
        </Stack>
      </form>
    </Modal>
  );
}
