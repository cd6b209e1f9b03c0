import { Alert, Center, Divider, Loader, Stack } from '@mantine/core';
import { DocumentsSection } from './DocumentsSection';
import { PhotosSection } from './PhotosSection';
import { useDonorMedia } from './queries';
import { VideosSection } from './VideosSection';

/**
 * The donor form's photos & media tab (tab 10): photos with captions, profile picture and
 * privacy, videos (chunked, resumable), documents and the COVID vaccination card. The donor
 * uses it for herself; admins and case managers of her center for her. `readOnly` shows the
 * media without any control (preview modes of the form).
 */
export function DonorMediaTab(props: { donorId: number; readOnly: boolean }) {
  const media = useDonorMedia(props.donorId);
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
      <PhotosSection media={media.data} readOnly={props.readOnly} />
      <Divider />
      <VideosSection media={media.data} readOnly={props.readOnly} />
      <Divider />
      <DocumentsSection media={media.data} readOnly={props.readOnly} />
    </Stack>
  );
}
