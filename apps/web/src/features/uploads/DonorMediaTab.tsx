import { tracksMediaVisits } from '@dm/shared';
import { Alert, Center, Divider, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { policySubjectOf, useSession } from '../../lib/session';
import { DocumentsSection } from './DocumentsSection';
import { PhotosSection } from './PhotosSection';
import { markUploadsVisited, useDonorMedia } from './queries';
import { VideosSection } from './VideosSection';

/**
 * The donor form's photos & media tab (tab 10): photos with captions, profile picture and
 * privacy, videos (chunked, resumable), documents and the COVID vaccination card. The donor
 * uses it for herself; admins and case managers of her center for her. `readOnly` shows the
 * media without any control (preview modes of the form).
 */
export function DonorMediaTab(props: { donorId: number; readOnly: boolean }) {
  const media = useDonorMedia(props.donorId);
  const { user } = useSession();
  const staff = user ? tracksMediaVisits(policySubjectOf(user)) : false;
  // Staff see what the donor added since their last visit marked new; this visit is recorded once.
  const [newSince, setNewSince] = useState<string | null | undefined>(undefined);
  const loaded = media.data !== undefined;
  const saved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first answer decides what is new
  useEffect(() => {
    if (loaded && newSince === undefined) setNewSince(media.data?.lastVisitedAt ?? null);
  }, [loaded]);
  useEffect(() => {
    if (!loaded || !staff || saved.current) return;
    saved.current = true;
    void markUploadsVisited(props.donorId);
  }, [loaded, staff, props.donorId]);
  if (media.isError) return <Alert color="red">The photos and documents could not be loaded.</Alert>;
  if (!media.data) {
    return (
      <Center h={160}>
        <Loader aria-label="Loading photos and media" />
      </Center>
    );
  }
  return (
    <Stack gap="xl">
      <PhotosSection
        media={media.data}
        readOnly={props.readOnly}
        newSince={newSince ?? null}
        guidelinesRequired={!staff}
      />
      <Divider />
      <VideosSection media={media.data} readOnly={props.readOnly} />
      <Divider />
      <DocumentsSection media={media.data} readOnly={props.readOnly} />
    </Stack>
  );
}
