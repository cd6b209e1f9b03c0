import { inviteSecondaryBody, type UserRow } from '@dm/shared';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { KeyValueTable } from '../../components/KeyValueTable';
import { bodySchema, messageOf, useFormSubmit, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useSecondParent, useSecondParentActions } from './queries';

const EMPTY = {
  secondaryIP_username: '',
  secondaryIP_reusername: '',
  secondaryIP_fname: '',
  secondaryIP_lname: '',
};
type Values = typeof EMPTY;

/**
 * The second intended parent of a primary one: invited with the e-mail entered twice, then shown
 * with her status (Invited until she signs up, then Pre-Active); an invited one can be sent a new
 * link. The server's refusals show as a toast titled Error (spec).
 */
export function SecondParentTab() {
  const second = useSecondParent(true);
  if (second.isPending) return <Loader aria-label="Loading second intended parent" />;
  if (second.isError) {
    return (
      <Alert color="red" role="alert">
        {second.error.message}
      </Alert>
    );
  }
  return second.data ? <InvitedParent parent={second.data} /> : <InviteForm />;
}

function InvitedParent({ parent }: { parent: UserRow }) {
  const { reinvite } = useSecondParentActions();
  const [busy, setBusy] = useState(false);
  const again = async () => {
    setBusy(true);
    try {
      await reinvite(parent.userId);
    } catch (error) {
      notify('error', messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const name = [parent.firstName, parent.lastName].filter(Boolean).join(' ');
  return (
    <Stack maw={560}>
      <KeyValueTable
        caption="Your second intended parent"
        labelWidth="35%"
        rows={[
          { key: 'name', label: 'Name', value: name },
          { key: 'email', label: 'E-mail', value: parent.username },
          { key: 'status', label: 'Status', value: parent.status },
        ]}
      />
      {parent.status === 'Invited' ? (
        <Group>
          <Text size="sm">The invitation has not been accepted yet.</Text>
          <Button variant="light" loading={busy} onClick={() => void again()}>
            Re-invite
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function InviteForm() {
  const { user } = useSession();
  const { invite } = useSecondParentActions();
  const toBody = (v: Values) => ({ primaryIP_id: user?.userId ?? 0, ...v });
  const { form, formRef, focusFirstError } = useZodForm<Values>(
    bodySchema(inviteSecondaryBody, toBody),
    EMPTY,
  );
  const save = useFormSubmit(form, (values) => invite(inviteSecondaryBody.parse(toBody(values))), {
    onDone: () => form.reset(),
    onRefused: (message) => notify('error', message),
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(save.submit, focusFirstError)}>
      <Stack maw={560}>
        <Text size="sm">
          Invite your partner as the second intended parent of your account. They receive an e-mail with a
          sign-up link.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            aria-required
            {...form.getInputProps('secondaryIP_username')}
          />
          <TextInput
            label="Re-enter email"
            type="email"
            autoComplete="off"
            aria-required
            {...form.getInputProps('secondaryIP_reusername')}
          />
          <TextInput label="First name" aria-required {...form.getInputProps('secondaryIP_fname')} />
          <TextInput label="Last name" aria-required {...form.getInputProps('secondaryIP_lname')} />
        </SimpleGrid>
        <Button type="submit" loading={save.busy} style={{ alignSelf: 'flex-start' }}>
          Invite
        </Button>
      </Stack>
    </form>
  );
}
