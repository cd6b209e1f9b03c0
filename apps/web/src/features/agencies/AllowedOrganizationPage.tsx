import { PAGES } from '@dm/shared';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { agencyKeys, saveAllowedOrganizations, useAllowedOrganizations, useCenters } from './queries';

const sameSet = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((x) => b.has(x));

/** Which centers' donors a center may see: pick a center, tick centers, Save. */
export default function AllowedOrganizationPage() {
  const queryClient = useQueryClient();
  const centers = useCenters(true);
  const [centerId, setCenterId] = useState<number | null>(null);
  const allowed = useAllowedOrganizations(centerId);
  const saved = useMemo(
    () => new Set((allowed.data ?? []).filter((c) => c.allowed).map((c) => c.centerId)),
    [allowed.data],
  );
  const [checked, setChecked] = useState<Set<number>>(new Set());
  useEffect(() => setChecked(new Set(saved)), [saved]);
  const dirty = allowed.data !== undefined && !sameSet(checked, saved);

  const save = useMutation({
    mutationFn: saveAllowedOrganizations,
    onSuccess: (answer, v) => {
      queryClient.setQueryData(agencyKeys.allowed(v.center_id), answer);
      void queryClient.invalidateQueries({ queryKey: ['centers'] });
    },
  });
  const saveNow = async () => {
    if (centerId === null) return false;
    try {
      await save.mutateAsync({ center_id: centerId, center_details: [...checked].sort((a, b) => a - b) });
      return true;
    } catch {
      return false;
    }
  };
  const discard = () => setChecked(new Set(saved));
  const confirmLeave = useUnsavedChangesGuard({ dirty, save: saveNow, discard });

  return (
    <Stack maw={900}>
      <Title order={1} fz="h2">
        {PAGES.allowedorganization.title}
      </Title>
      <Paper withBorder p="md">
        <Select
          label="Agency"
          placeholder={centers.isPending ? 'Loading agencies…' : 'Choose an agency'}
          data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
          value={centerId === null ? null : String(centerId)}
          onChange={(v) => confirmLeave(() => setCenterId(v === null ? null : Number(v)))}
          searchable
          w="100%"
          maw={360}
        />
      </Paper>
      {centerId !== null && allowed.isPending ? <Loader aria-label="Loading allowed organizations" /> : null}
      {allowed.data ? (
        <Paper withBorder p="md">
          <Stack>
            <Text id="allowed-help">
              The agency always sees its own donors. Tick the agencies whose donors it may also see.
            </Text>
            <Checkbox.Group
              label="Agencies whose donors it may see"
              aria-describedby="allowed-help"
              value={[...checked].map(String)}
              onChange={(values) => setChecked(new Set(values.map(Number)))}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {allowed.data.map((c) => (
                  <Checkbox key={c.centerId} value={String(c.centerId)} label={c.name} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group justify="flex-end">
              {dirty ? (
                <Text fz="sm" fw={600} role="status">
                  Unsaved changes
                </Text>
              ) : null}
              <Button variant="default" onClick={discard} disabled={!dirty}>
                Discard
              </Button>
              <Button onClick={() => void saveNow()} loading={save.isPending} disabled={!dirty}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
