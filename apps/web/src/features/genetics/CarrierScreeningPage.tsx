import {
  PAGES,
  PARENT_PANEL_KINDS,
  PARENT_PANEL_LABEL,
  type ParentPanelKind,
  type ParentPanelsData,
  ROLE,
} from '@dm/shared';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { CarrierPanelForm, CarrierPanelSummary, LabCsvImport, SectionTitle } from './CarrierPanel';
import { carrierKeys, importParentPanel, saveParentPanel, useParentPanels } from './queries';

/**
 * /carrierscreening: an intended parent's own carrier screening results and the sperm source's
 * (decision 026); staff of the parent's center open a client's as /carrierscreening/:id.
 * Donors are compared with the sperm source's results when recorded, else with the parent's own.
 */
export default function CarrierScreeningPage() {
  const params = useParams();
  const { user } = useSession();
  const own = user?.role === ROLE.CLIENT;
  const userId = params.id ? Number(params.id) : own ? (user?.userId ?? null) : null;
  const panels = useParentPanels(userId);
  const title = own && !params.id ? 'My carrier screening' : PAGES.carrierscreening.title;
  return (
    <Stack maw={900}>
      <Title order={1}>{title}</Title>
      <Text>
        Donors are compared with the sperm source's results when they are recorded, otherwise with{' '}
        {own ? 'your' : "the parent's"} own. Genes carried by both are named as a risk; a gene tested on one
        side only is never called compatible.
      </Text>
      {userId === null ? (
        <Alert color="yellow">Open a client's carrier screening from the users list.</Alert>
      ) : null}
      {panels.isPending && userId !== null ? <Loader aria-label="Loading" /> : null}
      {panels.isError ? (
        <Alert color="red">{'These carrier screening results are not available.'}</Alert>
      ) : null}
      {panels.data && userId !== null
        ? PARENT_PANEL_KINDS.map((kind) => (
            <PanelSection key={kind} userId={userId} kind={kind} panel={panels.data[kind]} />
          ))
        : null}
    </Stack>
  );
}

function PanelSection({
  userId,
  kind,
  panel,
}: {
  userId: number;
  kind: ParentPanelKind;
  panel: Parameters<typeof CarrierPanelSummary>[0]['panel'] | null;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<'form' | 'csv' | null>(null);
  const label = PARENT_PANEL_LABEL[kind];
  const saved = async (data: ParentPanelsData) => {
    queryClient.setQueryData(carrierKeys.parent(userId), data);
    await queryClient.invalidateQueries({ queryKey: ['carrier', 'compatibility'] });
    setEditing(null);
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Stack>
        <Group justify="space-between">
          <SectionTitle>{label}</SectionTitle>
          {editing ? null : (
            <Group gap="xs">
              <Button variant="light" onClick={() => setEditing('form')}>
                {panel ? `Edit ${label.toLowerCase()}` : `Enter ${label.toLowerCase()}`}
              </Button>
              <Button
                variant="light"
                aria-label={`Import lab CSV: ${label}`}
                onClick={() => setEditing('csv')}
              >
                Import lab CSV
              </Button>
            </Group>
          )}
        </Group>
        {panel ? <CarrierPanelSummary panel={panel} /> : <Text>No results recorded.</Text>}
        {editing === 'form' ? (
          <CarrierPanelForm
            title={label}
            initial={panel}
            onSave={async (input) => saved(await saveParentPanel(userId, kind, input))}
          />
        ) : null}
        {editing === 'csv' ? (
          <LabCsvImport
            title={`Import the lab CSV of ${label.toLowerCase()}`}
            onImport={async (body) => saved(await importParentPanel(userId, kind, body))}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
