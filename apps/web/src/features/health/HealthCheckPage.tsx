import {
  type DatabaseHealth,
  type DiskHealth,
  HEALTH_STATE,
  type HealthCredentials,
  healthCredentials,
  type JobsHealth,
} from '@dm/shared';
import { Badge, Button, Group, PasswordInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AuthLayout } from '../../components/AuthLayout';
import { ApiError, api } from '../../lib/api';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { authenticateHealth } from './queries';

interface Report {
  database: DatabaseHealth;
  disk: DiskHealth;
  jobs: JobsHealth;
}

const NO_CREDENTIALS = { username: '', password: '' };

const GOOD: string[] = [HEALTH_STATE.CONNECTED, HEALTH_STATE.CALCULATED, HEALTH_STATE.RUNNING];

const gigabytes = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1024 ** 3).toFixed(1)} GB`);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function StateBadge({ state }: { state: string }) {
  return <Badge color={GOOD.includes(state) ? 'teal.9' : 'red.9'}>{state}</Badge>;
}

/** Runs the three checks with the credentials; a failed call counts as the bad state. */
async function runChecks(credentials: HealthCredentials): Promise<Report> {
  const call = <T,>(name: string, failed: T) =>
    api<T>(name, { body: credentials, silent: true }).catch((e) => {
      if (e instanceof ApiError && e.status === 403) throw e;
      return failed;
    });
  const [database, disk, jobs] = await Promise.all([
    call<DatabaseHealth>('checkdatabase', { state: HEALTH_STATE.NOT_CONNECTED, latencyMs: null }),
    call<DiskHealth>('checkspace', {
      state: HEALTH_STATE.NOT_CALCULATED,
      freeBytes: null,
      totalBytes: null,
      usedPercent: null,
    }),
    call<JobsHealth>('checkjobs', { state: HEALTH_STATE.NOT_RUNNING, jobs: [] }),
  ]);
  return { database, disk, jobs };
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
    await authenticateHealth(parsed);
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
        <Table captionSide="top">
          <Table.Caption>Server health</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Check</Table.Th>
              <Table.Th scope="col">State</Table.Th>
              <Table.Th scope="col">Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report ? (
              <>
                <Table.Tr>
                  <Table.Th scope="row">Database</Table.Th>
                  <Table.Td>
                    <StateBadge state={report.database.state} />
                  </Table.Td>
                  <Table.Td>
                    {report.database.latencyMs === null ? '' : `${report.database.latencyMs} ms`}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Disk space</Table.Th>
                  <Table.Td>
                    <StateBadge state={report.disk.state} />
                  </Table.Td>
                  <Table.Td>
                    {report.disk.freeBytes === null
                      ? ''
                      : `${gigabytes(report.disk.freeBytes)} free of ${gigabytes(report.disk.totalBytes)} (${report.disk.usedPercent}% used)`}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Job runner</Table.Th>
                  <Table.Td>
                    <StateBadge state={report.jobs.state} />
                  </Table.Td>
                  <Table.Td>
                    {report.jobs.jobs.length === 0
                      ? 'No job has run yet'
                      : report.jobs.jobs.map((j) => (
                          <Text key={j.job} fz="sm">
                            {j.job}: last run {when(j.lastRunAt)}, last failure {when(j.lastFailedAt)}
                          </Text>
                        ))}
                  </Table.Td>
                </Table.Tr>
              </>
            ) : null}
          </Table.Tbody>
        </Table>
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
