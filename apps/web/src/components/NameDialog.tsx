import { Modal, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { z } from 'zod';
import { FormActions, useFormSubmit, useResetOnOpen, useZodForm } from '../lib/form';

/**
 * A dialog with one name field, checked by the same zod rule as the server, that saves through
 * `onSave` and shows the server's message in the field when it refuses. Used for saved searches
 * and portfolios (create, rename, copy).
 */
export function NameDialog(props: {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  rule: z.ZodType<string>;
  submitLabel?: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { opened, initial, rule, onSave, onClose } = props;
  const schema = useMemo(() => z.object({ name: rule }), [rule]);
  const initialValues = useMemo(() => ({ name: initial }), [initial]);
  const { form } = useZodForm(schema, initialValues);
  useResetOnOpen(form, opened, initialValues);
  // Every refusal belongs to the one field.
  const save = useFormSubmit(form, (values) => onSave(rule.parse(values.name)), {
    onDone: onClose,
    fieldFor: () => 'name',
  });
  return (
    <Modal opened={opened} onClose={onClose} title={props.title}>
      <form noValidate onSubmit={form.onSubmit(save.submit)}>
        <Stack>
          <TextInput label={props.label} required data-autofocus {...form.getInputProps('name')} />
          <FormActions onCancel={onClose} busy={save.busy} submitLabel={props.submitLabel} />
        </Stack>
      </form>
    </Modal>
  );
}
