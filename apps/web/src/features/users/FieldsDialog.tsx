import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '../../lib/api';
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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setValues(initial);
      setErrors({});
      setServerError(null);
    }
  }, [opened, initial]);

  const submit = async () => {
    const body = props.build(values);
    const parsed = props.schema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (!next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await props.onSave(body);
      onClose();
    } catch (e) {
      const message = e instanceof ApiError ? e.message : String(e);
      if (props.serverErrorAsToast) notify('error', message);
      else setServerError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={props.title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {props.fields.map((f) => {
            const common = {
              label: f.label,
              required: f.required ?? true,
              value: values[f.name] ?? '',
              error: errors[f.name],
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.name]: value }));
              },
            };
            return f.type === 'password' ? (
              <PasswordInput key={f.name} {...common} />
            ) : (
              <TextInput key={f.name} type={f.type ?? 'text'} {...common} />
            );
          })}
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {props.submitLabel ?? 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
