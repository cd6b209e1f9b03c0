import { Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { ZodType } from 'zod';
import {
  bodySchema,
  FormActions,
  FormAlert,
  useFormSubmit,
  useResetOnOpen,
  useZodForm,
} from '../../lib/form';
import { notify } from '../../lib/notify';

export interface DialogField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  required?: boolean;
}

/**
 * A dialog with a few text fields, judged by the same zod schema as the server (errors under
 * the field they name), that saves through `onSave`; a server refusal shows above the buttons.
 * Used for user details, the temporary password and the second parent invitation.
 */
export function FieldsDialog<B>(props: {
  opened: boolean;
  title: string;
  fields: DialogField[];
  initial: Record<string, string>;
  schema: ZodType<unknown, B>;
  /** The request body from the field values (extra ids added here). */
  build: (values: Record<string, string>) => B;
  submitLabel?: string;
  /** The server's refusal as a toast titled Error instead of inside the dialog (second parent). */
  serverErrorAsToast?: boolean;
  onSave: (body: B) => Promise<unknown>;
  onClose: () => void;
}) {
  const { opened, initial, onClose } = props;
  const { form } = useZodForm<Record<string, string>>(bodySchema(props.schema, props.build), initial);
  useResetOnOpen(form, opened, initial);
  const save = useFormSubmit(form, (values) => props.onSave(props.build(values)), {
    onDone: onClose,
    onRefused: props.serverErrorAsToast ? (message) => notify('error', message) : undefined,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={props.title}>
      <form noValidate onSubmit={form.onSubmit(save.submit)}>
        <Stack>
          {props.fields.map((f) => {
            const common = {
              label: f.label,
              required: f.required ?? true,
              ...form.getInputProps(f.name),
              value: form.values[f.name] ?? '',
            };
            return f.type === 'password' ? (
              <PasswordInput key={f.name} {...common} />
            ) : (
              <TextInput key={f.name} type={f.type ?? 'text'} {...common} />
            );
          })}
          <FormAlert message={save.error} />
          <FormActions onCancel={onClose} busy={save.busy} submitLabel={props.submitLabel} />
        </Stack>
      </form>
    </Modal>
  );
}
