import { formatContactNo } from '@dm/shared';
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

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
export function ContactNumberField<V extends Pick<PersonValues, 'contactno'>>({
  form,
  required,
}: {
  form: UseFormReturnType<V>;
  /** Marked mandatory (the concierge upgrade); optional at registration. */
  required?: boolean;
}) {
  return (
    <TextInput
      label="Contact number"
      withAsterisk={required}
      aria-required={required}
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
