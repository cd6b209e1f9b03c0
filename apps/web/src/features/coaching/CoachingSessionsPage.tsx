import {
  COACHING_MSG,
  COACHING_STATUS_FILTERS,
  PAGES,
  pagePath,
  ROLE,
  type SessionListInput,
} from '@dm/shared';
import { Anchor, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { policySubjectOf, useSession } from '../../lib/session';
import { SessionsTable } from './SessionsTable';

type Status = NonNullable<SessionListInput['session_status']>;

/**
 * /coaching-sessions: a case manager's coaching sessions (an agency admin: her center's), with a
 * status filter, days, search and sorting, 10 a page; the manager marks a session done once it
 * took place (Requested to Done by confirmation), and both read and add comments.
 */
export default function CoachingSessionsPage() {
  const { user } = useSession();
  const [status, setStatus] = useState<Status>('All');
  const [startdate, setStartdate] = useState('');
  const [lastdate, setLastdate] = useState('');
  if (!user) return null;
  const rangeError = startdate && lastdate && startdate > lastdate ? COACHING_MSG.DATE_RANGE : null;
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES['coaching-sessions'].title}
      </Title>
      {user.role === ROLE.MANAGER ? (
        <Text>
          Clients book from your published hours.{' '}
          <Anchor component={Link} to={pagePath('coaching-availability')}>
            Set your coaching hours
          </Anchor>
        </Text>
      ) : null}
      <Paper withBorder p="md" component="section" aria-label="Session filters">
        <Group align="start">
          <Select
            label="Status"
            data={[...COACHING_STATUS_FILTERS]}
            value={status}
            onChange={(v) => setStatus((v as Status | null) ?? 'All')}
            allowDeselect={false}
            w={180}
          />
          <TextInput
            label="From"
            type="date"
            value={startdate}
            onChange={(e) => setStartdate(e.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            value={lastdate}
            onChange={(e) => setLastdate(e.currentTarget.value)}
            error={rangeError}
          />
        </Group>
      </Paper>
      <SessionsTable
        subject={policySubjectOf(user)}
        view="staff"
        caption={user.role === ROLE.ADMIN ? "The agency's coaching sessions" : 'My coaching sessions'}
        filters={{
          session_status: status,
          ...(rangeError ? {} : { startdate: startdate || undefined, lastdate: lastdate || undefined }),
        }}
      />
    </Stack>
  );
}
