import {
  ADDITIONAL_DOCUMENT_KINDS,
  ADDITIONAL_DOCUMENT_LIMITS,
  type AdditionalDocumentKind,
  type AdditionalUploadResult,
  DOCUMENT_TYPES,
  type DonorFile,
  PHOTO_TYPES,
  UPLOAD_MSG,
  VIDEO_TYPES,
} from '@dm/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteButton } from '../../components/RowActions';
import { ApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { donorKeys } from '../../lib/query-keys';
import { acceptOf } from './checks';
import { FilePicker } from './FilePicker';
import { deleteAdditionalDocument, setAdditionalDocumentPublic, uploadAdditionalDocuments } from './queries';

const TYPES: Record<AdditionalDocumentKind, readonly string[]> = {
  IMG: PHOTO_TYPES,
  VID: VIDEO_TYPES,
  DOC: DOCUMENT_TYPES,
};
const KIND_LABELS: Record<AdditionalDocumentKind, string> = {
  IMG: 'Images',
  VID: 'Videos',
  DOC: 'Documents',
};

/**
 * Staff add images, videos and documents beside the donor's own (IMG 5, VID 2, DOC 2), make
 * them public or private for intended parents, and delete them. Each file of a selection
 * stands alone: the ones refused are listed with the reason.
 */
export function AdditionalDocumentsPanel({ donorId, files }: { donorId: number; files: DonorFile[] }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: donorKeys.details(donorId) });
  const [kind, setKind] = useState<AdditionalDocumentKind>('DOC');
  const [selected, setSelected] = useState<File[]>([]);
  const [isPublic, setIsPublic] = useState(true);
  const [failed, setFailed] = useState<AdditionalUploadResult['failed']>([]);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: () => uploadAdditionalDocuments(donorId, kind, isPublic, selected),
    onSuccess: (result) => {
      setFailed(result.failed);
      setSelected([]);
    },
    onError: (e) => {
      const data = e instanceof ApiError ? (e.data as AdditionalUploadResult | null) : null;
      setFailed(data?.failed ?? []);
    },
    onSettled: refresh,
  });
  const run = useMutation({ mutationFn: (call: () => Promise<unknown>) => call(), onSettled: refresh });
  const submit = () => {
    if (upload.isPending) {
      notify('warning', UPLOAD_MSG.BUSY);
      return;
    }
    if (selected.length === 0) {
      setError(UPLOAD_MSG.SELECT_FILE);
      return;
    }
    setError(null);
    upload.mutate();
  };
  const count = files.filter((f) => f.kind === kind).length;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="additional-documents-title">
      <Stack>
        <Title order={2} fz="h4" id="additional-documents-title">
          Upload additional documents
        </Title>
        <SegmentedControl
          aria-label="Kind of additional document"
          value={kind}
          onChange={(v) => {
            setKind(v as AdditionalDocumentKind);
            setSelected([]);
          }}
          data={ADDITIONAL_DOCUMENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        />
        <Text size="sm">
          {count} of {ADDITIONAL_DOCUMENT_LIMITS[kind]} {KIND_LABELS[kind].toLowerCase()} uploaded.
        </Text>
        <FilePicker
          label={`Choose ${KIND_LABELS[kind].toLowerCase()}`}
          description={TYPES[kind].join(', ')}
          accept={acceptOf(TYPES[kind])}
          multiple
          onFiles={(list) => {
            setSelected(list);
            setError(null);
          }}
        />
        <Checkbox
          label="Visible to intended parents"
          checked={isPublic}
          onChange={(e) => setIsPublic(e.currentTarget.checked)}
        />
        <Group>
          <Button onClick={submit} loading={upload.isPending}>
            Upload
          </Button>
          {selected.length > 0 ? <Text size="sm">{selected.map((f) => f.name).join(', ')}</Text> : null}
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {failed.length > 0 ? (
          <Alert color="red" title={UPLOAD_MSG.someFailed(failed.length)}>
            <Text size="sm">{failed.map((f) => `${f.name || 'File'}: ${f.message}`).join(' · ')}</Text>
          </Alert>
        ) : null}
        {files.length > 0 ? (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {files.map((f) => {
              const label = f.title ?? `${f.kind} ${f.id}`;
              return (
                <Paper key={f.id} withBorder p="xs" component="li">
                  <Group justify="space-between">
                    <Group gap="xs">
                      <Badge variant="light">{f.kind}</Badge>
                      <Anchor href={f.url} target="_blank" rel="noopener">
                        {label}
                      </Anchor>
                    </Group>
                    <Group gap="xs">
                      <Switch
                        label={`Visible to intended parents (${label})`}
                        checked={!f.private}
                        onChange={(e) => {
                          const visible = e.currentTarget.checked;
                          run.mutate(() => setAdditionalDocumentPublic(f.id, visible));
                        }}
                      />
                      <ConfirmDeleteButton
                        ariaLabel={`Delete ${label}`}
                        title="Delete document"
                        message={UPLOAD_MSG.DELETE_DOCUMENT_CONFIRM}
                        onConfirm={() => run.mutate(() => deleteAdditionalDocument(f.id))}
                      />
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
