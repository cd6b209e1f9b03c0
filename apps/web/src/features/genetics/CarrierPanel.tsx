import {
  type CarrierComparison,
  type CarrierPanelData,
  type CarrierPanelInput,
  carrierSummary,
  carrierUnknownLine,
} from '@dm/shared';
import { Badge, Button, FileInput, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';

/** The genes typed into a box: separated by commas, semicolons, spaces or new lines. */
export const genesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The carried genes box: one a line, the gene first, then its variant if known. */
export function carriedOf(text: string): { gene: string; variant: string | null }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [gene = '', ...rest] = line.split(/\s+/);
      return { gene, variant: rest.join(' ') || null };
    });
}

/** A panel's facts and genes, as read (variants where the reader may see them). */
export function CarrierPanelSummary({ panel }: { panel: CarrierPanelData }) {
  const carried = panel.carried.length
    ? panel.carried.map((c) => (c.variant ? `${c.gene} (${c.variant})` : c.gene)).join(', ')
    : 'None';
  const rows: [string, string][] = [
    ['Lab', panel.lab],
    ['Panel', panel.panelName],
    ['Test date', panel.testDate],
    ['Genes tested', `${panel.tested.length}: ${panel.tested.join(', ')}`],
    ['Carrier of', carried],
  ];
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 4 }}>
      {rows.map(([term, value]) => (
        <Text key={term} component="div" fz="sm" display="contents">
          <dt style={{ fontWeight: 600 }}>{term}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
        </Text>
      ))}
    </dl>
  );
}

const STATUS_COLOR = { risk: 'red', unknown: 'yellow', clear: 'green' } as const;
const STATUS_LABEL = { risk: 'Shared carrier genes', unknown: 'Not known', clear: 'No shared carrier genes' };

/** The comparison with the parent's results: the summary line and the unknowns. */
export function CarrierCompatibilityLine({
  comparison,
  compact,
}: {
  comparison: CarrierComparison;
  compact?: boolean;
}) {
  const unknown = carrierUnknownLine(comparison);
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={STATUS_COLOR[comparison.status]} variant="light" c="black" style={{ flexShrink: 0 }}>
          {STATUS_LABEL[comparison.status]}
        </Badge>
        <Text fz="sm">{carrierSummary(comparison)}</Text>
      </Group>
      {!compact && unknown ? <Text fz="sm">{unknown}</Text> : null}
    </Stack>
  );
}

export interface PanelFacts {
  lab: string;
  panelName: string;
  testDate: string;
}

/** The lab, panel name and test date of a panel (the entry form and the lab CSV import). */
export function PanelFactsInputs({
  facts,
  onChange,
}: {
  facts: PanelFacts;
  onChange: (facts: PanelFacts) => void;
}) {
  const field = (key: keyof PanelFacts) => ({
    required: true,
    value: facts[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...facts, [key]: e.currentTarget.value }),
  });
  return (
    <Group grow align="flex-start">
      <TextInput label="Lab" {...field('lab')} />
      <TextInput label="Panel name" {...field('panelName')} />
      <TextInput label="Test date" type="date" {...field('testDate')} />
    </Group>
  );
}

/**
 * A panel form's submit: busy while the call runs; a refusal was shown by the request wrapper
 * (for an import, each bad line and its message), so the form stays as it is.
 */
function usePanelSubmit(run: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await run();
    } catch {
      // Shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}

/** Enters a panel: lab, panel, date, the genes tested and those carried (with variant). */
export function CarrierPanelForm({
  title,
  initial,
  onSave,
}: {
  title: string;
  initial: CarrierPanelData | null;
  onSave: (panel: CarrierPanelInput) => Promise<unknown>;
}) {
  const [facts, setFacts] = useState<PanelFacts>({
    lab: initial?.lab ?? '',
    panelName: initial?.panelName ?? '',
    testDate: initial?.testDate ?? '',
  });
  const [tested, setTested] = useState(initial?.tested.join(', ') ?? '');
  const [carried, setCarried] = useState(
    initial?.carried.map((c) => (c.variant ? `${c.gene} ${c.variant}` : c.gene)).join('\n') ?? '',
  );
  const { busy, submit } = usePanelSubmit(() =>
    onSave({ ...facts, tested: genesOf(tested), carried: carriedOf(carried) }),
  );
  return (
    <form onSubmit={submit} aria-label={title}>
      <Stack gap="sm">
        <PanelFactsInputs facts={facts} onChange={setFacts} />
        <Textarea
          label="Genes tested"
          description="HGNC symbols, separated by commas or spaces (for example CFTR, HBB, SMN1)"
          rows={3}
          value={tested}
          onChange={(e) => setTested(e.currentTarget.value)}
        />
        <Textarea
          label="Genes carried"
          description="One a line: the gene, then its variant if known (for example CFTR c.1521_1523delCTT)"
          rows={3}
          value={carried}
          onChange={(e) => setCarried(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Save results
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={2} fz="h4">
      {children}
    </Title>
  );
}

/** A lab's CSV export: columns gene, carrier (yes/no) and variant, with the panel's facts. */
export function LabCsvImport({
  title,
  onImport,
}: {
  title: string;
  onImport: (body: PanelFacts & { csv: string }) => Promise<unknown>;
}) {
  const [facts, setFacts] = useState<PanelFacts>({ lab: '', panelName: '', testDate: '' });
  const [file, setFile] = useState<File | null>(null);
  const { busy, submit } = usePanelSubmit(async () => {
    if (file) await onImport({ ...facts, csv: await file.text() });
  });
  return (
    <form onSubmit={submit} aria-label={title}>
      <Stack gap="sm">
        <Text fz="sm">The file's first line names the columns gene, carrier (yes or no) and variant.</Text>
        <PanelFactsInputs facts={facts} onChange={setFacts} />
        <FileInput label="Lab CSV file" accept=".csv,text/csv" required value={file} onChange={setFile} />
        <Group>
          <Button type="submit" loading={busy} disabled={!file}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
