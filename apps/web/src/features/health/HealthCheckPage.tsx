import { HEALTH_STATE, type HealthCredentials, healthCredentials } from '@dm/shared';
import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { AuthLayout } from '../../components/AuthLayout';
import { type Column, ListTable } from '../../components/ListTable';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/dates';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { authenticateHealthCheck, type Report, runChecks } from './queries';

const NO_CREDENTIALS = { username: '', password: '' };

const GOOD: string[] = [HEALTH_STATE.CONNECTED, HEALTH_STATE.CALCULATED, HEALTH_STATE.RUNNING];

const gigabytes = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1024 ** 3).toFixed(1)} GB`);
const when = (iso: string | null) => formatDateTime(iso, { empty: 'never' });

function StateBadge({ state }: { state: string }) {
  return <Badge color={GOOD.includes(state) ? 'teal.9' : 'red.9'}>{state}</Badge>;
}

interface CheckRow {
  check: string;
  state: string;
  details: ReactNode;
}

const CHECK_COLUMNS: Column<CheckRow>[] = [
  { key: 'check', label: 'Check', rowHeader: true, render: (c) => c.check },
  { key: 'state', label: 'State', render: (c) => <StateBadge state={c.state} /> },
  { key: 'details', label: 'Details', render: (c) => c.details },
];

function checksOf(report: Report): CheckRow[] {
  return [
    {
      check: 'Database',
      state: report.database.state,
      details: report.database.latencyMs === null ? '' : `${report.database.latencyMs} ms`,
    },
    {
      check: 'Disk space',
      state: report.disk.state,
      details:
        report.disk.freeBytes === null
          ? ''
          : `${gigabytes(report.disk.freeBytes)} free of ${gigabytes(report.disk.totalBytes)} (${report.disk.usedPercent}% used)`,
    },
    {
      check: 'Job runner',
      state: report.jobs.state,
      details:
        report.jobs.jobs.length === 0
          ? 'No job has run yet'
          : report.jobs.jobs.map((j) => (
              <Text key={j.job} fz="sm">
                {j.job}: last run {when(j.lastRunAt)}, last failure {when(j.lastFailedAt)}
              </Text>
            )),
    },
  ];
}

/**
 * /healthcheck: its own login (not a user account), then the database, disk space and job runner
 * states. The credentials stay in this page's memory only, sent with each check.
 */
export default function HealthCheckPage() {
  const { form } = useZodForm(healthCredentials, NO_CREDENTIALS);
  const [credentials, setCredentials] = useState<HealthCredentials | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (c: HealthCredentials) => {
    setBusy(true);
    try {
      setReport(await runChecks(c));
    } catch (e) {
      setCredentials(null);
      setReport(null);
      setMessage(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const login = useFormSubmit(form, async (values) => {
    const parsed = healthCredentials.parse(values);
    setMessage(null);
    await authenticateHealthCheck(parsed);
    setCredentials(parsed);
    form.setValues(NO_CREDENTIALS);
    await check(parsed);
  });

  if (!credentials) {
    return (
      <AuthLayout title="Health check">
        <form noValidate onSubmit={form.onSubmit(login.submit)}>
          <Stack>
            <FormAlert message={login.error ?? message} />
            <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={login.busy || busy}>
              Log in
            </Button>
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Health check" width={640}>
      <Stack>
        <ListTable
          caption="Server health"
          captionSide="top"
          columns={CHECK_COLUMNS}
          rows={report ? checksOf(report) : []}
          rowKey={(c) => c.check}
          empty={null}
          tableProps={{ striped: false, highlightOnHover: false }}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={() => setCredentials(null)}>
            Log out
          </Button>
          <Button loading={busy} onClick={() => void check(credentials)}>
            Check again
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
