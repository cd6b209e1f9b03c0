import { PAGES, registeredIpReportBody, USER_STATUS } from '@dm/shared';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { singleMessage, useFormSubmit, useZodForm } from '../../lib/form';
import { downloadRegisteredIpCsv } from './queries';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** /registered-ip-report: a CSV of the intended parents who registered in a date range (default the last 7 days). */
export default function RegisteredIpReportPage() {
  const { form } = useZodForm(registeredIpReportBody, {
    startdate: day(new Date(Date.now() - 7 * 86_400_000)),
    lastdate: day(new Date()),
    userstatus: '',
  });
  const download = useFormSubmit(form, async (values) => {
    try {
      await downloadRegisteredIpCsv(registeredIpReportBody.parse(values));
    } catch {
      // the wrapper has shown the message
    }
  });

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
              {...form.getInputProps('startdate')}
              error={undefined}
            />
            <TextInput
              label="End date"
              type="date"
              {...form.getInputProps('lastdate')}
              // The range's one message, whichever date it is about.
              error={singleMessage(form, null)}
            />
            <Select
              label="Status"
              data={[
                { value: '', label: 'All statuses' },
                ...USER_STATUS.map((s) => ({ value: s, label: s })),
              ]}
              {...form.getInputProps('userstatus')}
              onChange={(v) => form.setFieldValue('userstatus', v ?? '')}
              allowDeselect={false}
              w={160}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Intended parents of your agency who registered between the two dates (both included).
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => form.onSubmit(download.submit)()} loading={download.busy}>
              Download CSV
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
