import { Alert, Button, Group, Text } from '@mantine/core';
import { schemaResolver, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

/** A zod schema (any Standard Schema) of the route the form sends to. */
export type FormSchema = Parameters<typeof schemaResolver>[0];

// Mantine's own constraint: `any` lets interfaces (without an index signature) be form values.
// biome-ignore lint/suspicious/noExplicitAny: as above
type Values = Record<string, any>;

/** What a form may add to the defaults (validation timing, a transform before submit). */
export type ZodFormOptions<V extends Values> = Omit<
  UseFormInput<V>,
  'initialValues' | 'validate' | 'enhanceGetInputProps'
>;

/**
 * A schema that judges the request body made from the form's values (ids added, strings turned
 * into numbers), so the form checks exactly what the route will; issues keep the body's paths.
 */
export function bodySchema<V>(schema: FormSchema, toBody: (values: V) => unknown): FormSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'dm-form',
      validate: (values: unknown) => schema['~standard'].validate(toBody(values as V)),
    },
  };
}

/** A schema from a function giving the message of each field that fails (none: valid). */
export function checksSchema<V>(check: (values: V) => Partial<Record<string, string>>): FormSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'dm-form',
      validate: (values: unknown) => {
        const issues = Object.entries(check(values as V))
          .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
          .map(([field, message]) => ({ message, path: [field] }));
        return issues.length > 0 ? { issues } : { value: values };
      },
    },
  };
}

/**
 * Several schemas judging the same values, their issues in order (the first message of a path
 * wins): a form's own checks (a choice to make) before the route's schema.
 */
export function allOf(...schemas: FormSchema[]): FormSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'dm-form',
      validate: (values: unknown) => {
        const issues = schemas.flatMap((schema) => {
          const result = schema['~standard'].validate(values);
          if (result instanceof Promise) throw new Error('allOf takes synchronous schemas only.');
          return result.issues ?? [];
        });
        return issues.length > 0 ? { issues } : { value: values };
      },
    },
  };
}

/**
 * The one form pattern of the app: a Mantine form validated by the route's own zod schema (one
 * rule for server and client), every invalid input marked aria-invalid (Mantine's PasswordInput
 * only sets data-invalid), and focus moved to the first invalid input in visual order when a
 * submit fails. The <form> gets `ref={formRef}` and `noValidate`, so the browser's bubbles never
 * compete with the schema's messages. Error keys are the schema's paths joined by dots
 * ('options.0.text').
 */
export function useZodForm<V extends Values>(
  schema: FormSchema,
  initialValues: V,
  options: ZodFormOptions<V> = {},
) {
  const form = useForm<V>({
    ...options,
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ form: current, field }) =>
      current.errors[field] ? { 'aria-invalid': true } : undefined,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useCallback(() => {
    // After the failed submit has rendered the errors, so aria-invalid is in place.
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }, []);
  return { form, formRef, focusFirstError };
}

/**
 * A dialog's form starts again from `initialValues` each time the dialog opens: values, the
 * dirty baseline and errors.
 */
export function useResetOnOpen<V extends Values>(
  form: UseFormReturnType<V>,
  opened: boolean,
  initialValues: V,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(initialValues);
    form.setValues(initialValues);
    form.clearErrors();
  }, [opened, initialValues]);
}

/**
 * A form that shows a saved value starts again from `initialValues` whenever `saved` (the stored
 * value it shows) changes: after the first load and after each save.
 */
export function useResetOnSaved<V extends Values>(
  form: UseFormReturnType<V>,
  saved: unknown,
  initialValues: V,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    form.setInitialValues(initialValues);
    form.setValues(initialValues);
  }, [saved]);
}

/** The message to show inline for a failed request. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return String(error);
}

/** The field a refusal names: the server's `data.field` (a 400 on one input), else null. */
export function serverFieldOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const field = (error.data as { field?: unknown }).field;
  return typeof field === 'string' ? field : null;
}

/**
 * Shows a refused request where it belongs: under the input it names (the server's `data.field`,
 * or `fieldFor(message)` for messages that are about one input) when the form has that input,
 * otherwise as the returned form-level message (null when placed on a field).
 */
export function showServerError<V extends Values>(
  form: UseFormReturnType<V>,
  error: unknown,
  fieldFor?: (message: string, error: unknown) => string | null | undefined,
): string | null {
  const message = messageOf(error);
  const field = fieldFor?.(message, error) ?? serverFieldOf(error);
  if (field && field in form.getValues()) {
    form.setFieldError(field, message);
    return null;
  }
  return message;
}

/**
 * A submit that saves through a promise: busy while it runs (the submit button shows it), the
 * refusal shown on its field or returned as `error` for a FormAlert, `onDone` after a success.
 */
export function useFormSubmit<V extends Values, R = unknown>(
  form: UseFormReturnType<V>,
  save: (values: V) => Promise<R>,
  options: {
    onDone?: (result: R) => void;
    fieldFor?: (message: string, error: unknown) => string | null | undefined;
    /** Where a form-level refusal goes instead of `error` (a toast, for instance). */
    onRefused?: (message: string) => void;
  } = {},
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: V) => {
    setBusy(true);
    setError(null);
    try {
      const result = await save(values);
      options.onDone?.(result);
    } catch (e) {
      const message = showServerError(form, e, options.fieldFor);
      if (message !== null && options.onRefused) options.onRefused(message);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error, setError };
}

/**
 * The one message of a form that shows a single alert rather than messages under its inputs:
 * the refusal of the last submit, else the first check that failed.
 */
export function singleMessage<V extends Values>(
  form: UseFormReturnType<V>,
  error: string | null,
): string | null {
  if (error) return error;
  const first = Object.values(form.errors).find((e) => e !== null && e !== undefined && e !== false);
  return first === undefined ? null : String(first);
}

/** A form-level message, announced to screen readers as it appears. */
export function FormAlert({
  message,
  color = 'red',
  title,
  mt,
}: {
  message: ReactNode;
  color?: 'red' | 'green';
  title?: string;
  mt?: string;
}) {
  if (!message) return null;
  return (
    <Alert color={color} variant="light" role="alert" title={title} mt={mt}>
      {message}
    </Alert>
  );
}

/** A refusal as a line of red text above a dialog's buttons, where an alert box would crowd it. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? <Text c="red.9">{message}</Text> : null;
}

/** A dialog form's Cancel and submit buttons; the submit shows a loader while saving. */
export function FormActions({
  onCancel,
  busy,
  submitLabel = 'Save',
  disabled,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel?: string;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
