import {
  COVID_FILE_TYPES,
  DOCUMENT_TYPES,
  type DonorMedia,
  MAX_DOCUMENTS,
  type MediaFile,
  UPLOAD_MSG,
} from '@dm/shared';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteButton } from '../../components/RowActions';
import { notify } from '../../lib/notify';
import { acceptOf, checkDocument } from './checks';
import { FilePicker } from './FilePicker';
import { deleteCovidDocument, deleteDocument, setVisibility, uploadKeys, uploadOneFile } from './queries';

/** Choose one file, then upload it; checked here by type, size and count first. */
function SingleUpload(props: {
  label: string;
  types: readonly string[];
  existing: number;
  max: number;
  submitLabel: string;
  upload: (file: File) => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: props.upload, onSuccess: () => setFile(null) });
  const submit = () => {
    if (send.isPending) {
      notify('warning', UPLOAD_MSG.BUSY);
      return;
    }
    const problem = checkDocument(file, props.existing, props.types, props.max);
    setError(problem);
    if (!problem && file) send.mutate(file);
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <FilePicker
          label={props.label}
          description={`${props.types.join(', ')}; up to 25 MB`}
          accept={acceptOf(props.types)}
          onFiles={(files) => {
            setFile(files[0] ?? null);
            setError(null);
          }}
        />
        <Button onClick={submit} loading={send.isPending}>
          {props.submitLabel}
        </Button>
      </Group>
      {file ? <Text size="sm">Selected: {file.name}</Text> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

function DocumentRow(props: {
  donorId: number;
  doc: MediaFile;
  index: number;
  readOnly: boolean;
  onChanged: () => void;
}) {
  const { donorId, doc } = props;
  const run = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: props.onChanged,
  });
  const label = doc.caption ?? doc.name ?? `Document ${props.index + 1}`;
  return (
    <Paper withBorder p="xs" component="li">
      <Group justify="space-between">
        <Group gap="xs">
          <Anchor href={doc.url} target="_blank" rel="noopener">
            {label}
          </Anchor>
          {doc.private ? <Badge variant="outline">Private</Badge> : null}
        </Group>
        {!props.readOnly ? (
          <Group gap="xs">
            <Switch
              label={`Private (${label})`}
              checked={doc.private}
              onChange={(e) => {
                const isPublic = !e.currentTarget.checked;
                run.mutate(() => setVisibility(donorId, 'document', doc.id, isPublic));
              }}
            />
            <ConfirmDeleteButton
              ariaLabel={`Delete ${label}`}
              title="Delete document"
              message={UPLOAD_MSG.DELETE_DOCUMENT_CONFIRM}
              onConfirm={() => run.mutate(() => deleteDocument(donorId, doc.id))}
            />
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Documents (at most five) and the COVID vaccination card (one, private). */
export function DocumentsSection({ media, readOnly }: { media: DonorMedia; readOnly: boolean }) {
  const donorId = media.donorId;
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: uploadKeys.media(donorId) });
  const sendFile = (url: string) => async (file: File) => {
    await uploadOneFile(url, file);
    refresh();
  };
  const removeCovid = useMutation({
    mutationFn: () => deleteCovidDocument(donorId),
    onSettled: refresh,
  });
  return (
    <>
      <Stack component="section" aria-labelledby="media-documents">
        <Title order={3} id="media-documents">
          Documents ({media.documents.length} of {MAX_DOCUMENTS})
        </Title>
        {!readOnly ? (
          <SingleUpload
            label="Add a document"
            types={DOCUMENT_TYPES}
            existing={media.documents.length}
            max={MAX_DOCUMENTS}
            submitLabel="Upload document"
            upload={sendFile(`uploaddonordocument/${donorId}`)}
          />
        ) : null}
        {media.documents.length === 0 ? (
          <Text c="dimmed">No documents yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {media.documents.map((d, i) => (
              <DocumentRow
                key={d.id}
                donorId={donorId}
                doc={d}
                index={i}
                readOnly={readOnly}
                onChanged={refresh}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack component="section" aria-labelledby="media-covid">
        <Title order={3} id="media-covid">
          COVID vaccination card
        </Title>
        {media.covidDocument ? (
          <Group>
            <Anchor href={media.covidDocument.url} target="_blank" rel="noopener">
              {media.covidDocument.name ?? 'COVID vaccination card'}
            </Anchor>
            {!readOnly ? (
              <ConfirmDeleteButton
                ariaLabel="Delete the COVID vaccination card"
                title="Delete document"
                message={UPLOAD_MSG.DELETE_DOCUMENT_CONFIRM}
                onConfirm={() => removeCovid.mutate()}
              />
            ) : null}
          </Group>
        ) : (
          <Text c="dimmed">No vaccination card uploaded.</Text>
        )}
        {!readOnly ? (
          <SingleUpload
            label="Vaccination card file"
            types={COVID_FILE_TYPES}
            existing={0}
            max={1}
            submitLabel={media.covidDocument ? 'Replace card' : 'Upload card'}
            upload={sendFile(`uploadcoviddocument/${donorId}`)}
          />
        ) : null}
      </Stack>
    </>
  );
}
