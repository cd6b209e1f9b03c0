import { PAGES, registeredIpReportBody, USER_STATUS } from '@dm/shared';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { downloadRegisteredIpCsv } from './queries';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** /registered-ip-report: a CSV of the intended parents who registered in a date range (default the last 7 days). */
export default function RegisteredIpReportPage() {
  const [startdate, setStart] = useState(() => day(new Date(Date.now() - 7 * 86_400_000)));
  const [lastdate, setLast] = useState(() => day(new Date()));
  const [userstatus, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    const parsed = registeredIpReportBody.safeParse({ startdate, lastdate, userstatus });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await downloadRegisteredIpCsv(parsed.data);
    } catch {
      // the wrapper has shown the message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={1} fz="h2">
        {PAGES['registered-ip-report'].title}
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <Group align="end">
            <TextInput
              label="Start date"
              type="date"
              value={startdate}
              onChange={(e) => setStart(e.currentTarget.value)}
            />
            <TextInput
              label="End date"
              type="date"
              value={lastdate}
              onChange={(e) => setLast(e.currentTarget.value)}
              error={error}
            />
            <Select
              label="Status"
              data={[
                { value: '', label: 'All statuses' },
                ...USER_STATUS.map((s) => ({ value: s, label: s })),
              ]}
              value={userstatus}
              onChange={(v) => setStatus(v ?? '')}
              allowDeselect={false}
              w={160}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Intended parents of your agency who registered between the two dates (both included).
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => void download()} loading={busy}>
              Download CSV
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
