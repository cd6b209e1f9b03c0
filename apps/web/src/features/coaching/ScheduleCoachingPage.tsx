import {
  COACHING_MSG,
  type CoachingSession,
  type CoachingSlots,
  canOpen,
  PAGES,
  pagePath,
  scheduleSessionBody,
} from '@dm/shared';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { dayKey, formatLongDay, formatTime, viewerTimeZone } from '../../lib/dates';
import { allOf, bodySchema, checksSchema, FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { policySubjectOf, subjectOf, useSession } from '../../lib/session';
import { useBookingPoll } from './poll';
import { useAvailableCount, useBookSession, useCoachingAddress, useCoachingSlots } from './queries';
import { SessionsTable } from './SessionsTable';

interface BookingValues {
  day: string;
  scheduledTime: string;
  details: string;
}
const EMPTY: BookingValues = { day: '', scheduledTime: '', details: '' };

/** The free slots grouped by the viewer's day, in order. */
function byDay(slots: readonly string[], timeZone: string): Map<string, string[]> {
  const days = new Map<string, string[]>();
  for (const slot of slots) {
    const key = dayKey(slot, timeZone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return days;
}

/** The scheduler: a day, a time of that day (in the viewer's own zone, named), details, book. */
function Scheduler({ slots, onBooked }: { slots: CoachingSlots; onBooked: (s: CoachingSession) => void }) {
  const timeZone = viewerTimeZone();
  const days = useMemo(() => byDay(slots.slots, timeZone), [slots.slots, timeZone]);
  const book = useBookSession();
  const { form, formRef, focusFirstError } = useZodForm<BookingValues>(
    allOf(
      checksSchema((v: BookingValues) =>
        v.scheduledTime ? {} : { scheduledTime: COACHING_MSG.SLOT_INVALID },
      ),
      bodySchema(scheduleSessionBody, (v: BookingValues) => ({
        scheduledTime: v.scheduledTime || new Date(0).toISOString(),
        details: v.details,
        managerId: slots.manager.id,
        timeZone,
      })),
    ),
    EMPTY,
  );
  const submit = useFormSubmit(
    form,
    (v) =>
      book.mutateAsync({
        scheduledTime: v.scheduledTime,
        details: v.details.trim(),
        managerId: slots.manager.id,
        timeZone,
      }),
    {
      onDone: (session) => {
        form.setValues(EMPTY);
        onBooked(session);
      },
      fieldFor: (message) => (message === COACHING_MSG.DETAILS_REQUIRED ? 'details' : null),
    },
  );
  const times = days.get(form.values.day) ?? [];
  const slotError = form.errors.scheduledTime;

  if (slots.slots.length === 0)
    return <Alert color="yellow">{slots.manager.name} has no free times in the next four weeks.</Alert>;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit(submit.submit, focusFirstError)}
      aria-label="Book a session"
    >
      <Stack>
        <Text>
          Times are shown in your time zone: <b>{timeZone}</b>. Each session lasts {slots.slotMinutes}{' '}
          minutes.
        </Text>
        <Select
          label="Day"
          placeholder="Choose a day"
          data={[...days.keys()].map((key) => ({
            value: key,
            label: formatLongDay(days.get(key)![0]!, timeZone),
          }))}
          value={form.values.day || null}
          onChange={(v) => {
            form.setFieldValue('day', v ?? '');
            form.setFieldValue('scheduledTime', '');
          }}
          maw={360}
        />
        {form.values.day ? (
          <Radio.Group
            label="Time"
            value={form.values.scheduledTime}
            onChange={(v) => form.setFieldValue('scheduledTime', v)}
            error={slotError}
          >
            <Group mt="xs" gap="sm">
              {times.map((slot) => (
                <Radio key={slot} value={slot} label={formatTime(slot, timeZone)} />
              ))}
            </Group>
          </Radio.Group>
        ) : slotError ? (
          <Text c="red.9" fz="sm" role="alert">
            {slotError}
          </Text>
        ) : null}
        <Textarea
          label="What would you like to talk about?"
          required
          rows={3}
          {...form.getInputProps('details')}
        />
        <FormAlert message={submit.error} />
        <Group>
          <Button type="submit" loading={submit.busy}>
            Book session
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /schedule-coaching-session: the client books a session with her case manager for one coaching
 * credit (the spec's embedded scheduler, built in), and sees her sessions. A Pre-Active client is
 * told to subscribe; a client without credits is sent to buy them.
 */
export default function ScheduleCoachingPage() {
  const { user } = useSession();
  const active = user?.status === 'Active';
  const count = useAvailableCount(active);
  const credits = count.data?.prod_available ?? 0;
  const slots = useCoachingSlots(active && credits > 0);
  const address = useCoachingAddress(active);
  const [booked, setBooked] = useState<CoachingSession | null>(null);
  const poll = useBookingPoll(active);
  if (!user) return null;
  const subject = subjectOf(user);
  const slotsRefused = slots.error instanceof ApiError ? slots.error.message : null;
  const confirmed = booked !== null && poll.confirmedId === booked.sessionId;

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES['schedule-coaching-session'].title}
      </Title>
      {!active ? (
        <Alert color="yellow" title="Warning" role="alert">
          {COACHING_MSG.SUBSCRIBE}.{' '}
          {canOpen(subject, 'paymentsubscription') ? (
            <Anchor component={Link} to={pagePath('paymentsubscription')}>
              See the premium subscription
            </Anchor>
          ) : null}
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Text>
                Coaching sessions available: <b data-testid="credits">{count.isPending ? '…' : credits}</b>
              </Text>
              {address.data ? (
                <Text fz="sm">
                  Your coach: {address.data.managerName}. Sessions take place at:{' '}
                  {address.data.meetingAddress}
                </Text>
              ) : null}
              {!count.isPending && credits === 0 ? (
                <Alert color="yellow" role="alert">
                  {COACHING_MSG.NO_CREDITS}{' '}
                  {canOpen(subject, 'buy-coaching-credit') ? (
                    <Anchor component={Link} to={pagePath('buy-coaching-credit')}>
                      Buy coaching credit
                    </Anchor>
                  ) : null}
                </Alert>
              ) : null}
            </Stack>
          </Paper>
          {booked ? (
            <Alert color="green" role="status" title="Session booked">
              {formatLongDay(booked.scheduledTime)} at {formatTime(booked.scheduledTime)} with{' '}
              {booked.managerName}.{' '}
              {confirmed ? 'Confirmed: the calendar invitation is on its way by e-mail.' : 'Confirming…'}
            </Alert>
          ) : null}
          {credits > 0 ? (
            <Paper withBorder p="md">
              <Stack>
                <Title order={2} fz="h4">
                  Book a session{slots.data ? ` with ${slots.data.manager.name}` : ''}
                </Title>
                {slotsRefused ? <Alert color="yellow">{slotsRefused}</Alert> : null}
                {slots.data ? (
                  <Scheduler
                    slots={slots.data}
                    onBooked={(session) => {
                      setBooked(session);
                      poll.restart(session.sessionId);
                    }}
                  />
                ) : null}
              </Stack>
            </Paper>
          ) : null}
          <SessionsTable subject={policySubjectOf(user)} view="client" caption="My coaching sessions" />
        </>
      )}
    </Stack>
  );
}
