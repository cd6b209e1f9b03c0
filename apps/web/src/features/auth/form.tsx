import { formatContactNo } from '@dm/shared';
import { Alert, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
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

interface PersonValues {
  firstname: string;
  middlename: string;
  lastname: string;
  contactno: string;
}

/** First, middle and last name, as registration and invitation sign-up both ask them. */
export function NameFields<V extends PersonValues>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        label="First name"
        autoComplete="given-name"
        aria-required
        {...form.getInputProps('firstname')}
      />
      <TextInput label="Middle name" autoComplete="additional-name" {...form.getInputProps('middlename')} />
      <TextInput
        label="Last name"
        autoComplete="family-name"
        aria-required
        {...form.getInputProps('lastname')}
      />
    </SimpleGrid>
  );
}

/** Digits only, at most 10, shown as (123) 456-7890 (platform.md section 5). */
export function ContactNumberField<V extends PersonValues>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <TextInput
      label="Contact number"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      {...form.getInputProps('contactno')}
      value={formatContactNo(form.values.contactno)}
      onChange={(event) =>
        form.setFieldValue('contactno', event.currentTarget.value.replace(/\D/g, '').slice(0, 10) as never)
      }
    />
  );
}

/** A new password and its confirmation; `confirm` names the confirmation field of the route's schema. */
export function NewPasswordFields<V extends { password: string }>({
  form,
  confirm,
  label = 'Password',
}: {
  form: UseFormReturnType<V>;
  confirm: 'password_c' | 'cpassword';
  label?: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        aria-required
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        aria-required
        {...form.getInputProps(confirm)}
      />
    </>
  );
}
