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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useAgencyChoice } from './AgencyField';
import { emailKeys, fieldErrors, useConnection } from './queries';

interface ConnectionForm {
  host: string;
  port: number | string;
  secure: boolean;
  username: string;
  password: string;
  fromEmail: string;
  fromName: string;
}

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
  const queryClient = useQueryClient();
  const { centerId, field: agencyField } = useAgencyChoice();
  const connection = useConnection(centerId);
  const [form, setForm] = useState<ConnectionForm>(BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (connection.data !== undefined) setForm(formOf(connection.data));
    setErrors({});
    setResult(null);
  }, [connection.data]);

  const set = <K extends keyof ConnectionForm>(name: K, value: ConnectionForm[K]) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => {
      const { [name]: _cleared, ...rest } = e;
      return rest;
    });
  };

  /** The request body, or null after showing the field messages. */
  const validBody = () => {
    setResult(null);
    const parsed = smtpConnectionSaveBody.safeParse({
      ...form,
      port: form.port === '' ? undefined : Number(form.port),
      centerId: centerId ?? undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return null;
    }
    return parsed.data;
  };
  const failed = (error: Error) =>
    setResult({ ok: false, message: error instanceof ApiError ? error.message : MSG.HTTP_FAILURE });

  const save = useMutation({
    mutationFn: (body: unknown) =>
      api<ConnectionInfo>('updatetestconnection', { body, successToast: true, silent: true }),
    onSuccess: (info) => {
      if (centerId !== null) queryClient.setQueryData(emailKeys.connection(centerId), info);
    },
    onError: failed,
  });
  const test = useMutation({
    mutationFn: (body: unknown) => api<null>('testconnection', { body, silent: true }),
    onSuccess: () => setResult({ ok: true, message: MSG.CONNECTION_OK }),
    onError: failed,
  });

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
              const body = validBody();
              if (body) save.mutate(body);
            }}
          >
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Host"
                  required
                  value={form.host}
                  onChange={(e) => set('host', e.currentTarget.value)}
                  error={errors.host}
                  autoComplete="off"
                />
                <NumberInput
                  label="Port"
                  required
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  allowNegative={false}
                  value={form.port}
                  onChange={(value) => set('port', value)}
                  error={errors.port}
                />
              </SimpleGrid>
              <Switch
                label="Secure connection (TLS from the start, usually port 465)"
                checked={form.secure}
                onChange={(e) => set('secure', e.currentTarget.checked)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Username"
                  value={form.username}
                  onChange={(e) => set('username', e.currentTarget.value)}
                  error={errors.username}
                  autoComplete="off"
                />
                <PasswordInput
                  label="Password"
                  value={form.password}
                  onChange={(e) => set('password', e.currentTarget.value)}
                  error={errors.password}
                  autoComplete="new-password"
                  description={
                    stored?.hasPassword
                      ? 'Leave blank to keep the stored password (kept only while host and username stay the same).'
                      : 'No password is stored.'
                  }
                />
                <TextInput
                  label="From e-mail"
                  required
                  type="email"
                  value={form.fromEmail}
                  onChange={(e) => set('fromEmail', e.currentTarget.value)}
                  error={errors.fromEmail}
                />
                <TextInput
                  label="From name"
                  value={form.fromName}
                  onChange={(e) => set('fromName', e.currentTarget.value)}
                  error={errors.fromName}
                />
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
                  onClick={() => {
                    const body = validBody();
                    if (body) test.mutate(body);
                  }}
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
