import {
  COACHING_SLOT_MINUTES,
  type CoachingHours,
  PAGES,
  pagePath,
  saveCoachingHoursBody,
  WEEKDAYS,
  type WeeklyPeriod,
} from '@dm/shared';
import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, viewerTimeZone } from '../../lib/dates';
import { bodySchema, FormAlert, useFormSubmit, useResetOnSaved, useZodForm } from '../../lib/form';
import { useCoachingHours, useSaveHours } from './queries';

/** A period with a key of its own, so editing its times keeps its inputs (and focus). */
type Period = WeeklyPeriod & { key: number };
let nextKey = 0;
const keyed = (p: WeeklyPeriod): Period => ({ ...p, key: nextKey++ });

interface HoursValues {
  timeZone: string;
  slotMinutes: string;
  meetingAddress: string;
  weekly: Period[];
  blockedDates: string[];
}

const valuesOf = (hours: CoachingHours | undefined): HoursValues => ({
  timeZone: hours?.published ? hours.timeZone : viewerTimeZone(),
  slotMinutes: String(hours?.slotMinutes ?? 60),
  meetingAddress: hours?.meetingAddress ?? '',
  weekly: (hours?.weekly ?? []).map(keyed),
  blockedDates: hours?.blockedDates ?? [],
});

const toBody = (v: HoursValues) => ({
  ...v,
  slotMinutes: Number(v.slotMinutes) as 30 | 60,
  weekly: v.weekly.map(({ weekday, start, end }) => ({ weekday, start, end })),
});

/** A period's two times and their labels. */
const EDGES = [
  ['start', 'From'],
  ['end', 'To'],
] as const;

/** Every zone the browser knows (UTC first). */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((z) => z !== 'UTC')];
}

const weekdays9to5 = (): Period[] =>
  [1, 2, 3, 4, 5].map((weekday) => keyed({ weekday, start: '09:00', end: '17:00' }));

/**
 * /coaching-availability: a case manager publishes her coaching hours: weekly periods in her own
 * time zone, the session length, days she is away, and where sessions take place. Her clients see
 * the free times in their own zones; sessions already booked stay as they are.
 */
export default function CoachingAvailabilityPage() {
  const hours = useCoachingHours();
  const save = useSaveHours();
  const initial = useMemo(() => valuesOf(hours.data), [hours.data]);
  const { form, formRef, focusFirstError } = useZodForm<HoursValues>(
    bodySchema(saveCoachingHoursBody, toBody),
    initial,
  );
  useResetOnSaved(form, hours.data, initial);
  const submit = useFormSubmit(form, (v) => save.mutateAsync(toBody(v)), {
    fieldFor: (message) => (message.includes('time zone') ? 'timeZone' : null),
  });
  const [blockDay, setBlockDay] = useState('');
  const zones = useMemo(timeZones, []);
  if (hours.isPending) return <Loader aria-label="Loading your coaching hours" />;

  const weekly = form.values.weekly;
  const setPeriod = (index: number, key: 'start' | 'end', value: string) =>
    form.setFieldValue(
      'weekly',
      weekly.map((p, i) => (i === index ? { ...p, [key]: value } : p)),
    );
  const weeklyError = Object.entries(form.errors).find(([key]) => key.startsWith('weekly'))?.[1];
  const blockedError = Object.entries(form.errors).find(([key]) => key.startsWith('blockedDates'))?.[1];

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES['coaching-availability'].title}
      </Title>
      <Text>
        Your clients with coaching credits book these hours, each seeing the times in her own time zone.
        {hours.data?.published ? '' : ' You have not published any hours yet.'}{' '}
        <Anchor component={Link} to={pagePath('coaching-sessions')}>
          Your booked sessions
        </Anchor>
      </Text>
      <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
        <Stack>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Your time zone"
                searchable
                data={zones}
                allowDeselect={false}
                {...form.getInputProps('timeZone')}
              />
              <Select
                label="Session length"
                data={COACHING_SLOT_MINUTES.map((m) => ({ value: String(m), label: `${m} minutes` }))}
                allowDeselect={false}
                {...form.getInputProps('slotMinutes')}
              />
              <TextInput
                label="Meeting link or address"
                required
                placeholder="https://meet.example.com/your-room"
                {...form.getInputProps('meetingAddress')}
              />
            </SimpleGrid>
          </Paper>

          <Paper withBorder p="md" component="section" aria-labelledby="weekly-hours">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h4" id="weekly-hours">
                Weekly hours
              </Title>
              <Button
                variant="default"
                size="xs"
                onClick={() => form.setFieldValue('weekly', weekdays9to5())}
              >
                Weekdays 9:00 to 17:00
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {WEEKDAYS.map((day, weekday) => (
                <Fieldset key={day} legend={day}>
                  <Stack gap="xs">
                    {weekly.map((p, index) =>
                      p.weekday !== weekday ? null : (
                        <Group key={p.key} align="end" gap="xs">
                          {EDGES.map(([edge, label]) => (
                            <TextInput
                              key={edge}
                              type="time"
                              label={label}
                              aria-label={`${day} ${label.toLowerCase()}`}
                              step={900}
                              value={p[edge]}
                              onChange={(e) => setPeriod(index, edge, e.currentTarget.value)}
                            />
                          ))}
                          <Button
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${day} ${p.start} to ${p.end}`}
                            onClick={() =>
                              form.setFieldValue(
                                'weekly',
                                weekly.filter((_, i) => i !== index),
                              )
                            }
                          >
                            Remove
                          </Button>
                        </Group>
                      ),
                    )}
                    <Button
                      variant="light"
                      size="xs"
                      onClick={() =>
                        form.setFieldValue('weekly', [
                          ...weekly,
                          keyed({ weekday, start: '09:00', end: '12:00' }),
                        ])
                      }
                    >
                      Add hours on {day}
                    </Button>
                  </Stack>
                </Fieldset>
              ))}
            </SimpleGrid>
            <FormAlert message={weeklyError ? String(weeklyError) : null} mt="sm" />
          </Paper>

          <Paper withBorder p="md" component="section" aria-labelledby="blocked-days">
            <Title order={2} fz="h4" id="blocked-days" mb="sm">
              Days without sessions
            </Title>
            <Group align="end">
              <TextInput
                label="Day"
                type="date"
                value={blockDay}
                onChange={(e) => setBlockDay(e.currentTarget.value)}
              />
              <Button
                variant="default"
                disabled={!blockDay}
                onClick={() => {
                  form.setFieldValue(
                    'blockedDates',
                    [...new Set([...form.values.blockedDates, blockDay])].sort(),
                  );
                  setBlockDay('');
                }}
              >
                Block day
              </Button>
            </Group>
            <Group mt="sm" gap="xs">
              {form.values.blockedDates.map((d) => (
                <Button
                  key={d}
                  size="xs"
                  variant="light"
                  aria-label={`Unblock ${formatDate(d)}`}
                  onClick={() =>
                    form.setFieldValue(
                      'blockedDates',
                      form.values.blockedDates.filter((x) => x !== d),
                    )
                  }
                >
                  {formatDate(d)} ×
                </Button>
              ))}
            </Group>
            <FormAlert message={blockedError ? String(blockedError) : null} mt="sm" />
          </Paper>

          <FormAlert message={submit.error} />
          <Group>
            <Button type="submit" loading={submit.busy}>
              Publish hours
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
