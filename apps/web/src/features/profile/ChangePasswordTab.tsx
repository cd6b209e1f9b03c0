import { changePasswordBody } from '@dm/shared';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { NewPasswordFields } from '../auth/fields';
import { changePassword } from './queries';

const EMPTY = { current_password: '', password: '', cpassword: '' };

/**
 * Change password: the current password, the new one under the registration rule and its
 * confirmation ("Password Mismatch."). The server ends every other session of the user; this one
 * stays, so the form only clears.
 */
export function ChangePasswordTab() {
  const { form, formRef, focusFirstError } = useZodForm(changePasswordBody, EMPTY);
  const save = useFormSubmit(form, (values) => changePassword(changePasswordBody.parse(values)), {
    onDone: () => form.reset(),
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(save.submit, focusFirstError)}>
      <Stack maw={420}>
        <Text size="sm">Changing your password signs you out of every other browser and device.</Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          aria-required
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} confirm="cpassword" label="New password" />
        <FormAlert message={save.error} />
        <Button type="submit" loading={save.busy} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
