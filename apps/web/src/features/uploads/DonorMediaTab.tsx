import type { DonorFile } from '@dm/shared';
import { Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * The photos & media tab of the donor form. Minimal version: lists the donor's pictures and
 * documents read-only. The uploads branch replaces this file with the full upload screen
 * (same export and props).
 */
export function DonorMediaTab(props: { donorId: number; readOnly: boolean }) {
  const pictures = useQuery({
    queryKey: ['donor-media', props.donorId, 'pictures'],
    queryFn: () => api<DonorFile[]>(`getUserPictures/${props.donorId}`),
  });
  const documents = useQuery({
    queryKey: ['donor-media', props.donorId, 'documents'],
    queryFn: () => api<DonorFile[]>(`getdocumentdetailsbyid/${props.donorId}`),
  });
  return (
    <Stack>
      <Title order={3} size="h5">
        Photos
      </Title>
      {(pictures.data ?? []).length === 0 ? (
        <Text size="sm">No photos yet. At least one photo is needed to submit the form.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(pictures.data ?? []).map((p, i) => (
            <Image key={p.id} src={p.url} alt={p.title ?? `Photo ${i + 1}`} radius="sm" h={140} fit="cover" />
          ))}
        </SimpleGrid>
      )}
      <Title order={3} size="h5">
        Documents
      </Title>
      {(documents.data ?? []).length === 0 ? (
        <Text size="sm">No documents.</Text>
      ) : (
        <Stack gap={4}>
          {(documents.data ?? []).map((d, i) => (
            <a key={d.id} href={d.url} target="_blank" rel="noreferrer">
              {d.title ?? `Document ${i + 1}`}
            </a>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
