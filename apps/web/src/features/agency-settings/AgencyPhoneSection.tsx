import {
  type AgencyTwilio,
  maySetAgencyPhone,
  type TwilioChangeRequestInput,
  type TwilioSettingsInput,
  twilioChangeRequestBody,
  twilioSettingsBody,
} from '@dm/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { formatDateTime } from '../../lib/dates';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { policySubjectOf, useSession } from '../../lib/session';
import { useAgencyTwilio, useTwilioWrites } from './queries';

function CurrentPhone({ data }: { data: AgencyTwilio }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 4 }}>
      <dt style={{ fontWeight: 600 }}>Number</dt>
      <dd style={{ margin: 0 }}>{data.twilioPhoneNumber ?? 'No number set'}</dd>
      <dt style={{ fontWeight: 600 }}>Account SID</dt>
      <dd style={{ margin: 0 }}>{data.accountSidHint ?? 'Not set'}</dd>
      <dt style={{ fontWeight: 600 }}>Auth token</dt>
      <dd style={{ margin: 0 }}>{data.authTokenSet ? 'Stored (encrypted)' : 'Not set'}</dd>
    </dl>
  );
}

function PendingRequest({ request }: { request: NonNullable<AgencyTwilio['pendingRequest']> }) {
  return (
    <Alert color="yellow" title="Number change requested" role="status">
      <Text size="sm">
        {request.requestedByName} asked on {formatDateTime(request.createdAt)}
        {request.requestedNumber ? ` for ${request.requestedNumber}` : ''}: {request.reason}
      </Text>
      <Text size="sm">It stays pending until the master admin saves the agency's phone settings.</Text>
    </Alert>
  );
}

/** The master admin sets the number, SID and token; a blank SID or token keeps the stored one. */
function PhoneForm({ centerId, data }: { centerId: number; data: AgencyTwilio }) {
  const { update } = useTwilioWrites(centerId);
  const empty: TwilioSettingsInput = {
    twilioPhoneNumber: data.twilioPhoneNumber ?? '',
    twilioAccountSid: '',
    twilioAuthToken: '',
  };
  const { form, formRef, focusFirstError } = useZodForm<TwilioSettingsInput>(twilioSettingsBody, empty);
  const { submit, busy, error } = useFormSubmit(form, (values) => update.mutateAsync(values), {
    onDone: () => form.setValues({ twilioAccountSid: '', twilioAuthToken: '' }),
    fieldFor: (message) =>
      /SID/.test(message)
        ? 'twilioAccountSid'
        : /token/.test(message)
          ? 'twilioAuthToken'
          : 'twilioPhoneNumber',
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit, focusFirstError)}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Twilio number"
          placeholder="+15551234567"
          required
          {...form.getInputProps('twilioPhoneNumber')}
        />
        <TextInput
          label="Account SID"
          required={data.accountSidHint === null}
          description={data.accountSidHint ? `Leave blank to keep ${data.accountSidHint}` : undefined}
          autoComplete="off"
          {...form.getInputProps('twilioAccountSid')}
        />
        <PasswordInput
          label="Auth token"
          required={!data.authTokenSet}
          description={data.authTokenSet ? 'Leave blank to keep the stored token' : undefined}
          autoComplete="new-password"
          {...form.getInputProps('twilioAuthToken')}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" loading={busy}>
          Save phone settings
        </Button>
      </Group>
      <FormAlert message={error} title="Not saved" mt="sm" />
    </form>
  );
}

/** An agency admin asks the master admin for a number change. */
function RequestForm({ centerId }: { centerId: number }) {
  const { request } = useTwilioWrites(centerId);
  const empty: TwilioChangeRequestInput = { requestedNumber: '', reason: '' };
  const { form, formRef, focusFirstError } = useZodForm<TwilioChangeRequestInput>(
    twilioChangeRequestBody,
    empty,
  );
  const { submit, busy, error } = useFormSubmit(form, (values) => request.mutateAsync(values), {
    onDone: () => form.reset(),
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit, focusFirstError)}>
      <Stack gap="sm">
        <Text size="sm">Only the master admin changes the agency's number. Ask for a change here:</Text>
        <TextInput
          label="Number you would like (optional)"
          placeholder="+15551234567"
          w="100%"
          maw={300}
          {...form.getInputProps('requestedNumber')}
        />
        <Textarea label="Why should the number change?" required rows={3} {...form.getInputProps('reason')} />
        <Group>
          <Button type="submit" loading={busy}>
            Request a number change
          </Button>
        </Group>
        <FormAlert message={error} title="Not sent" />
      </Stack>
    </form>
  );
}

/** The agency's text message number and account (Twilio): never shown in clear but the number. */
export function AgencyPhoneSection({ centerId }: { centerId: number }) {
  const { user } = useSession();
  const twilio = useAgencyTwilio(centerId);
  const master = user !== null && maySetAgencyPhone(policySubjectOf(user));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-phone">
      <Title order={2} fz="h4" mb="sm" id="settings-phone">
        Agency phone (text messages)
      </Title>
      {twilio.isPending ? (
        <Loader aria-label="Loading the phone settings" />
      ) : twilio.isError ? (
        <Alert color="red" role="alert">
          The phone settings could not be loaded.
        </Alert>
      ) : (
        <Stack>
          <CurrentPhone data={twilio.data} />
          {twilio.data.pendingRequest ? <PendingRequest request={twilio.data.pendingRequest} /> : null}
          {master ? (
            <PhoneForm key={twilio.data.centerId} centerId={centerId} data={twilio.data} />
          ) : twilio.data.pendingRequest ? null : (
            <RequestForm centerId={centerId} />
          )}
        </Stack>
      )}
    </Paper>
  );
}
