import { ROLE } from '@dm/shared';
import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
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
