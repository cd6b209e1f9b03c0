import {
  type EmailSchedulerData,
  emailScheduleSchema,
  PAGES,
  REMINDER_DAY_CHOICES,
  REMINDER_TOTAL_CHOICES,
  reminderTotalLabel,
} from '@dm/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useZodForm } from '../../lib/form';
import { AgencyScreen, useAgencyChoice } from '../email-templates/AgencyField';
import { useEmailScheduler, useSchedulerWrites } from './queries';

/** The form's values: selects hold strings ('' is "Select"), the shared schema turns them into numbers. */
export interface ScheduleForm {
  emailFlag: boolean;
  durationFirst: string;
  durationRecurring: string;
  totalReminders: string;
  selectedFirstEmail: string;
  selectedRecurringEmail: string;
  subject: string;
}

const EMPTY: ScheduleForm = {
  emailFlag: false,
  durationFirst: '',
  durationRecurring: '',
  totalReminders: '',
  selectedFirstEmail: '',
  selectedRecurringEmail: '',
  subject: '',
};

function formOf(data: EmailSchedulerData | undefined): ScheduleForm {
  const d = data?.resultsDuration;
  if (!d) return EMPTY;
  return {
    emailFlag: d.send_email_flag,
    durationFirst: String(d.duration_first_email),
    durationRecurring: String(d.duration_email_afterward),
    totalReminders: String(d.total_reminder),
    selectedFirstEmail: String(d.selected_first_email),
    selectedRecurringEmail: String(d.selected_recurring_email),
    subject: d.subject,
  };
}

const dayOptions = REMINDER_DAY_CHOICES.map((n) => ({
  value: String(n),
  label: n === 1 ? '1 day' : `${n} days`,
}));
const totalOptions = REMINDER_TOTAL_CHOICES.map((n) => ({ value: String(n), label: reminderTotalLabel(n) }));

/**
 * /scheduledonoremail: the agency's donor reminder schedule. Donors whose application
 * is incomplete get the first e-mail after N days, then one every N days, the total chosen;
 * the switch turns the e-mails on and off at once once a schedule is saved.
 */
export default function ScheduleDonorEmailPage() {
  const agency = useAgencyChoice();
  const { centerId } = agency;
  const scheduler = useEmailScheduler(centerId);
  const { save, toggle } = useSchedulerWrites(centerId);
  const { form, formRef, focusFirstError } = useZodForm<ScheduleForm>(emailScheduleSchema, EMPTY);
  const saved = scheduler.data?.resultsDuration ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    const values = formOf(scheduler.data);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
  }, [scheduler.data]);

  const templates = (scheduler.data?.resultsEmail ?? []).map((t) => ({
    value: String(t.email_type),
    label: t.title,
  }));
  const subjectOf = (type: string) =>
    scheduler.data?.resultsEmail.find((t) => String(t.email_type) === type)?.subject;

  const onSwitch = (on: boolean) => {
    // A saved schedule is switched at once; before the first save the switch is part of the form.
    if (saved) toggle.mutate(on);
    else form.setFieldValue('emailFlag', on);
  };

  const submit = form.onSubmit(
    (values) => save.mutate(emailScheduleSchema.parse(values)),
    () => focusFirstError(),
  );

  return (
    <AgencyScreen
      title={PAGES.scheduledonoremail.title}
      intro="Donors whose application is not finished get a reminder e-mail on this schedule. A donor who submits her form gets no further reminder."
      agency={agency}
      query={scheduler}
      what="the schedule"
      maw={900}
    >
      {() => (
        <Paper withBorder p="md">
          <form ref={formRef} noValidate onSubmit={submit}>
            <Stack>
              <Switch
                label="Send reminder e-mails"
                description={saved ? 'Turns the reminders on or off at once.' : 'Saved with the schedule.'}
                checked={saved ? saved.send_email_flag : form.values.emailFlag}
                disabled={toggle.isPending}
                onChange={(e) => onSwitch(e.currentTarget.checked)}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label="First e-mail after"
                  placeholder="Select"
                  required
                  data={dayOptions}
                  {...form.getInputProps('durationFirst')}
                />
                <Select
                  label="Then every"
                  placeholder="Select"
                  required
                  data={dayOptions}
                  {...form.getInputProps('durationRecurring')}
                />
                <Select
                  label="Total reminders"
                  placeholder="Select"
                  required
                  data={totalOptions}
                  {...form.getInputProps('totalReminders')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="First e-mail template"
                  placeholder="Select"
                  required
                  data={templates}
                  description={subjectOf(form.values.selectedFirstEmail)}
                  {...form.getInputProps('selectedFirstEmail')}
                />
                <Select
                  label="Recurring e-mail template"
                  placeholder="Select"
                  required
                  data={templates}
                  description={subjectOf(form.values.selectedRecurringEmail)}
                  {...form.getInputProps('selectedRecurringEmail')}
                />
              </SimpleGrid>
              <TextInput
                label="Subject"
                required
                description="Placeholders: {recipient}, {organization}"
                {...form.getInputProps('subject')}
              />
              <Group>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </AgencyScreen>
  );
}
