import { Alert } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useRef } from 'react';
import { ApiError } from '../../lib/api';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * The form pattern of the authentication pages: a Mantine form validated by the route's own zod
 * schema (one rule for server and client), every invalid input marked aria-invalid (Mantine's
 * PasswordInput only sets data-invalid), and focus moved to the first invalid input in visual
 * order when a submit fails. The <form> gets `ref={formRef}` and `noValidate`, so the browser's
 * bubbles never compete with the schema's messages.
 */
export function useAuthForm<Values extends Record<string, unknown>>(schema: Schema, initialValues: Values) {
  const form = useForm<Values>({
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

/** The message to show inline for a failed request. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return String(error);
}

/** A form-level message, announced to screen readers as it appears. */
export function FormAlert({ message, color = 'red' }: { message: string | null; color?: 'red' | 'green' }) {
  if (!message) return null;
  return (
    <Alert color={color} variant="light" role="alert">
      {message}
    </Alert>
  );
}
