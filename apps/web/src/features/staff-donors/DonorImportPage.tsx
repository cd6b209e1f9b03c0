import {
  IMPORT_COLUMNS,
  IMPORT_FILES,
  IMPORT_REQUIRED_FILES,
  type ImportStatus,
  importFileKind,
  MAPPING_ITEMS,
  type MappingItem,
  PAGES,
  STAFF_DONOR_MSG,
} from '@dm/shared';
import { Alert, Button, FileInput, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, ListTable } from '../../components/ListTable';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/dates';
import { importDonors, staffDonorKeys, useLatestImport } from './queries';

/** 4 or 5 files, each of a known kind once, the 4 required kinds present. */
export function validImportFiles(files: File[]): boolean {
  if (files.length < 4 || files.length > 5) return false;
  const kinds = files.map((f) => importFileKind(f.name));
  if (kinds.some((k) => k === null) || new Set(kinds).size !== kinds.length) return false;
  return IMPORT_REQUIRED_FILES.every((k) => kinds.includes(k));
}

type Awaiting = ImportStatus['awaitingMapping'][number];
type Rejected = ImportStatus['rejected'][number];

const AWAITING_COLUMNS: Column<Awaiting>[] = [
  { key: 'donor', label: 'Donor id', render: (a) => a.donorKey },
  { key: 'field', label: 'Field', render: (a) => MAPPING_ITEMS[a.field as MappingItem]?.label ?? a.field },
  { key: 'value', label: 'Value', render: (a) => a.value },
];

const REJECTED_COLUMNS: Column<Rejected>[] = [
  { key: 'file', label: 'File', render: (r) => r.file },
  { key: 'row', label: 'Row', render: (r) => r.row },
  { key: 'donor', label: 'Donor id', render: (r) => r.donorKey },
  { key: 'reason', label: 'Reason', render: (r) => r.reason },
];

function StatusPanel({ status }: { status: ImportStatus }) {
  const running = status.status === 'queued' || status.status === 'running';
  return (
    <Stack>
      <Title order={2} fz="h3">
        Latest import
      </Title>
      <Text aria-live="polite">
        {running
          ? `Import ${status.status === 'queued' ? 'waiting to start' : 'running'}…`
          : status.status === 'failed'
            ? `${STAFF_DONOR_MSG.IMPORT_FAILED} ${status.error ?? ''}`
            : `Imported ${status.imported} donor(s); ${status.rejected.length} row(s) rejected.`}
      </Text>
      <Text fz="sm" c="dimmed">
        Files: {status.fileNames.join(', ')} · started {formatDateTime(status.createdAt)}
      </Text>
      {status.importedKeys.length > 0 ? (
        <Text fz="sm">Imported donor ids: {status.importedKeys.join(', ')}</Text>
      ) : null}
      {status.awaitingMapping.length > 0 ? (
        <ListTable
          caption="Values awaiting mapping (imported with the field blank until the master admin maps them)"
          columns={AWAITING_COLUMNS}
          rows={status.awaitingMapping}
          rowKey={(a) => `${a.donorKey}-${a.field}-${a.value}`}
          tableProps={{ striped: true, highlightOnHover: false }}
        />
      ) : null}
      {status.rejected.length > 0 ? (
        <ListTable
          caption="Rejected rows"
          columns={REJECTED_COLUMNS}
          rows={status.rejected}
          rowKey={(r) => `${r.file}-${r.row}-${r.donorKey}`}
          tableProps={{ striped: true, highlightOnHover: false }}
        />
      ) : null}
    </Stack>
  );
}

/** Import donors from CSV files; the import job runs in the background and this page shows its result. */
export default function DonorImportPage() {
  const queryClient = useQueryClient();
  const latest = useLatestImport();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = latest.data?.status === 'queued' || latest.data?.status === 'running';

  const start = async () => {
    setError(null);
    if (!validImportFiles(files)) {
      setError(STAFF_DONOR_MSG.IMPORT_FILES);
      return;
    }
    setBusy(true);
    try {
      const payload = await Promise.all(files.map(async (f) => ({ name: f.name, content: await f.text() })));
      await importDonors(payload);
      setFiles([]);
      await queryClient.invalidateQueries({ queryKey: staffDonorKeys.import });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : STAFF_DONOR_MSG.IMPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={900}>
      <Title order={1} fz="h2">
        {PAGES.donorimport.title}
      </Title>
      <Text>
        Choose the 4 CSV files (general, physical, education, status) and optionally races. Columns:
      </Text>
      <List fz="sm">
        {IMPORT_FILES.map((k) => (
          <List.Item key={k}>
            {k}.csv{IMPORT_REQUIRED_FILES.includes(k) ? '' : ' (optional)'}: {IMPORT_COLUMNS[k].join(', ')}
          </List.Item>
        ))}
      </List>
      <FileInput
        label="CSV files"
        multiple
        accept=".csv,text/csv"
        value={files}
        onChange={(v) => {
          setFiles(v);
          setError(null);
        }}
        error={error ?? undefined}
        clearable
      />
      <Button onClick={() => void start()} loading={busy} disabled={running} w="fit-content">
        Start import
      </Button>
      {running ? <Alert color="blue">{STAFF_DONOR_MSG.IMPORT_RUNNING}</Alert> : null}
      {latest.data ? <StatusPanel status={latest.data} /> : null}
    </Stack>
  );
}
