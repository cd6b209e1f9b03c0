import { type DonorPdf, MSG, PAGES } from '@dm/shared';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session';
import { useDonorPdf } from './queries';

function pdfBlob(answer: DonorPdf): Blob {
  const bytes = Uint8Array.from(atob(answer.pdf), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: answer.contentType });
}

/** The donor's shown id (donorDisplayId), read back from the file name (donor-{id}.pdf). */
const displayIdOf = (fileName: string) => fileName.replace(/^donor-/, '').replace(/\.pdf$/, '');

/**
 * pdfpreview/{id}/{usertypeid}: the donor profile as a PDF, shown inline (an <object> on a blob URL,
 * with a download link as its fallback) and
 * downloadable under the donor's display id. A failure shows the failed state with a retry.
 */
export default function DonorPdfPage() {
  const params = useParams();
  const donorId = Number(params.id);
  const { user } = useSession();
  const valid = Number.isInteger(donorId) && donorId > 0;
  const usertypeid = Number(params.usertypeid) || user?.role;
  const pdf = useDonorPdf(donorId, usertypeid, valid && user !== null);
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdfBlob(pdf.data)) : null), [pdf.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const heading = (
    <Title order={1} fz="h2">
      {PAGES.pdfpreview.title}
    </Title>
  );
  const back = (
    <Anchor component={Link} to={`/donordetails/${donorId}`}>
      Back to the donor
    </Anchor>
  );
  if (!valid) {
    return (
      <Stack>
        {heading}
        <Alert color="red">This donor does not exist.</Alert>
      </Stack>
    );
  }
  if (pdf.isError) {
    const reason = pdf.error instanceof ApiError ? pdf.error.message : null;
    return (
      <Stack>
        {heading}
        <Alert color="red" title="PDF failed" role="alert">
          <Text>{MSG.PDF_FAILED}</Text>
          {reason ? <Text size="sm">{reason}</Text> : null}
        </Alert>
        <Group>
          <Button onClick={() => void pdf.refetch()} loading={pdf.isFetching}>
            Retry
          </Button>
          {back}
        </Group>
      </Stack>
    );
  }
  if (!pdf.data || !url) {
    return (
      <Stack>
        {heading}
        <Center h="40vh">
          <Stack align="center" gap="xs">
            <Loader aria-label="Creating the PDF" />
            <Text c="dimmed">Creating the PDF…</Text>
          </Stack>
        </Center>
      </Stack>
    );
  }
  const displayId = displayIdOf(pdf.data.fileName);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          {heading}
          <Text>Donor ID {displayId}</Text>
        </Stack>
        <Group>
          {back}
          <Button component="a" href={url} download={pdf.data.fileName}>
            Download
          </Button>
        </Group>
      </Group>
      <object
        data={url}
        type="application/pdf"
        title={`Donor ${displayId} profile (PDF)`}
        aria-label={`Donor ${displayId} profile (PDF)`}
        style={{ width: '100%', height: '80vh', border: '1px solid var(--mantine-color-gray-4)' }}
      >
        <Text p="md">
          This browser does not show PDFs inline.{' '}
          <Anchor href={url} download={pdf.data.fileName}>
            Download {pdf.data.fileName}
          </Anchor>{' '}
          to read it.
        </Text>
      </object>
    </Stack>
  );
}
