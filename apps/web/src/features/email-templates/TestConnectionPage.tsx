import { type ConnectionInfo, MSG, PAGES, smtpConnectionSaveBody } from '@dm/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/dates';
import { bodySchema, useZodForm } from '../../lib/form';
import { useAgencyChoice } from './AgencyField';
import { useConnection, useSaveConnection, useTestConnection } from './queries';

type ConnectionForm = {
  host: string;
  port: number | string;
  secure: boolean;
  username: string;
  password: string;
  fromEmail: string;
  fromName: string;
};

const BLANK: ConnectionForm = {
  host: '',
  port: 587,
  secure: false,
  username: '',
  password: '',
  fromEmail: '',
  fromName: '',
};

function formOf(info: ConnectionInfo | null): ConnectionForm {
  if (!info) return BLANK;
  return {
    host: info.host,
    port: info.port,
    secure: info.secure,
    username: info.username,
    password: '',
    fromEmail: info.fromEmail,
    fromName: info.fromName,
  };
}

export default function TestConnectionPage() {
  const _queryClient = useQueryClient();
  const { centerId, field: agencyField } = useAgencyChoice();
  const connection = useConnection(centerId);
  const toBody = (values: ConnectionForm) => ({
    ...values,
    port: values.port === '' ? undefined : Number(values.port),
    centerId: centerId ?? undefined,
  });
  const { form } = useZodForm<ConnectionForm>(bodySchema(smtpConnectionSaveBody, toBody), BLANK);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    if (connection.data !== undefined) form.setValues(formOf(connection.data));
    form.clearErrors();
    setResult(null);
  }, [connection.data]);

  const failed = (error: Error) =>
    setResult({ ok: false, message: error instanceof ApiError ? error.message : MSG.HTTP_FAILURE });
  const save = useSaveConnection(centerId);
  const test = useTestConnection();
  /** Saves or tests the values once the shared schema accepts them. */
  const run = (action: typeof save | typeof test, onSuccess?: () => void) => {
    setResult(null);
    form.onSubmit((values) =>
      action.mutate(smtpConnectionSaveBody.parse(toBody(values)), { onSuccess, onError: failed }),
    )();
  };
  const busy = save.isPending || test.isPending;
  const stored = connection.data ?? null;

  return (
    <Stack maw={760}>
      <Title order={1} fz="h2">
        {PAGES.testconnection.title}
      </Title>
      <Text c="dimmed" fz="sm">
        The mail server this agency's e-mails are sent through. Without one, the platform's default server is
        used.
      </Text>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{agencyField}</SimpleGrid>
      </Paper>

      {centerId !== null && connection.isPending ? <Loader aria-label="Loading connection" /> : null}

      {centerId !== null && connection.isSuccess ? (
        <Paper withBorder p="md">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              run(save);
            }}
          >
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Host" required {...form.getInputProps('host')} autoComplete="off" />
                <NumberInput
                  label="Port"
                  required
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('port')}
                />
              </SimpleGrid>
              <Switch
                label="Secure connection (TLS from the start, usually port 465)"
                {...form.getInputProps('secure', { type: 'checkbox' })}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Username" {...form.getInputProps('username')} autoComplete="off" />
                <PasswordInput
                  label="Password"
                  {...form.getInputProps('password')}
                  autoComplete="new-password"
                  description={
                    stored?.hasPassword
                      ? 'Leave blank to keep the stored password (kept only while host and username stay the same).'
                      : 'No password is stored.'
                  }
                />
                <TextInput label="From e-mail" required type="email" {...form.getInputProps('fromEmail')} />
                <TextInput label="From name" {...form.getInputProps('fromName')} />
              </SimpleGrid>
              {result ? (
                <Alert
                  color={result.ok ? 'green' : 'red'}
                  title={result.ok ? 'Connection works' : 'Connection failed'}
                  role={result.ok ? 'status' : 'alert'}
                >
                  {result.message}
                </Alert>
              ) : null}
              <Group>
                <Button type="submit" loading={save.isPending} disabled={busy}>
                  Save
                </Button>
                <Button
                  variant="outline"
                  loading={test.isPending}
                  disabled={busy}
                  onClick={() => run(test, () => setResult({ ok: true, message: MSG.CONNECTION_OK }))}
                >
                  Test connection
                </Button>
              </Group>
              {stored?.updatedAt ? (
                <Text fz="xs" c="dimmed">
                  Last saved {formatDateTime(stored.updatedAt)}.
                </Text>
              ) : null}
            </Stack>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}
