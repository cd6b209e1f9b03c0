import { ROLE } from '@dm/shared';
import { Alert, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSession } from '../../lib/session';
import { useCenters } from '../agencies/queries';

/**
 * The agency a screen works on: the master admin picks any agency, everyone else works on
 * their own. Returns the chosen center id (null until the master picks one) and the field.
 */
export function useAgencyChoice() {
  const { user } = useSession();
  const isMaster = user?.role === ROLE.MASTER;
  const [picked, setPicked] = useState<number | null>(null);
  const centers = useCenters(isMaster);
  const centerId = isMaster ? picked : (user?.center.id ?? null);

  const field = isMaster ? (
    <Select
      label="Agency"
      placeholder={centers.isPending ? 'Loading agencies…' : 'Choose an agency'}
      data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
      value={picked === null ? null : String(picked)}
      onChange={(value) => setPicked(value === null ? null : Number(value))}
      searchable
      required
      nothingFoundMessage="No agency found"
      error={centers.isError ? 'The agencies could not be loaded.' : undefined}
    />
  ) : (
    <TextInput label="Agency" value={user?.center.name ?? ''} readOnly />
  );
  return { centerId, field };
}

/**
 * The frame of a screen about one agency (/scheduledonoremail, /generalconfiguration,
 * /feeandpayment): its heading and intro, the agency (picked by the master admin), then the
 * agency's part once it is chosen and `query` has loaded, or why not.
 */
export function AgencyScreen<T>(props: {
  title: string;
  intro: ReactNode;
  agency: { centerId: number | null; field: ReactNode };
  query: UseQueryResult<T>;
  /** What is loaded, for the loader's label and the error ("the schedule"). */
  what: string;
  maw?: number;
  children: (data: T, centerId: number) => ReactNode;
}) {
  const { centerId, field } = props.agency;
  const { query } = props;
  return (
    <Stack maw={props.maw ?? 960}>
      <Title order={1} fz="h2">
        {props.title}
      </Title>
      <Text c="dimmed">{props.intro}</Text>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{field}</SimpleGrid>
      </Paper>
      {centerId === null ? null : query.isPending ? (
        <Loader aria-label={`Loading ${props.what}`} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {`${props.what[0]!.toUpperCase()}${props.what.slice(1)} could not be loaded.`}
        </Alert>
      ) : (
        props.children(query.data as T, centerId)
      )}
    </Stack>
  );
}
