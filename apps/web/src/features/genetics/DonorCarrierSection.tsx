import { ROLE } from '@dm/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import {
  CarrierCompatibilityLine,
  CarrierPanelForm,
  CarrierPanelSummary,
  LabCsvImport,
  SectionTitle,
} from './CarrierPanel';
import {
  carrierKeys,
  importDonorPanel,
  saveDonorPanel,
  useCarrierCompatibility,
  useDonorPanel,
} from './queries';

/**
 * The donor details page's carrier screening: the donor's results (variants to the
 * donor's center), the compatibility with the viewing parent's results (staff: the client named
 * by ?client=), and for the donor's center the entry form and the lab CSV import.
 */
export function DonorCarrierSection({ donorId }: { donorId: number }) {
  const { user } = useSession();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<'form' | 'csv' | null>(null);
  const panel = useDonorPanel(donorId);
  const client = user?.role === ROLE.CLIENT;
  const parentId = client ? null : Number(search.get('client')) || null;
  const compat = useCarrierCompatibility([donorId], parentId, client || parentId !== null);
  if (!panel.data) return null;
  const { panel: results, canEdit } = panel.data;
  if (!results && !canEdit) return null;
  const comparison = compat.data?.donors[0]?.comparison ?? null;
  const saved = async () => {
    await queryClient.invalidateQueries({ queryKey: carrierKeys.all });
    setEditing(null);
  };
  return (
    <Paper withBorder p="md" component="section" aria-label="Carrier screening">
      <Stack>
        <Group justify="space-between">
          <SectionTitle>Carrier screening</SectionTitle>
          {canEdit && editing === null ? (
            <Group gap="xs">
              <Button variant="light" onClick={() => setEditing('form')}>
                {results ? 'Edit results' : 'Enter results'}
              </Button>
              <Button variant="light" onClick={() => setEditing('csv')}>
                Import lab CSV
              </Button>
            </Group>
          ) : null}
        </Group>
        {results ? <CarrierPanelSummary panel={results} /> : <Text>No results recorded.</Text>}
        {comparison ? (
          <Stack gap={4} aria-label="Compatibility with your results">
            <Text fw={600} fz="sm">
              {client ? 'Compared with your results' : "Compared with the client's results"}
              {compat.data?.against === 'sperm_source' ? " (the sperm source's)" : ''}
            </Text>
            <CarrierCompatibilityLine comparison={comparison} />
          </Stack>
        ) : null}
        {editing === 'form' ? (
          <CarrierPanelForm
            title="Donor's carrier screening"
            initial={results}
            onSave={async (input) => {
              await saveDonorPanel(donorId, input);
              await saved();
            }}
          />
        ) : null}
        {editing === 'csv' ? (
          <LabCsvImport
            title="Import the donor's lab CSV"
            onImport={async (body) => {
              await importDonorPanel(donorId, body);
              await saved();
            }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
